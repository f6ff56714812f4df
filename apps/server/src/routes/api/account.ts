import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  changePasswordRequest,
  messages,
  resetPasswordFinishRequest,
  resetPasswordInitRequest,
  successBody,
  successResponse,
  userDetails,
} from '@studio-gallery/contract';
import type { AuthSessionsService } from '../../modules/accounts/auth-sessions.service';
import type { PasswordsService } from '../../modules/accounts/passwords.service';
import type { UsersService } from '../../modules/users/users.service';
import { currentSessionId, currentUserId } from '../../plugins/auth';
import { z } from 'zod';
import { bearerAuth, errorResponses, legacyErrorResponses } from './responses';

export interface AccountRoutesOptions {
  passwords: PasswordsService;
  sessions: AuthSessionsService;
  users: UsersService;
}

/** The signed-in account, forgotten-password resets and password changes. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { passwords, sessions, users }) => {
  const tags = ['accounts'];

  app.get(
    '/account',
    {
      onRequest: [app.requireUser],
      schema: { tags, summary: "The caller's details", security: bearerAuth, response: { 200: userDetails, ...errorResponses } },
    },
    async (request) => users.getDetails(currentUserId(request)),
  );

  for (const url of ['/account/reset-password', '/account/reset-password/init']) {
    app.post(
      url,
      {
        onRequest: [app.authRateLimit],
        config: { legacyErrorBody: true },
        schema: {
          tags,
          summary: 'Mail a link to set a new password (body: the email as a JSON string)',
          consumes: ['application/json-patch+json', 'application/json'],
          body: resetPasswordInitRequest,
          response: { 200: successResponse, ...legacyErrorResponses },
        },
      },
      async (request) => {
        await passwords.requestReset(request.body);
        return successBody(true, messages.resetMailSent);
      },
    );
  }

  for (const url of ['/account/reset-password/finish', '/account/update-password']) {
    app.post(
      url,
      {
        onRequest: [app.authRateLimit],
        config: { legacyErrorBody: true },
        schema: {
          tags,
          summary: 'Set a new password with a mailed reset key',
          body: resetPasswordFinishRequest.strict(),
          response: { 200: successResponse, ...legacyErrorResponses },
        },
      },
      async (request) => {
        await passwords.finishReset(request.body.key, request.body.newPassword);
        return successBody(true, messages.passwordSet);
      },
    );
  }

  app.post(
    '/account/change-password',
    {
      onRequest: [app.authRateLimit, app.requireUser],
      config: { legacyErrorBody: true },
      schema: {
        tags,
        summary: "Change the caller's password",
        security: bearerAuth,
        body: changePasswordRequest.strict(),
        response: { 200: successResponse, ...legacyErrorResponses },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const caller = { userId: currentUserId(request), sessionId: currentSessionId(request) };
      await passwords.changePassword(caller, currentPassword, newPassword);
      return successBody(true, messages.passwordUpdated);
    },
  );

  app.post(
    '/account/logout',
    {
      onRequest: [app.requireUser],
      schema: {
        tags,
        summary: "End the caller's session: its token stops working on every device it was copied to",
        security: bearerAuth,
        response: { 204: z.null().describe('Signed out'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await sessions.end(currentSessionId(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/account/logout-everywhere',
    {
      onRequest: [app.requireUser],
      schema: {
        tags,
        summary: "Sign out of all devices: every session of the caller's account ends, this one included",
        security: bearerAuth,
        response: { 204: z.null().describe('Signed out everywhere'), ...errorResponses },
      },
    },
    async (request, reply) => {
      await sessions.endAll(currentUserId(request));
      return reply.code(204).send(null);
    },
  );
};
