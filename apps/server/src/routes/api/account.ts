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
      config: {
        operation: { operationId: 'getAccount', access: 'user', expect: { otherCustomer: 200 }, answers: { 200: "The caller's account" } },
      },
      schema: { tags, summary: "The caller's details", response: { 200: userDetails } },
    },
    async (request) => users.getDetails(currentUserId(request)),
  );

  for (const [url, operationId] of [
    ['/account/reset-password', 'requestPasswordReset'],
    ['/account/reset-password/init', 'initPasswordReset'],
  ] as const) {
    app.post(
      url,
      {
        onRequest: [app.authRateLimit],
        config: {
          legacyErrorBody: true,
          operation: {
            operationId,
            access: 'public',
            answers: { 200: 'The link is mailed' },
            sample: (r) => ({ body: r.email }),
          },
        },
        schema: {
          tags,
          summary: 'Mail a link to set a new password (body: the email as a JSON string)',
          description: 'Answers 400 "This email address is not registered" for an unknown address (the spec’s text; docs/security.md).',
          consumes: ['application/json-patch+json', 'application/json'],
          body: resetPasswordInitRequest,
          response: { 200: successResponse },
        },
      },
      async (request) => {
        await passwords.requestReset(request.body);
        return successBody(true, messages.resetMailSent);
      },
    );
  }

  for (const [url, operationId] of [
    ['/account/reset-password/finish', 'finishPasswordReset'],
    ['/account/update-password', 'updatePassword'],
  ] as const) {
    app.post(
      url,
      {
        onRequest: [app.authRateLimit],
        config: {
          legacyErrorBody: true,
          operation: {
            operationId,
            access: 'public',
            answers: { 200: 'The password is set; every session of the account has ended' },
            // A key nobody was mailed: refused whoever asks.
            expect: { anonymous: 400, otherCustomer: 400, visitor: 400 },
            sample: () => ({ body: { key: 'not-a-mailed-key', newPassword: 'Another-pass1' } }),
          },
        },
        schema: {
          tags,
          summary: 'Set a new password with a mailed reset key',
          body: resetPasswordFinishRequest.strict(),
          response: { 200: successResponse },
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
      config: {
        legacyErrorBody: true,
        operation: {
          operationId: 'changePassword',
          access: 'user',
          answers: { 200: "The password is changed; the caller's other sessions have ended" },
          // Another customer changes only their own password, and needs its current one.
          expect: { otherCustomer: 400 },
          sample: () => ({ body: { currentPassword: 'not-the-password', newPassword: 'Another-pass1' } }),
        },
      },
      schema: {
        tags,
        summary: "Change the caller's password",
        body: changePasswordRequest.strict(),
        response: { 200: successResponse },
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
      config: {
        // Another customer signs only themself out.
        operation: { operationId: 'logout', access: 'user', expect: { otherCustomer: 204 }, answers: { 204: 'Signed out: the token no longer works' } },
      },
      schema: {
        tags,
        summary: "End the caller's session: its token stops working on every device it was copied to",
        response: { 204: z.null().describe('Signed out') },
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
      config: {
        operation: {
          operationId: 'logoutEverywhere',
          access: 'user',
          expect: { otherCustomer: 204 },
          answers: { 204: "Signed out everywhere: none of the account's tokens works any more" },
        },
      },
      schema: {
        tags,
        summary: "Sign out of all devices: every session of the caller's account ends, this one included",
        response: { 204: z.null().describe('Signed out everywhere') },
      },
    },
    async (request, reply) => {
      await sessions.endAll(currentUserId(request));
      return reply.code(204).send(null);
    },
  );
};
