import { randomUUID } from 'node:crypto';
import type { TokenResponse } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { AuthSessionsRepository } from './auth-sessions.repository';
import type { TokenService } from './tokens';

export interface SignedInCaller {
  userId: number;
  sessionId: string;
}

/**
 * Signed-in sessions that can end (issue 11, OWASP ASVS V3): each bearer token names its session row,
 * and a token is honoured only while the row exists. The token's signature and expiry are checked
 * first (in memory), then the row (one primary-key lookup per authenticated call).
 */
export class AuthSessionsService {
  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: AuthSessionsRepository,
    private readonly clock: Clock,
  ) {}

  async start(user: { id: number; email: string }, rememberMe = false): Promise<TokenResponse> {
    const sessionId = randomUUID();
    const token = await this.tokens.issue(user, rememberMe, sessionId);
    await this.sessions.insert({ id: sessionId, userId: user.id, expiresAt: token.expiresAt }, this.clock());
    return token;
  }

  /**
   * The caller of a valid, unexpired token whose session has not ended; else null. Answered at once
   * (no promise) when the session's row need not be read (trusted lately, or SQLite): the sign-in check
   * of a cached gallery page then takes no turn of the event loop (issue 23).
   */
  verify(jwt: string): SignedInCaller | null | Promise<SignedInCaller | null> {
    const claims = this.tokens.verifyClaims(jwt);
    if (claims === null) return null;
    const caller: SignedInCaller = { userId: claims.userId, sessionId: claims.sessionId };
    const live = this.sessions.isLive(claims.sessionId, claims.userId);
    if (typeof live === 'boolean') return live ? caller : null;
    return live.then((isLive) => (isLive ? caller : null));
  }

  /** Logout: this token stops working everywhere it was copied. */
  end(sessionId: string): Promise<void> {
    return this.sessions.delete(sessionId);
  }

  /** A user's sessions were ended elsewhere (a password change or reset): stop trusting what was read of them. */
  forgetUser(userId: number): void {
    this.sessions.forgetUser(userId);
  }

  /** "Sign out of all devices", or every device but this one (`except`). */
  endAll(userId: number, options: { except?: string } = {}): Promise<void> {
    return this.sessions.deleteAllOf(userId, options);
  }
}
