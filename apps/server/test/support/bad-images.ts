import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { editorMessages, messages } from '@studio-gallery/contract';
import { expect } from 'vitest';
import type { ApiResponse } from './test-app';

/** A tiny PNG whose header declares 30000 x 30000 (900 megapixels): an image bomb. */
export async function imageBomb(): Promise<Buffer> {
  const bomb = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
  bomb.writeUInt32BE(30_000, 16);
  bomb.writeUInt32BE(30_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

/** What the image calls (save-edited-image, remove-background, retouch-portrait) must refuse, by content. */
export async function notPictures(validJpeg: Buffer): Promise<[string, Buffer | string][]> {
  return [
    ['text as .jpg', Buffer.from('Dear diary, this is not a photo.\n'.repeat(40))],
    ['tiff', await sharp({ create: { width: 60, height: 90, channels: 3, background: '#c00' } }).tiff().toBuffer()],
    ['gif', await sharp({ create: { width: 60, height: 90, channels: 3, background: '#c00' } }).gif().toBuffer()],
    ['truncated jpeg', validJpeg.subarray(0, Math.floor(validJpeg.length / 2))],
    ['not base64', '!!!!'],
  ];
}

/**
 * The refusals every image call shares: non-pictures (400), an image bomb (400, judged from its
 * header), a body over 40 MB (413 before it is read). `send` makes the call with one image.
 */
export async function expectImageRefusals(send: (image: Buffer | string) => Promise<ApiResponse>, validJpeg: Buffer): Promise<void> {
  for (const [label, image] of await notPictures(validJpeg)) {
    const response = await send(image);
    expect(response.status, label).toBe(400);
    expect(response.body, label).toEqual({ message: editorMessages.editedImageInvalid });
  }
  const bomb = await send(await imageBomb());
  expect(bomb.status).toBe(400);
  expect(bomb.body).toEqual({ message: editorMessages.editedImageTooLarge });
  const huge = await send('A'.repeat(41 * 1024 * 1024));
  expect(huge.status).toBe(413);
  expect(huge.body).toEqual({ message: messages.requestTooLarge });
}
