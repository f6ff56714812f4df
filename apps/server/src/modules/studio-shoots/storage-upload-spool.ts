import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { DataStore, ERRORS, Upload } from '@tus/server';
import { UnreadableImageError, inspectSource } from '../../media/renditions';
import type { Storage } from '../../storage/storage';
import { type SpooledUpload, UPLOAD_ID, type UploadSpool } from './upload-spool';

/** Bytes of one piece at most: a PATCH's bytes are saved 8 MiB at a time (the browser sends 8 MB chunks). */
export const UPLOAD_PIECE_BYTES = 8 * 1024 * 1024;

const ROOT = 'tus/';
const PIECE_NAME = /^\d{15}$/;

function folderOf(uploadId: string): string {
  if (!UPLOAD_ID.test(uploadId)) throw new Error(`bad upload id ${uploadId}`);
  return `${ROOT}${uploadId}/`;
}
const infoKey = (uploadId: string) => `${folderOf(uploadId)}info`;
const pieceKey = (uploadId: string, offset: number) => `${folderOf(uploadId)}${String(offset).padStart(15, '0')}`;

/** What `tus/<id>/info` holds: written once at creation (its length again if it was deferred). */
interface InfoRecord {
  id: string;
  size: number | null;
  metadata: Record<string, string | null | undefined>;
  creation_date: string;
}

/** What the listing of `tus/<id>/` says of an upload. */
interface Scan {
  hasInfo: boolean;
  /** The pieces contiguous from 0, in order: the upload's bytes. */
  chain: { key: string; offset: number; size: number }[];
  /** Every piece listed (stale ones past a lost piece included). */
  pieces: { key: string; offset: number }[];
  /** Bytes contiguous from 0: the upload's offset. */
  offset: number;
}

/**
 * Unfinished tus uploads kept in the app's Storage (STORAGE=s3), so that any instance serves any
 * upload and none is lost with its instance (issue 21 §1, §3). Only the Storage interface is used
 * (put, getStream, list, delete): it works on s3rver (no multipart listing there) and real S3 alike.
 *
 * - `tus/<id>/info`: the upload's id, declared length, metadata and creation date (JSON), at creation.
 * - `tus/<id>/<offset, 15 digits>`: its bytes, in pieces of at most UPLOAD_PIECE_BYTES, each put whole
 *   as it fills (the last one at the end of the PATCH). A PATCH cut short (the instance killed, the
 *   store failing) loses only the piece it was filling.
 * - The upload's offset is the sum of the pieces contiguous from 0; a PATCH must start there (tus
 *   answers 409 otherwise), and deletes any stale pieces past it first.
 *
 * Once complete, ShootUploadsService reads the pieces as one stream, stores the file at
 * `uploads/<shoot>/<upload>`, records it and deletes `tus/<id>/`.
 */
export class StorageUploadSpool implements UploadSpool {
  constructor(
    private readonly storage: Storage,
    private readonly pieceBytes = UPLOAD_PIECE_BYTES,
  ) {}

  createStore(onGone: (uploadId: string) => Promise<void>): DataStore {
    return new StorageTusStore(this, onGone);
  }

  /** Lists `tus/<id>/`: whether its info is there, and its pieces. */
  async scan(uploadId: string): Promise<Scan> {
    const folder = folderOf(uploadId);
    let hasInfo = false;
    const pieces: { key: string; offset: number; size: number }[] = [];
    for await (const entry of this.storage.list(folder)) {
      const name = entry.key.slice(folder.length);
      if (name === 'info') hasInfo = true;
      else if (PIECE_NAME.test(name)) pieces.push({ key: entry.key, offset: Number(name), size: entry.size });
    }
    pieces.sort((a, b) => a.offset - b.offset);
    const chain: Scan['chain'] = [];
    let offset = 0;
    for (const piece of pieces) {
      if (piece.offset > offset) break;
      if (piece.offset === offset && piece.size > 0) {
        chain.push(piece);
        offset += piece.size;
      }
    }
    return { hasInfo, chain, pieces, offset };
  }

  async readInfo(uploadId: string): Promise<InfoRecord | null> {
    const stored = await this.storage.getStream(infoKey(uploadId));
    if (!stored) return null;
    const record = JSON.parse((await buffer(stored.stream)).toString('utf8')) as Partial<InfoRecord>;
    return {
      id: uploadId,
      size: typeof record.size === 'number' ? record.size : null,
      metadata: record.metadata && typeof record.metadata === 'object' ? record.metadata : {},
      creation_date: typeof record.creation_date === 'string' ? record.creation_date : new Date(0).toISOString(),
    };
  }

  async writeInfo(record: InfoRecord): Promise<void> {
    await this.storage.put(infoKey(record.id), Buffer.from(JSON.stringify(record)));
  }

  /**
   * Saves a PATCH's bytes from `offset` (which must be the upload's offset) in pieces: each put as it
   * fills, the rest at the end of the stream. The new offset.
   */
  async write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    const scan = await this.scan(uploadId);
    if (!scan.hasInfo) throw ERRORS.FILE_NOT_FOUND;
    if (scan.offset !== offset) throw ERRORS.INVALID_OFFSET;
    // Pieces past a lost one are stale: the bytes from `offset` on are the ones arriving now.
    for (const piece of scan.pieces) if (piece.offset >= offset) await this.storage.delete(piece.key);

