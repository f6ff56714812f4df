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
import type { PasswordsService } from '../../modules/accounts/passwords.service';
import type { UsersService } from '../../modules/users/users.service';
import { currentUserId } from '../../plugins/auth';
import { bearerAuth, errorResponses, legacyErrorResponses } from './responses';

export interface AccountRoutesOptions {
  passwords: PasswordsService;
  users: UsersService;
}

/** The signed-in account, forgotten-password resets and password changes. */
export const accountRoutes: FastifyPluginAsyncZod<AccountRoutesOptions> = async (app, { passwords, users }) => {
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
      await passwords.changePassword(currentUserId(request), currentPassword, newPassword);
      return successBody(true, messages.passwordUpdated);
    },
  );
};
