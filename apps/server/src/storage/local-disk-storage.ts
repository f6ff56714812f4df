import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type ReadOptions, assertValidStorageKey, type Storage, type StoredObject } from './storage';

export class LocalDiskStorage implements Storage {
  constructor(private readonly root: string) {}

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.pathOf(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      if (Buffer.isBuffer(data)) await fs.writeFile(temporary, data);
      else await pipeline(data, createWriteStream(temporary));
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async getStream(key: string, options: ReadOptions = {}): Promise<StoredObject | null> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const stats = await handle.stat();
      if (stats.isFile()) {
        // `end` at the stat'ed size: the last read asks for exactly the bytes left instead of a full
        // chunk that Node then copies into a smaller buffer. Files are replaced by rename, never
        // rewritten in place, so the open handle's size cannot change.
        const stream = handle.createReadStream({
          ...(options.highWaterMark === undefined ? {} : { highWaterMark: options.highWaterMark }),
          ...(stats.size > 0 ? { end: stats.size - 1 } : {}),
        });
        return { stream, size: stats.size };
      }
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
    try {
      return (await fs.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async size(key: string): Promise<number | null> {
    try {
      const stats = await fs.stat(this.pathOf(key));
      return stats.isFile() ? stats.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  private pathOf(key: string): string {
    assertValidStorageKey(key);
    return path.join(this.root, ...key.split('/'));
  }
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR';
}
