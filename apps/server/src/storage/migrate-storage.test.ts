import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, type TestS3Server, startS3Server } from '../../test/support/s3-server';
import { LocalDiskStorage } from './local-disk-storage';
import { migrateStorage } from './migrate-storage';
import { S3Storage } from './s3-storage';
import { ConfigError } from '../config';
import { StorageUsageError, runStorage } from '../cli/storage';
import { ForwardingStorage } from './forwarding-storage';
import type { Storage } from './storage';

// `storage migrate`: a populated local store to a bucket on s3rver, interrupted, run again, checked
// file by file; then back to an empty local store. And the CLI command (in this process, and once
// through the studio CLI).

/** A store that fails every put after the first `allowed` ones (the network went away mid-run). */
class FailingAfter extends ForwardingStorage {
  puts = 0;
  constructor(
    inner: Storage,
    private readonly allowed: number,
  ) {
    super(inner);
  }
  override async put(key: string, data: Buffer | Readable): Promise<void> {
    this.puts += 1;
    if (this.puts > this.allowed) {
      if (!Buffer.isBuffer(data)) data.destroy();
      throw new Error('connection reset');
    }
    return this.inner.put(key, data);
  }
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

/** Every key of a store with the SHA-256 of its bytes. */
async function contents(storage: Storage): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for await (const { key } of storage.list('')) {
    const stored = await storage.getStream(key);
    out[key] = sha256(await buffer(stored!.stream));
  }
  return out;
}

let root: string;
let s3: TestS3Server;
let disk: LocalDiskStorage;
let bucket: S3Storage;
const files: Record<string, Buffer> = {};

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-migrate-'));
  s3 = await startS3Server({ bucket: 'migrate' });
  disk = new LocalDiskStorage(path.join(root, 'media'));
  bucket = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: 'gallery/', credentials: S3RVER_CREDENTIALS });
  // A small studio: photo folders with renditions and originals (one of 9 MB: a multipart upload), avatars, branding.
  for (let i = 0; i < 6; i++) {
    const folder = `photos/${String(i).padStart(32, 'a')}`;
    for (const file of ['thumb.webp', 'preview.jpg', 'sm.jpg', 'hr.jpg']) files[`${folder}/${file}`] = Buffer.from(`${folder}/${file} `.repeat(50 + i));
    files[`${folder}/original.jpg`] = i === 0 ? Buffer.alloc(9 * 1024 * 1024, 3) : Buffer.from(`original ${i}`.repeat(1000));
  }
  files['avatars/0123456789abcdef0123456789abcdef.webp'] = Buffer.from('avatar');
  files['branding/fedcba9876543210fedcba9876543210.svg'] = Buffer.from('<svg/>');
  files['empty/zero.bin'] = Buffer.alloc(0);
  for (const [key, data] of Object.entries(files)) await disk.put(key, data);
}, 60_000);
afterAll(async () => {
  bucket?.destroy();
  await s3?.close();
  await fs.rm(root, { recursive: true, force: true });
});

describe('migrateStorage', () => {
  const expected = () => Object.fromEntries(Object.entries(files).map(([key, data]) => [key, sha256(data)]));

  it('copies disk to S3, survives an interruption, and a rerun finishes with every file verified', async () => {
    const flaky = new FailingAfter(bucket, 10);
    const first = await migrateStorage(disk, flaky, { concurrency: 3 });
    expect(first.copied).toBe(10);
    expect(first.alreadyThere).toBe(0);
    expect(first.failed.length).toBe(Object.keys(files).length - 10);
    expect(first.failed[0]?.reason).toBe('connection reset');
    // The source is untouched.
    expect(await contents(disk)).toEqual(expected());

    // A copy gone wrong in the target (same size, other bytes) is not taken for done.
    const [damaged] = Object.keys(await contents(bucket));
    const length = files[damaged!]!.length;
    await bucket.put(damaged!, Buffer.alloc(length, 0x78));

    const second = await migrateStorage(disk, bucket);
    expect(second.failed).toEqual([]);
    expect(second.alreadyThere).toBe(9);
    expect(second.copied).toBe(Object.keys(files).length - 9);
    expect(await contents(bucket)).toEqual(expected());

    const third = await migrateStorage(disk, bucket);
    expect(third).toEqual({ copied: 0, alreadyThere: Object.keys(files).length, failed: [], bytesCopied: 0 });
  }, 60_000);

  it('copies back from S3 to an empty disk, byte for byte', async () => {
    const back = new LocalDiskStorage(path.join(root, 'media-back'));
    const report = await migrateStorage(bucket, back);
    expect(report.failed).toEqual([]);
    expect(report.copied).toBe(Object.keys(files).length);
    expect(report.bytesCopied).toBe(Object.values(files).reduce((sum, data) => sum + data.length, 0));
    expect(await contents(back)).toEqual(expected());
  }, 60_000);
});

