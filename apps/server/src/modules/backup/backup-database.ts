import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { syncPath } from '../../storage/local-disk-storage';
import { BackupError } from './backup-manifest';

/**
 * The database half of a backup: SQLite through better-sqlite3's online backup API, PostgreSQL through
 * pg_dump / pg_restore (spawned from PATH). No Kysely here: a backup must not migrate or seed anything.
 */

/** Kysely's migration table (db/migrate.ts uses Kysely's default name). */
const MIGRATION_TABLE = 'kysely_migration';

// --- SQLite ----------------------------------------------------------------------------------------

/** Pages per step of the online backup: all of them in one step (a write by the running app between steps would restart it). */
const ALL_PAGES = 0x7fffffff;

/**
 * A consistent snapshot of the live database file into `target`, while the app may be writing (WAL):
 * SQLite's online backup API copies the pages of one read transaction. The copy is switched to the
 * rollback journal, so the snapshot is one self-contained file (no -wal beside it).
 */
export async function snapshotSqlite(sourceFile: string, target: string): Promise<void> {
  try {
    await fs.access(sourceFile);
  } catch {
    throw new BackupError(`There is no SQLite database at ${sourceFile}: check DATA_DIR (or set DATABASE_URL for PostgreSQL)`);
  }
  const source = new SqliteDatabase(sourceFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const snapshot = new SqliteDatabase(target, { fileMustExist: true });
  try {
    snapshot.pragma('journal_mode = DELETE');
  } finally {
    snapshot.close();
  }
}

export interface SqliteCheck {
  /** 'ok', or what PRAGMA integrity_check found (or why the file does not open). */
  integrity: string;
  migration: string | null;
}

/** Opens a snapshot read-only: PRAGMA integrity_check and the newest applied migration. */
export function checkSqliteFile(file: string): SqliteCheck {
  let db: SqliteDatabase.Database;
  try {
    db = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return { integrity: `does not open: ${(error as Error).message}`, migration: null };
  }
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const integrity = rows.map((row) => row.integrity_check).join('; ') || 'no answer';
    return { integrity, migration: integrity === 'ok' ? sqliteMigration(db) : null };
  } catch (error) {
    return { integrity: `does not open: ${(error as Error).message}`, migration: null };
  } finally {
    db.close();
  }
}

function sqliteMigration(db: SqliteDatabase.Database): string | null {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(MIGRATION_TABLE);
  if (!table) return null;
  const row = db.prepare(`select name from ${MIGRATION_TABLE} order by name desc limit 1`).get() as { name: string } | undefined;
  return row?.name ?? null;
}

/** Tables in the SQLite file (0 when there is no file): a restore goes only into an empty database. */
export function sqliteTableCount(file: string): number {
  if (!existsSync(file)) return 0;
  const db = new SqliteDatabase(file, { fileMustExist: true });
  try {
    const row = db.prepare("select count(*) as n from sqlite_master where type = 'table'").get() as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

/**
 * Puts the snapshot in place of the (empty or missing) database file: copied beside it, synced, the
 * old -wal/-shm removed (SQLite would replay a stale WAL into the new file), then renamed over it.
 */
export async function restoreSqlite(snapshot: string, target: string): Promise<void> {
  await fs.mkdir(path.dirname(target), { recursive: true });
  const temporary = `${target}.restore-${process.pid}.tmp`;
  try {
    await fs.copyFile(snapshot, temporary);
    await syncPath(temporary);
    await fs.rm(`${target}-wal`, { force: true });
    await fs.rm(`${target}-shm`, { force: true });
    await fs.rename(temporary, target);
    await syncPath(path.dirname(target));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}

// --- PostgreSQL --------------------------------------------------------------------------------------

export interface PostgresTarget {
  url: string;
  /** DATABASE_SCHEMA; null: the database's default schema (the whole database is dumped). */
  schema: string | null;
  /** pg-boss's schema (config.jobs.pgBossSchema): queued jobs are data too. */
  jobsSchema: string;
}

/** The schemas a dump of this configuration holds; null: the whole database. */
export function dumpedSchemas(target: PostgresTarget): string[] | null {
  return target.schema ? [target.schema, target.jobsSchema] : null;
}

/**
 * The connection for libpq's tools: the URL without its password, which goes in PGPASSWORD instead
 * (a command line is visible to every user of the machine in `ps`).
 */
function toolConnection(url: string): { dbname: string; env: Record<string, string> } {
  const parsed = new URL(url);
  const env: Record<string, string> = {};
  if (parsed.password) {
    env.PGPASSWORD = decodeURIComponent(parsed.password);
    parsed.password = '';
  }
  return { dbname: parsed.toString(), env };
}

/** Runs pg_dump / pg_restore from PATH; resolves with its stdout, rejects with its stderr. */
function runTool(command: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) => {
      settle(() =>
        reject(
          error.code === 'ENOENT'
            ? new BackupError(
                `${command} was not found on PATH: install the PostgreSQL client tools of the server's major version or newer ` +
                  '(Debian: apt-get install postgresql-client), or put them on PATH',
              )
            : error,
        ),
      );
    });
    child.on('close', (code, signal) => {
      settle(() => {
        if (code === 0) resolve(Buffer.concat(out).toString('utf8'));
        else reject(new BackupError(`${command} failed (${signal ?? `exit ${code}`}): ${Buffer.concat(err).toString('utf8').trim() || 'no message'}`));
      });
    });
  });
}

