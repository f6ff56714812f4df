import { normalizeEmail } from '@studio-gallery/contract';
import { type Clock, addHours } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { AccountMails } from './account-mails';
import type { AccountsRepository } from './accounts.repository';
import { ACTIVATION_KEY_HOURS, newOneTimeKey } from './one-time-keys';

export interface InvitedCustomer {
  user: UserRow;
  /** True when the account was created now (and the invitation mailed). */
  created: boolean;
}

/**
 * Customers the studio brings in (photo import): an existing account is used as it is; otherwise an
 * inactive account without a password is created, and invited by mail once its photos are in.
 */
export class CustomerInvitations {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mails: AccountMails,
    private readonly clock: Clock,
  ) {}

  /** The account of `emailInput`, created (inactive, no password) when missing; no mail yet. */
  async findOrCreate(emailInput: string, names: { firstName?: string; lastName?: string } = {}): Promise<InvitedCustomer> {
    const email = normalizeEmail(emailInput);
    const existing = await this.accounts.findByEmail(email);
    if (existing) return { user: existing, created: false };
    const user = await this.accounts.insertUser(
      {
        email,
        firstName: names.firstName ?? firstNameFromEmail(email),
        lastName: names.lastName ?? '',
        passwordHash: null,
        activated: false,
      },
      this.clock(),
    );
    if (user) return { user, created: true };
    // Created by someone else a moment ago.
    const raced = await this.accounts.findByEmail(email);
    if (!raced) throw new Error(`could not create the account of ${email}`);
    return { user: raced, created: false };
  }

  /**
   * Mails the invitation to the gallery with a fresh activation link (30 days). The account was
   * never activated, so a password someone chose at sign-up is not trusted: it goes, with that
   * sign-up's activation links and any session, and activating leads the customer to set their own.
   */
  async invite(user: UserRow, sessionName: string): Promise<void> {
    const now = this.clock();
    const distrusted = await this.accounts.distrustUnverifiedSignUp(user.id, now);
    if (!distrusted) return; // activated meanwhile: the customer already holds the account

    const { key, hash } = newOneTimeKey();
    await this.accounts.insertKey(user.id, 'activation', hash, addHours(now, ACTIVATION_KEY_HOURS), now);
    await this.mails.sendGalleryInvitation(user, key, sessionName);
  }
}

/** `jane.doe@example.com` → `Jane`. */
function firstNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : '';
}
