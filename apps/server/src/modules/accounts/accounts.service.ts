import {
  type AuthenticateRequest,
  type RegisterRequest,
  type TokenResponse,
  messages,
  normalizeEmail,
} from '@studio-gallery/contract';
import { type Clock, addHours } from '../../clock';
import { type UserRow, fromFlag } from '../../db/schema';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '../../errors';
import type { AccountMails } from './account-mails';
import type { AccountsRepository } from './accounts.repository';
import type { GoogleIdTokenVerifier, GoogleIdentity } from './google-id-tokens';
import { ACTIVATION_KEY_HOURS, hashOneTimeKey, newOneTimeKey } from './one-time-keys';
import { hashPassword, verifyPassword } from './password-hashing';
import type { TokenService } from './tokens';

export interface ActivatedAccount {
  user: UserRow;
  token: TokenResponse;
}

/** Sign-up, activation and sign-in (password or Google). */
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly tokens: TokenService,
    private readonly google: GoogleIdTokenVerifier,
    private readonly mails: AccountMails,
    private readonly clock: Clock,
  ) {}

  /** Creates an inactive account and mails its activation link. */
  async register(input: RegisterRequest): Promise<void> {
    const now = this.clock();
    const user = await this.accounts.insertUser(
      {
        email: normalizeEmail(input.email),
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash: await hashPassword(input.password),
        activated: false,
      },
      now,
    );
    if (!user) throw new ConflictError(messages.emailAlreadyRegistered);

    try {
      const { key, hash } = newOneTimeKey();
      await this.accounts.insertKey(user.id, 'activation', hash, addHours(now, ACTIVATION_KEY_HOURS), now);
      await this.mails.sendActivation(user, key);
    } catch (error) {
      // Without its mail the account could never be activated; let the person sign up again.
      await this.accounts.deleteUser(user.id);
      throw error;
    }
  }

  /** Activates the account of a mailed code and signs its user in. */
  async activate(activationCode: string): Promise<ActivatedAccount> {
    const user = await this.accounts.activateWithKey(hashOneTimeKey(activationCode), this.clock());
    if (!user) throw new ValidationError(messages.activationFailed);
    return { user, token: await this.tokens.issue(user) };
  }

  async authenticate({ username, password, rememberMe }: AuthenticateRequest): Promise<TokenResponse> {
    const user = await this.accounts.findByEmail(normalizeEmail(username));
    const passwordMatches = await verifyPassword(user?.password_hash ?? null, password);
    if (!user || !passwordMatches) throw new UnauthorizedError(messages.invalidCredentials);
    if (!fromFlag(user.activated)) throw new ForbiddenError(messages.accountNotActivated);
    return this.tokens.issue(user, rememberMe);
  }

  /**
   * Signs in with a Google ID token: the account linked to that Google account, else the account
   * with the same (Google-verified) email, else a new active account.
   */
  async authenticateWithGoogle(idToken: string): Promise<TokenResponse> {
    const identity = await this.google.verify(idToken);
    const user = (await this.accounts.findByGoogleSub(identity.sub)) ?? (await this.linkOrCreateGoogleAccount(identity));
    // null: the address belongs to another Google account, or a parallel first sign-in won the race.
    if (!user) throw new UnauthorizedError(messages.socialLoginFailed);
    return this.tokens.issue(user);
  }

  private async linkOrCreateGoogleAccount(identity: GoogleIdentity): Promise<UserRow | null> {
    const now = this.clock();
    const email = normalizeEmail(identity.email);
    const sameEmail = await this.accounts.findByEmail(email);
    if (sameEmail) {
      return sameEmail.google_sub ? null : this.accounts.linkGoogleAccount(sameEmail.id, identity.sub, now);
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
