import { randomBytes } from 'node:crypto';
import { closeSync, createWriteStream, open as openDescriptor, read as readDescriptor, type Stats, stat as statPath } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ReadOptions, type StoredEntry, type StoredFileReader, assertValidStorageKey, type Storage, type StoredObject, isValidStorageKey } from './storage';

/** A file being written before its rename into place: `<key>.<12 hex>.tmp`. */
const TEMPORARY_FILE = /\.[0-9a-f]{12}\.tmp$/;

export class LocalDiskStorage implements Storage {
  readonly kind = 'disk' as const;

  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(data)) await fs.writeFile(temporary, data);
      else await pipeline(data, createWriteStream(temporary));
      // Data first, then the name: after a power loss the key holds the old file or the whole new one,
      // never an empty one (a rename is durable only once its folder is synced).
      await syncPath(temporary);
      await fs.rename(temporary, target);
      await syncPath(path.dirname(target));
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string, options: ReadOptions = {}): Promise<StoredObject | null> {
    const file = await this.openRegularFile(key);
    if (!file) return null;
    // `end` at the stat'ed size: the last read asks for exactly the bytes left instead of a full chunk
    // that Node then copies into a smaller buffer. Files are replaced by rename, never rewritten in
    // place, so the open handle's size cannot change.
    const stream = file.handle.createReadStream({
      ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }),
      ...(file.size > 0 ? { end: file.size - 1 } : {}),
    });
    return { stream, size: file.size };
  }

  /**
   * A bare descriptor, for the ZIP's reads. Every request to the thread pool wakes a pool thread and
   * then the event loop, which costs here about what copying half a megabyte does, so there is no
   * `stat` (the caller checks the size by reading) and the close is synchronous (closing a
   * read-only descriptor does no disk I/O): each measured ~10 % more ZIP throughput (docs/benchmarks.md).
   */
  async openFile(key: string): Promise<StoredFileReader | null> {
    let fd: number;
    try {
      fd = await new Promise<number>((resolve, reject) => openDescriptor(this.pathOf(key), 'r', (error, opened) => (error ? reject(error) : resolve(opened))));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    let open = true;
    return {
      read: (buffer, length, position) =>
        new Promise((resolve, reject) => {
          if (!open) return reject(new Error(`read after close: ${key}`));
          readDescriptor(fd, buffer, 0, length, position, (error, bytesRead) => (error ? reject(error) : resolve(bytesRead)));
        }),
      close: async () => {
        // Once only: a descriptor number closed twice may by then be another file's.
        if (!open) return;
        open = false;
        closeSync(fd);
      },
    };
  }

  /** The key's file opened for reading with its size; null when it is missing or not a regular file. */
  private async openRegularFile(key: string): Promise<{ handle: fs.FileHandle; size: number } | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (stats.isFile()) return { handle, size: stats.size };
    } catch (error) {
      await handle.close();
      throw error;
    }
    await handle.close();
    return null;
  }

  /** Also removes the file's folder once it is empty (a photo's folder after its last file), never the root. */
  async delete(key: string): Promise<void> {
    const target = this.pathOf(key);
    await fs.rm(target, { force: true });
    const folder = path.dirname(target);
    if (folder === path.resolve(this.root)) return;
    try {
      await fs.rmdir(folder);
    } catch (error) {
      // Still holding files (or already gone): leave it.
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST' && code !== 'ENOENT') throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.regularFileStats(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    return (await this.regularFileStats(key))?.size ?? null;
  }

  /**
   * The key's stats, null when it is missing or not a regular file. The callback `fs.stat` in one
   * promise: a ZIP of 400 photos asks for 400 sizes before its first byte, and fs/promises' stat costs
   * 1.5-2.5x as much time per call here (`bench/stat-calls.ts`, docs/benchmarks.md "ZIP").
   */
  private regularFileStats(key: string): Promise<Stats | null> {
    return new Promise((resolve, reject) => {
      statPath(this.pathOf(key), (error, stats) => {
        if (error) return isMissing(error) ? resolve(null) : reject(error);
        resolve(stats.isFile() ? stats : null);
      });
    });
  }

  async *list(prefix = ''): AsyncIterable<StoredEntry> {
    const root = path.resolve(this.root);
    const keys: string[] = [];
    const walk = async (folder: string, keyPrefix: string): Promise<void> => {
      for (const entry of await entriesOf(folder)) {
        const key = `${keyPrefix}${entry.name}`;
        if (entry.isDirectory()) {
          // Only folders that can hold keys under the prefix.
          const asFolder = `${key}/`;
          if (asFolder.startsWith(prefix) || prefix.startsWith(asFolder)) await walk(path.join(folder, entry.name), asFolder);
        } else if (entry.isFile() && key.startsWith(prefix) && !TEMPORARY_FILE.test(key) && isValidStorageKey(key)) {
          keys.push(key);
        }
      }
    };
    await walk(root, '');
    keys.sort();
    for (const key of keys) {
      let stats: import('node:fs').Stats;
      try {
        stats = await fs.stat(this.pathOf(key));
      } catch (error) {
        if (isMissing(error)) continue;
        throw error;
      }
      if (stats.isFile()) yield { key, size: stats.size, modifiedAt: stats.mtime };
    }
  }

  /** `.tmp` files of writes cut short (a crash between write and rename) older than `olderThanMs`: deleted; how many. */
  async sweepTemporary(olderThanMs: number): Promise<number> {
    const before = Date.now() - olderThanMs;
    let removed = 0;
    const walk = async (folder: string): Promise<void> => {
      for (const entry of await entriesOf(folder)) {
        const target = path.join(folder, entry.name);
        if (entry.isDirectory()) await walk(target);
        else if (entry.isFile() && TEMPORARY_FILE.test(entry.name)) {
          const stats = await fs.stat(target).catch(() => null);
          if (stats && stats.mtimeMs < before) {
            await fs.rm(target, { force: true });
            removed += 1;
          }
        }
      }
    };
    await walk(path.resolve(this.root));
    return removed;
  }

  /** Local disk has no URL of its own: the route streams the file. */
  async urlFor(): Promise<string | null> {
    return null;
  }

  private pathOf(key: string): string {
    assertValidStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

/** A folder's entries; none when it is gone (deleted while a walk went through it). */
async function entriesOf(folder: string): Promise<import('node:fs').Dirent[]> {
  try {
    return await fs.readdir(folder, { withFileTypes: true });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

/** fsync of a file or a folder; a platform that cannot sync a folder (EISDIR, EINVAL, EPERM) is left as it is. */
export async function syncPath(target: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(target, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EINVAL' && code !== 'EPERM' && code !== 'EBADF') throw error;
  } finally {
    await handle?.close();
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
