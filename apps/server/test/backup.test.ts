import { execFile, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BackupUsageError, runBackupCommand, runRestoreCommand } from '../src/cli/backup';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { migrateToLatest } from '../src/db/migrate';
import { migrationsFor } from '../src/db/migrations';
import { resolveJwtSecret } from '../src/modules/accounts/jwt-secret';
import { type BackupManifest, backupManifest } from '../src/modules/backup/backup-manifest';
import { DEMO_CUSTOMER } from '../src/seed/demo-customer';
import { createStorage } from '../src/storage/create-storage';
import type { Storage } from '../src/storage/storage';
import { cartItem, payWithTestCard } from './support/commerce';
import { testPhoto } from './support/gallery';
import { type TestS3Server, startS3Server } from './support/s3-server';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { readZip } from './support/zip';

/**
 * Backups that restore (issue 21 §4): the demo studio with an order is backed up while it runs (in
 * process and through the real CLI), its data folder wiped, the backup restored into it, and the app
 * started again there answers every photo download, a ZIP, the invoices and the gallery page with the
 * same bytes, to the same sign-in and the same signed links. `backup --verify` passes on the good
 * backup and names a stored file that was altered or removed. SQLite by default; PostgreSQL (pg_dump /
 * pg_restore) with TEST_DATABASE_URL when the tools are on PATH.
 */

const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const hasTool = (command: string) => spawnSync(command, ['--version']).status === 0;
const postgresToolsMissing = onPostgres && !(hasTool('pg_dump') && hasTool('pg_restore'));

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

let t: TestApp | null = null;
let restored: TestApp | null = null;
let workDir: string;
let dataDir: string;
let schema: string | null;
/** Backups: made in-process, and through `npx tsx src/cli/studio.ts backup`. */
let inProcessBackup: string;
let cliBackup: string;
let customer: TestUser;
let before: Answers;

/** A command's output, collected. */
function collector() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, context: { out: (line: string) => out.push(line), err: (line: string) => err.push(line) } };
}

