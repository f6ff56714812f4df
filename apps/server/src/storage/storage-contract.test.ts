import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, type TestS3Server, startS3Server } from '../../test/support/s3-server';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import { type Storage, StorageUnavailableError } from './storage';

// One contract, two stores: every behaviour the modules rely on, run against the local disk and
// against S3Storage on a real S3-protocol server (s3rver, started here on a free port).

interface Backend {
  storage: Storage;
  close(): Promise<void>;
}

const backends: [string, () => Promise<Backend>][] = [
  [
    'LocalDiskStorage',
    async () => {
      const root = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-contract-'));
      return { storage: new LocalDiskStorage(root), close: () => fs.rm(root, { recursive: true, force: true }) };
    },
  ],
  [
    'S3Storage (s3rver)',
    async () => {
      const s3 = await startS3Server({ bucket: 'contract' });
      const storage = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: 'tenant/', credentials: S3RVER_CREDENTIALS });
      return {
        storage,
        async close() {
          storage.destroy();
          await s3.close();
        },
      };
    },
  ],
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function read(storage: Storage, key: string): Promise<Buffer | null> {
  const stored = await storage.getStream(key);
  return stored ? buffer(stored.stream) : null;
}

async function listed(storage: Storage, prefix?: string) {
  const entries = [];
  // modifiedAt (optional, for the orphan sweep) is left out of the comparisons.
  for await (const entry of storage.list(prefix)) entries.push({ key: entry.key, size: entry.size });
  return entries;
}

