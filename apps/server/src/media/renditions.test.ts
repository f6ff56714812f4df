import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ImageTooLargeError, UnreadableImageError, inspectSource, makeRenditions } from './renditions';

function picture(width: number, height: number, format: 'jpeg' | 'png' | 'tiff' = 'jpeg', orientation?: number) {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 90 } } });
  const withOrientation = orientation ? image.withMetadata({ orientation }) : image;
  return withOrientation.toFormat(format).toBuffer();
}

async function sizeOf(buffer: Buffer) {
  const { width, height, format } = await sharp(buffer).metadata();
  return { width, height, format };
}

describe('renditions', () => {
  it('makes the grid, preview and download sizes from a portrait photo', async () => {
    const source = await picture(2000, 3000);
    const set = await makeRenditions(source);
    expect({ width: set.width, height: set.height, extension: set.extension }).toEqual({ width: 2000, height: 3000, extension: 'jpg' });
    expect(set.original).toBe(source);
    expect(await sizeOf(set.files.thumbsm)).toEqual({ width: 280, height: 420, format: 'heif' });
    expect(await sizeOf(set.files.thumbavif)).toEqual({ width: 400, height: 600, format: 'heif' });
    expect(await sizeOf(set.files.thumb)).toEqual({ width: 400, height: 600, format: 'webp' });
    expect(await sizeOf(set.files.thumb2x)).toEqual({ width: 800, height: 1200, format: 'webp' });
    expect(await sizeOf(set.files.preview)).toEqual({ width: 1067, height: 1600, format: 'jpeg' });
    expect(await sizeOf(set.files.sm)).toEqual({ width: 1000, height: 1500, format: 'jpeg' });
    expect(await sizeOf(set.files.hr)).toEqual({ width: 1600, height: 2400, format: 'jpeg' });
  });

  it('crops other aspect ratios to the exact download frames and never enlarges the preview', async () => {
    const set = await makeRenditions(await picture(1200, 800, 'png'));
    expect(set.extension).toBe('png');
    expect(await sizeOf(set.files.sm)).toMatchObject({ width: 1000, height: 1500 });
    expect(await sizeOf(set.files.hr)).toMatchObject({ width: 1600, height: 2400 });
    expect(await sizeOf(set.files.preview)).toMatchObject({ width: 1200, height: 800 });
  });

  it('applies the EXIF orientation', async () => {
    // Stored landscape, orientation 6: a portrait photo taken with the camera turned.
    const source = await picture(900, 600, 'jpeg', 6);
    expect(await inspectSource(source)).toEqual({ extension: 'jpg', width: 600, height: 900 });
    const set = await makeRenditions(source);
    expect(await sizeOf(set.files.thumb)).toMatchObject({ width: 400, height: 600 });
  });

  it('tags downloads as sRGB', async () => {
    const set = await makeRenditions(await picture(600, 900, 'tiff'));
    expect(set.extension).toBe('tif');
    // The profile libvips itself attaches for sRGB, on both downloads; the files decode whole.
    const reference = await sharp(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).withIccProfile('srgb').jpeg().toBuffer()).metadata();
    expect(reference.icc?.length).toBeGreaterThan(0);
    for (const file of [set.files.hr, set.files.sm]) {
      const { icc, space } = await sharp(file).metadata();
      expect(space).toBe('srgb');
      expect(icc?.equals(reference.icc as Buffer)).toBe(true);
      const { info } = await sharp(file, { failOn: 'error' }).raw().toBuffer({ resolveWithObject: true });
      expect([info.width, info.height]).toEqual(file === set.files.hr ? [1600, 2400] : [1000, 1500]);
    }
  });

  it('refuses what is not an image, a truncated file and an image bomb', async () => {
    await expect(makeRenditions(Buffer.from('hello, not a photo'))).rejects.toBeInstanceOf(UnreadableImageError);
    const jpeg = await picture(800, 1200);
    await expect(makeRenditions(jpeg.subarray(0, Math.floor(jpeg.length / 2)))).rejects.toBeInstanceOf(UnreadableImageError);
    // 12000 x 12000 = 144 MP of a single colour: tiny as PNG, huge once decoded.
    const bomb = await sharp({ create: { width: 12000, height: 12000, channels: 3, background: '#000' } }).png().toBuffer();
    await expect(makeRenditions(bomb)).rejects.toBeInstanceOf(UnreadableImageError);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).gif().toBuffer();
    await expect(makeRenditions(gif)).rejects.toThrow(/unsupported format/);
  });

  it('tells an image bomb from its header alone: a tiny PNG declaring 30000 x 30000', async () => {
    const png = Buffer.from(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).png().toBuffer());
    png.writeUInt32BE(30_000, 16);
    png.writeUInt32BE(30_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    await expect(inspectSource(png)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(makeRenditions(png)).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('flattens transparency onto white in every rendition and keeps it in the original', async () => {
    // A transparent square with an opaque red disc in the middle: the editor's circle crop.
    const disc = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900"><circle cx="300" cy="450" r="200" fill="#ff0000"/></svg>');
    const source = await sharp(disc).png().toBuffer();
    const set = await makeRenditions(source);
    expect(set.original).toBe(source);
    expect((await sharp(set.original).metadata()).hasAlpha).toBe(true);
    for (const name of ['thumbsm', 'thumbavif', 'thumb', 'thumb2x', 'preview', 'sm', 'hr'] as const) {
      const { data, info } = await sharp(set.files[name]).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const corner = pixel(2, 2);
      const centre = pixel(Math.floor(info.width / 2), Math.floor(info.height / 2));
      for (const value of corner) expect(value, `${name} corner`).toBeGreaterThan(245);
      expect(centre[0], `${name} centre`).toBeGreaterThan(230);
      expect(centre[1], `${name} centre`).toBeLessThan(30);
      expect(info.channels, name).toBe(3);
    }
  });
});