/** Fails with a clear message when the tool is not on PATH, before anything is touched. */
export async function assertToolAvailable(command: 'pg_dump' | 'pg_restore'): Promise<void> {
  await runTool(command, ['--version']);
}

/** pg_dump --format=custom of the app's schema and pg-boss's (or the whole database) into `file`. */
export async function dumpPostgres(target: PostgresTarget, file: string): Promise<string[] | null> {
  const schemas = dumpedSchemas(target);
  const { dbname, env } = toolConnection(target.url);
  await runTool('pg_dump', ['--format=custom', `--file=${file}`, ...(schemas ?? []).map((s) => `--schema=${s}`), `--dbname=${dbname}`], env);
  return schemas;
}

/** pg_restore --list of a dump: its table of contents (proves the archive reads to its end). */
export async function listPostgresDump(file: string): Promise<string> {
  return runTool('pg_restore', ['--list', file]);
}

/**
 * Restores a dump into the configured database: in one transaction, stopping at the first error, owned
 * by the connecting user. Schemas that already exist (empty: checked before) are not created again.
 */
export async function restorePostgres(url: string, file: string, existingSchemas: readonly string[]): Promise<void> {
  const contents = await listPostgresDump(file);
  const existing = new Set(existingSchemas);
  const list = contents
    .split('\n')
    .map((line) => {
      const schema = /^\d+; \d+ \d+ SCHEMA - (\S+) /.exec(line)?.[1];
      return schema !== undefined && existing.has(schema) ? `;${line}` : line;
    })
    .join('\n');
  const listFolder = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-restore-'));
  const listFile = path.join(listFolder, 'restore.list');
  try {
    await fs.writeFile(listFile, list, { mode: 0o600 });
    const { dbname, env } = toolConnection(url);
    await runTool(
      'pg_restore',
      ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--use-list=${listFile}`, `--dbname=${dbname}`, file],
      env,
    );
  } finally {
    await fs.rm(listFolder, { recursive: true, force: true });
  }
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export interface SchemaState {
  /** Schemas (of those asked, or every non-system one) that exist. */
  existing: string[];
  /** Of those, the ones holding tables, sequences, views or other relations. */
  nonEmpty: string[];
}

/** Which of `schemas` (null: every non-system schema) exist, and which hold relations. */
export async function postgresSchemaState(url: string, schemas: readonly string[] | null): Promise<SchemaState> {
  return withClient(url, async (client) => {
    const { rows } = await client.query<{ schema: string; relations: number }>(
      `select n.nspname as schema, count(c.oid)::int as relations
         from pg_namespace n left join pg_class c on c.relnamespace = n.oid
        where ${schemas ? 'n.nspname = any($1)' : "n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'"}
        group by n.nspname order by n.nspname`,
      schemas ? [schemas] : [],
    );
    return { existing: rows.map((r) => r.schema), nonEmpty: rows.filter((r) => r.relations > 0).map((r) => r.schema) };
  });
}

/** The newest applied migration in the app's schema (null: none, or no migration table). */
export async function postgresMigration(target: Pick<PostgresTarget, 'url' | 'schema'>): Promise<string | null> {
  return withClient(target.url, async (client) => {
    const table = target.schema ? `"${target.schema}".${MIGRATION_TABLE}` : MIGRATION_TABLE;
    try {
      const { rows } = await client.query<{ name: string }>(`select name from ${table} order by name desc limit 1`);
      return rows[0]?.name ?? null;
    } catch (error) {
      // 42P01: no such table; 3F000: no such schema.
      const code = (error as { code?: string }).code;
      if (code === '42P01' || code === '3F000') return null;
      throw error;
    }
  });
}
