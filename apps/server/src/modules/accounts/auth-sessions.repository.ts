import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** The rows that keep signed-in tokens alive (auth_sessions). */
export class AuthSessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records a new session; the user's expired rows go at the same time, so the table stays small. */
  async insert(session: { id: string; userId: number; expiresAt: string }, now: Date): Promise<void> {
    const timestamp = now.toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('auth_sessions').where('user_id', '=', session.userId).where('expires_at', '<=', timestamp).execute();
      await trx
        .insertInto('auth_sessions')
        .values({ id: session.id, user_id: session.userId, created_at: timestamp, expires_at: session.expiresAt })
        .execute();
    });
  }

  /** True while the session exists and belongs to `userId`: one primary-key lookup. */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    const row = await this.db.selectFrom('auth_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
    return row?.user_id === userId;
  }

  async delete(sessionId: string): Promise<void> {
    await this.db.deleteFrom('auth_sessions').where('id', '=', sessionId).execute();
  }

  deleteAllOf(userId: number, options: { except?: string } = {}): Promise<void> {
    return endSessionsOf(this.db, userId, options);
  }
}

/** Ends every session of a user (but `except`); usable inside another repository's transaction. */
export async function endSessionsOf(db: Kysely<Database>, userId: number, { except }: { except?: string } = {}): Promise<void> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (except !== undefined) query = query.where('id', '!=', except);
  await query.execute();
}
