import { hasZodFastifySchemaValidationErrors } from '@fastify/type-provider-zod';
import { messages, successBody } from '@studio-gallery/contract';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  ConflictError,
  DomainError,
  ForbiddenError,
  GoneError,
  NotFoundError,
  PayloadTooLargeError,
  PaymentDeclinedError,
  ServiceUnavailableError,
  TooManyAttemptsError,
  UnauthorizedError,
  ValidationError,
} from '../errors';
import { BACKEND_UNAVAILABLE_MESSAGE, isBackendUnavailable } from './backend-unavailable';
import { resourceFailure } from '../resource-errors';
import { STORAGE_UNAVAILABLE_MESSAGE, StorageUnavailableError } from '../storage/storage';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Failures answer `{ success: false, massage, message }`, like the call's success (docs/api.md). */
    legacyErrorBody?: boolean;
  }
}

const STATUS_OF_DOMAIN_ERROR: [new (message: string) => DomainError, number][] = [
  [ValidationError, 400],
  [UnauthorizedError, 401],
  [PaymentDeclinedError, 402],
  [ForbiddenError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [GoneError, 410],
  [PayloadTooLargeError, 413],
  [TooManyAttemptsError, 429],
  [ServiceUnavailableError, 503],
];

/** Fastify's own request errors, in words for people. */
const MESSAGE_OF_FASTIFY_CODE: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: messages.invalidRequestBody,
  FST_ERR_CTP_EMPTY_JSON_BODY: messages.invalidRequestBody,
  FST_ERR_CTP_BODY_TOO_LARGE: messages.requestTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: messages.unsupportedMediaType,
};

interface HttpFailure {
  status: number;
  message: string;
  /** What the log line names (a full disk, a busy database), for a failure of the machine rather than the request. */
  cause?: string;
}

/**
 * The one mapping from errors to HTTP: status + `{ message }`. Validation failures give the first
 * problem's message; a 5xx never shows its detail, which goes to the log under the request id.
 */
export const errorHandlerPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: unknown, request, reply) => {
      const failure = toHttpFailure(error);
      if (failure.status >= 500) {
        request.log.error({ err: error }, failure.cause ? `request failed: ${failure.cause}` : 'request failed');
      } else {
        const cause = error instanceof Error ? error.cause : undefined;
        request.log.info({ status: failure.status, reason: failure.message, err: cause }, 'request refused');
      }
      // 410 is cacheable by default (RFC 9111), and browsers do keep it: an archived gallery comes back when restored.
      if (failure.status === 410) reply.header('cache-control', 'no-store');
      const body = legacyErrorBody(request) ? successBody(false, failure.message) : { message: failure.message };
      // A string skips the route's response serializer, so this shape is sent whatever the route declares.
      return reply.status(failure.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
    });
  },
  { name: 'error-handler' },
);

function toHttpFailure(error: unknown): HttpFailure {
  if (error instanceof DomainError) {
    const status = STATUS_OF_DOMAIN_ERROR.find(([kind]) => error instanceof kind)?.[1];
    if (status) return { status, message: error.message };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return { status: 400, message: error.validation[0]?.message ?? messages.badRequest };
  }
  const fastifyError = error as Partial<FastifyError>;
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const message = MESSAGE_OF_FASTIFY_CODE[fastifyError.code ?? ''] ?? (status === 404 ? messages.notFound : messages.badRequest);
    return { status, message };
  }
  // The object store does not answer (storage/s3-storage.ts): nothing was changed; the log has the store's own error.
  if (error instanceof StorageUnavailableError) return { status: 503, message: STORAGE_UNAVAILABLE_MESSAGE, cause: 'photo storage unavailable' };
  // A full disk (507) or a database too busy to write (503): one clear answer, never the raw error (issue 25).
  const resource = resourceFailure(error);
  if (resource) return resource;
  if (isBackendUnavailable(error)) return { status: 503, message: BACKEND_UNAVAILABLE_MESSAGE };
  return { status: 500, message: messages.unexpectedError };
}

function legacyErrorBody(request: FastifyRequest): boolean {
  return request.routeOptions.config?.legacyErrorBody === true;
}
