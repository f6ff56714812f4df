/**
 * Whether an error means a backing service (the database, the object store) cannot be reached right
 * now, rather than a fault of the request or the code: the error handler answers those 503 with a
 * message to try again, instead of 500 (the fault campaign stops PostgreSQL and the store under load).
 */

/** Node's socket errors when a connection cannot be made or is cut. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL's SQLSTATEs of a server going away or not accepting connections: class 08 (connection
 * exception), 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now.
 */
const POSTGRES_CODES = /^(08\d{3}|57P0[123])$/;

/** node-postgres's own words when the server goes away mid-query or a connection cannot be had in time. */
const POSTGRES_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable)/;

export function isBackendUnavailable(error: unknown, depth = 0): boolean {
  if (depth > 5 || typeof error !== 'object' || error === null) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_CODES.test(code))) return true;
  if (typeof message === 'string' && POSTGRES_MESSAGES.test(message)) return true;
  // AggregateError (a refused connection on both 127.0.0.1 and ::1) and wrapped errors.
  if (Array.isArray(errors) && errors.some((inner) => isBackendUnavailable(inner, depth + 1))) return true;
  return isBackendUnavailable(cause, depth + 1);
}

export const BACKEND_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Try again in a moment.';
