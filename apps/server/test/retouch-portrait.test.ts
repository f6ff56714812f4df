import fs from 'node:fs/promises';
import path from 'node:path';
import { type RetouchControls, editorMessages } from '@studio-gallery/contract';
import sharp, { type Metadata } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGIONS } from '../src/media/segmentation/retouch';
import { importTestShoot } from './support/gallery';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';
import { expectImageRefusals } from './support/bad-images';
import { expectFloodServedOrRefused } from './support/flood';

// Issue 13 §3: POST /ex/images/retouch-portrait over HTTP against a real database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL), with the real face mesh (@vladmandic/human) in the segmentation
// pool's worker thread.

const ASTRONAUT = path.resolve(import.meta.dirname, '../../../e2e/fixtures/astronaut.jpg');
const URL_ = '/api/ex/images/retouch-portrait';
const SIZE = 512;

/**
 * Where the regions are on the astronaut (512x512): the bounding boxes of the mesh points of REGIONS
 * (retouch.ts) as @vladmandic/human 3.3.6 finds them on this photo, rounded: REGIONS.leftEye (the
 * subject's right eye, points 33, 133, 159, 145, …) x 194-213, y 97-104; REGIONS.rightEye (263, 362,
 * 386, 374, …) x 236-256, y 99-106; REGIONS.lips (the outer lip line 61, 291, 0, 17, …) x 201-246,
 * y 138-154; the box checked is the lips' inner part, x 211-236, y 142-150 (the outer box's corners are
 * the skin beside the mouth corners, which the retouch smooths). The cheek window lies under the subject's right eye, beside the nose and above the mouth
 * corner (around mesh point 50 at 190,119; the nostrils start at x 209).
 */
const EYES = [
  { x0: 194, x1: 213, y0: 97, y1: 104 },
  { x0: 236, x1: 256, y0: 99, y1: 106 },
];
const LIPS = { x0: 211, x1: 236, y0: 142, y1: 150 };
const CHEEK = { x0: 188, x1: 204, y0: 110, y1: 126 };

let t: TestApp;
let alice: TestUser;
let sessionCode: string;
let astronaut: Buffer;
let input: Buffer;