describe('npm run studio -- storage migrate', () => {
  const s3Env = () => ({ ...s3.env, S3_PREFIX: 'by-cli', STORAGE: 'disk', DATA_DIR: root });
  /** The command in this process (cli/storage.ts), its printed lines and exit code. */
  async function migrate(env: Record<string, string>, ...args: string[]) {
    const lines: string[] = [];
    try {
      const code = await runStorage(['migrate', ...args], env, (line) => lines.push(line));
      return { code, out: lines.join('\n') };
    } catch (error) {
      if (error instanceof StorageUsageError || error instanceof ConfigError) return { code: 2, out: error.message };
      throw error;
    }
  }

  it('copies DATA_DIR/media into the bucket, then reports everything already there', async () => {
    const first = await migrate(s3Env(), '--to', 's3');
    expect(first.code, first.out).toBe(0);
    expect(first.out).toContain(`Copying every stored file from ${path.join(root, 'media')} to s3://migrate/by-cli/ at ${s3.endpoint}`);
    expect(first.out).toMatch(new RegExp(`copied ${Object.keys(files).length} \\(9\\.\\d MB\\), already there 0, failed 0`));
    const again = await migrate(s3Env(), '--to', 's3');
    expect(again.code, again.out).toBe(0);
    expect(again.out).toContain(`copied 0 (0.0 MB), already there ${Object.keys(files).length}, failed 0`);
    const byCli = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: 'by-cli/', credentials: S3RVER_CREDENTIALS });
    expect(await contents(byCli)).toEqual(await contents(disk));
    byCli.destroy();
  }, 60_000);

  it('copies back with --to disk, exits 1 when the target fails, and refuses a wrong use', async () => {
    const restored = path.join(root, 'restored');
    const back = await migrate({ ...s3Env(), STORAGE: 's3', DATA_DIR: restored }, '--to', 'disk');
    expect(back.code, back.out).toBe(0);
    expect(await contents(new LocalDiskStorage(path.join(restored, 'media')))).toEqual(await contents(disk));

    const unreachable = await migrate({ ...s3Env(), S3_ENDPOINT: 'http://127.0.0.1:9' }, '--to', 's3', '--concurrency', '8');
    expect(unreachable.code).toBe(1);
    expect(unreachable.out).toContain(`copied 0 (0.0 MB), already there 0, failed ${Object.keys(files).length}`);
    expect(unreachable.out).toContain('failed: avatars/0123456789abcdef0123456789abcdef.webp: The object store failed');

    expect(await migrate(s3Env(), '--to', 'disk')).toMatchObject({ code: 2, out: expect.stringContaining('STORAGE is already disk') });
    expect((await migrate(s3Env())).out).toBe('storage migrate needs --to s3 or --to disk');
    expect((await migrate({ STORAGE: 'disk', DATA_DIR: root }, '--to', 's3')).out).toContain('STORAGE=s3 needs S3_BUCKET');
  }, 60_000);

  it('runs from the studio CLI', async () => {
    const cli = path.resolve(import.meta.dirname, '../cli/studio.ts');
    const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(STORAGE|S3_|AWS_|DATABASE_)/.test(name)));
    const env = { ...base, ...s3Env(), S3_PREFIX: 'by-studio-cli', LOG_LEVEL: 'silent', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' };
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'storage', 'migrate', '--to', 's3'], { env, cwd: path.dirname(cli) });
    expect(stdout).toContain(`already there 0, failed 0`);
    expect(stdout).toContain('Set STORAGE=s3 and restart the server');
  }, 60_000);
});
