import { crc32 } from 'node:zlib';
import { AI_MAX_INPUT_PIXELS, editorMessages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

// Issue 22 §4: the AI calls (remove-background, retouch-portrait) decode at most AI_MAX_INPUT_PIXELS
// (25 MP); a larger picture is refused from its header with a 400 before any pixel is decoded. Over
// HTTP against a real database (SQLite, or PostgreSQL with TEST_DATABASE_URL), the real worker thread.

let t: TestApp;
let alice: TestUser;

beforeAll(async () => {
  t = await startTestApp({ SEGMENTATION_THREADS: '1', SEGMENTATION_QUEUE_WAITING: '4' });
  alice = await t.createUser({ firstName: 'Alice' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const call = (route: 'remove-background' | 'retouch-portrait', image: Buffer) =>
  t.request('POST', `/api/ex/images/${route}`, { token: alice.token, body: { ImageBase64: image.toString('base64') } });

/** A flat grey JPEG of width x height (a few KB whatever its size). */
const flatJpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 192, b: 190 } } }).jpeg({ quality: 80 }).toBuffer();

/** A tiny PNG whose header declares 10000 x 10000 (100 MP, the 1.97 GB call): what a decode would cost is the header's. */
async function pngDeclaring100Mp(): Promise<Buffer> {
  const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } }).png().toBuffer());
  png.writeUInt32BE(10_000, 16);
  png.writeUInt32BE(10_000, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('the AI calls bound the pixels they decode', () => {
  it('refuses a 100-megapixel PNG with a 400 and the AI tools’ own message, on both calls', async () => {
    const png = await pngDeclaring100Mp();
    for (const route of ['remove-background', 'retouch-portrait'] as const) {
      const response = await call(route, png);
      expect(response.status, route).toBe(400);
      expect(response.body, route).toEqual({ message: editorMessages.aiImageTooLarge });
    }
  });

  it('refuses a real picture one row over the bound (26 MP) on both calls', async () => {
    const width = 4000;
    const height = Math.floor(AI_MAX_INPUT_PIXELS / width) + 1;
    const jpeg = await flatJpeg(width, height);
    for (const route of ['remove-background', 'retouch-portrait'] as const) {
      const response = await call(route, jpeg);
      expect(response.status, route).toBe(400);
      expect(response.body, route).toEqual({ message: editorMessages.aiImageTooLarge });
    }
  }, 120_000);

  it('serves a picture of exactly 25 MP at its size', async () => {
    expect(5000 * 5000).toBe(AI_MAX_INPUT_PIXELS);
    const jpeg = await flatJpeg(5000, 5000);
    const response = await call('retouch-portrait', jpeg);
    expect(response.status).toBe(200);
    expect(response.body.message).toBe(editorMessages.retouchNoFace);
    const meta = await sharp(Buffer.from(response.body.processedImageBase64 as string, 'base64')).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 5000, height: 5000 });
  }, 120_000);

  it('leaves the 100-megapixel limit of save-edited-image as it is: over it, that message', async () => {
    const png = Buffer.from(await pngDeclaring100Mp());
    png.writeUInt32BE(10_001, 16);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    const response = await call('retouch-portrait', png);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: editorMessages.editedImageTooLarge });
  });
});