    let at = offset;
    let parts: Buffer[] = [];
    let filled = 0;
    const flush = async () => {
      if (filled === 0) return;
      const data = Buffer.concat(parts, filled);
      parts = [];
      filled = 0;
      await this.storage.put(pieceKey(uploadId, at), data);
      at += data.length;
    };
    for await (const chunk of readable) {
      let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
      while (rest.length > 0) {
        const take = Math.min(this.pieceBytes - filled, rest.length);
        parts.push(rest.subarray(0, take));
        filled += take;
        rest = rest.subarray(take);
        if (filled === this.pieceBytes) await flush();
      }
    }
    await flush();
    return at;
  }

  async read(uploadId: string): Promise<Readable> {
    const [info, scan] = await Promise.all([this.readInfo(uploadId), this.scan(uploadId)]);
    if (!info || info.size === null || scan.offset !== info.size) throw new Error(`upload ${uploadId} is not complete in storage`);
    const storage = this.storage;
    return Readable.from(
      (async function* () {
        for (const piece of scan.chain) {
          const stored = await storage.getStream(piece.key);
          if (!stored) throw new Error(`piece ${piece.key} of upload ${uploadId} is missing from storage`);
          yield* stored.stream;
        }
      })(),
    );
  }

  /** By the first piece (the header is there); the whole file when that is not enough (e.g. a TIFF whose directory is at its end). */
  async inspect(uploadId: string): Promise<void> {
    const scan = await this.scan(uploadId);
    const first = scan.chain[0];
    const head = first ? await this.storage.getStream(first.key) : null;
    if (!first || !head) throw new UnreadableImageError('no bytes');
    try {
      await inspectSource(await buffer(head.stream));
    } catch (error) {
      if (!(error instanceof UnreadableImageError) || scan.chain.length === 1) throw error;
      await inspectSource(await buffer(await this.read(uploadId)));
    }
  }

  async remove(uploadId: string): Promise<void> {
    const keys: string[] = [];
    for await (const entry of this.storage.list(folderOf(uploadId))) keys.push(entry.key);
    // The info last: pieces left by a removal cut short are found without it, and swept.
    const info = infoKey(uploadId);
    for (const key of keys) if (key !== info) await this.storage.delete(key);
    await this.storage.delete(info);
  }

  async info(uploadId: string): Promise<SpooledUpload | null> {
    let record: InfoRecord | null;
    try {
      record = await this.readInfo(uploadId);
    } catch (error) {
      if (error instanceof SyntaxError) return null;
      throw error;
    }
    if (!record) return null;
    const { offset } = await this.scan(uploadId);
    const created = new Date(record.creation_date);
    return { id: uploadId, size: record.size, offset, metadata: record.metadata, createdAt: Number.isNaN(created.getTime()) ? new Date(0) : created };
  }

  async list(): Promise<{ id: string; modifiedAt: Date }[]> {
    const latest = new Map<string, number>();
    for await (const entry of this.storage.list(ROOT)) {
      const id = entry.key.slice(ROOT.length).split('/')[0] ?? '';
      if (!UPLOAD_ID.test(id)) continue;
      // A file of unknown age counts as new: never swept as abandoned before its time.
      const time = entry.modifiedAt?.getTime() ?? Date.now();
      latest.set(id, Math.max(latest.get(id) ?? 0, time));
    }
    return [...latest.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([id, time]) => ({ id, modifiedAt: new Date(time) }));
  }

  /** An object store has no free space to speak of: the budgets of bytes in flight are the limit. */
  async freeBytes(): Promise<number | null> {
    return null;
  }
}

/** The tus DataStore over StorageUploadSpool. */
class StorageTusStore extends DataStore {
  constructor(
    private readonly spool: StorageUploadSpool,
    /** The upload is gone (its creation failed, or its client deleted it): its reservation goes. */
    private readonly onGone: (uploadId: string) => Promise<void>,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination'];
  }

  override async create(upload: Upload): Promise<Upload> {
    try {
      await this.spool.writeInfo({ id: upload.id, size: upload.size ?? null, metadata: upload.metadata ?? {}, creation_date: upload.creation_date ?? new Date().toISOString() });
      return upload;
    } catch (error) {
      await this.spool.remove(upload.id).catch(() => undefined);
      await this.onGone(upload.id).catch(() => undefined);
      throw error;
    }
  }

  override write(readable: Readable, uploadId: string, offset: number): Promise<number> {
    return this.spool.write(readable, uploadId, offset);
  }

  override async getUpload(uploadId: string): Promise<Upload> {
    if (!UPLOAD_ID.test(uploadId)) throw ERRORS.FILE_NOT_FOUND;
    const [info, scan] = await Promise.all([this.spool.readInfo(uploadId), this.spool.scan(uploadId)]);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: uploadId,
      size: info.size ?? undefined,
      offset: scan.offset,
      metadata: Object.fromEntries(Object.entries(info.metadata).map(([key, value]) => [key, value ?? null])),
      creation_date: info.creation_date,
      storage: { type: 'storage', path: folderOf(uploadId) },
    });
  }

  override async declareUploadLength(uploadId: string, length: number): Promise<void> {
    const info = await this.spool.readInfo(uploadId);
    if (!info) throw ERRORS.FILE_NOT_FOUND;
    await this.spool.writeInfo({ ...info, size: length });
  }

  /** tus termination (DELETE of an unfinished upload): every object under `tus/<id>/`, then the reservation, before the 204. */
  override async remove(uploadId: string): Promise<void> {
    if (!UPLOAD_ID.test(uploadId) || !(await this.spool.readInfo(uploadId))) throw ERRORS.FILE_NOT_FOUND;
    await this.spool.remove(uploadId);
    await this.onGone(uploadId);
  }
}
