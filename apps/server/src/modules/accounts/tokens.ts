import { randomUUID } from 'node:crypto';
import { type TokenClaims, type TokenResponse, tokenClaims } from '@studio-gallery/contract';
import { SignJWT, jwtVerify } from 'jose';
import type { Clock } from '../../clock';

const DAY_SECONDS = 24 * 60 * 60;
const LIFETIME_SECONDS = { normal: 7 * DAY_SECONDS, rememberMe: 30 * DAY_SECONDS };

/** Signs and checks the bearer JWT (HS256): `unique_name` is the user id, `id_token` the token's own id. */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(user: { id: number; email: string }, rememberMe = false): Promise<TokenResponse> {
    const issuedAt = Math.floor(this.clock().getTime() / 1000);
    const expiresAt = issuedAt + (rememberMe ? LIFETIME_SECONDS.rememberMe : LIFETIME_SECONDS.normal);
    const claims: Omit<TokenClaims, 'iat' | 'exp'> = {
      unique_name: String(user.id),
      email: user.email,
      id_token: randomUUID(),
    };
    const jwt = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAt)
      .sign(this.key);
    return { id_token: jwt, token: jwt, expiresAt: new Date(expiresAt * 1000).toISOString() };
  }

  /** The user id a valid token was issued to; null for a missing, forged or expired token. */
  async verify(jwt: string): Promise<number | null> {
    try {
      const { payload } = await jwtVerify(jwt, this.key, { algorithms: ['HS256'], currentDate: this.clock() });
      const claims = tokenClaims.safeParse(payload);
      if (!claims.success) return null;
      const userId = Number(claims.data.unique_name);
      return Number.isSafeInteger(userId) && userId > 0 ? userId : null;
    } catch {
      return null;
    }
  }
}
