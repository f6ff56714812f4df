import { errorResponse, successResponse } from '@studio-gallery/contract';
import type { FastifySerializerCompiler } from 'fastify';
import fastJsonStringify from 'fast-json-stringify';
import { type ZodType, z } from 'zod';

/** Failure bodies, for the OpenAPI document (the error handler writes them). */
export const errorResponses = { '4xx': errorResponse, '5xx': errorResponse } as const;

/** Calls answering `{ success, massage, message }` fail in the same shape, with success false. */
export const legacyErrorResponses = { '4xx': successResponse, '5xx': successResponse } as const;

export const bearerAuth = [{ bearerAuth: [] }];

/**
 * Response serializer for the hot gallery reads (issue 3's page target). The app's default, the zod
 * serializer, re-parses the whole answer through zod (~40 signed URLs, 15 KB) before JSON.stringify;
 * this compiles the route's own zod response schema once, through z.toJSONSchema, into
 * fast-json-stringify (what Fastify uses by default). The route keeps its zod schemas, so the OpenAPI
 * document is unchanged, and the output has exactly the schema's fields, as with zod; what it no longer
 * does is refuse an answer that breaks the schema (the service's types already guarantee the shape).
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!(schema instanceof z.ZodType)) throw new Error('fastSerializerCompiler: the response schema must be a zod schema');
  return fastJsonStringify(z.toJSONSchema(schema as ZodType, { io: 'output', target: 'draft-7' }) as Parameters<typeof fastJsonStringify>[0]);
};