/** Runs the real CLI (`npm run studio -- …` runs this) on the data folder and database of the first app. */
function studioCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'silent' };
  if (onPostgres && schema) Object.assign(env, { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema });
  return new Promise((resolve) => {
    execFile('npx', ['tsx', 'src/cli/studio.ts', ...args], { cwd: SERVER_ROOT, env, timeout: 120_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

interface Download {
  status: number;
  name: string | null;
  contentType: string | null;
  sha256: string;
  size: number;
}

/** What the demo customer gets from the studio, reduced to comparable values (bytes as SHA-256). */
interface Answers {
  page: JsonBody;
  downloads: Record<string, Download>;
  /** A ZIP's entries (its bytes embed the time it was made). */
  zip: { name: string; sha256: string }[];
  /** The gallery's own signed URLs of the page, fetched. */
  media: Record<string, Download>;
  invoices: JsonBody;
  orders: JsonBody;
}

async function fetchBinary(app: TestApp, url: string, init: RequestInit = {}): Promise<Download> {
  const response = await fetch(new URL(url, app.baseUrl), init);
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    name: /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? null,
    contentType: response.headers.get('content-type'),
    sha256: sha256(body),
    size: body.length,
  };
}

/** Every photo of the customer in every resolution and version, a ZIP of some, the page's images, the invoices and orders. */
async function collectAnswers(app: TestApp, user: TestUser, page: JsonBody = null): Promise<Answers> {
  const current = await app.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=100`, { token: user.token });
  expect(current.status).toBe(200);
  const photos = current.body.items as JsonBody[];
  const downloads: Record<string, Download> = {};
  for (const photo of photos) {
    const versions: [string, string | null][] = [['original', null], ...(photo.processedUrl ? [['retouched', photo.processedUrl] as [string, string]] : [])];
    for (const [version, retouchUrl] of versions) {
      for (const resolution of ['Social Media', 'High Resolution', 'Full resolution']) {
        const token = await app.request('POST', '/api/ex/images/download-single-image-with-photoresolution', {
          token: user.token,
          body: { OriginalImageURL: photo.url, RetouchImageURL: retouchUrl, PhotoResolution: resolution },
        });
        expect(token.status, JSON.stringify(token.body)).toBe(200);
        const file = await fetchBinary(app, `/api/ex/images/download/${token.body.hash}`);
        expect(file.status).toBe(200);
        expect(file.name).toBe(token.body.downloadImageName);
        downloads[`${photo.name} ${version} ${resolution}`] = file;
      }
    }
  }

  const selection = [...photos.slice(0, 4).map((p) => p.url), ...photos.filter((p) => p.processedUrl).slice(0, 2).map((p) => p.processedUrl)];
  const zipResponse = await fetch(new URL('/api/ex/images/download-selected-images-zip', app.baseUrl), {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ urls: selection, resolution: 'hr' }),
  });
  expect(zipResponse.status).toBe(200);
  const zip = readZip(Buffer.from(await zipResponse.arrayBuffer())).map((entry) => ({ name: entry.name, sha256: sha256(entry.data) }));
  expect(zip).toHaveLength(selection.length);

  // The page's own signed image URLs: those of `page` (the answer before the backup) when given.
  const media: Record<string, Download> = {};
  for (const photo of ((page ?? current.body).items as JsonBody[]).slice(0, 6)) {
    for (const field of ['previewUrl', 'thumbnailUrl', 'processedUrl']) {
      if (photo[field]) media[`${photo.name} ${field}`] = await fetchBinary(app, photo[field]);
    }
  }

  const invoices = await app.request('GET', `/api/users/user-orders/details/${user.id}`, { token: user.token });
  expect(invoices.status).toBe(200);
  const orders = await app.request('GET', '/api/SpecialRequest', { token: user.token });
  expect(orders.status).toBe(200);
  return { page: current.body, downloads, zip, media, invoices: invoices.body, orders: orders.body };
}

async function readManifestOf(dir: string): Promise<BackupManifest> {
  return backupManifest.parse(JSON.parse(await fs.readFile(path.join(dir, 'manifest.json'), 'utf8')));
}

async function storedKeys(storage: Storage): Promise<{ key: string; size: number }[]> {
  const entries = [];
  for await (const entry of storage.list('')) entries.push({ key: entry.key, size: entry.size });
  return entries;
}

async function storedBytes(storage: Storage, key: string): Promise<Buffer> {
  const object = await storage.getStream(key);
  if (!object) throw new Error(`${key} is not stored`);
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe.skipIf(postgresToolsMissing)(`backup and restore of the demo studio (${onPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  beforeAll(async () => {
    workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-backup-'));
    inProcessBackup = path.join(workDir, 'in-process');
    cliBackup = path.join(workDir, 'cli');
    // The local disk here whatever TEST_STORAGE says (the bucket has its own section below).
    t = await startTestApp({ DEMO_DATA: 'on', STORAGE: 'disk' });
    dataDir = t.config.dataDir;
    schema = t.config.database.dialect === 'postgres' ? t.config.database.schema : null;

    const token = await t.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const account = await t.request('GET', '/api/account', { token });
    customer = { id: account.body.id, email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password, token };

    // An order with an invoice: touch-up of one photo, background of another, paid with the test card.
    const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&pageSize=100`, { token });
    const [first, second] = (page.body.items as JsonBody[]).filter((p) => !p.isRetouched);
    const items = [cartItem(first.id, first.sessionId, 'TOUCHUPSERVICE', 10), cartItem(second.id, second.sessionId, 'BACKGROUNDSERVICE', 9)];
    const paid = await payWithTestCard(t, customer, { grossTotal: 1900, userEmail: customer.email, items });
    const order = await t.request('POST', '/api/SpecialRequest', { token, body: { transactionId: paid.transaction.id, totalPrice: 19, orderDetails: items } });
    expect(order.status, JSON.stringify(order.body)).toBe(200);

    before = await collectAnswers(t, customer);
    expect(before.invoices.length).toBeGreaterThan(0);
    expect(Object.keys(before.downloads).length).toBeGreaterThanOrEqual(36 * 3);
  }, 240_000);

  afterAll(async () => {
    await restored?.close();
    await t?.close();
    if (workDir) await fs.rm(workDir, { recursive: true, force: true });
  });

  it('backs up the running studio in process: database snapshot, signing secret, every stored file with its SHA-256, copies', async () => {
    const app = t as TestApp;
    const { out, err, context } = collector();
    expect(await runBackupCommand([inProcessBackup], { ...context, config: app.config }), err.join('\n')).toBe(0);
    expect(out.join('\n')).toContain(`Backup written to ${inProcessBackup}`);

    const manifest = await readManifestOf(inProcessBackup);
    const migrations = Object.keys(migrationsFor(app.config.database.dialect)).sort();
    expect(manifest.app.migration).toBe(migrations.at(-1));
    expect(manifest.database.kind).toBe(app.config.database.dialect);
    const snapshot = await fs.readFile(path.join(inProcessBackup, manifest.database.file));
    expect({ size: snapshot.length, sha256: sha256(snapshot) }).toEqual({ size: manifest.database.size, sha256: manifest.database.sha256 });
    if (manifest.database.kind === 'sqlite') {
      // One self-contained file, not a WAL database with a -wal beside it.
      expect((await fs.readdir(inProcessBackup)).sort()).toEqual(['files', 'gallery.sqlite', 'jwt-secret', 'manifest.json']);
    } else {
      expect(manifest.database.schemas).toEqual([schema, app.config.jobs.pgBossSchema]);
    }

    // The signing secret, owner-only, like the folder.
    expect(manifest.jwtSecret).toEqual({ source: 'data-dir', file: 'jwt-secret' });
    expect(await fs.readFile(path.join(inProcessBackup, 'jwt-secret'), 'utf8')).toBe(await fs.readFile(path.join(dataDir, 'jwt-secret'), 'utf8'));
    expect((await fs.stat(path.join(inProcessBackup, 'jwt-secret'))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(inProcessBackup)).mode & 0o777).toBe(0o700);

    // Every stored file, in key order, with its size and SHA-256, and a copy of each (local disk).
    const storage = createStorage(app.config);
    const stored = await storedKeys(storage);
    expect(manifest.files.map((f) => ({ key: f.key, size: f.size }))).toEqual(stored);
    expect(manifest.storage).toMatchObject({ kind: 'disk', filesCopied: true, fileCount: stored.length });
    expect(manifest.files.some((f) => f.key.startsWith('photos/'))).toBe(true);
    for (const file of manifest.files.filter((_, i) => i % 7 === 0)) {
      const bytes = await storedBytes(storage, file.key);
      expect(sha256(bytes), file.key).toBe(file.sha256);
      expect(sha256(await fs.readFile(path.join(inProcessBackup, 'files', file.key))), file.key).toBe(file.sha256);
    }
  });

  it('refuses a folder that is not empty and a contradictory command line', async () => {
    const app = t as TestApp;
    const { err, context } = collector();
    // A relative folder is taken from where the command was typed.
    expect(await runBackupCommand([path.basename(inProcessBackup)], { ...context, config: app.config, cwd: workDir })).toBe(1);
    expect(err.join('\n')).toContain(`${inProcessBackup} is not empty`);
    expect(await runBackupCommand([path.join(dataDir, 'backups')], { ...context, config: app.config })).toBe(1);
    expect(err.join('\n')).toContain('is inside DATA_DIR');
    await expect(runBackupCommand([path.join(workDir, 'x'), '--files', '--no-files'], { ...context, config: app.config })).rejects.toThrow(BackupUsageError);
    await expect(runBackupCommand([], { ...context, config: app.config })).rejects.toThrow(BackupUsageError);
    await expect(runRestoreCommand([inProcessBackup, 'extra'], { ...context, config: app.config })).rejects.toThrow(BackupUsageError);
  });

  it('works through the real CLI: npm run studio -- backup <dir>, then backup --verify <dir>', async () => {
    const backup = await studioCli(['backup', cliBackup]);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toContain(`Backup written to ${cliBackup}`);
    expect(backup.stdout).toMatch(/Files: \d+ .* copied into files\//);

    // The same files as the in-process backup (the app stored nothing in between).
    const [a, b] = [await readManifestOf(inProcessBackup), await readManifestOf(cliBackup)];
    expect(b.files).toEqual(a.files);

    const verify = await studioCli(['backup', '--verify', cliBackup]);
    expect(verify.code, verify.stderr).toBe(0);
    expect(verify.stdout).toContain('The backup is good');
  }, 120_000);

  it('--verify passes on a good backup', async () => {
    const { out, err, context } = collector();
    expect(await runBackupCommand(['--verify', inProcessBackup], { ...context, config: (t as TestApp).config }), err.join('\n')).toBe(0);
    const text = out.join('\n');
    expect(text).toMatch(/Backup copies: \d+ checked, 0 missing, 0 different/);
    expect(text).toMatch(/Storage: \d+ checked, 0 missing, 0 different/);
    expect(text).toContain(manifestDatabaseLine(onPostgres));
  });

  it('restores into the wiped data folder; the studio then answers with identical bytes, sessions and signed links', async () => {
    const config = (t as TestApp).config;
    // Wipe: close() removes the data folder (and drops the PostgreSQL schemas).
    await (t as TestApp).close();
    t = null;
    await expect(fs.access(dataDir)).rejects.toThrow();

    const { out, err, context } = collector();
    expect(await runRestoreCommand([cliBackup], { ...context, config }), err.join('\n')).toBe(0);
    expect(out.join('\n')).toMatch(/Files: (\d+) of \1 restored/);
    expect(out.join('\n')).toContain('Signing secret: restored to');
    expect(out.join('\n')).toMatch(/Check: \d+ checked, 0 missing, 0 different/);
    expect((await fs.stat(path.join(dataDir, 'jwt-secret'))).mode & 0o777).toBe(0o600);

    // Once restored, the data folder is no longer empty: a second restore is refused.
    const again = collector();
    expect(await runRestoreCommand([cliBackup], { ...again.context, config })).toBe(1);
    expect(again.err.join('\n')).toMatch(/already (has \d+ tables|holds tables)/);

    restored = await startTestApp({ DEMO_DATA: 'on', STORAGE: 'disk', DATA_DIR: dataDir, ...(schema ? { DATABASE_SCHEMA: schema } : {}) });
    // The token issued before the backup still signs the customer in (sessions and the secret came back).
    expect((await restored.request('GET', '/api/account', { token: customer.token })).body).toMatchObject({ email: DEMO_CUSTOMER.email });
    const after = await collectAnswers(restored, customer, before.page);
    expect(after.page).toEqual(before.page);
    expect(after.downloads).toEqual(before.downloads);
    expect(after.zip).toEqual(before.zip);
    expect(after.media).toEqual(before.media);
    expect(Object.values(after.media).every((m) => m.status === 200)).toBe(true);
    expect(after.invoices).toEqual(before.invoices);
    expect(after.orders).toEqual(before.orders);
    // And a fresh sign-in works too.
    expect(await restored.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toBeTruthy();
  }, 180_000);

  it('--verify fails naming the file when a stored file was altered or removed', async () => {
    const app = restored as TestApp;
    const storage = createStorage(app.config);
    const manifest = await readManifestOf(cliBackup);
    const photoFiles = manifest.files.filter((f) => f.key.startsWith('photos/'));
    const altered = photoFiles[0]!.key;
    const removed = photoFiles[1]!.key;
    const original = await storedBytes(storage, altered);
    const damaged = Buffer.from(original);
    damaged[damaged.length - 3] = damaged[damaged.length - 3]! ^ 0xff;
    await storage.put(altered, damaged);
    await storage.delete(removed);

    const { out, err, context } = collector();
    expect(await runBackupCommand(['--verify', cliBackup], { ...context, config: app.config })).toBe(1);
    expect(out.join('\n')).toMatch(/Storage: \d+ checked, 1 missing, 1 different/);
    expect(err).toContain(`  different in storage: ${altered} (SHA-256 differs)`);
    expect(err).toContain(`  missing from storage: ${removed}`);
    expect(err).toContain('2 problems:');
    // The backup itself is still good: its copies were not touched.
    expect(out.join('\n')).toMatch(/Backup copies: \d+ checked, 0 missing, 0 different/);
  });
});

describe('backup and restore with the files in an S3 bucket (s3rver)', () => {
  let s3: TestS3Server;
  let work: string;
  let live: ReturnType<typeof loadConfig>;
  const originals: Record<string, Buffer> = {};
  /** A configuration on SQLite in work/<name> with the files under `prefix` in the bucket. */
  const configFor = (name: string, prefix: string) =>
    loadConfig({ DATA_DIR: path.join(work, name), DEMO_DATA: 'off', LOG_LEVEL: 'silent', ...s3.env, S3_PREFIX: prefix });

  beforeAll(async () => {
    s3 = await startS3Server();
    work = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-backup-s3-'));
    live = configFor('live', 'live/');
    const db = createDb(live.database);
    await migrateToLatest(db);
    await db.kysely.destroy();
    resolveJwtSecret(null, live.dataDir);
    originals['photos/0a1b/original.jpg'] = await testPhoto(1);
    originals['photos/0a1b/preview.jpg'] = await testPhoto(2);
    originals['branding/logo.svg'] = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>');
    const storage = createStorage(live);
    for (const [key, data] of Object.entries(originals)) await storage.put(key, data);
  });
  afterAll(async () => {
    await s3?.close();
    if (work) await fs.rm(work, { recursive: true, force: true });
  });

  it('lists every object with its SHA-256 but copies none by default; --verify reads them from the bucket and names a changed one', async () => {
    const dir = path.join(work, 'listed');
    const run = collector();
    expect(await runBackupCommand([dir], { ...run.context, config: live }), run.err.join('\n')).toBe(0);
    const manifest = await readManifestOf(dir);
    expect(manifest.storage).toEqual({ kind: 's3', filesCopied: false, fileCount: 3, totalBytes: Object.values(originals).reduce((n, b) => n + b.length, 0) });
    expect(manifest.files).toEqual(Object.keys(originals).sort().map((key) => ({ key, size: originals[key]!.length, sha256: sha256(originals[key]!) })));
    expect(await fs.readdir(dir)).not.toContain('files');

    const good = collector();
    expect(await runBackupCommand(['--verify', dir], { ...good.context, config: live }), good.err.join('\n')).toBe(0);
    const storage = createStorage(live);
    await storage.put('photos/0a1b/preview.jpg', Buffer.from('not the photo'));
    try {
      const bad = collector();
      expect(await runBackupCommand(['--verify', dir], { ...bad.context, config: live })).toBe(1);
      expect(bad.err).toContain(`  different in storage: photos/0a1b/preview.jpg (size 13, the backup has ${originals['photos/0a1b/preview.jpg']!.length})`);
    } finally {
      await storage.put('photos/0a1b/preview.jpg', originals['photos/0a1b/preview.jpg']!);
    }

    // Restoring it checks the bucket in place: good under the live prefix, every file missing under an empty one.
    const inPlace = collector();
    expect(await runRestoreCommand([dir], { ...inPlace.context, config: configFor('in-place', 'live/') }), inPlace.err.join('\n')).toBe(0);
    expect(inPlace.err.join('\n')).toContain('The backup holds no copies of the files (s3 storage)');
    const elsewhere = collector();
    expect(await runRestoreCommand([dir], { ...elsewhere.context, config: configFor('elsewhere', 'elsewhere/') })).toBe(1);
    expect(elsewhere.err).toContain('  missing from storage: branding/logo.svg');
  });

  it('--files copies them, and restore puts them into an empty bucket prefix, each checked', async () => {
    const dir = path.join(work, 'copied');
    const run = collector();
    expect(await runBackupCommand([dir, '--files'], { ...run.context, config: live }), run.err.join('\n')).toBe(0);
    expect((await readManifestOf(dir)).storage.filesCopied).toBe(true);

    const target = configFor('restored', 'restored/');
    const restore = collector();
    expect(await runRestoreCommand([dir], { ...restore.context, config: target }), restore.err.join('\n')).toBe(0);
    const storage = createStorage(target);
    for (const [key, data] of Object.entries(originals)) expect(sha256(await storedBytes(storage, key)), key).toBe(sha256(data));
    expect(await fs.readFile(path.join(target.dataDir, 'jwt-secret'), 'utf8')).toBe(await fs.readFile(path.join(live.dataDir, 'jwt-secret'), 'utf8'));

    // The prefix now holds files: another restore into it (with a fresh data folder) is refused.
    const again = collector();
    expect(await runRestoreCommand([dir], { ...again.context, config: configFor('again', 'restored/') })).toBe(1);
    expect(again.err.join('\n')).toContain('The storage already holds files');
  });
});

function manifestDatabaseLine(postgres: boolean): string {
  return postgres ? 'database.pgdump: pg_restore --list reads' : 'gallery.sqlite: integrity_check ok';
}
