import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { BackupError } from '../modules/backup/backup-manifest';
import { type FileComparison, type ProgressCallback, createBackup, restoreBackup, verifyBackup } from '../modules/backup/backup.service';
import { createStorage } from '../storage/create-storage';
import type { Storage } from '../storage/storage';

export const BACKUP_USAGE = `  npm run studio -- backup <dir> [--files | --no-files]
  npm run studio -- backup --verify <dir>
  npm run studio -- restore <dir>

backup writes into <dir> (new or empty) a consistent snapshot of the database, safe while the app runs
(SQLite: the online backup API; PostgreSQL: pg_dump --format=custom, from PATH), DATA_DIR/jwt-secret,
and manifest.json with every stored file's key, size and SHA-256. --files copies the files into
<dir>/files: the default on local disk; on S3 the default is --no-files (keep bucket versioning on).
The folder holds the signing secret and every customer's photos: keep it private.
--verify checks a backup (snapshot, secret, copies) and compares the storage with it: exit 1, naming
each file, when one is missing or different. restore puts a backup into an empty data folder (stop
the app first), each file checked against its SHA-256, then checks the storage against the manifest.`;

/** A wrong command line: studio.ts prints it with the usage. */
export class BackupUsageError extends Error {}

export interface BackupCommandContext {
  /** Default: loadConfig(process.env), as every studio command. */
  config?: Config;
  /** Default: createStorage(config). */
  storage?: Storage;
  /** Relative folders resolve against this: default INIT_CWD (where `npm run` was typed, as DATA_DIR does), else the working folder. */
  cwd?: string;
  /** The summary (stdout); problems and progress go to `err` (stderr). */
  out?: (line: string) => void;
  err?: (line: string) => void;
}

/** Lines of a list shown before "… and n more". */
const SHOWN = 50;

/** `backup <dir> [--files|--no-files]` and `backup --verify <dir>`; resolves with the exit code. */
export async function runBackupCommand(argv: string[], context: BackupCommandContext = {}): Promise<number> {
  const { values, positionals } = parseCommandLine(() =>
    parseArgs({
      args: argv,
      allowPositionals: true,
      options: { verify: { type: 'boolean', default: false }, files: { type: 'boolean' }, 'no-files': { type: 'boolean' } },
    }),
  );
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) throw new BackupUsageError('backup takes exactly one folder');
  if (values.files && values['no-files']) throw new BackupUsageError('--files and --no-files exclude each other');
  if (values.verify && (values.files || values['no-files'])) throw new BackupUsageError('--verify takes no --files option');
  const io = openContext(context);
  const dir = path.resolve(io.cwd, folder);
  return exitOnBackupError(io, async () => {
    if (values.verify) return await verify(dir, io);
    const copyFiles = values.files ? true : values['no-files'] ? false : undefined;
    const { manifest, vanished } = await createBackup({
      dir,
      config: io.config,
      storage: io.storage,
      copyFiles,
      appVersion: readAppVersion(),
      onProgress: progress('files', io.err),
  });
  const db = manifest.database;
  const files = manifest.storage;
  io.out(`Backup written to ${dir}`);
  io.out(`  Database: ${db.kind === 'sqlite' ? 'SQLite snapshot' : `PostgreSQL dump (${db.schemas ? `schemas ${db.schemas.join(', ')}` : 'whole database'})`} ${db.file}, ${bytes(db.size)}, migration ${manifest.app.migration ?? 'none'}`);
  io.out(
    `  Files: ${files.fileCount} (${bytes(files.totalBytes)}) from ${files.kind} storage, ` +
      (files.filesCopied ? 'copied into files/' : 'listed with their SHA-256, not copied (the store keeps them: S3 bucket versioning)'),
  );
  io.out(`  Signing secret: ${secretLine(manifest.jwtSecret.source)}`);
  if (vanished.length > 0) list(io.err, `  Deleted while the backup ran (not in it): ${vanished.length}`, vanished);
  io.out('The folder holds the signing secret and customers\' photos: keep it private (it is readable by its owner only).');
  return 0;
  });
}

