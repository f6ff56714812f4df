import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { TokenService } from '../modules/accounts/tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `requireUser`; null before it ran or when signed out. */
    userId: number | null;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the request carries a valid bearer token. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: sets `userId` when a bearer token is sent; 401 for an invalid one; nothing without. */
    identifyUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export const authPlugin = fp(
  async (app: FastifyInstance, options: { tokens: TokenService }) => {
    app.decorateRequest('userId', null);
    app.decorate('requireUser', async (request: FastifyRequest) => {
      const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
      const userId = token ? await options.tokens.verify(token) : null;
      if (userId === null) throw new UnauthorizedError(messages.unauthorized);
      request.userId = userId;
    });
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (!header) return;
      const token = BEARER.exec(header)?.[1];
      const userId = token ? await options.tokens.verify(token) : null;
      if (userId === null) throw new UnauthorizedError(messages.unauthorized);
      request.userId = userId;
    });
  },
  { name: 'auth' },
);

/** The signed-in user's id; only valid on routes that run `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === null) throw new UnauthorizedError(messages.unauthorized);
  return request.userId;
}

/** Calls that take a user id act only for the caller: anyone else's id is refused, revealing nothing. */
export function assertSelf(request: FastifyRequest, userId: number): number {
  const callerId = currentUserId(request);
  if (callerId !== userId) throw new ForbiddenError(messages.forbidden);
  return callerId;
}
