import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { type EditRecipe, EMPTY_RECIPE, editorMessages, galleryMessages, messages } from '@studio-gallery/contract';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PhotoRow } from '../src/db/schema';
import { ForwardingStorage } from '../src/storage/forwarding-storage';
import { importTestShoot } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { expectImageRefusals } from './support/bad-images';
import { readZip } from './support/zip';

// Issue 12 §4 "Saving: a new version, never an overwrite": POST /ex/images/save-edited-image and
// /ex/images/revert-edit over HTTP against a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL).

/**
 * The app's storage (the local disk of the test's data folder) with a fault switch: `afterPut` runs once
 * a file has landed, and whatever it throws fails that write, as a write whose acknowledgement is lost.
 */
class FaultSwitchStorage extends ForwardingStorage {
  afterPut: ((key: string) => void) | null = null;

  override async put(key: string, data: Buffer | Readable): Promise<void> {
    await this.inner.put(key, data);
    this.afterPut?.(key);
  }
}

let storage: FaultSwitchStorage;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
/** Alice: IMG_0001..IMG_0006, every third retouched (IMG_0003, IMG_0006). */
let shoot: Awaited<ReturnType<typeof importTestShoot>>;

beforeAll(async () => {
  t = await startTestApp({}, { wrapStorage: (inner) => (storage = new FaultSwitchStorage(inner)) });
  alice = await t.createUser({ firstName: 'Alice' });
  bob = await t.createUser({ firstName: 'Bob' });
  shoot = await importTestShoot(t, alice.email, { count: 6, retouchedEvery: 3, name: 'Alice edits', seed: 9100 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const photoIdAt = (n: number) => shoot.photoIds[n - 1] as number;
const visitor = () => ({ 'x-session-code': shoot.session.code });

const RECIPE: EditRecipe = {
  version: 1,
  values: { exposure: 0.4, contrast: -0.3, fade: 0, saturation: 1.2, skinTone: 0, temperature: -0.5, tint: 0.1, grain: 0.3 },
  crop: { preset: 'portrait', zoom: 30, x: 0.1, y: 0.05, width: 0.7, height: 0.9 },
  passport: null,
};

function solid(colour: { r: number; g: number; b: number }, format: 'jpeg' | 'png' | 'webp' | 'tiff' | 'gif' = 'jpeg', size = { width: 1200, height: 1800 }) {
  return sharp({ create: { ...size, channels: 3, background: colour } }).toFormat(format).toBuffer();
}
const RED = { r: 230, g: 10, b: 10 };
const BLUE = { r: 10, g: 20, b: 220 };

/** A transparent portrait with an opaque red disc: the editor's circle crop. */
function circleCrop(): Promise<Buffer> {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1500"><circle cx="500" cy="750" r="400" fill="#e60a0a"/></svg>';
  return sharp(Buffer.from(svg)).png().toBuffer();
}

function save(user: TestUser | null, photoId: number, image: Buffer | string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const imageBase64 = typeof image === 'string' ? image : image.toString('base64');
  return t.request('POST', '/api/ex/images/save-edited-image', {
    ...(user ? { token: user.token } : {}),
    headers,
    body: { photoId, imageBase64, ...extra },
  });
}

function revert(user: TestUser | null, photoId: number, headers: Record<string, string> = {}) {
  return t.request('POST', '/api/ex/images/revert-edit', { ...(user ? { token: user.token } : {}), headers, body: { photoId } });
}

async function page(user: TestUser, query = '&flag=All') {
  const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=36${query}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function photoOf(user: TestUser, photoId: number): Promise<JsonBody> {
  return (await page(user)).items.find((p: JsonBody) => p.id === photoId);
}

const COUNT_FIELDS = ['overallAllCount', 'totalRetouchedCount', 'totalOriginalCount', 'totalLikedCount', 'totalSkipCount'];
const countsOf = (body: JsonBody) => Object.fromEntries(COUNT_FIELDS.map((field) => [field, body[field]]));

async function fetchBinary(url: string, init: RequestInit = {}) {
  const response = await fetch(new URL(url, t.baseUrl), init);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/** The file a single download gives, through its token. */
async function download(user: TestUser, body: Record<string, unknown>) {
  const token = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { token: user.token, body });
  expect(token.status, JSON.stringify(token.body)).toBe(200);
  const file = await fetchBinary(`/api/ex/images/download/${token.body.hash}`);
  expect(file.status).toBe(200);
  return { name: token.body.downloadImageName as string, file: file.body };
}

/** The colour in the middle of an image, and its size. */
async function centreOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { width: info.width, height: info.height, rgb: [data[at], data[at + 1], data[at + 2]] as number[] };
}
async function cornerOf(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (3 * info.width + 3) * info.channels;
  return [data[at], data[at + 1], data[at + 2]] as number[];
}
const isRed = ([r, g, b]: number[]) => (r ?? 0) > 190 && (g ?? 255) < 60 && (b ?? 255) < 60;
const isBlue = ([r, g, b]: number[]) => (r ?? 255) < 60 && (g ?? 255) < 80 && (b ?? 0) > 180;
const isWhite = (rgb: number[]) => rgb.every((v) => v > 245);

async function row(photoId: number): Promise<PhotoRow> {
  return t.db.kysely.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirstOrThrow();
}

/** Every file under the photo storage (paths relative to the media folder), sorted. */
async function photoFiles(): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.storage.list('photos/')) keys.push(entry.key);
  return keys;
}

async function storedFile(key: string): Promise<Buffer> {
  const stored = await t.storage.getStream(key);
  if (!stored) throw new Error(`${key} is not stored`);
  return buffer(stored.stream);
}

/** The photo row and every stored file, to check that a refused call changed nothing. */
async function stateOf(photoId: number) {
  return { row: await row(photoId), files: await photoFiles() };
}

describe('POST /ex/images/save-edited-image', () => {
  it('saves a new edited version: every field of the original shows it, the recipe is kept, tabs and counts do not move', async () => {
    const photoId = photoIdAt(1);
    const before = await photoOf(alice, photoId);
    expect(before).toMatchObject({ isEdited: false, editRecipe: null, isRetouched: false });
    expect(before.editSourceUrl).toMatch(/^\/api\/photo-media\/\d+\/original\.jpg\?v=/);
    const pageBefore = await page(alice);
    const originalRow = await row(photoId);

    const saved = await save(alice, photoId, await solid(RED), { contentType: 'image/jpeg', recipe: RECIPE });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const photo = saved.body;
    expect(photo).toMatchObject({ id: photoId, isEdited: true, editRecipe: RECIPE, isRetouched: false, processedUrl: null, name: 'IMG_0001' });
    for (const field of ['url', 'imageURL', 'OriginalImageURL', 'previewUrl']) expect(photo[field], field).toMatch(/^\/api\/photo-media\/\d+\/edited-preview\.jpg\?v=/);
    for (const field of ['thumbnailUrl', 'imageThumbnail']) expect(photo[field], field).toMatch(/\/edited-thumb\.webp\?v=/);
    expect(photo.thumbnail2xUrl).toMatch(/\/edited-thumb2x\.webp\?v=/);
    // The editor reopens on the unedited photo.
    expect(photo.editSourceUrl).toBe(before.editSourceUrl);

    // The page (cached until now) shows it at once, with the same counts and tabs.
    const pageAfter = await page(alice);
    expect(countsOf(pageAfter)).toEqual(countsOf(pageBefore));
    expect(pageAfter.items.find((p: JsonBody) => p.id === photoId)).toEqual(photo);
    expect((await page(alice, '&flag=Original')).items.map((p: JsonBody) => p.id)).toContain(photoId);
    const visitorPage = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${shoot.session.code}&pageSize=36`);
    expect(visitorPage.body.items.find((p: JsonBody) => p.id === photoId).url).toMatch(/\/edited-preview\.jpg\?/);

    // The original and its files are untouched; the edit has a folder of its own with every rendition.
    const edited = await row(photoId);
    expect(edited).toMatchObject({ media_key: originalRow.media_key, original_ext: 'jpg', media_crc32: originalRow.media_crc32, edited_from: 'original', edited_ext: 'jpg' });
    expect(edited.edited_media_key).toMatch(/^photos\/[0-9a-f]{32}$/);
    expect(JSON.parse(edited.edit_recipe ?? 'null')).toEqual(RECIPE);
    const folder = edited.edited_media_key as string;
    expect((await photoFiles()).filter((f) => f.startsWith(`${folder}/`))).toEqual(
      ['hr.jpg', 'original.jpg', 'preview.jpg', 'sm.jpg', 'thumb.webp', 'thumb2x.webp', 'thumbavif.avif', 'thumbsm.avif'].map((f) => `${folder}/${f}`),
    );

    // Its files through the signed URLs.
    const preview = await fetchBinary(photo.previewUrl);
    expect(preview.status).toBe(200);
    expect(isRed((await centreOf(preview.body)).rgb)).toBe(true);
    expect(await sharp((await fetchBinary(photo.thumbnailUrl)).body).metadata()).toMatchObject({ format: 'webp', width: 400 });

    // Downloads: the edited version, named edited-…, at both sizes.
    const hr = await download(alice, { OriginalImageURL: photo.OriginalImageURL, RetouchImageURL: photo.RetouchImageURL, PhotoResolution: 'High Resolution' });
    expect(hr.name).toBe('edited-IMG_0001_hr.jpg');
    const hrImage = await centreOf(hr.file);
    expect(hrImage).toMatchObject({ width: 1600, height: 2400 });
    expect(isRed(hrImage.rgb)).toBe(true);
    expect(crc32(hr.file)).toBe(JSON.parse(edited.edited_crc32 ?? '{}').hr);
    const sm = await download(alice, { OriginalImageURL: photo.url, PhotoResolution: 'sm' });
    expect(sm.name).toBe('edited-IMG_0001_sm.jpg');
    expect(await centreOf(sm.file)).toMatchObject({ width: 1000, height: 1500 });
    // The URL handed out before the edit still names the unedited original.
    const old = await download(alice, { OriginalImageURL: before.url, PhotoResolution: 'hr' });
    expect(old.name).toBe('IMG_0001_hr.jpg');
    expect(isRed((await centreOf(old.file)).rgb)).toBe(false);

    // The ZIP: the edited file named edited-…, beside another photo.
    const other = await photoOf(alice, photoIdAt(2));
    const zip = await fetchBinary('/api/ex/images/download-selected-images-zip', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify([photo.url, other.url]),
    });
    expect(zip.status).toBe(200);
    const entries = readZip(zip.body);
    expect(entries.map((e) => e.name)).toEqual(['edited-IMG_0001_hr.jpg', 'IMG_0002_hr.jpg']);
    expect(isRed((await centreOf(entries[0]?.data as Buffer)).rgb)).toBe(true);

    // Resize and the share link serve the edit too.
    const resized = await fetchBinary('/api/ex/images/Resize', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ sharedUrl: photo.url, width: 200, height: 300 }),
    });
    expect(resized.status).toBe(200);
    expect(isRed((await centreOf(resized.body)).rgb)).toBe(true);
    const share = await t.request('POST', '/api/Social', { token: alice.token, body: { socialType: 'link', photoId } });
    expect(share.status).toBe(200);
    const imageUrl = new URL(new URL(share.body.url).searchParams.get('imgUrl') as string);
    expect(imageUrl.pathname).toMatch(/\/edited-preview\.jpg$/);
    const shared = await fetchBinary(`${imageUrl.pathname}${imageUrl.search}`);
    expect(shared.status).toBe(200);
    expect(isRed((await centreOf(shared.body)).rgb)).toBe(true);

    // Reopening: the editor's source is still the imported original, byte for byte.
    const source = await fetchBinary(`/api/ex/images/getImageBinary?url=${encodeURIComponent(photo.editSourceUrl)}`, {
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(source.status).toBe(200);
    expect(source.headers.get('content-type')).toBe('image/jpeg');
    expect(source.body.equals(await storedFile(`${originalRow.media_key}/original.jpg`))).toBe(true);
  });

  it('on a retouched photo, shows the edit in the retouched fields, keeps the original fields, and reopens on the retouched original', async () => {
    const photoId = photoIdAt(3);
    const before = await photoOf(alice, photoId);
    expect(before.isRetouched).toBe(true);
    expect(before.editSourceUrl).toMatch(/\/retouched-original\.jpg\?v=/);
    const retouchedRow = await row(photoId);
    const counts = countsOf(await page(alice));

    const saved = await save(alice, photoId, `data:image/webp;base64,${(await solid(BLUE, 'webp')).toString('base64')}`, { contentType: 'image/webp' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const photo = saved.body;
    expect(photo).toMatchObject({ isEdited: true, editRecipe: null, isRetouched: true, url: before.url, thumbnailUrl: before.thumbnailUrl, editSourceUrl: before.editSourceUrl });
    for (const field of ['processedUrl', 'RetouchImageURL']) expect(photo[field], field).toMatch(/\/edited-preview\.jpg\?v=/);
    expect(photo.processedThumbnailUrl).toMatch(/\/edited-thumb\.webp\?v=/);
    expect(photo.processedThumbnail2xUrl).toMatch(/\/edited-thumb2x\.webp\?v=/);
    expect(await row(photoId)).toMatchObject({ edited_from: 'retouched', edited_ext: 'webp', retouched_media_key: retouchedRow.retouched_media_key });

    const after = await page(alice);
    expect(countsOf(after)).toEqual(counts);
    expect((await page(alice, '&flag=Retouched')).items.map((p: JsonBody) => p.id)).toContain(photoId);

    const edited = await download(alice, { OriginalImageURL: photo.url, RetouchImageURL: photo.RetouchImageURL, PhotoResolution: 'hr' });
    expect(edited.name).toBe('edited-IMG_0003_hr.jpg');
    expect(isBlue((await centreOf(edited.file)).rgb)).toBe(true);
    // A RetouchImageURL naming the original (as old clients send) gets the retouched version as shown: edited.
    expect((await download(alice, { OriginalImageURL: photo.url, RetouchImageURL: photo.url, PhotoResolution: 'hr' })).name).toBe('edited-IMG_0003_hr.jpg');
    expect((await download(alice, { OriginalImageURL: photo.url, PhotoResolution: 'hr' })).name).toBe('IMG_0003_hr.jpg');

    const source = await fetchBinary(`/api/ex/images/getImageBinary?url=${encodeURIComponent(photo.editSourceUrl)}`, { headers: visitor() });
    expect(source.status).toBe(200);
    expect(source.body.equals(await storedFile(`${retouchedRow.retouched_media_key}/original.jpg`))).toBe(true);
  });

  it('flattens a transparent PNG (the circle crop) onto white in every rendition, and keeps its transparency in the stored original', async () => {
    const photoId = photoIdAt(2);
    const png = await circleCrop();
    const saved = await save(alice, photoId, `data:image/png;base64,${png.toString('base64')}`, {
      contentType: 'image/png',
      recipe: { ...EMPTY_RECIPE, crop: { preset: 'circle', zoom: 30, x: 0.2, y: 0.2, width: 0.6, height: 0.6 } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.editRecipe.crop.preset).toBe('circle');

    const { edited_media_key: folder, edited_ext: extension } = await row(photoId);
    expect(extension).toBe('png');
    const original = await storedFile(`${folder}/original.png`);
    expect(original.equals(png)).toBe(true);
    expect((await sharp(original).metadata()).hasAlpha).toBe(true);

    for (const url of [saved.body.previewUrl, saved.body.thumbnailUrl, saved.body.thumbnail2xUrl]) {
      const file = (await fetchBinary(url)).body;
      expect(await cornerOf(file), url).toSatisfy(isWhite);
      expect((await centreOf(file)).rgb, url).toSatisfy(isRed);
    }
    const hr = await download(alice, { OriginalImageURL: saved.body.url, PhotoResolution: 'hr' });
    expect(hr.name).toBe('edited-IMG_0002_hr.jpg');
    expect(await cornerOf(hr.file)).toSatisfy(isWhite);
    expect((await centreOf(hr.file)).rgb).toSatisfy(isRed);
  });

  it('replaces the previous edit with a new save: new URLs, the old folder deleted, the source unchanged', async () => {
    const photoId = photoIdAt(4);
    const first = await save(alice, photoId, await solid(RED), { recipe: RECIPE });
    expect(first.status).toBe(200);
    const firstFolder = (await row(photoId)).edited_media_key as string;
    expect((await photoFiles()).some((f) => f.startsWith(`${firstFolder}/`))).toBe(true);

    const second = await save(alice, photoId, await solid(BLUE, 'png'), { contentType: 'image/png' });
    expect(second.status).toBe(200);
    const secondRow = await row(photoId);
    expect(secondRow.edited_media_key).not.toBe(firstFolder);
    expect(secondRow.edit_recipe).toBeNull();
    expect(second.body.editRecipe).toBeNull();
    expect(second.body.previewUrl).not.toBe(first.body.previewUrl);
    expect(second.body.editSourceUrl).toBe(first.body.editSourceUrl);
    // The first edit's files are gone, and so are its URLs.
    expect((await photoFiles()).filter((f) => f.startsWith(`${firstFolder}/`))).toEqual([]);
    expect((await fetchBinary(first.body.previewUrl)).status).toBe(404);
    expect(isBlue((await centreOf((await fetchBinary(second.body.previewUrl)).body)).rgb)).toBe(true);
  });

  it('takes a full-resolution image near the 40 MB body limit (every other call refuses 1 MB)', async () => {
    const photoId = photoIdAt(4);
    // 2400 x 3600 of noise, PNG without compression: ~26 MB, ~35 MB as base64.
    const noise = Buffer.alloc(2400 * 3600 * 3);
    for (let i = 0; i < noise.length; i += 4) noise.writeUInt32LE((Math.random() * 0xffffffff) >>> 0, i);
    const png = await sharp(noise, { raw: { width: 2400, height: 3600, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
    const base64 = png.toString('base64');
    expect(base64.length).toBeGreaterThan(30 * 1024 * 1024);
    expect(base64.length).toBeLessThan(40 * 1024 * 1024);
    const saved = await save(alice, photoId, base64, { contentType: 'image/png' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await storedFile(`${(await row(photoId)).edited_media_key}/original.png`)).equals(png)).toBe(true);
  }, 60_000);

  it("refuses another customer's photo (404), session-code visitors (403) and anonymous callers (401), changing nothing", async () => {
    const photoId = photoIdAt(5);
    const image = await solid(RED);
    const before = await stateOf(photoId);

    const foreign = await save(bob, photoId, image);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: galleryMessages.imageNotFound });
    const missing = await save(alice, 999_999, image);
    expect(missing.status).toBe(404);
    const byVisitor = await save(null, photoId, image, {}, visitor());
    expect(byVisitor.status).toBe(403);
    expect(byVisitor.body).toEqual({ message: editorMessages.saveEditsNeedsLogin });
    const anonymous = await save(null, photoId, image);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: messages.unauthorized });

    expect(await stateOf(photoId)).toEqual(before);
  });

  it('refuses what is not a JPEG, PNG or WebP picture, an image bomb and a body over 40 MB, changing nothing', async () => {
    const photoId = photoIdAt(5);
    const before = await stateOf(photoId);

    // A .txt renamed .jpg, a TIFF, a GIF, a truncated JPEG, base64 of nothing; an image bomb; over 40 MB.
    const jpeg = await solid(RED);
    await expectImageRefusals((image) => save(alice, photoId, image, { contentType: 'image/jpeg' }), jpeg);

    // A declared type outside JPEG, PNG and WebP, and a recipe that is not one.
    expect((await save(alice, photoId, jpeg, { contentType: 'image/gif' })).status).toBe(400);
    expect((await save(alice, photoId, jpeg, { recipe: { version: 2 } })).status).toBe(400);

    // Other calls keep their small limit.
    const renamed = await t.request('PUT', '/api/Photos/UpdateName', { token: alice.token, body: { id: photoId, name: 'x'.repeat(1_100_000) } });
    expect(renamed.status).toBe(413);

    expect(await stateOf(photoId)).toEqual(before);
  }, 60_000);

  it('leaves the photo as it was, and no file behind, when a save fails right after its files are written', async () => {
    const photoId = photoIdAt(6);
    // With an edit already there: a failed save must keep it too.
    expect((await save(alice, photoId, await solid(RED), { recipe: RECIPE })).status).toBe(200);
    const before = await stateOf(photoId);
    const shownBefore = await photoOf(alice, photoId);

    // 1. The storage: the last file of the new folder lands, then its write fails.
    const written: string[] = [];
    storage.afterPut = (key) => {
      written.push(key);
      if (key.endsWith('/original.jpg')) throw new Error('injected: the write of the last file was lost');
    };
    try {
      const failed = await save(alice, photoId, await solid(BLUE));
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: messages.unexpectedError });
    } finally {
      storage.afterPut = null;
    }
    expect(written).toHaveLength(8);
    expect(await stateOf(photoId)).toEqual(before);

    // 2. The database: every file is written, then the update of the row fails.
    written.length = 0;
    storage.afterPut = (key) => {
      written.push(key);
    };
    await failEditUpdates(true);
    try {
      const failed = await save(alice, photoId, await solid(BLUE));
      expect(failed.status).toBe(500);
    } finally {
      await failEditUpdates(false);
      storage.afterPut = null;
    }
    expect(written).toHaveLength(8);
    expect(await stateOf(photoId)).toEqual(before);
    for (const key of written) expect(await storage.exists(key), key).toBe(false);
    expect(await photoOf(alice, photoId)).toEqual(shownBefore);
  });
});

/** Makes the database refuse any change of a photo's edited version (a trigger), as a failing update would. */
async function failEditUpdates(on: boolean): Promise<void> {
  const db = t.db.kysely;
  if (t.db.dialect === 'sqlite') {
    if (on) {
      await sql`create trigger photos_fail_edits before update of edited_media_key on photos
        when new.edited_media_key is not old.edited_media_key begin select raise(abort, 'injected failure'); end`.execute(db);
    } else {
      await sql`drop trigger photos_fail_edits`.execute(db);
    }
    return;
  }
  if (on) {
    await sql`create function photos_fail_edits() returns trigger language plpgsql as $$ begin raise exception 'injected failure'; end $$`.execute(db);
    await sql`create trigger photos_fail_edits before update of edited_media_key on photos for each row
      when (new.edited_media_key is distinct from old.edited_media_key) execute function photos_fail_edits()`.execute(db);
  } else {
    await sql`drop trigger photos_fail_edits on photos`.execute(db);
    await sql`drop function photos_fail_edits()`.execute(db);
  }
}

describe('POST /ex/images/revert-edit', () => {
  it('removes the edited version: the fields show the unedited photo again and its folder is deleted', async () => {
    const photoId = photoIdAt(1);
    const edited = await photoOf(alice, photoId);
    expect(edited.isEdited).toBe(true);
    const { edited_media_key: folder, media_key: original } = await row(photoId);
    const counts = countsOf(await page(alice));

    const reverted = await revert(alice, photoId);
    expect(reverted.status, JSON.stringify(reverted.body)).toBe(200);
    expect(reverted.body).toMatchObject({ isEdited: false, editRecipe: null, editSourceUrl: edited.editSourceUrl });
    expect(reverted.body.url).toMatch(/^\/api\/photo-media\/\d+\/preview\.jpg\?/);
    expect(reverted.body.thumbnailUrl).toMatch(/\/thumb\.webp\?/);
    expect(await row(photoId)).toMatchObject({
      media_key: original,
      edited_media_key: null,
      edited_ext: null,
      edited_crc32: null,
      edited_from: null,
      edit_recipe: null,
      edited_at: null,
    });
    expect((await photoFiles()).filter((f) => f.startsWith(`${folder}/`))).toEqual([]);
    expect((await fetchBinary(edited.previewUrl)).status).toBe(404);
    const pageAfter = await page(alice);
    expect(countsOf(pageAfter)).toEqual(counts);
    expect(pageAfter.items.find((p: JsonBody) => p.id === photoId)).toEqual(reverted.body);
    expect((await download(alice, { OriginalImageURL: reverted.body.url, PhotoResolution: 'hr' })).name).toBe('IMG_0001_hr.jpg');

    // Nothing left to revert.
    const again = await revert(alice, photoId);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: editorMessages.noEditToRevert });
  });

  it('puts a retouched photo back on its retouched version', async () => {
    const photoId = photoIdAt(3);
    const before = await photoOf(alice, photoId);
    expect(before.isEdited).toBe(true);
    const reverted = await revert(alice, photoId);
    expect(reverted.status).toBe(200);
    expect(reverted.body).toMatchObject({ isEdited: false, isRetouched: true, url: before.url });
    expect(reverted.body.processedUrl).toMatch(/\/retouched-preview\.jpg\?/);
  });

  it("refuses another customer's photo (404), visitors (403) and anonymous callers (401), changing nothing", async () => {
    const photoId = photoIdAt(4);
    const before = await stateOf(photoId);
    expect(before.row.edited_media_key).not.toBeNull();

    expect((await revert(bob, photoId)).status).toBe(404);
    const byVisitor = await revert(null, photoId, visitor());
    expect(byVisitor.status).toBe(403);
    expect(byVisitor.body).toEqual({ message: editorMessages.saveEditsNeedsLogin });
    expect((await revert(null, photoId)).status).toBe(401);

    expect(await stateOf(photoId)).toEqual(before);
  });
});

describe('cached gallery pages and an edit', () => {
  it('answer a new page (not 304) once a photo is edited or reverted', async () => {
    const photoId = photoIdAt(5);
    const url = `/api/sessions/GetUserSessionsPage?userId=${alice.id}&pageSize=12`;
    const get = async (etag?: string) => {
      const headers: Record<string, string> = { authorization: `Bearer ${alice.token}`, ...(etag ? { 'if-none-match': etag } : {}) };
      const response = await fetch(new URL(url, t.baseUrl), { headers });
      const body = response.status === 200 ? ((await response.json()) as JsonBody) : null;
      return { status: response.status, etag: response.headers.get('etag') as string, body };
    };
    const first = await get();
    expect((await get(first.etag)).status).toBe(304);

    expect((await save(alice, photoId, await solid(RED))).status).toBe(200);
    const afterSave = await get(first.etag);
    expect(afterSave.status).toBe(200);
    expect(afterSave.body.items.find((p: JsonBody) => p.id === photoId).isEdited).toBe(true);
    expect((await get(afterSave.etag)).status).toBe(304);

    expect((await revert(alice, photoId)).status).toBe(200);
    const afterRevert = await get(afterSave.etag);
    expect(afterRevert.status).toBe(200);
    expect(afterRevert.body.items.find((p: JsonBody) => p.id === photoId).isEdited).toBe(false);
    // Back to the page as it was before the edit, byte for byte.
    expect(afterRevert.etag).toBe(first.etag);
  });
});
