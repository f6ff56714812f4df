import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../../config';
import { migrationsFor } from '../../db/migrations';
import type { Storage } from '../../storage/storage';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  type BackupFileEntry,
  type BackupManifest,
  FILES_FOLDER,
  JWT_SECRET_FILE,
  MANIFEST_FILE,
  POSTGRES_DUMP_FILE,
  SQLITE_SNAPSHOT_FILE,
  readManifest,
} from './backup-manifest';
import {
  type PostgresTarget,
  assertToolAvailable,
  checkSqliteFile,
  dumpPostgres,
  dumpedSchemas,
  listPostgresDump,
  postgresMigration,
  postgresSchemaState,
  restorePostgres,
  restoreSqlite,
  snapshotSqlite,
  sqliteTableCount,
} from './backup-database';
import { syncPath } from '../../storage/local-disk-storage';

/**
 * Backups that restore (issue 21 §4): `backup` writes a consistent database snapshot, the data
 * folder's signing secret and a manifest of every stored file (key, size, SHA-256), with a copy of
 * each file unless the store keeps its own versions; `verify` checks a backup against itself and the
 * current storage; `restore` puts one back into an empty data folder. Files only through the Storage
 * interface, so local disk and S3 alike.
 */

export type BackupConfig = Pick<Config, 'database' | 'dataDir' | 'jwtSecret' | 'jobs'>;

/** Called after each file: how many of how many. */
export type ProgressCallback = (done: number, total: number) => void;

/** Files read (and written) at once: a disk barely cares, an object store's latency does. */
const FILE_CONCURRENCY = 4;

export interface CreateBackupOptions {
  dir: string;
  config: BackupConfig;
  storage: Storage;
  /** Copy every stored file into files/ (default: yes on local disk; no on S3, whose bucket versioning keeps them). */
  copyFiles?: boolean;
  /** The root package.json version, for the manifest. */
  appVersion: string;
  now?: () => Date;
  onProgress?: ProgressCallback;
}

export interface CreateBackupResult {
  dir: string;
  manifest: BackupManifest;
  /** Files listed but deleted before they could be read (the app kept running): not in the backup. */
  vanished: string[];
}

export async function createBackup(options: CreateBackupOptions): Promise<CreateBackupResult> {
  const dir = path.resolve(options.dir);
  const { config, storage } = options;
  const inside = path.relative(path.resolve(config.dataDir), dir);
  if (inside === '' || (!inside.startsWith('..') && !path.isAbsolute(inside))) {
    throw new BackupError(`${dir} is inside DATA_DIR (${config.dataDir}): put backups in a folder of their own, outside the data folder`);
  }
  const createdFolder = await prepareEmptyFolder(dir);
  try {
    // The database first, then the files: a file stored after the snapshot is only an extra, while the
    // other order could leave a restored row pointing at a file the backup never saw.
    const { database, migration } = await backUpDatabase(dir, config);
    const jwtSecret = await backUpJwtSecret(dir, config);

    const listed: string[] = [];
    for await (const entry of storage.list('')) listed.push(entry.key);
    const copyFiles = options.copyFiles ?? storage.kind === 'disk';
    const files: BackupFileEntry[] = [];
    const vanished: string[] = [];
    const folders = new Set<string>();
    let done = 0;
    await forEachLimited(listed, FILE_CONCURRENCY, async (key) => {
      const target = copyFiles ? path.join(dir, FILES_FOLDER, ...key.split('/')) : null;
      const stored = await storage.getStream(key);
      if (stored === null) {
        vanished.push(key);
      } else {
        const digest = new Digest();
        if (target) {
          await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
          await pipeline(stored.stream, digest.through, createWriteStream(target, { mode: 0o600 }));
          await syncPath(target);
          for (let folder = path.dirname(target); folder.startsWith(dir) && folder !== dir; folder = path.dirname(folder)) folders.add(folder);
        } else {
          await digest.consume(stored.stream);
        }
        files.push({ key, ...digest.result() });
      }
      options.onProgress?.(++done, listed.length);
    });
    // Each copied file's name is durable only once its folder is synced.
    for (const folder of folders) await syncPath(folder);
    files.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    vanished.sort();

    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: (options.now ?? (() => new Date()))().toISOString(),
      app: { version: options.appVersion, migration },
      database,
      storage: { kind: storage.kind, filesCopied: copyFiles, fileCount: files.length, totalBytes: files.reduce((sum, f) => sum + f.size, 0) },
      jwtSecret,
      files,
    };
    await writeFileDurably(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    return { dir, manifest, vanished };
  } catch (error) {
    await clearFolder(dir, createdFolder);
    throw error;
  }
}