beforeAll(async () => {
  t = await startTestApp({ SEGMENTATION_THREADS: '1', SEGMENTATION_QUEUE_WAITING: '4' });
  alice = await t.createUser({ firstName: 'Alice' });
  const shoot = await importTestShoot(t, alice.email, { count: 1, name: 'Alice retouches', seed: 9310 });
  sessionCode = shoot.session.code;
  astronaut = await fs.readFile(ASTRONAUT);
  input = await sharp(astronaut).raw().toBuffer();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const retouch = (
  image: Buffer | string,
  options: { token?: string; headers?: Record<string, string>; strength?: number; controls?: RetouchControls } = { token: alice.token },
) =>
  t.request('POST', URL_, {
    token: options.token,
    headers: options.headers,
    body: {
      ImageBase64: typeof image === 'string' ? image : image.toString('base64'),
      ...(options.strength === undefined ? {} : { strength: options.strength }),
      ...options.controls,
    },
  });

type Box = { x0: number; x1: number; y0: number; y1: number };

/** The largest difference of any channel inside the box. */
function maxDifference(a: Buffer, b: Buffer, box: Box): number {
  let worst = 0;
  for (let y = box.y0; y <= box.y1; y++) for (let x = box.x0; x <= box.x1; x++) for (let c = 0; c < 3; c++) worst = Math.max(worst, Math.abs(a[(y * SIZE + x) * 3 + c]! - b[(y * SIZE + x) * 3 + c]!));
  return worst;
}

/** The mean of the luma's variance over 5x5 windows inside the box: the local roughness of the skin. */
function localVariance(image: Buffer, box: Box): number {
  const luma = (x: number, y: number) => {
    const p = (y * SIZE + x) * 3;
    return 0.299 * image[p]! + 0.587 * image[p + 1]! + 0.114 * image[p + 2]!;
  };
  let total = 0;
  let windows = 0;
  for (let y = box.y0 + 2; y <= box.y1 - 2; y++) {
    for (let x = box.x0 + 2; x <= box.x1 - 2; x++) {
      let sum = 0;
      let sq = 0;
      for (let dy = -2; dy <= 2; dy++) for (let dx = -2; dx <= 2; dx++) {
        const v = luma(x + dx, y + dy);
        sum += v;
        sq += v * v;
      }
      total += sq / 25 - (sum / 25) ** 2;
      windows += 1;
    }
  }
  return total / windows;
}

async function decodeAnswer(body: { processedImageBase64?: unknown }): Promise<{ raw: Buffer; meta: Metadata }> {
  const jpeg = Buffer.from(body.processedImageBase64 as string, 'base64');
  return { meta: await sharp(jpeg).metadata(), raw: await sharp(jpeg).raw().toBuffer() };
}

describe('POST /ex/images/retouch-portrait', () => {
  it('the mesh regions measured below are the ones the retouch excludes', () => {
    expect(REGIONS.leftEye).toContain(33);
    expect(REGIONS.rightEye).toContain(263);
    expect(REGIONS.lips).toContain(61);
    expect(REGIONS.cheeks).toContain(50);
  });

  it('retouches the astronaut: a JPEG of the same size, the cheek smoother, the eyes and lips untouched', async () => {
    const response = await retouch(astronaut);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: editorMessages.portraitRetouched });
    const { raw, meta } = await decodeAnswer(response.body);
    expect(meta).toMatchObject({ format: 'jpeg', width: SIZE, height: SIZE });

    // Eyes and lips: only the JPEG round trip (quality 92, 4:4:4) between the input and the answer.
    for (const [label, box] of [['left eye', EYES[0]!], ['right eye', EYES[1]!], ['lips', LIPS]] as const) {
      expect(maxDifference(raw, input, box), label).toBeLessThanOrEqual(12);
    }
    // The cheek changed, and is visibly smoother (issue 22: the issue-13 default took the mean 5x5
    // variance of the luma only 54.5 -> 45.5): now 54.5 -> 15.4 at the default, 24.7 at Light (0.3) and
    // 13.2 at strength 1, before the JPEG round trip (the face is 92 px wide here, so the texture band,
    // which is kept, is a pixel wide).
    expect(maxDifference(raw, input, CHEEK)).toBeGreaterThan(3);
    const before = localVariance(input, CHEEK);
    const after = localVariance(raw, CHEEK);
    expect(after).toBeLessThan(before * 0.5);

    // Strength 1 smooths more than the default; strength 0 changes nothing but the JPEG round trip.
    const strong = await decodeAnswer((await retouch(astronaut, { token: alice.token, strength: 1 })).body);
    expect(localVariance(strong.raw, CHEEK)).toBeLessThan(Math.min(after, before * 0.8));
    const none = await decodeAnswer((await retouch(astronaut, { token: alice.token, strength: 0 })).body);
    expect(maxDifference(none.raw, input, CHEEK)).toBeLessThanOrEqual(12);
    expect(Math.abs(localVariance(none.raw, CHEEK) - before)).toBeLessThan(before * 0.1);
  }, 60_000);

  // No public-domain portrait of a person with darker skin ships in a Debian or npm package (searched:
  // docs/editor.md, "Tested on"), so the stand-in is the astronaut's own picture taken to a deep brown
  // skin tone: every channel scaled (cheek ~ 230,180,160 -> ~ 110,70,50, Fitzpatrick V–VI), the
  // geometry unchanged, so the same boxes hold.
  it('retouches a deep skin tone too: the face found, the cheek smoother, the eyes and lips untouched', async () => {
    const deep = await sharp(astronaut).linear([0.48, 0.39, 0.31], [0, 0, 0]).jpeg({ quality: 95 }).toBuffer();
    const deepInput = await sharp(deep).raw().toBuffer();
    const response = await retouch(deep, { token: alice.token, strength: 1 });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: editorMessages.portraitRetouched });
    const { raw } = await decodeAnswer(response.body);
    for (const [label, box] of [['left eye', EYES[0]!], ['right eye', EYES[1]!], ['lips', LIPS]] as const) {
      expect(maxDifference(raw, deepInput, box), label).toBeLessThanOrEqual(12);
    }
    expect(localVariance(raw, CHEEK)).toBeLessThan(localVariance(deepInput, CHEEK) * 0.85);
  }, 60_000);

  // Issue 22 §2: the controls. The astronaut's head and shoulders (x 112-352, y 0-360) enlarged to
  // 800x1200 and taken to a tan skin tone (face ~310 px wide, as bench/retouch-quality.ts), with two red
  // spots (Gaussian, σ 2.5 px: green and blue down 30 % and 22 % at the centre) and two dark round moles
  // (radius 3.4 px, channels × 0.45/0.38/0.35) on the cheeks, at places measured on this portrait (the
  // mesh's cheek points 50 and 425 and below them).
  describe('the controls: spots removed, moles kept unless asked', () => {
    const W = 800;
    const H = 1200;
    const SPOTS = [
      { x: 268, y: 407, radius: 5 },
      { x: 381, y: 557, radius: 5 },
    ];
    const MOLES = [
      { x: 456, y: 431, radius: 3.4 },
      { x: 265, y: 484, radius: 3.4 },
    ];
    let clean: Buffer;
    let blemished: Buffer;
    let jpeg: Buffer;
    let spotsAtDefault: number[] = [];

    beforeAll(async () => {
      clean = await sharp(astronaut).extract({ left: 112, top: 0, width: 240, height: 360 }).resize(W, H, { kernel: 'lanczos3' }).linear([0.7, 0.56, 0.46], [0, 0, 0]).raw().toBuffer();
      blemished = Buffer.from(clean);
      const paint = (cx: number, cy: number, reach: number, k: (d: number) => number, factors: readonly number[]) => {
        for (let y = Math.floor(cy - reach); y <= Math.ceil(cy + reach); y++) {
          for (let x = Math.floor(cx - reach); x <= Math.ceil(cx + reach); x++) {
            const weight = k(Math.hypot(x + 0.5 - cx, y + 0.5 - cy));
            for (let c = 0; c < 3; c++) blemished[(y * W + x) * 3 + c] = Math.round(blemished[(y * W + x) * 3 + c]! * (1 - weight + weight * factors[c]!));
          }
        }
      };
      for (const spot of SPOTS) paint(spot.x, spot.y, 7.5, (d) => Math.exp(-(d * d) / (2 * 2.5 * 2.5)), [1, 0.7, 0.78]);
      for (const mole of MOLES) paint(mole.x, mole.y, mole.radius + 1, (d) => Math.min(1, Math.max(0, mole.radius + 0.5 - d)), [0.45, 0.38, 0.35]);
      // PNG, so that the measured darkening is the painted one, not a JPEG's.
      jpeg = await sharp(blemished, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
    });

    const lumaAt = (image: Buffer, i: number) => 0.299 * image[i * 3]! + 0.587 * image[i * 3 + 1]! + 0.114 * image[i * 3 + 2]!;
    /** The mean luma difference a − b over a disc. */
    const discDifference = (a: Buffer, b: Buffer, at: { x: number; y: number; radius: number }) => {
      let sum = 0;
      let count = 0;
      for (let y = Math.floor(at.y - at.radius); y <= Math.ceil(at.y + at.radius); y++) {
        for (let x = Math.floor(at.x - at.radius); x <= Math.ceil(at.x + at.radius); x++) {
          if (Math.hypot(x + 0.5 - at.x, y + 0.5 - at.y) > at.radius) continue;
          sum += lumaAt(a, y * W + x) - lumaAt(b, y * W + x);
          count++;
        }
      }
      return sum / count;
    };
    /** Share of each blemish's darkening still there in `out`: 1 kept, 0 gone. */
    const remaining = (out: Buffer, places: { x: number; y: number; radius: number }[]) => places.map((at) => discDifference(out, clean, at) / discDifference(blemished, clean, at));

    it('at the default: the spots gone, the moles kept', async () => {
      const response = await retouch(jpeg);
      expect(response.status).toBe(200);
      const { raw } = await decodeAnswer(response.body);
      spotsAtDefault = remaining(raw, SPOTS);
      for (const share of spotsAtDefault) expect(share).toBeLessThan(0.3);
      for (const share of remaining(raw, MOLES)) expect(share).toBeGreaterThan(0.85);
    }, 60_000);

    it('keepMoles false removes the moles too; removeBlemishes false leaves the spots', async () => {
      const noMoles = await decodeAnswer((await retouch(jpeg, { token: alice.token, controls: { keepMoles: false } })).body);
      for (const share of remaining(noMoles.raw, MOLES)) expect(share).toBeLessThan(0.5);
      // Without the removal the smoothing alone still softens a spot this small, but far less.
      const noBlemishes = await decodeAnswer((await retouch(jpeg, { token: alice.token, controls: { removeBlemishes: false } })).body);
      remaining(noBlemishes.raw, SPOTS).forEach((share, i) => {
        expect(share).toBeGreaterThan(0.4);
        expect(share).toBeGreaterThan(spotsAtDefault[i]! + 0.25);
      });
      for (const share of remaining(noBlemishes.raw, MOLES)) expect(share).toBeGreaterThan(0.85);
    }, 60_000);

    // Issue 22: the mask left a beard and glasses to the colour gate alone. Glasses rims (4 px, dark
    // grey, 10 px around the eyes' boxes at this size) and stubble (every third pixel of the chin and
    // jaw under the mouth taken to 35 % of its brightness, skin-coloured) painted on; strength 1.
    it('leaves glasses rims and a stubble beard as they are', async () => {
      const decorated = Buffer.from(clean);
      const rims: number[] = [];
      const stubble: number[] = [];
      for (const eye of [{ x0: 273, x1: 337, y0: 323, y1: 347 }, { x0: 413, x1: 480, y0: 330, y1: 353 }]) {
        for (let y = eye.y0 - 14; y <= eye.y1 + 14; y++) {
          for (let x = eye.x0 - 14; x <= eye.x1 + 14; x++) {
            const inner = x > eye.x0 - 10 && x < eye.x1 + 10 && y > eye.y0 - 10 && y < eye.y1 + 10;
            if (inner) continue;
            rims.push(y * W + x);
            decorated.set([30, 30, 35], (y * W + x) * 3);
          }
        }
      }
      for (let y = 530; y < 600; y++) {
        for (let x = 300; x < 460; x++) {
          if ((x * 7 + y * 3) % 3 !== 0) continue;
          stubble.push(y * W + x);
          for (let c = 0; c < 3; c++) decorated[(y * W + x) * 3 + c] = Math.round(decorated[(y * W + x) * 3 + c]! * 0.35);
        }
      }
      const png = await sharp(decorated, { raw: { width: W, height: H, channels: 3 } }).png().toBuffer();
      const { raw } = await decodeAnswer((await retouch(png, { token: alice.token, strength: 1 })).body);
      const meanChange = (pixels: number[]) => pixels.reduce((sum, i) => sum + Math.abs(lumaAt(raw, i) - lumaAt(decorated, i)), 0) / pixels.length;
      // JPEG (q92) round trip alone: ~1-3 levels on such sharp detail.
      expect(meanChange(rims), 'rims').toBeLessThan(4);
      expect(meanChange(stubble), 'stubble').toBeLessThan(4);
    }, 60_000);

    it('refuses a control that is not true or false', async () => {
      const response = await t.request('POST', URL_, { token: alice.token, body: { ImageBase64: jpeg.toString('base64'), keepMoles: 'yes' } });
      expect(response.status).toBe(400);
      expect(response.body).toHaveProperty('message');
    });
  });

  it('answers a picture without a face unchanged, with a message that says so', async () => {
    const plain = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#8aa' } }).jpeg().toBuffer();
    const response = await retouch(plain);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: editorMessages.retouchNoFace });
    const { meta } = await decodeAnswer(response.body);
    expect(meta).toMatchObject({ format: 'jpeg', width: 300, height: 200 });
  }, 60_000);

  it('refuses a strength outside 0..1, what is not a picture, an image bomb and a body over 40 MB', async () => {
    expect((await retouch(astronaut, { token: alice.token, strength: 2 })).status).toBe(400);

    await expectImageRefusals((image) => retouch(image), astronaut);
  }, 60_000);

  it('is for signed-in customers: anonymous 401, a session-code visitor 403', async () => {
    expect((await retouch(astronaut, {})).status).toBe(401);
    const visitor = await retouch(astronaut, { headers: { 'x-session-code': sessionCode } });
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: editorMessages.retouchNeedsLogin });
  });

  it('answers 20 concurrent calls with 200s and 503s only, while the gallery page and /api/health keep answering', async () => {
    const body = astronaut.toString('base64');
    // One thread and four waiting: at least those five are served, the rest refused at once.
    await expectFloodServedOrRefused(t, alice, { call: () => retouch(body), photos: 1, served: 5 });
    // And the server still retouches after the flood.
    expect((await retouch(astronaut)).status).toBe(200);
  }, 120_000);
});
