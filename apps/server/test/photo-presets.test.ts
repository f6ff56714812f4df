import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { DEFAULT_EDIT_VALUES, PHOTO_PRESETS, RETOUCH_DEFAULT_STRENGTH, galleryMessages, presetMessages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStorage } from '../src/storage/create-storage';
import { importServicesFor, importTestShoot, sourcesOf } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

// Spec §4 "Legacy preset", §7 GetProcessedSample / PhotoProcessor/CreateRequest, over HTTP against a
// real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), with the real models (face mesh and
// selfie segmentation) in the segmentation pool's worker thread.

const ASTRONAUT = path.resolve(import.meta.dirname, '../../../e2e/fixtures/astronaut.jpg');
const GREY = [0x86, 0x84, 0x87];
const WHITE = [255, 255, 255];

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let sessionCode: string;
/** Alice's astronaut (512x512, the backdrop in the top corners). */
let photoId: number;
/** Bob's photo. */
let bobsPhotoId: number;

beforeAll(async () => {
  t = await startTestApp({ SEGMENTATION_THREADS: '1', SEGMENTATION_QUEUE_WAITING: '4' });
  alice = await t.createUser({ firstName: 'Alice' });
  bob = await t.createUser({ firstName: 'Bob' });
  const { shoots } = importServicesFor(t);
  const imported = await shoots.importShoot({
    email: alice.email,
    sessionName: 'Alice presets',
    sessionDate: '2026-11-20',
    photos: sourcesOf({ 'astronaut.jpg': await fs.readFile(ASTRONAUT) }),
    retouched: [],
    invite: false,
  });
  photoId = imported.outcomes[0]?.photoId as number;
  sessionCode = imported.session.code;
  bobsPhotoId = (await importTestShoot(t, bob.email, { count: 1, name: 'Bob', seed: 9400 })).photoIds[0] as number;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const samples = (id: number, options: { token?: string; headers?: Record<string, string> } = { token: alice.token }) =>
  t.request('GET', `/api/Photos/GetProcessedSample/${id}`, options);
const apply = (body: Record<string, unknown>, options: { token?: string; headers?: Record<string, string> } = { token: alice.token }) =>
  t.request('POST', '/api/PhotoProcessor/CreateRequest', { ...options, body });

/** The colour at (x, y) of an image. */
async function pixels(image: Buffer) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { info, at: (x: number, y: number) => [0, 1, 2].map((c) => data[(y * info.width + x) * 3 + c] as number) };
}
const near = (rgb: number[], target: number[], tolerance = 6) => rgb.every((v, c) => Math.abs(v - (target[c] as number)) <= tolerance);
/** The four points of the top corners the backdrop fills on the astronaut, at a fraction of its size. */
const topCorners = (width: number) => [0.01, 0.06].flatMap((f) => [[Math.round(f * width), Math.round(f * width)], [Math.round((1 - f) * width) - 1, Math.round(f * width)]] as const);

describe('GET /Photos/GetProcessedSample/{imageId}', () => {
  it('answers the three presets, each a small JPEG: the grey and white ones on their colour, the natural one on its own backdrop', async () => {
    const response = await samples(photoId);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const body = response.body as JsonBody[];
    expect(body.map((s) => s.presetId)).toEqual(['natural', 'studio-grey', 'white']);
    expect(body.map((s) => s.name)).toEqual(PHOTO_PRESETS.map((p) => p.name));
    const decoded: Record<string, Awaited<ReturnType<typeof pixels>>> = {};
    for (const sample of body) {
      expect(sample.sampleImage).toMatch(/^data:image\/jpeg;base64,/);
      const jpeg = Buffer.from((sample.sampleImage as string).replace(/^data:[^,]*,/, ''), 'base64');
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 480 });
      decoded[sample.presetId as string] = await pixels(jpeg);
    }
    for (const [x, y] of topCorners(480)) {
      expect(near(decoded['studio-grey']!.at(x, y), GREY), `grey at ${x},${y}: ${decoded['studio-grey']!.at(x, y)}`).toBe(true);
      expect(near(decoded.white!.at(x, y), WHITE), `white at ${x},${y}: ${decoded.white!.at(x, y)}`).toBe(true);
      // The astronaut's backdrop is dark there: neither colour.
      expect(near(decoded.natural!.at(x, y), GREY, 20) || near(decoded.natural!.at(x, y), WHITE, 20)).toBe(false);
    }
    // The person is kept: the face (centre top) is the same in all three.
    const face = [240, 200] as const;
    const natural = decoded.natural!.at(...face);
    for (const id of ['studio-grey', 'white']) expect(near(decoded[id]!.at(...face), natural, 12), id).toBe(true);
  }, 120_000);

  it('is for the photo’s signed-in owner: another customer’s or no photo 404, a visitor 403, anonymous 401', async () => {
    expect((await samples(bobsPhotoId)).status).toBe(404);
    const unknown = await samples(999_999);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: galleryMessages.imageNotFound });
    const visitor = await samples(photoId, { headers: { 'x-session-code': sessionCode } });
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: presetMessages.presetsNeedLogin });
    expect((await samples(photoId, {})).status).toBe(401);
    expect((await samples(0)).status).toBe(400);
  });
});

describe('POST /PhotoProcessor/CreateRequest', () => {
  it('applies studio grey at full size and saves it as the edited version, with the recipe the editor reopens', async () => {
    const response = await apply({ imageId: photoId, presetId: 'studio-grey' });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({
      id: photoId,
      isEdited: true,
      editRecipe: {
        version: 1,
        values: DEFAULT_EDIT_VALUES,
        crop: null,
        passport: null,
        retouch: { strength: RETOUCH_DEFAULT_STRENGTH },
        background: { kind: 'colour', colour: '#868487', opacity: 100 },
      },
    });
    expect(response.body.url).toMatch(/\/edited-preview\.jpg\?v=/);

    // The edited version's full-size file: the original's size, the backdrop grey.
    const row = await t.db.kysely.selectFrom('photos').selectAll().where('id', '=', photoId).executeTakeFirstOrThrow();
    expect(row.edited_media_key).toMatch(/^photos\//);
    const stored = await createStorage(t.config).getStream(`${row.edited_media_key}/original.${row.edited_ext}`);
    const full = await buffer(stored!.stream);
    const { info, at } = await pixels(full);
    expect({ width: info.width, height: info.height }).toEqual({ width: 512, height: 512 });
    for (const [x, y] of topCorners(512)) expect(near(at(x, y), GREY), `grey at ${x},${y}: ${at(x, y)}`).toBe(true);

    // Natural: no background in the recipe; the new edit replaces the grey one.
    const natural = await apply({ imageId: photoId, presetId: 'natural' });
    expect(natural.status).toBe(200);
    expect(natural.body.editRecipe).toMatchObject({ retouch: { strength: RETOUCH_DEFAULT_STRENGTH } });
    expect(natural.body.editRecipe).not.toHaveProperty('background');
  }, 120_000);

  it('refuses an unknown preset (400), another customer’s or no photo (404), a visitor (403) and anonymous callers (401)', async () => {
    expect((await apply({ imageId: photoId, presetId: 'sepia' })).status).toBe(400);
    expect((await apply({ imageId: bobsPhotoId, presetId: 'white' })).status).toBe(404);
    expect((await apply({ imageId: 999_999, presetId: 'white' })).status).toBe(404);
    const visitor = await apply({ imageId: photoId, presetId: 'white' }, { headers: { 'x-session-code': sessionCode } });
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: presetMessages.presetsNeedLogin });
    expect((await apply({ imageId: photoId, presetId: 'white' }, {})).status).toBe(401);
  });
});
