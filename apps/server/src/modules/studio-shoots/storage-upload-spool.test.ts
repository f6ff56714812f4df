import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ERRORS, Upload } from '@tus/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LocalDiskStorage } from '../../storage/local-disk-storage';
import { StorageUploadSpool } from './storage-upload-spool';

/** Pieces of 10 bytes here (8 MiB in the app), to see the splitting with small buffers. */
const PIECE = 10;

let root: string;
let storage: LocalDiskStorage;
let spool: StorageUploadSpool;
const gone: string[] = [];

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-tus-spool-'));
  storage = new LocalDiskStorage(root);
  spool = new StorageUploadSpool(storage, PIECE);
});
afterAll(async () => {
  await fs.rm(root, { recursive: true, force: true });
});

const bytes = Buffer.from(Array.from({ length: 35 }, (_, i) => 65 + (i % 26)));
/** A request body arriving in chunks of `size` bytes. */
const body = (data: Buffer, size = 4) => Readable.from(Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size)));
const keys = async (prefix: string) => {
  const listed: string[] = [];
  for await (const entry of storage.list(prefix)) listed.push(entry.key.slice(prefix.length));
  return listed;
};

describe('StorageUploadSpool (tus uploads kept in Storage)', () => {
  const store = () => spool.createStore(async (id) => void gone.push(id));

  it('saves a PATCH as pieces, and its offset is the pieces contiguous from 0', async () => {
    const tus = store();
    await tus.create(new Upload({ id: 'up1', size: bytes.length, offset: 0, metadata: { shootId: '3', filename: 'a.jpg' } }));
    expect(await keys('tus/up1/')).toEqual(['info']);
    expect((await tus.getUpload('up1')).offset).toBe(0);

    expect(await tus.write(body(bytes.subarray(0, 23)), 'up1', 0)).toBe(23);
    expect(await keys('tus/up1/')).toEqual(['000000000000000', '000000000000010', '000000000000020', 'info']);
    const upload = await tus.getUpload('up1');
    expect([upload.offset, upload.size, upload.metadata]).toEqual([23, 35, { shootId: '3', filename: 'a.jpg' }]);

    // A PATCH from elsewhere than the offset is refused.
    await expect(tus.write(body(bytes.subarray(20)), 'up1', 20)).rejects.toBe(ERRORS.INVALID_OFFSET);
    expect(await tus.write(body(bytes.subarray(23), 5), 'up1', 23)).toBe(35);
    expect(await spool.info('up1')).toMatchObject({ size: 35, offset: 35, metadata: { shootId: '3' } });
    expect(await buffer(await spool.read('up1'))).toEqual(bytes);
  });

  it('loses only the piece being filled when a PATCH fails, and resumes from the last whole piece', async () => {
    const tus = store();
    await tus.create(new Upload({ id: 'up2', size: bytes.length, offset: 0, metadata: {} }));
    // The connection fails after 17 bytes: the first piece is saved, the 7 of the second are not.
    const failing = Readable.from(
      (async function* () {
        yield bytes.subarray(0, 12);
        yield bytes.subarray(12, 17);
        throw new Error('connection reset');
      })(),
    );
    await expect(tus.write(failing, 'up2', 0)).rejects.toThrow('connection reset');
    expect((await tus.getUpload('up2')).offset).toBe(10);
    await expect(spool.read('up2')).rejects.toThrow(/not complete/);

    expect(await tus.write(body(bytes.subarray(10)), 'up2', 10)).toBe(35);
    expect(await buffer(await spool.read('up2'))).toEqual(bytes);
  });

  it('counts no bytes past a lost piece, and a resume from there replaces the stale pieces', async () => {
    const tus = store();
    await tus.create(new Upload({ id: 'up3', size: bytes.length, offset: 0, metadata: {} }));
    expect(await tus.write(body(bytes.subarray(0, 30)), 'up3', 0)).toBe(30);
    await storage.delete('tus/up3/000000000000010');
    expect((await tus.getUpload('up3')).offset).toBe(10);
    expect(await spool.info('up3')).toMatchObject({ offset: 10 });

    // Resumed in chunks of another size: the stale piece at 20 goes, the new ones take its place.
    expect(await tus.write(body(bytes.subarray(10, 35), 7), 'up3', 10)).toBe(35);
    expect(await keys('tus/up3/')).toEqual(['000000000000000', '000000000000010', '000000000000020', '000000000000030', 'info']);
    expect(await buffer(await spool.read('up3'))).toEqual(bytes);
  });

  it('answers 404 without its info, lists uploads with their last change, and removes every object of one', async () => {
    const tus = store();
    await expect(tus.getUpload('nothing')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    await storage.put('tus/half/000000000000000', Buffer.from('x'));
    expect(await spool.info('half')).toBeNull();
    const listed = await spool.list();
    expect(listed.map((u) => u.id)).toEqual(['half', 'up1', 'up2', 'up3']);
    expect(listed.every((u) => u.modifiedAt.getTime() > Date.now() - 60_000)).toBe(true);

    await tus.remove('up3');
    expect(gone).toEqual(['up3']);
    expect(await keys('tus/up3/')).toEqual([]);
    await expect(tus.getUpload('up3')).rejects.toBe(ERRORS.FILE_NOT_FOUND);
    await spool.remove('half');
    expect((await spool.list()).map((u) => u.id)).toEqual(['up1', 'up2']);
  });
});
