import {
  type AuthenticateRequest,
  type RegisterRequest,
  type TokenResponse,
  messages,
  normalizeEmail,
} from '@studio-gallery/contract';
import { type Clock, addHours } from '../../clock';
import { type UserRow, fromFlag } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors';
import type { AccountMails } from './account-mails';
import type { AccountsRepository } from './accounts.repository';
import type { GoogleIdTokenVerifier, GoogleIdentity } from './google-id-tokens';
import type { AuthSessionsService } from './auth-sessions.service';
import { ACTIVATION_KEY_HOURS, RESET_KEY_HOURS, hashOneTimeKey, newOneTimeKey } from './one-time-keys';
import { hashPassword, verifyPassword } from './password-hashing';

export interface ActivatedAccount {
  user: UserRow;
  token: TokenResponse;
  /** A reset key for the set-password screen when the account has no password (invited, or claimed twice). */
  setPasswordKey: string | null;
}

/** Sign-up, activation and sign-in (password or Google). */
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly sessions: AuthSessionsService,
    private readonly google: GoogleIdTokenVerifier,
    private readonly mails: AccountMails,
    private readonly clock: Clock,
  ) {}

  /**
   * Creates an inactive account and mails its activation link. Signing up again for an address that
   * was never activated answers the same, but trusts neither password: the earlier one is dropped
   * with its activation links, and a fresh link is mailed whose activation leads to set-password.
   * The account, its key and the mail (in the outbox) are one transaction: all or nothing.
   */
  async register(input: RegisterRequest): Promise<void> {
    const now = this.clock();
    const email = normalizeEmail(input.email);
    const passwordHash = await hashPassword(input.password);
    const created = await this.accounts.transaction(async (accounts, trx) => {
      const user = await accounts.insertUser({ email, firstName: input.firstName, lastName: input.lastName, passwordHash, activated: false }, now);
      if (user) await this.mailActivation(accounts, trx, user, now);
      return user !== null;
    });
    if (!created) await this.registerAgain(email, now);
  }

  private async registerAgain(email: string, now: Date): Promise<void> {
    const existing = await this.accounts.findByEmail(email);
    if (!existing || fromFlag(existing.activated)) throw new ConflictError(messages.emailAlreadyRegistered);
    await this.accounts.transaction(async (accounts, trx) => {
      const distrusted = await accounts.distrustUnverifiedSignUp(existing.id, now);
      if (!distrusted) throw new ConflictError(messages.emailAlreadyRegistered);
      await this.mailActivation(accounts, trx, distrusted, now);
    });
  }

  private async mailActivation(accounts: AccountsRepository, trx: Executor, user: UserRow, now: Date): Promise<void> {
    const { key, hash } = newOneTimeKey();
    await accounts.insertKey(user.id, 'activation', hash, addHours(now, ACTIVATION_KEY_HOURS), now);
    await this.mails.sendActivation(user, key, trx);
  }

  /**
   * Activates the account of a mailed code and signs its user in. An account without a password
   * (invited by the studio, or signed up for twice) also gets a set-password key.
   */
  async activate(activationCode: string): Promise<ActivatedAccount> {
    const now = this.clock();
    const user = await this.accounts.activateWithKey(hashOneTimeKey(activationCode), now);
    if (!user) throw new ValidationError(messages.activationFailed);
    let setPasswordKey: string | null = null;
    if (user.password_hash === null && user.google_sub === null) {
      const { key, hash } = newOneTimeKey();
      await this.accounts.insertKey(user.id, 'reset', hash, addHours(now, RESET_KEY_HOURS), now);
      setPasswordKey = key;
    }
    return { user, token: await this.sessions.start(user), setPasswordKey };
  }

  async authenticate({ username, password, rememberMe }: AuthenticateRequest): Promise<TokenResponse> {
    const user = await this.accounts.findByEmail(normalizeEmail(username));
    const passwordMatches = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !passwordMatches) throw new UnauthorizedError(messages.invalidCredentials);
    if (!fromFlag(user.activated)) throw new ForbiddenError(messages.accountNotActivated);
    return this.sessions.start(user, rememberMe);
  }

  /**
   * Signs in with a Google ID token: the account linked to that Google account, else the account
   * with the same (Google-verified) email, else a new active account. An account with that email that
   * was never activated is not trusted: its sign-up password and sessions go (pre-hijacking).
   */
  async authenticateWithGoogle(idToken: string): Promise<TokenResponse> {
    const identity = await this.google.verify(idToken);
    const user = (await this.accounts.findByGoogleSub(identity.sub)) ?? (await this.linkOrCreateGoogleAccount(identity));
    // null: the address belongs to another Google account, or a parallel first sign-in won the race.
    if (!user) throw new UnauthorizedError(messages.socialLoginFailed);
    return this.sessions.start(user);
  }

  private async linkOrCreateGoogleAccount(identity: GoogleIdentity): Promise<UserRow | null> {
    const now = this.clock();
    const email = normalizeEmail(identity.email);
    const sameEmail = await this.accounts.findByEmail(email);
    if (sameEmail) {
      if (sameEmail.google_sub) return null;
      return fromFlag(sameEmail.activated)
        ? this.accounts.linkGoogleAccount(sameEmail.id, identity.sub, now)
        : this.accounts.claimUnverifiedWithGoogle(sameEmail.id, identity.sub, now);
    }
    return this.accounts.insertUser(
      {
        email,
        firstName: identity.givenName,
        lastName: identity.familyName,
        passwordHash: null,
        activated: true,
        googleSub: identity.sub,
      },
      now,
    );
  }
}
