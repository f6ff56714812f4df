import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage } from '../src/storage/storage';
import { importServicesFor, sourcesOf, testPhoto } from './support/gallery';
import { storedBytes, storedNames } from './support/stored';
import { type TestApp, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Photo folders in storage (a folder goes with its last file, so a torn import leaves none behind). */
async function storedFolders(): Promise<string[]> {
  return storedNames(t.storage, 'photos');
}

async function photoRows(sessionId: number) {
  return t.db.kysely.selectFrom('photos').selectAll().where('session_id', '=', sessionId).orderBy('position').execute();
}

/** Every file each photo row points at exists; returns how many folders the rows reference. */
async function expectRowsPointAtFiles(sessionId: number) {
  const storage = t.storage;
  const folders = new Set<string>();
  for (const row of await photoRows(sessionId)) {
    for (const [folder, ext, recorded] of [
      [row.media_key, row.original_ext, row.media_crc32],
      [row.retouched_media_key, row.retouched_ext, row.retouched_crc32],
    ] as const) {
      if (!folder || !ext) continue;
      folders.add(folder.split('/')[1] as string);
      for (const file of ['thumbsm.avif', 'thumbavif.avif', 'thumb.webp', 'thumb2x.webp', 'preview.jpg', 'sm.jpg', 'hr.jpg', `original.${ext}`]) {
        expect(await storage.exists(`${folder}/${file}`), `${folder}/${file}`).toBe(true);
      }
      // The download files' CRC-32s, recorded for the ZIP, are those of the stored files.
      const stored = async (file: string) => crc32(await storedBytes(t.storage, `${folder}/${file}`));
      expect(recorded && JSON.parse(recorded)).toEqual({ sm: await stored('sm.jpg'), hr: await stored('hr.jpg') });
    }
  }
  return folders;
}

describe('importing a shoot', () => {
  it('creates the customer, invites them by mail after the photos are in, and the invitation activates the account', async () => {
    const { shoots } = importServicesFor(t);
    const email = 'new.customer@example.com';
    const result = await shoots.importShoot({
      email,
      sessionName: 'Spring headshots',
      sessionDate: '2026-11-20',
      photos: sourcesOf({ 'B.jpg': await testPhoto(1), 'A.jpg': await testPhoto(2), 'notes.txt': Buffer.from('hello') }),
      retouched: sourcesOf({ 'a.png': await testPhoto(3) }),
    });
    expect(result.customerCreated).toBe(true);
    expect(result.invited).toBe(true);
    expect(result.session.code).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(result.outcomes.map((o) => [o.fileName, o.status])).toEqual([
      ['A.jpg', 'imported'],
      ['B.jpg', 'imported'],
      ['notes.txt', 'unreadable'],
    ]);
    const rows = await photoRows(result.session.id);
    expect(rows.map((r) => [r.name, r.is_retouched, r.width, r.height])).toEqual([
      ['A', 1, 300, 450],
      ['B', 0, 300, 450],
    ]);
    await expectRowsPointAtFiles(result.session.id);

    const user = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ activated: 0, password_hash: null });
    const mail = await t.lastMailTo(email);
    expect(mail.subject).toMatch(/photos .* are ready/);
    expect(mail.text).toContain('Spring headshots');
    const link = mail.links.find((l) => l.includes('/active-account/')) as string;
    const activation = await t.request('POST', '/api/active-galley-user', { body: { activationCode: link.split('/').pop() } });
    expect(activation.status).toBe(200);
    const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}`, { token: activation.body.jwt });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
  });

  it('adds nothing when run again, attaches a retouch that arrives later, and reuses the session', async () => {
    const { shoots } = importServicesFor(t);
    const files = { 'one.jpg': await testPhoto(10), 'two.jpg': await testPhoto(11), 'copy-of-one.jpg': await testPhoto(10) };
    const first = await shoots.importShoot({ email: 'repeat@example.com', sessionName: 'Repeat', sessionDate: null, photos: sourcesOf(files), invite: false });
    expect(first.outcomes.map((o) => o.status).sort()).toEqual(['duplicate', 'imported', 'imported']);
    const folders = await storedFolders();

    const again = await shoots.importShoot({
      email: 'REPEAT@example.com',
      sessionName: 'Repeat',
      sessionDate: null,
      photos: sourcesOf(files),
      retouched: sourcesOf({ 'two.tif': await sharp(await testPhoto(12)).tiff().toBuffer() }),
      invite: false,
    });
    expect(again.session.id).toBe(first.session.id);
    expect(again.customerCreated).toBe(false);
    expect(again.outcomes.map((o) => `${o.fileName}:${o.status}`).sort()).toEqual(['copy-of-one.jpg:duplicate', 'one.jpg:duplicate', 'two.jpg:retouch-attached']);
    const rows = await photoRows(first.session.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.name === 'two')).toMatchObject({ is_retouched: 1, retouched_ext: 'tif' });
    // Only the retouch's folder was added.
    expect((await storedFolders()).length).toBe(folders.length + 1);
    await expectRowsPointAtFiles(first.session.id);
  });

  it('leaves nothing behind when storing fails half-way through a photo', async () => {
    const real = t.storage;
    let writes = 0;
    // The 3rd file written (of the 6 a photo has) fails, once: a disk that fills up mid-photo.
    const failing: Storage = {
      kind: real.kind,
      list: (prefix) => real.list(prefix),
      urlFor: (key, options) => real.urlFor(key, options),
      put: async (key, data) => {
        writes += 1;
        if (writes === 3) throw new Error('disk full');
        return real.put(key, data);
      },
      getStream: (key) => real.getStream(key),
      delete: (key) => real.delete(key),
      exists: (key) => real.exists(key),
      size: (key) => real.size(key),
    };
    const before = await storedFolders();
    const { importer } = importServicesFor(t, failing);
    const { session } = await importer.openSession((await t.createUser()).id, 'Torn', '2026-11-20');
    const report = await importer.importPhotos(session, sourcesOf({ 'a.jpg': await testPhoto(20), 'b.jpg': await testPhoto(21) }), { concurrency: 1 });
    expect(report.outcomes.map((o) => `${o.fileName}:${o.status}`)).toEqual(['a.jpg:failed', 'b.jpg:imported']);
    expect(report.outcomes[0]?.reason).toBe('disk full');
    const rows = await photoRows(session.id);
    expect(rows.map((r) => r.name)).toEqual(['b']);
    const referenced = await expectRowsPointAtFiles(session.id);
    // The only new folder is b's: nothing of a remains, and no temporary files either.
    const added = (await storedFolders()).filter((f) => !before.includes(f));
    expect(added).toEqual([...referenced]);
    for (const folder of added) expect(await storedNames(t.storage, `photos/${folder}`)).toEqual(['hr.jpg', 'original.jpg', 'preview.jpg', 'sm.jpg', 'thumb.webp', 'thumb2x.webp', 'thumbavif.avif', 'thumbsm.avif']);
  });

  it('deletes the stored files when the database refuses the photo', async () => {
    const { importer, gallery } = importServicesFor(t);
    const { session } = await importer.openSession((await t.createUser()).id, 'Db failure', '2026-11-20');
    const before = await storedFolders();
    const insert = gallery.insertPhoto.bind(gallery);
    gallery.insertPhoto = async () => {
      throw new Error('database went away');
    };
    try {
      const report = await importer.importPhotos(session, sourcesOf({ 'x.jpg': await testPhoto(30) }), { retouched: sourcesOf({ 'x.jpg': await testPhoto(31) }) });
      expect(report.outcomes[0]).toMatchObject({ status: 'failed', reason: 'database went away' });
    } finally {
      gallery.insertPhoto = insert;
    }
    expect(await photoRows(session.id)).toEqual([]);
    expect(await storedFolders()).toEqual(before);
  });

  it('judges files by content: a PNG named .dat imports, a JPEG name on text and a truncated JPEG are skipped', async () => {
    const { importer } = importServicesFor(t);
    const { session } = await importer.openSession((await t.createUser()).id, 'Content', '2026-11-20');
    const jpeg = await testPhoto(40);
    const report = await importer.importPhotos(
      session,
      sourcesOf({
        'scan.dat': await sharp(await testPhoto(41)).png().toBuffer(),
        'fake.jpg': Buffer.from('not really a jpeg'),
        'cut.jpg': jpeg.subarray(0, Math.floor(jpeg.length / 2)),
        'page.webp': await sharp(await testPhoto(42)).webp().toBuffer(),
      }),
    );
    expect(Object.fromEntries(report.outcomes.map((o) => [o.fileName, o.status]))).toEqual({
      'cut.jpg': 'unreadable',
      'fake.jpg': 'unreadable',
      'page.webp': 'imported',
      'scan.dat': 'imported',
    });
    expect((await photoRows(session.id)).map((r) => [r.name, r.original_ext])).toEqual([
      ['page', 'webp'],
      ['scan', 'png'],
    ]);
  });
});

describe('npm run studio -- import', () => {
  it('imports a folder with retouches, prints the session code, and adds nothing on a second run', async () => {
    const folder = path.join(t.config.dataDir, 'cli-shoot');
    const retouchedFolder = path.join(t.config.dataDir, 'cli-retouched');
    await fs.mkdir(folder, { recursive: true });
    await fs.mkdir(retouchedFolder, { recursive: true });
    await fs.writeFile(path.join(folder, 'DSC_1.jpg'), await testPhoto(50));
    await fs.writeFile(path.join(folder, 'DSC_2.JPG'), await testPhoto(51));
    await fs.writeFile(path.join(folder, 'broken.jpg'), 'nope');
    await fs.writeFile(path.join(retouchedFolder, 'DSC_2.jpg'), await testPhoto(52));

    const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', ...t.storageEnv } as Record<string, string>;
    if (t.config.database.dialect === 'postgres') {
      env.DATABASE_URL = t.config.database.url;
      env.DATABASE_SCHEMA = t.config.database.schema ?? '';
    }
    const cli = fileURLToPathSafe(new URL('../src/cli/studio.ts', import.meta.url));
    const run = () =>
      promisify(execFile)(process.execPath, ['--import', 'tsx', cli, 'import', folder, '--email', 'cli.customer@example.com', '--name', 'CLI shoot', '--date', '2026-11-21', '--retouched', retouchedFolder], {
        env,
        cwd: path.dirname(cli),
      });
    const first = await run();
    const code = first.stdout.trim();
    expect(code).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(first.stderr).toContain('skipped broken.jpg');
    expect(first.stderr).toContain('2 imported');

    const visitor = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${code}&page=1&pageSize=12&flag=All`);
    expect(visitor.status).toBe(200);
    expect(visitor.body).toMatchObject({ totalCount: 2, overallAllCount: 2, totalRetouchedCount: 1, totalOriginalCount: 1 });
    expect((await t.lastMailTo('cli.customer@example.com')).links.some((l) => l.includes('/active-account/'))).toBe(true);

    const second = await run();
    expect(second.stdout.trim()).toBe(code);
    expect(second.stderr).toContain('0 imported, 2 already there');
    const after = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${code}`);
    expect(after.body.totalCount).toBe(2);
  }, 60_000);
});

function fileURLToPathSafe(url: URL): string {
  return decodeURIComponent(url.pathname);
}
