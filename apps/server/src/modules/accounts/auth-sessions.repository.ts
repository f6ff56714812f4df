import type { Kysely } from 'kysely';
import { BatchLoader } from '../../db/batch-loader';
import type { Dialect } from '../../db/create-db';
import type { Database } from '../../db/schema';

/** Session ids per lookup query (well under SQLite's and PostgreSQL's bound-parameter limits). */
const LOOKUP_CHUNK = 1000;

/** The rows that keep signed-in tokens alive (auth_sessions). */
export class AuthSessionsRepository {
  /**
   * On PostgreSQL, the owner of each session id asked for, in shared batches: under load, the
   * requests that arrive while one lookup runs share the next one (a round trip per request halved the
   * page route's ratio to the no-op route). A batch starts after its keys were asked for, so it sees
   * every logout before them. On SQLite a lookup is an in-process call of microseconds, and batching
   * only added work (bench/gallery-page.ts --compare, docs/benchmarks.md): one query per request.
   */
  private readonly owners: BatchLoader<string, number | null> | null;

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
  ) {
    this.owners = dialect === 'postgres' ? new BatchLoader((ids) => this.ownersOf(ids), () => null) : null;
  }

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

  /** True while the session exists and belongs to `userId`: a primary-key lookup (shared under load). */
  async isLive(sessionId: string, userId: number): Promise<boolean> {
    if (this.owners) return (await this.owners.load(sessionId)) === userId;
    const row = await this.db.selectFrom('auth_sessions').select('user_id').where('id', '=', sessionId).executeTakeFirst();
    return row?.user_id === userId;
  }

  private async ownersOf(ids: string[]): Promise<Map<string, number>> {
    const owners = new Map<string, number>();
    for (let start = 0; start < ids.length; start += LOOKUP_CHUNK) {
      const rows = await this.db
        .selectFrom('auth_sessions')
        .select(['id', 'user_id'])
        .where('id', 'in', ids.slice(start, start + LOOKUP_CHUNK))
        .execute();
      for (const row of rows) owners.set(row.id, row.user_id);
    }
    return owners;
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
