import fs from 'node:fs/promises';
import path from 'node:path';
import { editorMessages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTestShoot } from './support/gallery';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';
import { expectImageRefusals } from './support/bad-images';
import { expectFloodServedOrRefused } from './support/flood';

// Issue 13 §1/§4: POST /ex/images/remove-background over HTTP against a real database (SQLite, or
// PostgreSQL with TEST_DATABASE_URL), with the real model in the segmentation pool's worker thread.

const ASTRONAUT = path.resolve(import.meta.dirname, '../../../e2e/fixtures/astronaut.jpg');
const URL_ = '/api/ex/images/remove-background';

let t: TestApp;
let alice: TestUser;
let sessionCode: string;
let astronaut: Buffer;

beforeAll(async () => {
  // The defaults of a 2-core machine, whatever this one has: one thread, four waiting.
  t = await startTestApp({ SEGMENTATION_THREADS: '1', SEGMENTATION_QUEUE_WAITING: '4' });
  alice = await t.createUser({ firstName: 'Alice' });
  const shoot = await importTestShoot(t, alice.email, { count: 1, name: 'Alice cut-outs', seed: 9300 });
  sessionCode = shoot.session.code;
  astronaut = await fs.readFile(ASTRONAUT);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const removeBackground = (image: Buffer | string, headers: { token?: string; headers?: Record<string, string> } = { token: alice.token }) =>
  t.request('POST', URL_, { ...headers, body: { ImageBase64: typeof image === 'string' ? image : image.toString('base64') } });

describe('POST /ex/images/remove-background', () => {
  it('cuts the astronaut out: a PNG of the same size, the backdrop clear, the face opaque and unchanged', async () => {
    const response = await removeBackground(astronaut);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, message: editorMessages.backgroundRemoved });
    const png = Buffer.from(response.body.processedImageBase64 as string, 'base64');
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 512, height: 512, channels: 4, hasAlpha: true });

    const out = await sharp(png).raw().toBuffer();
    const input = await sharp(astronaut).raw().toBuffer();
    const at = (x: number, y: number) => ({ rgba: [...out.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 4)], rgb: [...input.subarray((y * 512 + x) * 3, (y * 512 + x) * 3 + 3)] });
    // The top corners (the studio backdrop): alpha near 0.
    for (const [x, y] of [[4, 4], [30, 30], [507, 4], [480, 30]] as const) expect(at(x, y).rgba[3], `alpha at ${x},${y}`).toBeLessThanOrEqual(5);
    // The face centre: opaque, and its colour within 3 levels of the input.
    for (const [x, y] of [[225, 110], [215, 100], [235, 120]] as const) {
      const { rgba, rgb } = at(x, y);
      expect(rgba[3], `alpha at ${x},${y}`).toBe(255);
      for (let k = 0; k < 3; k++) expect(Math.abs(rgba[k]! - rgb[k]!), `channel ${k} at ${x},${y}`).toBeLessThanOrEqual(3);
    }
  }, 60_000);

  it('refuses what is not a JPEG, PNG or WebP picture, an image bomb and a body over 40 MB', async () => {
    await expectImageRefusals((image) => removeBackground(image), astronaut);
  }, 60_000);

  it('is for signed-in customers: anonymous 401, a session-code visitor 403', async () => {
    const anonymous = await removeBackground(astronaut, {});
    expect(anonymous.status).toBe(401);
    const visitor = await removeBackground(astronaut, { headers: { 'x-session-code': sessionCode } });
    expect(visitor.status).toBe(403);
    expect(visitor.body).toEqual({ message: editorMessages.removeBackgroundNeedsLogin });
  });

  it('answers a flood of 20 concurrent calls with 200s and 503s only, while the gallery page and /api/health keep answering', async () => {
    const body = astronaut.toString('base64');
    // One thread and four waiting: at least those five are served, the rest refused at once.
    await expectFloodServedOrRefused(t, alice, { call: () => removeBackground(body), photos: 1, served: 5 });
    // And the server still works after the flood.
    expect((await removeBackground(astronaut)).status).toBe(200);
  }, 120_000);
});
