import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import { hashPassword } from '../modules/accounts/password-hashing';

export const DEMO_CUSTOMER = {
  email: 'demo@studio-gallery.test',
  password: 'Demo1234',
  firstName: 'Demo',
  lastName: 'Customer',
} as const;

/** The active demo account, created only in a database with no users at all. */
export async function seedDemoCustomer(accounts: AccountsRepository, now: Date): Promise<boolean> {
  if ((await accounts.countUsers()) > 0) return false;
  const created = await accounts.insertUser(
    {
      email: DEMO_CUSTOMER.email,
      firstName: DEMO_CUSTOMER.firstName,
      lastName: DEMO_CUSTOMER.lastName,
      passwordHash: await hashPassword(DEMO_CUSTOMER.password),
      activated: true,
    },
    now,
  );
  return created !== null;
}
