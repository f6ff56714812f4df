import { errorResponse, successResponse } from '@studio-gallery/contract';

/** Failure bodies, for the OpenAPI document (the error handler writes them). */
export const errorResponses = { '4xx': errorResponse, '5xx': errorResponse } as const;

/** Calls answering `{ success, massage, message }` fail in the same shape, with success false. */
export const legacyErrorResponses = { '4xx': successResponse, '5xx': successResponse } as const;

export const bearerAuth = [{ bearerAuth: [] }];
