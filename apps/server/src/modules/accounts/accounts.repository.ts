import type { Kysely, Transaction } from 'kysely';
import type { Database, UserKeyPurpose, UserRow } from '../../db/schema';
import { toFlag } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { endSessionsOf } from './auth-sessions.repository';

export interface NewAccount {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string | null;
  activated: boolean;
  googleSub?: string;
}

/** Account lifecycle: users by credentials, and the one-time keys mailed to them. */
export class AccountsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findById(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** `email` must be normalised (lower case). */
  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findByGoogleSub(sub: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();
  }

  async countUsers(): Promise<number> {
    const { count } = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** The new user, or null when the email (or Google account) is already registered. */
  async insertUser(account: NewAccount, now: Date): Promise<UserRow | null> {
    const timestamp = now.toISOString();
    try {
      return await this.db
        .insertInto('users')
        .values({
          email: account.email,
          first_name: account.firstName,
          last_name: account.lastName,
          password_hash: account.passwordHash,
          activated: toFlag(account.activated),
          google_sub: account.googleSub ?? null,
          created_at: timestamp,
          updated_at: timestamp,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async deleteUser(id: number): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }

  async insertKey(userId: number, purpose: UserKeyPurpose, keyHash: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db
      .insertInto('user_keys')
      .values({
        user_id: userId,
        purpose,
        key_hash: keyHash,
        expires_at: expiresAt.toISOString(),
        created_at: now.toISOString(),
      })
      .execute();
  }

  /** Uses an unused, unexpired activation key and activates its user; null when there is none. */
  activateWithKey(keyHash: string, now: Date): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const userId = await consumeKey(trx, 'activation', keyHash, now);
      if (userId === null) return null;
      return updateUser(trx, userId, { activated: 1 }, now);
    });
  }

  /**
   * Uses an unused, unexpired reset key and sets its user's password; null when there is none.
   * Following the mailed link proves the address, so this also activates the account. Every other
   * outstanding reset link and every session of the account end with it.
   */
  resetPasswordWithKey(keyHash: string, passwordHash: string, now: Date): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      const userId = await consumeKey(trx, 'reset', keyHash, now);
      if (userId === null) return null;
      await voidKeys(trx, userId, 'reset', now);
      await endSessionsOf(trx, userId);
      return updateUser(trx, userId, { password_hash: passwordHash, activated: 1 }, now);
    });
  }

  /** A password change: other reset links and every other session (`keepSession` stays) end with it. */
  changePasswordHash(userId: number, passwordHash: string, keepSession: string, now: Date): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      await voidKeys(trx, userId, 'reset', now);
      await endSessionsOf(trx, userId, { except: keepSession });
      return updateUser(trx, userId, { password_hash: passwordHash }, now);
    });
  }

  /**
   * Someone other than the sign-up has just proved (or is about to prove) the address of an account
   * that was never activated: the password chosen at sign-up is no longer trusted. Drops it, voids the
   * sign-up's activation links and ends any session, in one step that applies only while the account
   * is still inactive. Null when the account is active (or gone).
   */
  distrustUnverifiedSignUp(userId: number, now: Date): Promise<UserRow | null> {
    return this.takeOverUnverified(userId, {}, now);
  }

  /**
   * Google vouches for the address of an account that was never activated: any sign-up password and
   * session go, and the account is linked and activated, in one transaction. Null when it was
   * activated meanwhile or is already linked.
   */
  claimUnverifiedWithGoogle(userId: number, googleSub: string, now: Date): Promise<UserRow | null> {
    return this.takeOverUnverified(userId, { google_sub: googleSub, activated: 1 }, now);
  }

  private takeOverUnverified(userId: number, changes: { google_sub?: string; activated?: number }, now: Date): Promise<UserRow | null> {
    return this.db.transaction().execute(async (trx) => {
      let update = trx
        .updateTable('users')
        .set({ ...changes, password_hash: null, updated_at: now.toISOString() })
        .where('id', '=', userId)
        .where('activated', '=', 0);
      if (changes.google_sub !== undefined) update = update.where('google_sub', 'is', null);
      const row = await update.returningAll().executeTakeFirst();
      if (!row) return null;
      await voidKeys(trx, userId, 'activation', now);
      await endSessionsOf(trx, userId);
      return row;
    });
  }

  /** Google vouches for the address, so linking also activates the account. */
  linkGoogleAccount(userId: number, googleSub: string, now: Date): Promise<UserRow | null> {
    return updateUser(this.db, userId, { google_sub: googleSub, activated: 1 }, now);
  }
}

async function consumeKey(
  trx: Transaction<Database>,
  purpose: UserKeyPurpose,
  keyHash: string,
  now: Date,
): Promise<number | null> {
  const timestamp = now.toISOString();
  // One conditional UPDATE, so two requests racing with the same key cannot both succeed.
  const used = await trx
    .updateTable('user_keys')
    .set({ used_at: timestamp })
    .where('key_hash', '=', keyHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', timestamp)
    .returning('user_id')
    .executeTakeFirst();
  return used?.user_id ?? null;
}

/** Marks every unused key of one purpose as used, so its links stop working. */
async function voidKeys(trx: Transaction<Database>, userId: number, purpose: UserKeyPurpose, now: Date): Promise<void> {
  await trx
    .updateTable('user_keys')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}

async function updateUser(
  db: Kysely<Database>,
  userId: number,
  changes: { password_hash?: string; activated?: number; google_sub?: string },
  now: Date,
): Promise<UserRow | null> {
  const row = await db
    .updateTable('users')
    .set({ ...changes, updated_at: now.toISOString() })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirst();
  return row ?? null;
}
