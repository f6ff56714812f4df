import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

/** What tus keeps of an upload in its `<id>.json` (@tus/file-store), and the bytes it has (`<id>`'s size). */
export interface SpooledUpload {
  id: string;
  /** Declared Upload-Length; null when deferred. */
  size: number | null;
  /** Bytes received so far. */
  offset: number;
  metadata: Record<string, string | null | undefined>;
  /** When tus created it. */
  createdAt: Date;
}

const UPLOAD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * The folder tus writes uploads into on this instance (DATA_DIR/uploads): `<id>` holds the bytes,
 * `<id>.json` tus's own record of the upload. Only uploads in flight live here: a finished upload is
 * moved into the app's Storage (`uploads/<shoot id>/<upload id>`) and its spool files deleted, so no
 * file stays on the instance (issue 21 §1). Files finished before that change are still read from here.
 */
export class UploadFolder {
  constructor(readonly directory: string) {}

  pathOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`bad upload id ${uploadId}`);
    return path.join(this.directory, uploadId);
  }

  /** The bytes of an upload (throws ENOENT when they are gone). */
  read(uploadId: string): Readable {
    return createReadStream(this.pathOf(uploadId));
  }

  async remove(uploadId: string): Promise<void> {
    const file = this.pathOf(uploadId);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]);
  }

  /** tus's record of an upload and the bytes it has; null when either file is missing or unreadable. */
  async info(uploadId: string): Promise<SpooledUpload | null> {
    const file = this.pathOf(uploadId);
    let record: { size?: unknown; metadata?: unknown; creation_date?: unknown };
    let offset: number;
    try {
      record = JSON.parse(await fs.readFile(`${file}.json`, 'utf8')) as typeof record;
      offset = (await fs.stat(file)).size;
    } catch {
      return null;
    }
    const created = typeof record.creation_date === 'string' ? new Date(record.creation_date) : new Date(0);
    return {
      id: uploadId,
      size: typeof record.size === 'number' ? record.size : null,
      offset,
      metadata: record.metadata && typeof record.metadata === 'object' ? (record.metadata as SpooledUpload['metadata']) : {},
      createdAt: Number.isNaN(created.getTime()) ? new Date(0) : created,
    };
  }

  /**
   * Every upload id in the folder: those with a `.json` record, and bytes files left without one (a
   * creation cut short), each with the time its files were last changed.
   */
  async list(): Promise<{ id: string; modifiedAt: Date }[]> {
    let names: string[];
    try {
      names = await fs.readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const ids = new Set(names.map((name) => name.replace(/\.json$/, '')).filter((id) => UPLOAD_ID.test(id)));
    const listed: { id: string; modifiedAt: Date }[] = [];
    for (const id of [...ids].sort()) {
      const times = await Promise.all(
        [this.pathOf(id), `${this.pathOf(id)}.json`].map((file) => fs.stat(file).then((stats) => stats.mtimeMs, () => 0)),
      );
      listed.push({ id, modifiedAt: new Date(Math.max(...times)) });
    }
    return listed;
  }

  /** Bytes free for this folder's files (statfs); null where the platform cannot say. */
  async freeBytes(): Promise<number | null> {
    try {
      await fs.mkdir(this.directory, { recursive: true });
      const stats = await fs.statfs(this.directory);
      return Number(stats.bavail) * Number(stats.bsize);
    } catch {
      return null;
    }
  }
}