async function backUpDatabase(dir: string, config: BackupConfig): Promise<{ database: BackupManifest['database']; migration: string | null }> {
  const db = config.database;
  if (db.dialect === 'sqlite') {
    const file = path.join(dir, SQLITE_SNAPSHOT_FILE);
    await snapshotSqlite(db.file, file);
    const check = checkSqliteFile(file);
    if (check.integrity !== 'ok') throw new BackupError(`The snapshot of ${db.file} fails PRAGMA integrity_check: ${check.integrity}`);
    await fs.chmod(file, 0o600);
    await syncPath(file);
    return { database: { kind: 'sqlite', file: SQLITE_SNAPSHOT_FILE, ...(await hashExisting(file)) }, migration: check.migration };
  }
  const target = postgresTarget(config);
  const migration = await postgresMigration(target);
  const file = path.join(dir, POSTGRES_DUMP_FILE);
  const schemas = await dumpPostgres(target, file);
  await fs.chmod(file, 0o600);
  await syncPath(file);
  return { database: { kind: 'postgres', file: POSTGRES_DUMP_FILE, schemas, ...(await hashExisting(file)) }, migration };
}

async function backUpJwtSecret(dir: string, config: BackupConfig): Promise<BackupManifest['jwtSecret']> {
  if (config.jwtSecret) return { source: 'environment', fingerprint: fingerprint(config.jwtSecret) };
  const target = path.join(dir, JWT_SECRET_FILE);
  try {
    await fs.copyFile(path.join(config.dataDir, JWT_SECRET_FILE), target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { source: 'none' };
    throw error;
  }
  await fs.chmod(target, 0o600);
  await syncPath(target);
  return { source: 'data-dir', file: JWT_SECRET_FILE };
}

// --- verify ------------------------------------------------------------------------------------------

export interface FileComparison {
  checked: number;
  missing: string[];
  different: { key: string; reason: string }[];
  /** Stored now but not in the backup (stored after it was made): a note, not a problem. */
  extra: string[];
}

export interface VerifyReport {
  manifest: BackupManifest;
  /** What was found of the database snapshot ('ok …' or the problem). */
  database: string;
  /** The backup's own copies (files/), when it has them. */
  copies: FileComparison | null;
  /** The current storage against the manifest. */
  storage: FileComparison;
  /** Each problem on one line; none: the backup is good and the storage holds every file of it. */
  problems: string[];
}

export interface VerifyOptions {
  dir: string;
  storage: Storage;
  onProgress?: ProgressCallback;
}

/** Checks a backup against itself (snapshot, secret, copies) and against the current storage. */
export async function verifyBackup(options: VerifyOptions): Promise<VerifyReport> {
  const dir = path.resolve(options.dir);
  const manifest = await readManifest(dir);
  const problems: string[] = [];

  const database = await checkDatabaseSnapshot(dir, manifest);
  if (!database.ok) problems.push(database.detail);

  if (manifest.jwtSecret.source === 'data-dir') {
    const secret = await fs.readFile(path.join(dir, JWT_SECRET_FILE), 'utf8').catch(() => null);
    if (secret === null || secret.trim().length < 32) problems.push(`${JWT_SECRET_FILE} is missing or damaged: sessions and signed links would not survive a restore`);
  }

  const total = manifest.files.length * (manifest.storage.filesCopied ? 2 : 1);
  let done = 0;
  const tick = () => options.onProgress?.(++done, total);
  let copies: FileComparison | null = null;
  if (manifest.storage.filesCopied) {
    copies = await compareCopies(dir, manifest.files, tick);
    problems.push(...copies.missing.map((key) => `backup copy missing: ${FILES_FOLDER}/${key}`));
    problems.push(...copies.different.map((d) => `backup copy damaged: ${FILES_FOLDER}/${d.key} (${d.reason})`));
  }
  const storage = await compareStorage(options.storage, manifest.files, tick);
  problems.push(...storage.missing.map((key) => `missing from storage: ${key}`));
  problems.push(...storage.different.map((d) => `different in storage: ${d.key} (${d.reason})`));
  return { manifest, database: database.detail, copies, storage, problems };
}

async function checkDatabaseSnapshot(dir: string, manifest: BackupManifest): Promise<{ ok: boolean; detail: string }> {
  const file = path.join(dir, manifest.database.file);
  const found = await hashFile(file);
  if (found === null) return { ok: false, detail: `database snapshot missing: ${manifest.database.file}` };
  const mismatch = compareDigest(found, manifest.database);
  if (mismatch) return { ok: false, detail: `database snapshot ${manifest.database.file} differs from the manifest (${mismatch})` };
  if (manifest.database.kind === 'sqlite') {
    const check = checkSqliteFile(file);
    if (check.integrity !== 'ok') return { ok: false, detail: `database snapshot ${manifest.database.file} fails PRAGMA integrity_check: ${check.integrity}` };
    if (check.migration !== manifest.app.migration) {
      return { ok: false, detail: `database snapshot ${manifest.database.file} is at migration ${check.migration ?? 'none'}, the manifest says ${manifest.app.migration ?? 'none'}` };
    }
    return { ok: true, detail: `${manifest.database.file}: integrity_check ok, migration ${check.migration ?? 'none'}` };
  }
  try {
    const contents = await listPostgresDump(file);
    const entries = contents.split('\n').filter((line) => /^\d+;/.test(line)).length;
    return { ok: true, detail: `${manifest.database.file}: pg_restore --list reads ${entries} entries` };
  } catch (error) {
    return { ok: false, detail: `database snapshot ${manifest.database.file} does not read: ${(error as Error).message}` };
  }
}

async function compareCopies(dir: string, files: readonly BackupFileEntry[], tick: () => void): Promise<FileComparison> {
  const result: FileComparison = { checked: files.length, missing: [], different: [], extra: [] };
  await forEachLimited(files, FILE_CONCURRENCY, async (file) => {
    const found = await hashFile(path.join(dir, FILES_FOLDER, ...file.key.split('/')));
    const mismatch = found && compareDigest(found, file);
    if (found === null) result.missing.push(file.key);
    else if (mismatch) result.different.push({ key: file.key, reason: mismatch });
    tick();
  });
  return sorted(result);
}

/** Every manifest file in storage with the same size and SHA-256; what is stored beyond it is `extra`. */
export async function compareStorage(storage: Storage, files: readonly BackupFileEntry[], tick: () => void = () => undefined): Promise<FileComparison> {
  const stored = new Map<string, number>();
  for await (const entry of storage.list('')) stored.set(entry.key, entry.size);
  const result: FileComparison = { checked: files.length, missing: [], different: [], extra: [] };
  const expected = new Set(files.map((f) => f.key));
  result.extra = [...stored.keys()].filter((key) => !expected.has(key));
  await forEachLimited(files, FILE_CONCURRENCY, async (file) => {
    const size = stored.get(file.key);
    if (size === undefined) {
      result.missing.push(file.key);
    } else if (size !== file.size) {
      result.different.push({ key: file.key, reason: `size ${size}, the backup has ${file.size}` });
    } else {
      const object = await storage.getStream(file.key);
      if (object === null) {
        result.missing.push(file.key);
      } else {
        const digest = new Digest();
        await digest.consume(object.stream);
        const mismatch = compareDigest(digest.result(), file);
        if (mismatch) result.different.push({ key: file.key, reason: mismatch });
      }
    }
    tick();
  });
  return sorted(result);
}

// --- restore -----------------------------------------------------------------------------------------

export interface RestoreOptions {
  dir: string;
  config: BackupConfig;
  storage: Storage;
  onProgress?: ProgressCallback;
}

export interface RestoreResult {
  manifest: BackupManifest;
  filesRestored: number;
  bytesRestored: number;
  /** What happened to the signing secret, in words. */
  jwtSecret: string;
  /** The restored database: its migration. */
  database: string;
  /** The storage afterwards against the manifest. */
  check: FileComparison;
  /** Things the operator must know (a JWT_SECRET to set, extra files). */
  notes: string[];
  /** Each problem on one line; none: restored and checked. */
  problems: string[];
}

/**
 * Restores a backup into an empty data folder: refuses a database that has tables and (when the backup
 * holds copies) a storage that has files. Files first, each checked against its SHA-256 on the way;
 * then the signing secret; then the database; then the storage is checked against the manifest.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const dir = path.resolve(options.dir);
  const { config, storage } = options;
  const manifest = await readManifest(dir);
  const notes: string[] = [];
  const problems: string[] = [];

  // --- preflight: nothing is touched until all of this holds
  const dialect = config.database.dialect;
  if (manifest.database.kind !== dialect) {
    throw new BackupError(
      manifest.database.kind === 'sqlite'
        ? 'The backup is of a SQLite database but DATABASE_URL names PostgreSQL: unset DATABASE_URL to restore it'
        : 'The backup is of a PostgreSQL database but no DATABASE_URL is set: set DATABASE_URL (and DATABASE_SCHEMA) to restore it',
    );
  }
  if (manifest.app.migration !== null && !(manifest.app.migration in migrationsFor(dialect))) {
    throw new BackupError(
      `The backup was made by a newer version of the app (${manifest.app.version}, migration ${manifest.app.migration}): restore it with that version or a newer one`,
    );
  }
  const snapshot = await checkDatabaseSnapshot(dir, manifest);
  if (!snapshot.ok) throw new BackupError(`The backup's ${snapshot.detail}`);

  let postgres: { target: PostgresTarget; existingSchemas: string[] } | null = null;
  if (manifest.database.kind === 'postgres' && config.database.dialect === 'postgres') {
    const target = postgresTarget(config);
    assertSameSchemas(manifest.database.schemas, dumpedSchemas(target));
    await assertToolAvailable('pg_restore');
    const state = await postgresSchemaState(target.url, manifest.database.schemas);
    if (state.nonEmpty.length > 0) {
      throw new BackupError(
        `PostgreSQL ${manifest.database.schemas ? `schema ${state.nonEmpty.map((s) => `"${s}"`).join(', ')}` : 'database'} already holds tables: ` +
          'a restore goes into an empty one (drop or rename it first)',
      );
    }
    postgres = { target, existingSchemas: state.existing };
  } else if (config.database.dialect === 'sqlite') {
    const tables = sqliteTableCount(config.database.file);
    if (tables > 0) {
      throw new BackupError(`The database ${config.database.file} already has ${tables} tables: a restore goes into an empty data folder (move this one aside first)`);
    }
  }
  if (manifest.storage.filesCopied) {
    for await (const entry of storage.list('')) {
      throw new BackupError(`The storage already holds files (${entry.key}, …): a restore goes into empty storage`);
    }
  }

  // --- files
  let filesRestored = 0;
  let bytesRestored = 0;
  if (manifest.storage.filesCopied) {
    let done = 0;
    await forEachLimited(manifest.files, FILE_CONCURRENCY, async (file) => {
      const problem = await restoreFile(dir, storage, file);
      if (problem) problems.push(problem);
      else {
        filesRestored += 1;
        bytesRestored += file.size;
      }
      options.onProgress?.(++done, manifest.files.length);
    });
  } else {
    notes.push(
      `The backup holds no copies of the files (${manifest.storage.kind} storage): the store must hold them as they were at ${manifest.createdAt} ` +
        '(restore the bucket to that time from its object versions); they are checked below.',
    );
  }

  // --- the signing secret, before the database: nothing can sign with a wrong one in between
  const jwtSecret = await restoreJwtSecret(dir, manifest, config, notes);

  // --- the database
  let database: string;
  if (manifest.database.kind === 'sqlite' && config.database.dialect === 'sqlite') {
    await restoreSqlite(path.join(dir, SQLITE_SNAPSHOT_FILE), config.database.file);
    const check = checkSqliteFile(config.database.file);
    if (check.integrity !== 'ok') problems.push(`the restored database fails PRAGMA integrity_check: ${check.integrity}`);
    if (check.migration !== manifest.app.migration) problems.push(`the restored database is at migration ${check.migration ?? 'none'}, the manifest says ${manifest.app.migration ?? 'none'}`);
    database = `${config.database.file} (migration ${check.migration ?? 'none'})`;
  } else if (postgres) {
    await restorePostgres(postgres.target.url, path.join(dir, POSTGRES_DUMP_FILE), postgres.existingSchemas);
    const migration = await postgresMigration(postgres.target);
    if (migration !== manifest.app.migration) problems.push(`the restored database is at migration ${migration ?? 'none'}, the manifest says ${manifest.app.migration ?? 'none'}`);
    database = `PostgreSQL ${postgres.target.schema ? `schema "${postgres.target.schema}"` : 'database'} (migration ${migration ?? 'none'})`;
  } else {
    throw new BackupError('unreachable: the dialects were checked above');
  }

  // --- the check: every file of the manifest in storage, byte for byte
  const check = await compareStorage(storage, manifest.files);
  problems.push(...check.missing.map((key) => `missing from storage: ${key}`));
  problems.push(...check.different.map((d) => `different in storage: ${d.key} (${d.reason})`));
  if (check.extra.length > 0) notes.push(`${check.extra.length} stored files are not in the backup (first: ${check.extra[0]})`);
  return { manifest, filesRestored, bytesRestored, jwtSecret, database, check, notes, problems: [...new Set(problems)] };
}

/** Streams files/<key> into storage, hashing on the way; a copy that does not match is removed again. */
async function restoreFile(dir: string, storage: Storage, file: BackupFileEntry): Promise<string | null> {
  const source = path.join(dir, FILES_FOLDER, ...file.key.split('/'));
  const exists = await fs.stat(source).then((stats) => stats.isFile(), () => false);
  if (!exists) return `backup copy missing, not restored: ${FILES_FOLDER}/${file.key}`;
  const digest = new Digest();
  await storage.put(file.key, Readable.from(digest.through(createReadStream(source))));
  const mismatch = compareDigest(digest.result(), file);
  if (mismatch) {
    await storage.delete(file.key);
    return `backup copy damaged, not restored: ${FILES_FOLDER}/${file.key} (${mismatch})`;
  }
  return null;
}

async function restoreJwtSecret(dir: string, manifest: BackupManifest, config: BackupConfig, notes: string[]): Promise<string> {
  const secret = manifest.jwtSecret;
  if (secret.source === 'none') return 'none in the backup (the app had not made one yet)';
  if (secret.source === 'environment') {
    if (!config.jwtSecret) {
      notes.push('The backup was made with JWT_SECRET from the environment: set the same JWT_SECRET, or sign-ins and signed links made before it stop working.');
      return 'JWT_SECRET from the environment (not in the backup): set it';
    }
    if (fingerprint(config.jwtSecret) !== secret.fingerprint) {
      notes.push('JWT_SECRET is not the one the backup was made with: sign-ins and signed links made before the backup will not work.');
      return 'JWT_SECRET differs from the backup';
    }
    return 'JWT_SECRET from the environment, the same as at the backup';
  }
  if (config.jwtSecret) {
    notes.push(`JWT_SECRET is set, so the backup's ${JWT_SECRET_FILE} was not restored: sign-ins and signed links made before the backup work only if JWT_SECRET holds its value.`);
    return `not restored (JWT_SECRET is set)`;
  }
  const value = await fs.readFile(path.join(dir, JWT_SECRET_FILE), 'utf8');
  await fs.mkdir(config.dataDir, { recursive: true });
  await writeFileDurably(path.join(config.dataDir, JWT_SECRET_FILE), value);
  return `restored to ${path.join(config.dataDir, JWT_SECRET_FILE)}`;
}

function assertSameSchemas(backedUp: string[] | null, configured: string[] | null): void {
  if (backedUp === null && configured === null) return;
  if (backedUp === null) throw new BackupError('The backup holds a whole PostgreSQL database (made without DATABASE_SCHEMA): unset DATABASE_SCHEMA to restore it');
  if (configured === null) {
    throw new BackupError(`The backup holds PostgreSQL schema "${backedUp[0]}": set DATABASE_SCHEMA=${backedUp[0]} (pg_restore cannot rename a schema)`);
  }
  if (backedUp[0] !== configured[0]) {
    throw new BackupError(`The backup holds PostgreSQL schema "${backedUp[0]}", not "${configured[0]}": set DATABASE_SCHEMA=${backedUp[0]} (pg_restore cannot rename a schema)`);
  }
  if (backedUp[1] !== configured[1]) {
    throw new BackupError(`The backup holds the jobs in schema "${backedUp[1]}", not "${configured[1]}": set JOBS_SCHEMA=${backedUp[1]}`);
  }
}

// --- helpers -----------------------------------------------------------------------------------------

function postgresTarget(config: BackupConfig): PostgresTarget {
  if (config.database.dialect !== 'postgres') throw new BackupError('not a PostgreSQL configuration');
  return { url: config.database.url, schema: config.database.schema, jobsSchema: config.jobs.pgBossSchema };
}

/** A short fingerprint of JWT_SECRET, to tell on restore whether it is the same (the secret itself is not in the backup). */
function fingerprint(secret: string): string {
  return createHash('sha256').update(`studio-gallery backup\0${secret}`).digest('hex').slice(0, 16);
}

/** SHA-256 and size of whatever passes through. */
class Digest {
  private readonly hash = createHash('sha256');
  private size = 0;

  /** A pipeline step (or a wrapper of a source) that hashes and counts what flows through it. */
  readonly through = (source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> => this.pass(source);

  private async *pass(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      this.hash.update(chunk);
      this.size += chunk.length;
      yield chunk;
    }
  }

  async consume(source: AsyncIterable<Buffer>): Promise<void> {
    for await (const chunk of this.through(source)) void chunk;
  }

  result(): { size: number; sha256: string } {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

async function hashFile(file: string): Promise<{ size: number; sha256: string } | null> {
  const digest = new Digest();
  try {
    await digest.consume(createReadStream(file));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR') return null;
    throw error;
  }
  return digest.result();
}

async function hashExisting(file: string): Promise<{ size: number; sha256: string }> {
  const found = await hashFile(file);
  if (!found) throw new BackupError(`${file} vanished while the backup was written`);
  return found;
}

/** null when they match, else why not. */
function compareDigest(found: { size: number; sha256: string }, expected: { size: number; sha256: string }): string | null {
  if (found.size !== expected.size) return `size ${found.size}, the manifest has ${expected.size}`;
  if (found.sha256 !== expected.sha256) return 'SHA-256 differs';
  return null;
}

function sorted(result: FileComparison): FileComparison {
  result.missing.sort();
  result.extra.sort();
  result.different.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return result;
}

/** Runs `run` on every item, `limit` at a time; after a failure no new item starts, and the first error is thrown once all have stopped. */
async function forEachLimited<T>(items: readonly T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < items.length) {
      const item = items[next++] as T;
      try {
        await run(item);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/** The target of a backup: a new folder, or an existing empty one. Returns whether it was created. */
async function prepareEmptyFolder(dir: string): Promise<boolean> {
  let entries: string[];
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR') throw new BackupError(`${dir} is a file, not a folder`);
    if (code !== 'ENOENT') throw error;
    // Owner only: the backup holds the signing secret and every customer's photos.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    return true;
  }
  if (entries.length > 0) throw new BackupError(`${dir} is not empty: a backup goes into a new or empty folder`);
  await fs.chmod(dir, 0o700);
  return false;
}

/** After a failed backup: nothing of it stays behind (the folder was new or empty when it started). */
async function clearFolder(dir: string, created: boolean): Promise<void> {
  if (created) {
    await fs.rm(dir, { recursive: true, force: true });
    return;
  }
  for (const entry of await fs.readdir(dir).catch(() => [])) await fs.rm(path.join(dir, entry), { recursive: true, force: true });
}

/** Owner-only file written beside its name, synced, renamed into place, folder synced. */
async function writeFileDurably(file: string, text: string): Promise<void> {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await fs.writeFile(temporary, text, { mode: 0o600 });
    await syncPath(temporary);
    await fs.rename(temporary, file);
    await syncPath(path.dirname(file));
  } catch (error) {
    await fs.rm(temporary, { force: true });
    throw error;
  }
}
