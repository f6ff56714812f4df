import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  activateRequest,
  activateResponse,
  authConfigResponse,
  authenticateRequest,
  externalAuthenticateRequest,
  messages,
  registerRequest,
  successBody,
  successResponse,
  tokenResponse,
} from '@studio-gallery/contract';
import type { AccountsService } from '../../modules/accounts/accounts.service';
import { errorResponses, legacyErrorResponses } from './responses';

export interface AuthRoutesOptions {
  accounts: AccountsService;
  googleClientId: string | null;
}

/** Sign-in, sign-up and activation (spec §7 "Authentication and account"). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { accounts, googleClientId }) => {
  const tags = ['accounts'];

  app.post(
    '/authenticate',
    {
      onRequest: [app.authRateLimit],
      schema: {
        tags,
        summary: 'Sign in with email and password',
        body: authenticateRequest.strict(),
        response: { 200: tokenResponse, ...errorResponses },
      },
    },
    async (request) => accounts.authenticate(request.body),
  );

  app.post(
    '/external-authenticate',
    {
      onRequest: [app.authRateLimit],
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        body: externalAuthenticateRequest.strict(),
        response: { 200: tokenResponse, ...errorResponses },
      },
    },
    async (request) => accounts.authenticateWithGoogle(request.body.token),
  );

  app.get(
    '/auth/config',
    { schema: { tags, summary: 'What the login screen may offer', response: { 200: authConfigResponse } } },
    async () => ({ googleClientId }),
  );

  app.post(
    '/register-galleryuser',
    {
      onRequest: [app.authRateLimit],
      config: { legacyErrorBody: true },
      schema: {
        tags,
        summary: 'Create an account; mails its activation link',
        body: registerRequest.strict(),
        response: { 201: successResponse, ...legacyErrorResponses },
      },
    },
    async (request, reply) => {
      await accounts.register(request.body);
      return reply.code(201).send(successBody(true, messages.accountCreated));
    },
  );

  app.post(
    '/active-galley-user',
    {
      onRequest: [app.authRateLimit],
      config: { legacyErrorBody: true },
      schema: {
        tags,
        summary: 'Activate an account with its mailed code, and sign in',
        body: activateRequest.strict(),
        response: { 200: activateResponse, ...legacyErrorResponses },
      },
    },
    async (request) => {
      const { user, token, setPasswordKey } = await accounts.activate(request.body.activationCode);
      return {
        ...successBody(true, messages.activationSucceeded),
        jwt: token.id_token,
        user: { id: user.id, email: user.email, login: user.email },
        ...(setPasswordKey ? { setPasswordKey } : {}),
      };
    },
  );
};
