import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBackfillThumbnails } from '../src/cli/storage-maintenance';
import { importTestShoot } from './support/gallery';
import { storedBytes } from './support/stored';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The AVIF grid thumbnails (issue 23): made at import, offered as `thumbnailSmallUrl` (280 px) and
 * `thumbnailAvifUrl` (400 px); a photo stored before them shows its 400 px WebP at those URLs until
 * `storage backfill-thumbnails` has made them, and the backfill can run again without doing anything twice.
 */

let t: TestApp;
let user: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  user = await t.createUser({ firstName: 'Grid' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function photos(): Promise<JsonBody[]> {
  const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=100`, { token: user.token });
  expect(response.status).toBe(200);
  return response.body.items as JsonBody[];
}

async function served(url: string) {
  const response = await fetch(new URL(url, t.baseUrl));
  expect(response.status, url).toBe(200);
  const body = Buffer.from(await response.arrayBuffer());
  const { width, height, format } = await sharp(body).metadata();
  return { width, height, format, type: response.headers.get('content-type'), cacheControl: response.headers.get('cache-control'), etag: response.headers.get('etag') };
}

describe('the AVIF grid thumbnails', () => {
  it('are made at import, the 400 px WebP stands in for an older photo, and the backfill makes them once', async () => {
    const shoot = await importTestShoot(t, user.email, { count: 3, retouchedEvery: 2 });
    const rows = await t.db.kysely.selectFrom('photos').select(['media_key', 'retouched_media_key']).where('id', 'in', shoot.photoIds).execute();
    const folders = rows.flatMap((row) => [row.media_key, row.retouched_media_key]).filter((folder): folder is string => folder !== null);
    expect(folders).toHaveLength(4);

    // A new import has them, cached for good like the other renditions.
    const [first] = await photos();
    expect(first?.thumbnailSmallUrl).toMatch(/^\/api\/photo-media\/\d+\/thumbsm\.avif\?v=[\w-]+&exp=\d+&sig=[\w-]+$/);
    expect(first?.thumbnailAvifUrl).toMatch(/^\/api\/photo-media\/\d+\/thumbavif\.avif\?v=[\w-]+&exp=\d+&sig=[\w-]+$/);
    const immutable = expect.stringMatching(/immutable$/);
    expect(await served(first?.thumbnailSmallUrl)).toMatchObject({ width: 280, height: 420, format: 'heif', type: 'image/avif', cacheControl: immutable });
    expect(await served(first?.thumbnailAvifUrl)).toMatchObject({ width: 400, height: 600, format: 'heif', type: 'image/avif', cacheControl: immutable });
    const retouched = (await photos()).find((photo) => photo.isRetouched);
    expect(await served(retouched?.processedThumbnailSmallUrl)).toMatchObject({ width: 280, height: 420, format: 'heif' });

    // Photos stored before them: no AVIF in their folders (but a retouch's small one: a run cut short).
    const lateFiles = folders.flatMap((folder) => [`${folder}/thumbsm.avif`, `${folder}/thumbavif.avif`]);
    const cutShort = rows.find((row) => row.retouched_media_key !== null)?.retouched_media_key;
    for (const key of lateFiles) if (key !== `${cutShort}/thumbsm.avif`) await t.storage.delete(key);

    // Their URLs still show the photo: the 400 px WebP, kept an hour, not for good.
    for (const url of [first?.thumbnailSmallUrl, first?.thumbnailAvifUrl]) {
      const standIn = await served(url);
      expect(standIn).toMatchObject({ width: 400, height: 600, format: 'webp', type: 'image/webp', cacheControl: 'private, max-age=3600' });
      expect(standIn.etag).toMatch(/-thumb"$/);
    }

    const lines: string[] = [];
    expect(await runBackfillThumbnails([], { db: t.db.kysely, storage: t.storage }, (line) => lines.push(line))).toBe(0);
    expect(lines.join('\n')).toContain('4 photo folders: 0 had the AVIF thumbnails; 7 files made now');
    for (const key of lateFiles) {
      const width = key.endsWith('thumbsm.avif') ? 280 : 400;
      expect(await sharp(await storedBytes(t.storage, key)).metadata(), key).toMatchObject({ width, height: width * 1.5, format: 'heif' });
    }
    expect(await served(first?.thumbnailSmallUrl)).toMatchObject({ width: 280, height: 420, cacheControl: immutable });
    expect(await served(first?.thumbnailAvifUrl)).toMatchObject({ width: 400, height: 600, format: 'heif', cacheControl: immutable });

    // Again: nothing to do, nothing rewritten.
    const before = await Promise.all(lateFiles.map((key) => storedBytes(t.storage, key)));
    const again: string[] = [];
    expect(await runBackfillThumbnails([], { db: t.db.kysely, storage: t.storage }, (line) => again.push(line))).toBe(0);
    expect(again.join('\n')).toContain('4 photo folders: 4 had the AVIF thumbnails; 0 files made now');
    const after = await Promise.all(lateFiles.map((key) => storedBytes(t.storage, key)));
    expect(after).toEqual(before);
  });

  it('reports a folder it cannot make it for, and exits 1', async () => {
    const shoot = await importTestShoot(t, user.email, { count: 1 });
    const row = await t.db.kysely.selectFrom('photos').select('media_key').where('id', '=', shoot.photoIds[0] as number).executeTakeFirstOrThrow();
    await t.storage.delete(`${row.media_key}/thumbsm.avif`);
    await t.storage.delete(`${row.media_key}/thumbavif.avif`);
    await t.storage.delete(`${row.media_key}/thumb2x.webp`);
    const lines: string[] = [];
    expect(await runBackfillThumbnails([], { db: t.db.kysely, storage: t.storage }, (line) => lines.push(line))).toBe(1);
    expect(lines.join('\n')).toContain(row.media_key);
    expect(await t.storage.exists(`${row.media_key}/thumbsm.avif`)).toBe(false);
  });
});
