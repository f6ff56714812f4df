import { normalizeEmail } from '@studio-gallery/contract';
import { type Clock, addHours } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import type { AccountMails } from './account-mails';
import { AccountsRepository } from './accounts.repository';
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
    private readonly mails: Pick<AccountMails, 'sendGalleryInvitation'>,
    private readonly clock: Clock,
  ) {}

  /** The account of `emailInput`, created (inactive, no password) when missing; no mail yet. */
  async findOrCreate(emailInput: string, names: { firstName?: string; lastName?: string } = {}, executor?: Executor): Promise<InvitedCustomer> {
    const accounts = executor ? new AccountsRepository(executor) : this.accounts;
    const email = normalizeEmail(emailInput);
    const existing = await accounts.findByEmail(email);
    if (existing) return { user: existing, created: false };
    const user = await accounts.insertUser(
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
    const raced = await accounts.findByEmail(email);
    if (!raced) throw new Error(`could not create the account of ${email}`);
    return { user: raced, created: false };
  }

  /**
   * Mails the invitation to the gallery with a fresh activation link (30 days). The account was
   * never activated, so a password someone chose at sign-up is not trusted: it goes, with that
   * sign-up's activation links and any session, and activating leads the customer to set their own.
   * The key and the mail (in the outbox) are one transaction (`executor`: the caller's, to join it);
   * an invitation an import owed is settled with it.
   */
  async invite(user: UserRow, sessionName: string, executor?: Executor): Promise<void> {
    const accounts = executor ? new AccountsRepository(executor) : this.accounts;
    await accounts.transaction((within, trx) => this.inviteWithin(within, trx, user, sessionName));
  }

  /**
   * Queues the invitation an import owes this customer (users.invitation_owed_at, set in the
   * transaction that added their photo), in the transaction that clears the debt: a rerun after a
   * crash finds it still owed and sends it; a finished import owes nothing. True when queued.
   */
  async settleOwed(userId: number, sessionName: string): Promise<boolean> {
    return this.accounts.transaction(async (accounts, trx) => {
      const owed = await accounts.takeOwedInvitation(userId);
      return owed ? this.inviteWithin(accounts, trx, owed, sessionName) : false;
    });
  }

  private async inviteWithin(accounts: AccountsRepository, trx: Executor, user: UserRow, sessionName: string): Promise<boolean> {
    const now = this.clock();
    await accounts.clearInvitationOwed(user.id);
    const distrusted = await accounts.distrustUnverifiedSignUp(user.id, now);
    if (!distrusted) return false; // activated meanwhile: the customer already holds the account

    const { key, hash } = newOneTimeKey();
    await accounts.insertKey(user.id, 'activation', hash, addHours(now, ACTIVATION_KEY_HOURS), now);
    await this.mails.sendGalleryInvitation(user, key, sessionName, trx);
    return true;
  }
}

/** `jane.doe@example.com` → `Jane`. */
function firstNameFromEmail(email: string): string {
  const word = email.split('@')[0]?.split(/[._+-]/)[0] ?? '';
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : '';
}
