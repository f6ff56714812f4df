import { type Clock, addHours } from '../../clock';
import type { UserRow } from '../../db/schema';
import type { AccountMails } from '../accounts/account-mails';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { CustomerInvitations } from '../accounts/customer-invitations';
import { ACTIVATION_KEY_HOURS, newOneTimeKey } from '../accounts/one-time-keys';
import type { StaffInviter } from './studio.service';

/**
 * Brings people into the studio dashboard (StudioService.setRole, the API and `studio staff add`).
 *
 * A studio role given to an account that was never activated must not keep that account's password:
 * whoever signed up with the address chose it, and the sign-up's activation mail went to the real
 * owner, who would activate it believing it was the studio's invitation — and the one who signed up
 * would sign in with role staff (the Medium finding of issue 21 §5). As the studio's import does for
 * customers (docs/security.md "no pre-claimed accounts"), the password, the sign-up's activation
 * links and every session go; the role is set and a staff invitation with a fresh link is mailed,
 * all in one transaction. Activating from that link leads to set-password.
 */
export class StaffInvitations implements StaffInviter {
  private readonly customers: CustomerInvitations;

  constructor(
    private readonly accounts: AccountsRepository,
    private readonly mails: AccountMails,
    private readonly clock: Clock,
  ) {
    this.customers = new CustomerInvitations(accounts, mails, clock);
  }

  /** The account of `email`, created inactive and without a password when missing. */
  findOrCreate(email: string): Promise<{ user: UserRow; created: boolean }> {
    return this.customers.findOrCreate(email);
  }

  async inviteToStudio(user: UserRow, role: 'staff' | 'admin'): Promise<UserRow | null> {
    const now = this.clock();
    return this.accounts.transaction(async (accounts, trx) => {
      const distrusted = await accounts.distrustUnverifiedSignUp(user.id, now);
      if (!distrusted) return null; // activated meanwhile: its owner holds the account
      const updated = await trx
        .updateTable('users')
        .set({ role, updated_at: now.toISOString() })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const { key, hash } = newOneTimeKey();
      await accounts.insertKey(user.id, 'activation', hash, addHours(now, ACTIVATION_KEY_HOURS), now);
      await this.mails.sendStaffInvitation(updated, key, role, trx);
      return updated;
    });
  }
}
