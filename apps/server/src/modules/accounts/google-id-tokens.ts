import { messages } from '@studio-gallery/contract';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Clock } from '../../clock';
import { UnauthorizedError, ValidationError } from '../../errors';

export interface GoogleIdentity {
  sub: string;
  email: string;
  givenName: string;
  familyName: string;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

const googleClaims = z.object({
  sub: z.string().min(1),
  email: z.string().min(3),
  email_verified: z.union([z.literal(true), z.literal('true')]),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
});

/** Checks Google ID tokens: signature against Google's published keys, audience, issuer and expiry. */
export class GoogleIdTokenVerifier {
  private readonly keys: ReturnType<typeof createRemoteJWKSet>;

  constructor(
    private readonly clientId: string | null,
    jwksUrl: string,
    private readonly clock: Clock,
  ) {
    this.keys = createRemoteJWKSet(new URL(jwksUrl));
  }

  async verify(idToken: string): Promise<GoogleIdentity> {
    if (!this.clientId) throw new ValidationError(messages.googleSignInNotConfigured);
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(idToken, this.keys, {
        audience: this.clientId,
        issuer: GOOGLE_ISSUERS,
        algorithms: ['RS256'],
        currentDate: this.clock(),
      }));
    } catch (cause) {
      throw new UnauthorizedError(messages.socialLoginFailed, { cause });
    }
    const claims = googleClaims.safeParse(payload);
    if (!claims.success) throw new UnauthorizedError(messages.socialLoginFailed, { cause: claims.error });
    return {
      sub: claims.data.sub,
      email: claims.data.email,
      givenName: claims.data.given_name ?? '',
      familyName: claims.data.family_name ?? '',
    };
  }
}
