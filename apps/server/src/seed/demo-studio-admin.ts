import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountsRepository } from '../modules/accounts/accounts.repository';
import { hashPassword } from '../modules/accounts/password-hashing';

export const DEMO_STUDIO_ADMIN = {
  email: 'studio@studio-gallery.test',
  password: 'Studio1234',
  firstName: 'Studio',
  lastName: 'Admin',
} as const;

/**
 * The demo studio admin (issue 15), created with the demo customer only (a fresh database with
 * DEMO_DATA on): a known password never lands in a database that already has users.
 */
export async function seedDemoStudioAdmin(db: Kysely<Database>, accounts: AccountsRepository, now: Date): Promise<boolean> {
  const created = await accounts.insertUser(
    {
      email: DEMO_STUDIO_ADMIN.email,
      firstName: DEMO_STUDIO_ADMIN.firstName,
      lastName: DEMO_STUDIO_ADMIN.lastName,
      passwordHash: await hashPassword(DEMO_STUDIO_ADMIN.password),
      activated: true,
    },
    now,
  );
  if (!created) return false;
  await db.updateTable('users').set({ role: 'admin' }).where('id', '=', created.id).execute();
  return true;
}
