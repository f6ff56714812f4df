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
      config: {
        operation: {
          operationId: 'signIn',
          access: 'public',
          answers: { 200: 'Signed in: a new session' },
          errors: [401, 403],
          // The first customer's address with a wrong password: refused, with the same words whoever asks.
          expect: { anonymous: 401, otherCustomer: 401, visitor: 401 },
          sample: (r) => ({ body: { username: r.email, password: 'not-the-password' } }),
        },
      },
      schema: {
        tags,
        summary: 'Sign in with email and password',
        description: '401 for a wrong address or password alike; 403 for an account not activated yet.',
        body: authenticateRequest.strict(),
        response: { 200: tokenResponse },
      },
    },
    async (request) => accounts.authenticate(request.body),
  );

  app.post(
    '/external-authenticate',
    {
      onRequest: [app.authRateLimit],
      config: {
        operation: {
          operationId: 'signInWithGoogle',
          access: 'public',
          answers: { 200: 'Signed in: a new session (the account is created or linked on first use)' },
          errors: [401],
          // Google sign-in is not configured in the matrix's app: 400 before any token is read.
          expect: { anonymous: 400, otherCustomer: 400, visitor: 400 },
          sample: () => ({ body: { token: 'not.a.google-id-token' } }),
        },
      },
      schema: {
        tags,
        summary: 'Sign in with a Google ID token',
        description: '400 when Google sign-in is not configured; 401 for a token Google did not sign for this app.',
        body: externalAuthenticateRequest.strict(),
        response: { 200: tokenResponse },
      },
    },
    async (request) => accounts.authenticateWithGoogle(request.body.token),
  );

  app.get(
    '/auth/config',
    {
      config: { operation: { operationId: 'getAuthConfig', access: 'public', answers: { 200: 'The Google client id, or null when Google sign-in is off' } } },
      schema: { tags, summary: 'What the login screen may offer', response: { 200: authConfigResponse } },
    },
    async () => ({ googleClientId }),
  );

  app.post(
    '/register-galleryuser',
    {
      onRequest: [app.authRateLimit],
      config: {
        legacyErrorBody: true,
        operation: {
          operationId: 'register',
          access: 'public',
          answers: { 201: 'The account is created (inactive); its activation link is mailed' },
          errors: [409],
          // The first customer's (active) address: taken, whoever asks.
          expect: { anonymous: 409, otherCustomer: 409, visitor: 409 },
          sample: (r) => ({ body: { firstName: 'Mallory', lastName: 'Claimer', email: r.email, password: 'Claimer-pass1' } }),
        },
      },
      schema: {
        tags,
        summary: 'Create an account; mails its activation link',
        description: 'An address already signed up but never activated gets its activation mail again, and keeps no password of a stranger’s (docs/security.md).',
        body: registerRequest.strict(),
        response: { 201: successResponse },
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
      config: {
        legacyErrorBody: true,
        operation: {
          operationId: 'activateAccount',
          access: 'public',
          answers: { 200: 'Activated and signed in (setPasswordKey when the account has no password yet)' },
          expect: { anonymous: 400, otherCustomer: 400, visitor: 400 },
          sample: () => ({ body: { activationCode: 'not-a-mailed-code' } }),
        },
      },
      schema: {
        tags,
        summary: 'Activate an account with its mailed code, and sign in',
        body: activateRequest.strict(),
        response: { 200: activateResponse },
      },
    },
    async (request) => {
      const { user, token, setPasswordKey } = await accounts.activate(request.body.activationCode);
      return {
        ...successBody(true, messages.activationSucceeded),
        jwt: token.id_token,
        user: { id: user.id, email: user.email, login: user.email, role: user.role },
        ...(setPasswordKey ? { setPasswordKey } : {}),
      };
    },
  );
};
