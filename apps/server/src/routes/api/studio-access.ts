import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../errors';
import { currentUserId } from '../../plugins/auth';
import { SESSION_CODE_HEADER } from './gallery';

/** Reads the caller's studio role (StudioService.authorize): 403 below `level`, 401 when the account is gone. */
export interface StudioAuthorizer {
  authorize(userId: number, level: 'staff' | 'admin'): Promise<'staff' | 'admin'>;
}

/**
 * The guard of every /api/studio route file (issue 15 §1): each call declares its level in
 * `config.operation.access` ('staff' or 'admin'); these hooks enforce it, reading the role from the
 * database on every call (a demoted user loses the studio at once). Customers and session-code visitors
 * get 403, signed-out callers 401, and a route that forgot its level is refused to everyone.
 * Call it first in the plugin, before its routes.
 */
export function guardStudioRoutes(app: FastifyInstance, studio: StudioAuthorizer): void {
  app.addHook('onRequest', async (request: FastifyRequest) => {
    // A session code opens a customer's gallery, never the studio.
    if (!request.headers.authorization && request.headers[SESSION_CODE_HEADER]) throw new ForbiddenError(messages.forbidden);
  });
  app.addHook('onRequest', app.requireUser);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const access = request.routeOptions.config.operation?.access;
    if (access !== 'staff' && access !== 'admin') throw new ForbiddenError(messages.forbidden);
    await studio.authorize(currentUserId(request), access);
  });
}
