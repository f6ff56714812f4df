import { z } from 'zod';
import { successResponse } from './common';
import { userRole } from './studio';
import { changePasswordValue, passwordRules, setPasswordValue, signupFields } from './validation';

const anyPassword = z.string().min(1).max(passwordRules.absoluteMax);

/** POST /authenticate */
export const authenticateRequest = z.object({
  username: z.string().trim().min(1).max(254),
  password: anyPassword,
  rememberMe: z.boolean().optional(),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequest>;

/**
 * The token object. `id_token` is the bearer JWT (JHipster style); `token` is the same value for
 * clients that read that name.
 */
export const tokenResponse = z
  .object({
    id_token: z.string().describe('The bearer token (JWT): send it as `Authorization: Bearer <id_token>`'),
    token: z.string().describe('The same value as id_token'),
    expiresAt: z.string().describe('When the token stops working (ISO 8601), unless ended sooner'),
  })
  .register(z.globalRegistry, { id: 'TokenResponse', description: 'A signed-in session: its bearer token and expiry' });
export type TokenResponse = z.infer<typeof tokenResponse>;

/** Claims inside the JWT: `unique_name` is the user id (as a string), `id_token` the token's own id. */
export const tokenClaims = z.object({
  unique_name: z.string(),
  email: z.string(),
  id_token: z.string(),
  exp: z.number(),
  iat: z.number(),
});
export type TokenClaims = z.infer<typeof tokenClaims>;

/** POST /external-authenticate */
export const externalAuthenticateRequest = z.object({ token: z.string().min(10).max(8192) });

/** POST /register-galleryuser */
export const registerRequest = z.object(signupFields);
export type RegisterRequest = z.infer<typeof registerRequest>;

/** POST /active-galley-user */
export const activateRequest = z.object({ activationCode: z.string().trim().min(1).max(200) });
export const activateResponse = successResponse.extend({
  jwt: z.string().optional(),
  user: z
    .object({ id: z.number(), email: z.string(), login: z.string(), role: userRole.optional().describe('staff/admin: a studio member, whose next stop is /studio') })
    .optional(),
  /** A reset key for the set-password screen, when the account has no password yet (invited by the studio). */
  setPasswordKey: z.string().optional(),
});
export type ActivateResponse = z.infer<typeof activateResponse>;

/** POST /account/reset-password(/init): the body is the email as a plain JSON string. */
export const resetPasswordInitRequest = z.string().trim().min(1).max(254);

/** POST /account/reset-password/finish and /account/update-password */
export const resetPasswordFinishRequest = z.object({
  key: z.string().trim().min(1).max(200),
  newPassword: setPasswordValue,
});
export type ResetPasswordFinishRequest = z.infer<typeof resetPasswordFinishRequest>;

/** POST /account/change-password */
export const changePasswordRequest = z.object({
  currentPassword: anyPassword,
  newPassword: changePasswordValue,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

/** GET /auth/config (not in the spec): what the login screen may offer. */
export const authConfigResponse = z.object({ googleClientId: z.string().nullable() });
export type AuthConfigResponse = z.infer<typeof authConfigResponse>;

/** Content type the spec uses for the reset-password body. */
export const JSON_PATCH_CONTENT_TYPE = 'application/json-patch+json';
