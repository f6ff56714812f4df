import { messages, normalizeEmail } from '@studio-gallery/contract';
import { type Clock, addHours } from '../../clock';
import { NotFoundError, ValidationError } from '../../errors';
import type { AccountMails } from './account-mails';
import type { AccountsRepository } from './accounts.repository';
import { RESET_KEY_HOURS, hashOneTimeKey, newOneTimeKey } from './one-time-keys';
import { hashPassword, verifyPassword } from './password-hashing';

/** Forgotten-password resets and password changes. */
export class PasswordsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mails: AccountMails,
    private readonly clock: Clock,
  ) {}

  /**
   * Mails a single-use reset link valid for 24 hours. Earlier unexpired links keep working until one
   * of them is used or the password is changed.
   */
  async requestReset(emailInput: string): Promise<void> {
    const user = await this.accounts.findByEmail(normalizeEmail(emailInput));
    if (!user) throw new ValidationError(messages.emailNotRegistered);
    const now = this.clock();
    const { key, hash } = newOneTimeKey();
    // The key and its mail (in the outbox) commit together: no key without its mail, no mail without its key.
    await this.accounts.transaction(async (accounts, trx) => {
      await accounts.insertKey(user.id, 'reset', hash, addHours(now, RESET_KEY_HOURS), now);
      await this.mails.sendPasswordReset(user, key, trx);
    });
  }

  async finishReset(resetKey: string, newPassword: string): Promise<void> {
    const passwordHash = await hashPassword(newPassword);
    const user = await this.accounts.resetPasswordWithKey(hashOneTimeKey(resetKey), passwordHash, this.clock());
    if (!user) throw new ValidationError(messages.resetKeyInvalid);
  }

  /** Sets a new password; other sessions and outstanding reset links end, the caller's session stays. */
  async changePassword(caller: { userId: number; sessionId: string }, currentPassword: string, newPassword: string): Promise<void> {
    const { userId, sessionId } = caller;
    const user = await this.accounts.findById(userId);
    if (!user) throw new NotFoundError(messages.notFound);
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      throw new ValidationError(messages.currentPasswordIncorrect);
    }
    await this.accounts.changePasswordHash(userId, await hashPassword(newPassword), sessionId, this.clock());
  }
}