/** `restore <dir>`; resolves with the exit code. */
export async function runRestoreCommand(argv: string[], context: BackupCommandContext = {}): Promise<number> {
  const { positionals } = parseCommandLine(() => parseArgs({ args: argv, allowPositionals: true, options: {} }));
  const [folder, ...extra] = positionals;
  if (!folder || extra.length > 0) throw new BackupUsageError('restore takes exactly one folder');
  const io = openContext(context);
  const dir = path.resolve(io.cwd, folder);
  return exitOnBackupError(io, async () => {
    const result = await restoreBackup({ dir, config: io.config, storage: io.storage, onProgress: progress('files', io.err) });
    const { manifest } = result;
    io.out(`Restored the backup of ${manifest.createdAt} (app ${manifest.app.version}) into ${io.config.dataDir}`);
    io.out(`  Database: ${result.database}`);
    io.out(
      manifest.storage.filesCopied
        ? `  Files: ${result.filesRestored} of ${manifest.files.length} restored (${bytes(result.bytesRestored)}), each SHA-256 checked`
        : `  Files: none in the backup (${manifest.storage.kind} storage)`,
    );
    io.out(`  Signing secret: ${result.jwtSecret}`);
    io.out(`  Check: ${comparisonLine(result.check)}`);
    for (const note of result.notes) io.err(`Note: ${note}`);
    if (result.problems.length > 0) {
      list(io.err, `${result.problems.length} problem${result.problems.length === 1 ? '' : 's'}:`, result.problems);
      return 1;
    }
    io.out('Restore complete: start the app on this data folder.');
    return 0;
  });
}

async function verify(dir: string, io: ReturnType<typeof openContext>): Promise<number> {
  const report = await verifyBackup({ dir, storage: io.storage, onProgress: progress('files', io.err) });
  const { manifest } = report;
  io.out(`Backup ${dir} of ${manifest.createdAt}: app ${manifest.app.version}, ${manifest.database.kind}, ${manifest.files.length} files (${bytes(manifest.storage.totalBytes)})`);
  io.out(`  Database: ${report.database}`);
  if (report.copies) io.out(`  Backup copies: ${comparisonLine(report.copies)}`);
  io.out(`  Storage: ${comparisonLine(report.storage)}`);
  if (report.storage.extra.length > 0) list(io.out, `  Stored since the backup (not in it): ${report.storage.extra.length}`, report.storage.extra);
  if (report.problems.length > 0) {
    list(io.err, `${report.problems.length} problem${report.problems.length === 1 ? '' : 's'}:`, report.problems);
    return 1;
  }
  io.out('The backup is good: every file of it is in storage, byte for byte.');
  return 0;
}

/** parseArgs' complaints (an unknown option) as usage errors. */
/** A BackupError (a refusal or a failed check, with its message) is exit code 1; anything else is a crash. */
async function exitOnBackupError(io: { err: (line: string) => void }, run: () => Promise<number>): Promise<number> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

function parseCommandLine<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) throw new BackupUsageError((error as Error).message);
    throw error;
  }
}

function openContext(context: BackupCommandContext) {
  const config = context.config ?? loadConfig(process.env);
  return {
    config,
    cwd: context.cwd ?? process.env.INIT_CWD ?? process.cwd(),
    storage: context.storage ?? createStorage(config),
    out: context.out ?? ((line: string) => process.stdout.write(`${line}\n`)),
    err: context.err ?? ((line: string) => process.stderr.write(`${line}\n`)),
  };
}

function comparisonLine(c: FileComparison): string {
  return `${c.checked} checked, ${c.missing.length} missing, ${c.different.length} different`;
}

function secretLine(source: 'data-dir' | 'environment' | 'none'): string {
  if (source === 'data-dir') return 'DATA_DIR/jwt-secret, copied into jwt-secret';
  if (source === 'environment') return 'JWT_SECRET from the environment: not copied, keep it with the configuration';
  return 'none yet (the app has not run on this data folder)';
}

function list(write: (line: string) => void, title: string, items: readonly string[]): void {
  write(title);
  for (const item of items.slice(0, SHOWN)) write(`  ${item}`);
  if (items.length > SHOWN) write(`  … and ${items.length - SHOWN} more`);
}

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** A line every 10 % on stderr, for long runs (nothing for a few files). */
function progress(label: string, write: (line: string) => void): ProgressCallback {
  let lastTenth = 0;
  return (done, total) => {
    if (total < 100) return;
    const tenth = Math.floor((done / total) * 10);
    if (tenth > lastTenth) {
      lastTenth = tenth;
      write(`${done}/${total} ${label}`);
    }
  };
}

function readAppVersion(): string {
  try {
    const rootPackage = new URL('../../../../package.json', import.meta.url);
    return (JSON.parse(fs.readFileSync(rootPackage, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
