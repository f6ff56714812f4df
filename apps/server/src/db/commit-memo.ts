import type { Database as SqliteDatabase } from 'better-sqlite3';
import { type SqliteCommits, sqliteCommitsOf } from './sqlite-commits';

/**
 * SQLite: small reads made at once on the connection (no query builder, connection mutex or promise,
 * which cost a hot request more than the read itself: issue 23) and remembered until the next commit
 * to the database by any connection of any process (db/sqlite-commits.ts: one `pread` of the
 * wal-index header instead of a read transaction). While nothing was committed, nothing changed, so a
 * remembered value is exactly what a read would find now.
 *
 * `read` answers undefined where it cannot read at once: on PostgreSQL (no connection given), and while
 * a transaction is open on the connection (between its statements other requests run; what it wrote
 * is not committed yet): the caller then reads the usual way. Values are never undefined (use null).
 */
export class CommitMemo<K, V extends NonNullable<unknown> | null> {
  private commits: SqliteCommits | null | undefined;
  private readonly known = new Map<K, V>();
  private knownAt: number | null = null;

  /** `sqlite`: the connection (Db.sqlite; null on PostgreSQL); at most `limit` values are kept. */
  constructor(
    private readonly sqlite: SqliteDatabase | null,
    private readonly limit: number,
  ) {}

  /** The value of `key` as `readNow` reads it on the connection, remembered since the last commit; undefined: read it the usual way. */
  read(key: K, readNow: (sqlite: SqliteDatabase) => V): V | undefined {
    if (this.sqlite === null) return undefined;
    const commits = this.commits;
    const generation = commits === undefined || commits === null ? null : commits.current();
    if (generation !== null && generation === this.knownAt) {
      const known = this.known.get(key);
      if (known !== undefined) return known;
    }
    if (this.sqlite.inTransaction) return undefined;
    const value = readNow(this.sqlite);
    if (this.commits === undefined) {
      this.commits = sqliteCommitsOf(this.sqlite);
      this.commits?.attach(); // after a read: the connection holds the -shm file open
    } else if (generation !== null) {
      // Read after the look: what it read is at least as new as `generation` (a commit in between moves the header, and the next look).
      if (generation !== this.knownAt || this.known.size >= this.limit) {
        this.known.clear();
        this.knownAt = generation;
      }
      this.known.set(key, value);
    }
    return value;
  }
}
