import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthSessionsService } from '../modules/accounts/auth-sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `requireUser`; null before it ran or when signed out. */
    userId: number | null;
    /** The signed-in token's session (its `id_token`), set with `userId`. */
    sessionId: string | null;
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
  async (app: FastifyInstance, options: { sessions: AuthSessionsService }) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    const signIn = async (request: FastifyRequest, header: string) => {
      const token = BEARER.exec(header)?.[1];
      const caller = token ? await options.sessions.verify(token) : null;
      if (caller === null) throw new UnauthorizedError(messages.unauthorized);
      request.userId = caller.userId;
      request.sessionId = caller.sessionId;
    };
    app.decorate('requireUser', async (request: FastifyRequest) => signIn(request, request.headers.authorization ?? ''));
    app.decorate('identifyUser', async (request: FastifyRequest) => {
      const header = request.headers.authorization;
      if (header) await signIn(request, header);
    });
  },
  { name: 'auth' },
);

/** The signed-in user's id; only valid on routes that run `requireUser`. */
export function currentUserId(request: FastifyRequest): number {
  if (request.userId === null) throw new UnauthorizedError(messages.unauthorized);
  return request.userId;
}

/** The signed-in token's session id; only valid on routes that run `requireUser`. */
export function currentSessionId(request: FastifyRequest): string {
  if (request.sessionId === null) throw new UnauthorizedError(messages.unauthorized);
  return request.sessionId;
}

/** Calls that take a user id act only for the caller: anyone else's id is refused, revealing nothing. */
export function assertSelf(request: FastifyRequest, userId: number): number {
  const callerId = currentUserId(request);
  if (callerId !== userId) throw new ForbiddenError(messages.forbidden);
  return callerId;
}