describe.each(backends)('Storage contract: %s', (_name, open) => {
  let backend: Backend;
  let storage: Storage;
  beforeAll(async () => {
    backend = await open();
    storage = backend.storage;
  });
  afterAll(async () => {
    await backend?.close();
  });

  it('stores a buffer and a stream and reads them back with their sizes', async () => {
    await storage.put('put/one.jpg', Buffer.from('one'));
    await storage.put('put/two.webp', Readable.from([Buffer.from('tw'), Buffer.from('o')]));
    const one = await storage.getStream('put/one.jpg');
    expect(one?.size).toBe(3);
    expect(await text(one!.stream)).toBe('one');
    expect((await read(storage, 'put/two.webp'))?.toString()).toBe('two');
    await storage.put('put/empty.bin', Buffer.alloc(0));
    expect(await storage.size('put/empty.bin')).toBe(0);
    expect((await read(storage, 'put/empty.bin'))?.length).toBe(0);
  });

  it('replaces a file whole: a reader sees the old bytes or the new ones', async () => {
    await storage.put('replace/a.jpg', Buffer.alloc(1000, 1));
    const before = await storage.getStream('replace/a.jpg');
    await storage.put('replace/a.jpg', Readable.from([Buffer.alloc(500, 2), Buffer.alloc(500, 2)]));
    // A stream opened before the replacement still reads the old file, whole (disk: the open handle; S3: the response in flight).
    const old = await buffer(before!.stream);
    expect(old.equals(Buffer.alloc(1000, 1))).toBe(true);
    expect((await read(storage, 'replace/a.jpg'))?.equals(Buffer.alloc(1000, 2))).toBe(true);
    await storage.put('replace/a.jpg', Buffer.from('short'));
    expect(await storage.size('replace/a.jpg')).toBe(5);
  });

  it('leaves nothing behind when a streamed put fails, and keeps the old file', async () => {
    await storage.put('failing/kept.jpg', Buffer.from('old'));
    const failing = () =>
      new Readable({
        read() {
          this.destroy(new Error('connection lost'));
        },
      });
    await expect(storage.put('failing/kept.jpg', failing())).rejects.toThrow('connection lost');
    await expect(storage.put('failing/new.jpg', failing())).rejects.toThrow('connection lost');
    expect((await read(storage, 'failing/kept.jpg'))?.toString()).toBe('old');
    expect(await storage.exists('failing/new.jpg')).toBe(false);
    expect(await listed(storage, 'failing/')).toEqual([{ key: 'failing/kept.jpg', size: 3 }]);
  });

  it('answers null, false and null for a missing file, also for a "folder" key', async () => {
    await storage.put('missing/here.jpg', Buffer.from('x'));
    expect(await storage.getStream('missing/nothing.jpg')).toBeNull();
    expect(await storage.exists('missing/nothing.jpg')).toBe(false);
    expect(await storage.size('missing/nothing.jpg')).toBeNull();
    expect(await storage.getStream('missing')).toBeNull();
    expect(await storage.exists('missing')).toBe(false);
    expect(await storage.size('missing')).toBeNull();
  });

  it('deletes, and deleting a missing file is not an error', async () => {
    await storage.put('delete/a.jpg', Buffer.from('a'));
    expect(await storage.exists('delete/a.jpg')).toBe(true);
    await storage.delete('delete/a.jpg');
    await storage.delete('delete/a.jpg');
    await storage.delete('delete/never/was.jpg');
    expect(await storage.exists('delete/a.jpg')).toBe(false);
    expect(await storage.getStream('delete/a.jpg')).toBeNull();
  });

  it('lists by prefix in key order with sizes', async () => {
    const files: [string, number][] = [
      ['list/b/2.jpg', 2],
      ['list/a/10.jpg', 10],
      ['list/a/1.jpg', 1],
      ['list/c.txt', 3],
      ['listing/other.jpg', 4],
      // Not 'list/a-b/…': s3rver walks folders, so it would list 'a/' before 'a-b/' where S3 answers byte
      // order ('-' < '/'); our keys (fixed-length hex folders) never meet that (docs/operations.md).
      ['list/ab/x.jpg', 5],
    ];
    for (const [key, size] of files) await storage.put(key, Buffer.alloc(size, 7));
    expect(await listed(storage, 'list/')).toEqual([
      { key: 'list/a/1.jpg', size: 1 },
      { key: 'list/a/10.jpg', size: 10 },
      { key: 'list/ab/x.jpg', size: 5 },
      { key: 'list/b/2.jpg', size: 2 },
      { key: 'list/c.txt', size: 3 },
    ]);
    expect(await listed(storage, 'list/a/')).toEqual([
      { key: 'list/a/1.jpg', size: 1 },
      { key: 'list/a/10.jpg', size: 10 },
    ]);
    // A prefix need not end at a folder.
    expect((await listed(storage, 'list')).map((e) => e.key)).toContain('listing/other.jpg');
    expect(await listed(storage, 'nothing-here/')).toEqual([]);
    const all = (await listed(storage)).map((e) => e.key);
    expect(all).toEqual([...all].sort());
    expect(all).toContain('put/one.jpg');
  });

  it('refuses keys that are not relative paths of safe segments', async () => {
    for (const bad of ['../escape.jpg', '/abs.jpg', 'a//b.jpg', 'a\\b.jpg', '.hidden', 'a/../b.jpg', '']) {
      await expect(storage.put(bad, Buffer.from('x')), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.getStream(bad), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.delete(bad), bad).rejects.toThrow(/Invalid storage key/);
      await expect(storage.exists(bad), bad).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('stores a 12 MB stream (a multipart upload on S3) byte for byte', async () => {
    const data = Buffer.alloc(12 * 1024 * 1024 + 123);
    for (let i = 0; i < data.length; i += 4096) data.writeUInt32LE((i * 2654435761) >>> 0, i);
    // Chunks of 64 KiB, as a file or an upload arrives.
    const chunks = function* () {
      for (let i = 0; i < data.length; i += 65536) yield data.subarray(i, i + 65536);
    };
    await storage.put('big/photo.tif', Readable.from(chunks()));
    expect(await storage.size('big/photo.tif')).toBe(data.length);
    const back = await read(storage, 'big/photo.tif');
    expect(sha256(back!)).toBe(sha256(data));
  }, 60_000);

  it('gives a URL of its own (S3: presigned, honouring the disposition and type) or null (disk)', async () => {
    await storage.put('url/photo.jpg', Buffer.from('jpeg bytes'));
    const url = await storage.urlFor('url/photo.jpg', {
      expiresInSeconds: 60,
      contentDisposition: 'attachment; filename="Jane 01_hr.jpg"',
      contentType: 'image/jpeg',
    });
    if (storage.kind === 'disk') {
      expect(url).toBeNull();
      return;
    }
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/contract\/tenant\/url\/photo\.jpg\?/);
    const answer = await fetch(url!);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Jane 01_hr.jpg"');
    expect(answer.headers.get('content-type')).toBe('image/jpeg');
    expect(await answer.text()).toBe('jpeg bytes');
    // Short-lived: refused once expired. (s3rver checks the expiry and the access key, not the SigV4
    // signature itself: docs/operations.md, "Object storage".)
    const brief = await storage.urlFor('url/photo.jpg', { expiresInSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await fetch(brief!)).status).toBe(403);
  });
});

describe('S3Storage beside others in the bucket', () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server({ bucket: 'shared' });
  });
  afterAll(async () => {
    await s3?.close();
  });
  const at = (prefix: string) => new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix, credentials: S3RVER_CREDENTIALS });

  it('keeps its keys under its prefix: two prefixes never see each other', async () => {
    const a = at('one/');
    const b = at('two/');
    const none = at('');
    await a.put('photos/x.jpg', Buffer.from('a'));
    await b.put('photos/x.jpg', Buffer.from('bb'));
    expect(await a.size('photos/x.jpg')).toBe(1);
    expect(await b.size('photos/x.jpg')).toBe(2);
    expect(await listed(a)).toEqual([{ key: 'photos/x.jpg', size: 1 }]);
    // Without a prefix the whole bucket is the store.
    expect((await listed(none)).map((e) => e.key)).toEqual(['one/photos/x.jpg', 'two/photos/x.jpg']);
    for (const storage of [a, b, none]) storage.destroy();
  });

  it('lists page after page', async () => {
    const paged = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: 'paged/', credentials: S3RVER_CREDENTIALS, listPageSize: 3 });
    const keys = Array.from({ length: 11 }, (_, i) => `photos/${String(i).padStart(2, '0')}/hr.jpg`);
    await Promise.all(keys.map((key) => paged.put(key, Buffer.from(key))));
    expect(await listed(paged, 'photos/')).toEqual(keys.map((key) => ({ key, size: key.length })));
    expect((await listed(paged, 'photos/0')).length).toBe(10);
    paged.destroy();
  });

  it('says the store is unavailable, as StorageUnavailableError, when it does not answer', async () => {
    const gone = await startS3Server({ bucket: 'gone' });
    const storage = new S3Storage({ bucket: gone.bucket, region: 'us-east-1', endpoint: gone.endpoint, forcePathStyle: true, prefix: '', credentials: S3RVER_CREDENTIALS });
    await storage.put('a.jpg', Buffer.from('a'));
    await gone.close();
    for (const call of [
      () => storage.getStream('a.jpg'),
      () => storage.size('a.jpg'),
      () => storage.exists('a.jpg'),
      () => storage.put('b.jpg', Buffer.from('b')),
      () => storage.put('c.jpg', Readable.from([Buffer.from('c')])),
      () => storage.delete('a.jpg'),
      () => listed(storage),
    ]) {
      await expect(call()).rejects.toBeInstanceOf(StorageUnavailableError);
    }
    storage.destroy();
  }, 60_000);

  it('says so too for a bucket that does not exist or refused credentials', async () => {
    const wrongBucket = new S3Storage({ bucket: 'no-such-bucket', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: '', credentials: S3RVER_CREDENTIALS });
    await expect(wrongBucket.put('a.jpg', Buffer.from('a'))).rejects.toBeInstanceOf(StorageUnavailableError);
    await expect(wrongBucket.getStream('a.jpg')).rejects.toBeInstanceOf(StorageUnavailableError);
    wrongBucket.destroy();
    const wrongKey = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: '', credentials: { accessKeyId: 'NOBODY', secretAccessKey: 'wrong' } });
    await expect(wrongKey.put('a.jpg', Buffer.from('a'))).rejects.toBeInstanceOf(StorageUnavailableError);
    wrongKey.destroy();
  });
});
