import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { ForbiddenError, UnauthorizedError } from '../errors';
import type { AuthSessionsService, SignedInCaller } from '../modules/accounts/auth-sessions.service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, set by `requireUser`; null before it ran or when signed out. */
    userId: number | null;
    /** The signed-in token's session (its `id_token`), set with `userId`. */
    sessionId: string | null;
  }
  interface FastifyInstance {
    /** onRequest hook: answers 401 unless the request carries a valid bearer token. */
    requireUser: onRequestHookHandler;
    /** onRequest hook: sets `userId` when a bearer token is sent; 401 for an invalid one; nothing without. */
    identifyUser: onRequestHookHandler;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

export const authPlugin = fp(
  async (app: FastifyInstance, options: { sessions: AuthSessionsService }) => {
    app.decorateRequest('userId', null);
    app.decorateRequest('sessionId', null);
    const signedIn = (request: FastifyRequest, caller: SignedInCaller | null) => {
      if (caller === null) throw new UnauthorizedError(messages.unauthorized);
      request.userId = caller.userId;
      request.sessionId = caller.sessionId;
    };
    // Callback hooks, not async ones: a token whose session needs no read is checked at once, without
    // a promise and a turn of the microtask queue per request (issue 23: the cached gallery page).
    const signIn = (request: FastifyRequest, header: string, done: HookHandlerDoneFunction) => {
      try {
        const token = BEARER.exec(header)?.[1];
        const caller = token ? options.sessions.verify(token) : null;
        if (caller instanceof Promise) {
          caller.then((read) => signedIn(request, read)).then(() => done(), done);
          return;
        }
        signedIn(request, caller);
      } catch (error) {
        done(error as Error);
        return;
      }
      done();
    };
    app.decorate('requireUser', function (this: unknown, request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      signIn(request, request.headers.authorization ?? '', done);
    });
    app.decorate('identifyUser', function (this: unknown, request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
      const header = request.headers.authorization;
      if (header) signIn(request, header, done);
      else done();
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
