import fs from 'node:fs';
import type { Database as SqliteDatabase } from 'better-sqlite3';

/**
 * Whether anything was committed to a SQLite database since the last look, by any connection in any
 * process, without a read transaction (issue 23: on the cached gallery page, the per-request read of
 * the customer's revision, a read transaction of its own with two `fcntl` locks, was the largest cost
 * left over the no-op route).
 *
 * In WAL mode every commit, from any process, publishes itself by rewriting the wal-index header at the
 * start of the `-shm` file (https://sqlite.org/walformat.html §2.2: mxFrame, the frame checksum and
 * the salts; iChange is raised by each transaction): a reader that finds the header unchanged sees
 * exactly the database it saw before. The format is shared by every SQLite version that opens the file
 * at the same time, so it is stable. The header is written twice (copy 2, then copy 1); here both are
 * read with one `pread` and a look whose copies differ (a commit publishing itself) tells nothing.
 *
 * The `-shm` file is opened (read-only) only after the server's own connection has read the database:
 * from then on that connection holds its shared lock on the file, so no other process can delete or
 * recreate it under us. It is never closed while a connection made by createDb to the same file is open
 * in this process: closing any descriptor of a file drops every POSIX lock this process holds on it,
 * SQLite's own included (sqlite.org/howtocorrupt.html §2.2).
 */
export class SqliteCommits {
  private fd: number | null = null;
  private failed = false;
  private readonly read = Buffer.alloc(96);
  private readonly seen = Buffer.alloc(48);
  private seenValid = false;
  private generation = 0;

  constructor(private readonly shmFile: string) {}

  /**
   * A number that stays the same while nothing was committed to the database, and changes with the
   * first look after a commit; null when that cannot be told (not opened yet, a commit publishing
   * itself, no wal-index): read the database itself.
   */
  current(): number | null {
    const fd = this.fd;
    if (fd === null) return null;
    let bytes: number;
    try {
      bytes = fs.readSync(fd, this.read, 0, 96, 0);
    } catch {
      return null;
    }
    // Short, torn or not initialised (isInit, byte 12, is 0 until the wal-index is built).
    if (bytes < 96 || this.read[12] === 0 || this.read.compare(this.read, 48, 96, 0, 48) !== 0) return null;
    if (!this.seenValid || this.read.compare(this.seen, 0, 48, 0, 48) !== 0) {
      this.read.copy(this.seen, 0, 0, 48);
      this.seenValid = true;
      this.generation += 1;
    }
    return this.generation;
  }

  /** Call after the connection has read the database (so it holds the `-shm` file open): opens it once. */
  attach(): void {
    if (this.fd !== null || this.failed) return;
    try {
      this.fd = fs.openSync(this.shmFile, 'r');
    } catch {
      this.failed = true; // not in WAL mode, or no shared-memory file: every look answers null
    }
  }

  /** Only once no connection of this process made by createDb has the file open (see above). */
  close(): void {
    if (this.fd !== null) fs.closeSync(this.fd);
    this.fd = null;
    this.seenValid = false;
  }
}

interface Shared {
  commits: SqliteCommits;
  connections: number;
}

/** By `-shm` path: one descriptor per file for all of this process's connections to it. */
const byFile = new Map<string, Shared>();
const byConnection = new WeakMap<SqliteDatabase, Shared>();

/** createDb: registers a WAL-mode connection to `file`; `release` when it is closed. */
export function registerSqliteConnection(database: SqliteDatabase, file: string): { release(): void } {
  const shmFile = `${fs.realpathSync(file)}-shm`;
  let shared = byFile.get(shmFile);
  if (shared === undefined) {
    shared = { commits: new SqliteCommits(shmFile), connections: 0 };
    byFile.set(shmFile, shared);
  }
  shared.connections += 1;
  byConnection.set(database, shared);
  const registered = shared;
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      registered.connections -= 1;
      if (registered.connections === 0) {
        registered.commits.close();
        byFile.delete(shmFile);
      }
    },
  };
}

/** The commit watch of a connection made by createDb (a WAL-mode file), else null. */
export function sqliteCommitsOf(database: SqliteDatabase): SqliteCommits | null {
  return byConnection.get(database)?.commits ?? null;
}
