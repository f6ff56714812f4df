import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isValidStorageKey } from '../../storage/storage';

/**
 * The layout of a backup folder (`npm run studio -- backup <dir>`):
 *
 *   manifest.json      what is in it (written last: a folder without it is an unfinished backup)
 *   gallery.sqlite     SQLite: a consistent snapshot (online backup API), self-contained (no -wal)
 *   database.pgdump    PostgreSQL: pg_dump --format=custom of the app's schema and pg-boss's
 *   jwt-secret         DATA_DIR/jwt-secret, when the app generated its own (a secret!)
 *   files/<key>        every stored file, when copied (default on local disk, off on S3)
 */
export const BACKUP_FORMAT = 'studio-gallery-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';
export const SQLITE_SNAPSHOT_FILE = 'gallery.sqlite';
export const POSTGRES_DUMP_FILE = 'database.pgdump';
export const JWT_SECRET_FILE = 'jwt-secret';
export const FILES_FOLDER = 'files';

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'a SHA-256 in hex');
const byteCount = z.number().int().nonnegative();

export const backupFileEntry = z.object({
  key: z.string().refine(isValidStorageKey, 'a storage key'),
  size: byteCount,
  sha256: sha256Hex,
});
export type BackupFileEntry = z.infer<typeof backupFileEntry>;

export const backupManifest = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  /** The app that wrote it: the root package.json version and the newest applied migration. */
  app: z.object({ version: z.string(), migration: z.string().nullable() }),
  database: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('sqlite'), file: z.literal(SQLITE_SNAPSHOT_FILE), size: byteCount, sha256: sha256Hex }),
    z.object({
      kind: z.literal('postgres'),
      file: z.literal(POSTGRES_DUMP_FILE),
      size: byteCount,
      sha256: sha256Hex,
      /** The schemas dumped (the app's, then pg-boss's); null: the whole database (no DATABASE_SCHEMA). */
      schemas: z.array(z.string()).nullable(),
    }),
  ]),
  storage: z.object({
    kind: z.enum(['disk', 's3']),
    /** Whether files/<key> holds a copy of each file; without, the store itself must keep them (bucket versioning). */
    filesCopied: z.boolean(),
    fileCount: byteCount,
    totalBytes: byteCount,
  }),
  /**
   * How tokens and signed links were signed: DATA_DIR/jwt-secret (copied into the backup), JWT_SECRET
   * from the environment (not copied; a fingerprint to compare on restore), or no secret yet.
   */
  jwtSecret: z.discriminatedUnion('source', [
    z.object({ source: z.literal('data-dir'), file: z.literal(JWT_SECRET_FILE) }),
    z.object({ source: z.literal('environment'), fingerprint: z.string() }),
    z.object({ source: z.literal('none') }),
  ]),
  /** Every stored file at the time of the backup, in key order. */
  files: z.array(backupFileEntry),
});
export type BackupManifest = z.infer<typeof backupManifest>;

/** A backup that cannot be made, read, verified or restored; the message says why, for the operator. */
export class BackupError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'BackupError';
  }
}

export async function readManifest(dir: string): Promise<BackupManifest> {
  const file = path.join(dir, MANIFEST_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(`${file} is missing: ${dir} is not a backup, or the backup did not finish`);
    }
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new BackupError(`${file} is not valid JSON`);
  }
  if (typeof json === 'object' && json !== null && (json as { formatVersion?: unknown }).formatVersion !== BACKUP_FORMAT_VERSION) {
    const version = (json as { formatVersion?: unknown }).formatVersion;
    if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
      throw new BackupError(`${file} has format version ${version}; this app reads version ${BACKUP_FORMAT_VERSION}: use a newer app`);
    }
  }
  const parsed = backupManifest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BackupError(`${file} is not a studio-gallery backup manifest (${issue?.path.join('.') || 'root'}: ${issue?.message ?? 'invalid'})`);
  }
  return parsed.data;
}
