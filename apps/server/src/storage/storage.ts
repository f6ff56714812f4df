import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/** A stored file being read. */
export interface StoredObject {
  stream: Readable;
  size: number;
}

/**
 * A stored file open for reads at positions into the caller's buffers (local disk: a file
 * descriptor), so a large sequential transfer can reuse a few buffers instead of one per chunk.
 * It carries no size: the caller knows the size it expects, and the reads show a file of another
 * size (fewer bytes than asked before it, or more).
 */
export interface StoredFileReader {
  /** Reads up to `length` bytes at `position` into `buffer` from its start; resolves with how many, fewer than asked only at the end of the file. */
  read(buffer: Buffer, length: number, position: number): Promise<number>;
  close(): Promise<void>;
}

/** How a stored file is read. */
export interface ReadOptions {
  /**
   * Bytes per chunk read (Node's default for a file stream is 64 KiB). Large sequential transfers
   * such as ZIP entries ask for more: fewer reads, fewer buffers to collect, fewer socket writes.
   */
  highWaterMark?: number;
}

/** One stored file as a listing names it. */
export interface StoredEntry {
  key: string;
  size: number;
  /** When the file was last written (a file's mtime, an object's LastModified), when the store says; the orphan sweep leaves files of unknown age alone. */
  modifiedAt?: Date;
}

/** How a short-lived URL of a stored file should answer. */
export interface UrlOptions {
  /** Seconds the URL works (a few minutes at most for private files). */
  expiresInSeconds: number;
  /** Content-Disposition of the answer (e.g. `attachment; filename="…"`). */
  contentDisposition?: string;
  /** Content-Type of the answer. */
  contentType?: string;
}

/**
 * Where media files live, addressed by keys such as `avatars/3f…a1.webp`: local disk
 * (local-disk-storage.ts) by default, an S3-compatible bucket (s3-storage.ts) at scale. Only this
 * folder knows which; modules speak keys.
 */
export interface Storage {
  /** 'disk' or 's3': for logs, health and the operations docs only, never for a module's branching. */
  readonly kind: 'disk' | 's3';
  /** Writes atomically: readers see the old file or the whole new one, never a part. */
  put(key: string, data: Buffer | Readable): Promise<void>;
  /** null when there is no such file. */
  getStream(key: string, options?: ReadOptions): Promise<StoredObject | null>;
  /**
   * Optional (local disk has it, S3 does not): the file opened for positioned reads into the
   * caller's buffers; null when there is no such file. ZIPs use it when present (media/zip-writer.ts).
   */
  openFile?(key: string): Promise<StoredFileReader | null>;
  /** Deleting a missing key is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The size of a stored file in bytes, null when there is none (an S3 HEAD); lets a ZIP announce its length. */
  size(key: string): Promise<number | null>;
  /** Every stored file whose key starts with `prefix` ('' for all), in key order. Temporary files are not listed. */
  list(prefix?: string): AsyncIterable<StoredEntry>;
  /**
   * A short-lived URL that serves the file straight from the store (an S3 presigned GET), or null when
   * the store has none (local disk): the route then streams the file itself.
   */
  urlFor(key: string, options: UrlOptions): Promise<string | null>;
  /**
   * Deletes the store's temporary files (writes cut short by a crash) older than `olderThanMs`: how
   * many. Optional: a store whose writes leave nothing behind (S3: a multipart upload is aborted or
   * expires by the bucket's lifecycle rule) has none.
   */
  sweepTemporary?(olderThanMs: number): Promise<number>;
}

/**
 * The store cannot be used right now (an object store that does not answer, answers 5xx or refuses
 * our credentials). Nothing was changed by the failed call; the API answers 503 with
 * STORAGE_UNAVAILABLE_MESSAGE (plugins/error-handler.ts) and logs the cause.
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}

export const STORAGE_UNAVAILABLE_MESSAGE = 'The photo storage is unavailable. Try again in a moment.';

const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are relative paths of safe segments: no `..`, no leading slash, no backslash, no empty part. */
export function isValidStorageKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment) && segment !== '..' && !segment.includes('..'));
}

export function assertValidStorageKey(key: string): void {
  if (!isValidStorageKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/**
 * The folders served publicly at /api/media (routes/api/media.ts): logos and banner, slider pictures,
 * profile photos, the editor's studio backdrops. Gallery photos live under `photos/` and leave only through signed URLs and download
 * tokens (modules/gallery/media-urls.ts, downloads.service.ts).
 */
export const PUBLIC_MEDIA_FOLDERS = ['branding', 'sliders', 'avatars', 'backgrounds'] as const;
export type PublicMediaFolder = (typeof PUBLIC_MEDIA_FOLDERS)[number];

/** A fresh, unguessable key of a public file such as `avatars/<32 hex>.webp`. */
export function newMediaKey(folder: PublicMediaFolder, extension: string): string {
  return `${folder}/${randomBytes(16).toString('hex')}.${extension}`;
}

/** A key /api/media may serve: a file directly inside one of the public folders. */
export function isPublicMediaKey(key: string): boolean {
  const [folder, name, ...rest] = key.split('/');
  return rest.length === 0 && name !== undefined && (PUBLIC_MEDIA_FOLDERS as readonly string[]).includes(folder ?? '') && isValidStorageKey(key);
}

/** The public URL of a media file (served by routes/api/media.ts). */
export function mediaUrl(key: string): string;
export function mediaUrl(key: string | null): string | null;
export function mediaUrl(key: string | null): string | null {
  return key === null ? null : `/api/media/${key}`;
}
