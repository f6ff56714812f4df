import type { Kysely } from 'kysely';
import type { Database, UserKeyPurpose, UserRow } from '../../db/schema';
import { toFlag } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/transaction';
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
  constructor(
    private readonly db: Kysely<Database>,
    /** Told of each user whose sessions a change here ended, so the instance stops trusting them at once (auth-sessions.repository.ts). */
    private readonly sessionsEnded: (userId: number) => void = () => {},
  ) {}

  /**
   * Runs `work` in one transaction (or inside the caller's) with a repository bound to it and the
   * transaction itself, for the mail that reports the change (the mail outbox queues it there).
   */
  transaction<T>(work: (accounts: AccountsRepository, trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new AccountsRepository(trx, this.sessionsEnded), trx));
  }

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
      // DO NOTHING rather than a unique violation: inside a transaction, PostgreSQL would abort it.
      const row = await this.db
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
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
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
    return inTransaction(this.db, async (trx) => {
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
  async resetPasswordWithKey(keyHash: string, passwordHash: string, now: Date): Promise<UserRow | null> {
    const user = await inTransaction(this.db, async (trx) => {
      const userId = await consumeKey(trx, 'reset', keyHash, now);
      if (userId === null) return null;
      await voidKeys(trx, userId, 'reset', now);
      await endSessionsOf(trx, userId);
      return updateUser(trx, userId, { password_hash: passwordHash, activated: 1 }, now);
    });
    // After the commit: a lookup racing it cannot trust the ended rows again.
    if (user) this.sessionsEnded(user.id);
    return user;
  }

  /** A password change: other reset links and every other session (`keepSession` stays) end with it. */
  async changePasswordHash(userId: number, passwordHash: string, keepSession: string, now: Date): Promise<UserRow | null> {
    const user = await inTransaction(this.db, async (trx) => {
      await voidKeys(trx, userId, 'reset', now);
      await endSessionsOf(trx, userId, { except: keepSession });
      return updateUser(trx, userId, { password_hash: passwordHash }, now);
    });
    this.sessionsEnded(userId);
    return user;
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
    return inTransaction(this.db, async (trx) => {
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
      this.sessionsEnded(userId);
      return row;
    });
  }

  /**
   * An import added a photo for this customer: their invitation is owed (kept when owed already).
   * Only while the account is not activated.
   */
  async markInvitationOwed(userId: number, now: Date): Promise<void> {
    await markInvitationOwed(this.db, userId, now);
  }

  /** Clears the customer's owed invitation: the user when one was owed (to queue it now), else null. */
  async takeOwedInvitation(userId: number): Promise<UserRow | null> {
    const row = await this.db
      .updateTable('users')
      .set({ invitation_owed_at: null })
      .where('id', '=', userId)
      .where('invitation_owed_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** An invitation was queued another way (the studio's Invite): nothing is owed any more. */
  async clearInvitationOwed(userId: number): Promise<void> {
    await this.db.updateTable('users').set({ invitation_owed_at: null }).where('id', '=', userId).where('invitation_owed_at', 'is not', null).execute();
  }

  /** Google vouches for the address, so linking also activates the account. */
  linkGoogleAccount(userId: number, googleSub: string, now: Date): Promise<UserRow | null> {
    return updateUser(this.db, userId, { google_sub: googleSub, activated: 1 }, now);
  }
}

/** Marks a not-activated customer's invitation owed, with `db` (a photo's transaction, photo-import). */
export async function markInvitationOwed(db: Executor, userId: number, now: Date): Promise<void> {
  await db
    .updateTable('users')
    .set({ invitation_owed_at: now.toISOString() })
    .where('id', '=', userId)
    .where('activated', '=', 0)
    .where('invitation_owed_at', 'is', null)
    .execute();
}

async function consumeKey(
  trx: Executor,
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
async function voidKeys(trx: Executor, userId: number, purpose: UserKeyPurpose, now: Date): Promise<void> {
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
