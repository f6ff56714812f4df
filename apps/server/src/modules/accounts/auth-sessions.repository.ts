import type { Kysely } from 'kysely';
import { BatchLoader } from '../../db/batch-loader';
import type { Db } from '../../db/create-db';
import type { Database } from '../../db/schema';

/** Session ids per lookup query (well under SQLite's and PostgreSQL's bound-parameter limits). */
const LOOKUP_CHUNK = 1000;

/**
 * How long an instance trusts a session row it has read. A session ended through this instance
 * (logout, sign out everywhere, password change or reset) is forgotten at once; one ended through
 * another instance (on SQLite, another process on the same file) is refused here at most this long after.
 */
export const SESSION_TRUST_MS = 2000;
/** Sessions trusted at once, per instance (the oldest go first): well under a MB. */
const TRUSTED_SESSIONS = 10_000;

/** The rows that keep signed-in tokens alive (auth_sessions). */
export class AuthSessionsRepository {
  /**
   * How a session's owner is read, per dialect. PostgreSQL: in shared batches (BatchLoader): the
   * requests that arrive while one lookup runs share the next one (a round trip per request halved the
   * page route's ratio to the no-op route); a batch starts after its keys were asked for, so it sees
   * every logout before them. SQLite: one prepared statement run synchronously on the connection;
   * through Kysely's driver (builder, connection mutex, promise hops) the same read cost ~30 µs a
   * request, and batching cost more still (docs/benchmarks.md, issue 11).
   * Both trust a row they read for SESSION_TRUST_MS (issue 23): even shared, the PostgreSQL lookups cost
   * a page 20-40 % more CPU, and on SQLite the read is a read transaction of its own on every call (in a
   * CPU profile of the cached page, 9 % of its time): a burst of calls with one token reads its row once.
   */
  private readonly readOwner: (sessionId: string) => Promise<number | null> | number | null;
  private readonly db: Kysely<Database>;
  /** Sessions read lately, until when they are trusted (performance.now() ms); oldest first. */
  private readonly trusted = new Map<string, { userId: number; until: number }>();
  /** Raised whenever sessions are forgotten: a lookup that started before it does not trust its answer. */
  private forgets = 0;

  constructor({ kysely, sqlite }: Pick<Db, 'kysely' | 'sqlite'>, private readonly trustMs = SESSION_TRUST_MS) {
    this.db = kysely;
    if (sqlite) {
      // Prepared at first use: the app is built before the migrations may have created the table.
      let statement: ReturnType<typeof sqlite.prepare<[string], { user_id: number }>> | undefined;
      this.readOwner = (sessionId) => {
        statement ??= sqlite.prepare<[string], { user_id: number }>('select user_id from auth_sessions where id = ?');
        return statement.get(sessionId)?.user_id ?? null;
      };
    } else {
      const owners = new BatchLoader<string, number | null>((ids: string[]) => this.ownersOf(ids), () => null);
      this.readOwner = (sessionId) => owners.load(sessionId);
    }
  }

  private ownerOf(sessionId: string): Promise<number | null> | number | null {
    const now = performance.now();
    const known = this.trusted.get(sessionId);
    if (known !== undefined && known.until > now) return known.userId;
    const forgetsBefore = this.forgets;
    const owner = this.readOwner(sessionId);
    if (typeof owner === 'object' && owner !== null) return owner.then((read) => this.trust(sessionId, read, now, forgetsBefore));
    return this.trust(sessionId, owner, now, forgetsBefore);
  }

  /** Remembers what was read of a session (unless sessions were forgotten while it was read). */
  private trust(sessionId: string, owner: number | null, readAt: number, forgetsBefore: number): number | null {
    this.trusted.delete(sessionId);
    if (owner !== null && this.trustMs > 0 && this.forgets === forgetsBefore) {
      if (this.trusted.size >= TRUSTED_SESSIONS) this.trusted.delete(this.trusted.keys().next().value as string);
      this.trusted.set(sessionId, { userId: owner, until: readAt + this.trustMs });
    }
    return owner;
  }

  /** Stops trusting what this instance read of a user's sessions (they were just ended). */
  forgetUser(userId: number): void {
    this.forgets += 1;
    for (const [sessionId, known] of this.trusted) if (known.userId === userId) this.trusted.delete(sessionId);
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

  /** True while the session exists and belongs to `userId`: one primary-key lookup (shared under load on PostgreSQL), or a row read within SESSION_TRUST_MS. */
  isLive(sessionId: string, userId: number): Promise<boolean> | boolean {
    const owner = this.ownerOf(sessionId);
    if (typeof owner === 'object' && owner !== null) return owner.then((read) => read === userId);
    return owner === userId;
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
    this.forgets += 1;
    this.trusted.delete(sessionId);
  }

  async deleteAllOf(userId: number, options: { except?: string } = {}): Promise<void> {
    await endSessionsOf(this.db, userId, options);
    this.forgetUser(userId);
  }
}

/** Ends every session of a user (but `except`); usable inside another repository's transaction. */
export async function endSessionsOf(db: Kysely<Database>, userId: number, { except }: { except?: string } = {}): Promise<void> {
  let query = db.deleteFrom('auth_sessions').where('user_id', '=', userId);
  if (except !== undefined) query = query.where('id', '!=', except);
  await query.execute();
}
