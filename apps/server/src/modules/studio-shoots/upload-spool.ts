import { createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import stream, { type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileStore } from '@tus/file-store';
import type { DataStore, Upload } from '@tus/server';
import { inspectSourceFile } from '../../media/renditions';
import { resourceFailure } from '../../resource-errors';

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

export const UPLOAD_ID = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * Where tus uploads live until their last byte (tus-uploads.ts, ShootUploadsService): the instance's
 * folder with STORAGE=disk (UploadFolder), the app's Storage with STORAGE=s3 (StorageUploadSpool,
 * storage-upload-spool.ts: any instance serves any upload). services.ts picks one; nothing else knows which.
 */
export interface UploadSpool {
  /** The tus DataStore writing into this spool; `onGone` frees an upload's reservation when tus deletes it (or its creation fails). */
  createStore(onGone: (uploadId: string) => Promise<void>): DataStore;
  /** The bytes of an upload, in order (the stream fails when they are gone). */
  read(uploadId: string): Promise<Readable>;
  /** Checks by content that the upload is an image we import (inspectSourceFile): ImageTooLargeError, UnreadableImageError. */
  inspect(uploadId: string): Promise<void>;
  /** Deletes whatever is kept of an upload (missing is not an error). */
  remove(uploadId: string): Promise<void>;
  /** tus's record of an upload and the bytes it has; null when either is missing or unreadable. */
  info(uploadId: string): Promise<SpooledUpload | null>;
  /** Every upload id in the spool, with the time its files were last changed. */
  list(): Promise<{ id: string; modifiedAt: Date }[]>;
  /** Bytes free for new uploads; null when the spool cannot say (or has no such limit). */
  freeBytes(): Promise<number | null>;
}

/**
 * The folder tus writes uploads into on this instance (DATA_DIR/uploads): `<id>` holds the bytes,
 * `<id>.json` tus's own record of the upload. Only uploads in flight live here: a finished upload is
 * moved into the app's Storage (`uploads/<shoot id>/<upload id>`) and its spool files deleted, so no
 * file stays on the instance (issue 21 §1). Files finished before that change are still read from here.
 */
export class UploadFolder implements UploadSpool {
  constructor(readonly directory: string) {}

  createStore(onGone: (uploadId: string) => Promise<void>): DataStore {
    mkdirSync(this.directory, { recursive: true });
    return new SpoolStore(this, onGone);
  }

  async inspect(uploadId: string): Promise<void> {
    await inspectSourceFile(this.pathOf(uploadId));
  }

  pathOf(uploadId: string): string {
    if (!UPLOAD_ID.test(uploadId)) throw new Error(`bad upload id ${uploadId}`);
    return path.join(this.directory, uploadId);
  }

  /** The bytes of an upload (throws ENOENT when they are gone). */
  async read(uploadId: string): Promise<Readable> {
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

/** An error as tus throws them: a status and a body. */
interface TusError {
  status_code: number;
  body: string;
}

/**
 * tus's file store, keeping the real error of a write: @tus/file-store turns every failed write into
 * a plain 500, so a full disk would answer "something went wrong" (or reset the connection) and never
 * say why. Here the bytes written before the failure stay (the upload's offset, to resume from), and
 * the error goes on as it is, to be answered 507 by toTusAnswer (tus-uploads.ts). A creation cut short
 * by a full disk leaves nothing behind.
 */
class SpoolStore extends FileStore {
  constructor(
    private readonly folder: UploadFolder,
    /** The upload is gone (its creation failed, or its client deleted it): its reservation goes. */
    private readonly onGone: (uploadId: string) => Promise<void>,
  ) {
    super({ directory: folder.directory });
  }

  /** tus termination (DELETE of an unfinished upload): the files, then the reservation, before the 204. */
  override async remove(uploadId: string): Promise<void> {
    await super.remove(uploadId);
    await this.onGone(uploadId);
  }

  override async create(file: Upload): Promise<Upload> {
    try {
      return await super.create(file);
    } catch (error) {
      await this.folder.remove(file.id).catch(() => undefined);
      await this.onGone(file.id).catch(() => undefined);
      throw error;
    }
  }

  override async write(readable: stream.Readable, uploadId: string, offset: number): Promise<number> {
    const target = createWriteStream(this.folder.pathOf(uploadId), { flags: 'r+', start: offset });
    let received = 0;
    const counter = new stream.Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        callback(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, target);
    } catch (error) {
      if (resourceFailure(error)) throw error;
      throw { status_code: 500, body: 'something went wrong receiving the file\n', cause: error } satisfies TusError & { cause: unknown };
    }
    return offset + received;
  }
}
