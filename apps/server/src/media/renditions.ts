import type { Metadata, Sharp } from 'sharp';
import { GRID_THUMBNAIL_SMALL_WIDTH, GRID_THUMBNAIL_WIDTH, RENDITION_SIZES } from '@studio-gallery/contract';
import { type SharpFactory, loadSharp } from './sharp';

/**
 * The renditions made once per photo at import (docs/api.md, "Gallery"):
 *
 * | name      | format | size                                   | use                           |
 * |-----------|--------|----------------------------------------|-------------------------------|
 * | thumbsm   | AVIF   | 280 px wide (height follows)           | grid, 1x (browsers with AVIF) |
 * | thumbavif | AVIF   | 400 px wide                            | grid, phones (with AVIF)      |
 * | thumb     | WebP   | 400 px wide                            | grid, 1x                      |
 * | thumb2x   | WebP   | 800 px wide                            | grid, dense screens (srcset)  |
 * | preview   | JPEG   | 1600 px long edge, never enlarged      | preview modal                 |
 * | sm        | JPEG   | exactly 1000x1500 (`_sm`)              | Social Media download         |
 * | hr        | JPEG   | exactly 1600x2400 (`_hr`)              | High Resolution download      |
 * | original  | as is  | the uploaded bytes, untouched          | archive                       |
 *
 * The two download sizes are exact portrait 2:3 frames (what the spec promises and a studio sells):
 * a 2:3 source is only scaled; another aspect ratio is cropped to 2:3 around the region sharp's
 * `attention` strategy finds most salient (skin tones, contrast), which keeps a face in frame.
 *
 * Every output is upright (EXIF orientation applied, then dropped) and in sRGB: sharp converts any
 * embedded profile (Adobe RGB, Display P3, CMYK) to sRGB. Downloads carry an sRGB ICC profile so
 * print and editing tools read the colours right; grid and preview files strip all metadata (smaller,
 * and no camera EXIF or GPS leaks to the web). A source with transparency (a PNG or WebP, such as the
 * editor's circle crop) is flattened onto white in every rendition; its original keeps the transparency.
 *
 * The two AVIF thumbnails came later (issue 23), for the customer's first screen: on the demo's
 * portraits the 280 px one is ~8 KB and the 400 px one ~14.5 KB where the 400 px WebP is ~22 (a 280 px
 * WebP ~14), for ~37 + ~22 ms of encoding (GRID_AVIF). They are offered only to browsers that
 * decode AVIF (the grid's `<picture>`); the others keep the WebP files. A folder stored before them has
 * none until `npm run studio -- storage backfill-thumbnails` makes them (LATE_RENDITIONS), and their
 * URLs serve the folder's `thumb` meanwhile.
 */
export const RENDITION_NAMES = ['thumbsm', 'thumbavif', 'thumb', 'thumb2x', 'preview', 'sm', 'hr'] as const;
export type RenditionName = (typeof RENDITION_NAMES)[number];

/** Renditions a folder stored before them lacks: what stands in for each (same pixels' worth, WebP). */
export const LATE_RENDITIONS = { thumbsm: 'thumb', thumbavif: 'thumb' } as const satisfies Partial<Record<RenditionName, RenditionName>>;
export type LateRendition = keyof typeof LATE_RENDITIONS;

export function isLateRendition(name: string): name is LateRendition {
  return Object.hasOwn(LATE_RENDITIONS, name);
}

export const RENDITION_EXTENSIONS: Record<RenditionName, string> = {
  thumbsm: 'avif',
  thumbavif: 'avif',
  thumb: 'webp',
  thumb2x: 'webp',
  preview: 'jpg',
  sm: 'jpg',
  hr: 'jpg',
};

/** The download renditions' exact sizes (the contract's, which download-options names to the customer). */
export const DOWNLOAD_SIZES = RENDITION_SIZES;

export const PREVIEW_LONG_EDGE = 1600;

/** Refuses decompression bombs: 100 megapixels is well above any studio camera (~60 MP). */
export const MAX_INPUT_PIXELS = 100_000_000;

/** Formats accepted at import, judged by content (sharp's decoder), never by file name. */
const IMPORT_FORMATS: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', tiff: 'tif' };

export class UnreadableImageError extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'UnreadableImageError';
  }
}

/** The image declares more than MAX_INPUT_PIXELS: refused from its header, before any pixel is decoded. */
export class ImageTooLargeError extends UnreadableImageError {
  constructor(options?: ErrorOptions) {
    super('too many pixels', options);
    this.name = 'ImageTooLargeError';
  }
}

/** What transparent pixels become in the renditions (JPEG has no alpha; white is what a print shows). */
const FLATTEN_BACKGROUND = '#ffffff';

export interface SourceImage {
  /** Extension for the stored original: jpg, png, webp or tif. */
  extension: string;
  /** Upright size (after EXIF orientation). */
  width: number;
  height: number;
}

export interface RenditionSet extends SourceImage {
  original: Buffer;
  files: Record<RenditionName, Buffer>;
}

/**
 * Checks that `input` is an image we accept and returns its upright size, from its header alone (no
 * pixel is decoded); throws UnreadableImageError, ImageTooLargeError past MAX_INPUT_PIXELS.
 */
export async function inspectSource(input: Buffer): Promise<SourceImage> {
  return (await inspect(input)).source;
}

/** inspectSource of a file on disk: reads only what sharp needs for the header. */
export async function inspectSourceFile(filePath: string): Promise<SourceImage> {
  return (await inspect(filePath)).source;
}

async function inspect(input: Buffer | string): Promise<{ source: SourceImage; hasAlpha: boolean }> {
  const sharp = await loadSharp();
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (cause) {
    if (cause instanceof Error && /pixel limit/i.test(cause.message)) throw new ImageTooLargeError({ cause });
    throw new UnreadableImageError('not an image', { cause });
  }
  const extension = metadata.format ? IMPORT_FORMATS[metadata.format] : undefined;
  if (!extension) throw new UnreadableImageError(`unsupported format ${metadata.format ?? 'unknown'}`);
  const { width, height } = metadata;
  if (!width || !height) throw new UnreadableImageError('no dimensions');
  if (width * height > MAX_INPUT_PIXELS) throw new ImageTooLargeError();
  // Orientations 5-8 turn the picture a quarter: width and height swap.
  const quarterTurn = (metadata.orientation ?? 1) >= 5;
  return {
    source: { extension, width: quarterTurn ? height : width, height: quarterTurn ? width : height },
    hasAlpha: metadata.hasAlpha === true,
  };
}

/** Makes every rendition of one source image. Throws UnreadableImageError for anything it cannot decode. */
export async function makeRenditions(input: Buffer): Promise<RenditionSet> {
  const { source, hasAlpha } = await inspect(input);
  const sharp = await loadSharp();
  const files = {} as Record<RenditionName, Buffer>;
  try {
    const base = await decodeOnce(sharp, input, hasAlpha);
    // Both downloads are the same 2:3 frame: find it once (attention), then scale it for Social Media.
    // A 2:3 photo (what studio cameras make) decodes straight to that frame: nothing to find.
    const isFrame = base.info.width === DOWNLOAD_SIZES.hr.width && base.info.height === DOWNLOAD_SIZES.hr.height;
    const frame = isFrame ? base : await rawOf(fromRaw(sharp, base).resize({ ...DOWNLOAD_SIZES.hr, fit: 'cover', position: sharp.strategy.attention }));
    // Each smaller rendition is scaled from the one above it (preview → 2x thumbnail → thumbnail), not
    // from the 1600x2400 decode: a third of the pixels to read at each step.
    const preview = await rawOf(fromRaw(sharp, base).resize({ width: PREVIEW_LONG_EDGE, height: PREVIEW_LONG_EDGE, fit: 'inside', withoutEnlargement: true }));
    const thumb2x = await rawOf(fromRaw(sharp, preview).resize({ width: GRID_THUMBNAIL_WIDTH * 2 }));
    // WebP effort 2 (of 0..6): half the CPU of effort 3 for thumbnails a few percent larger (effort 1
    // saves another ~15 ms a photo for grid files ~20 % larger: not worth it on the customer's first screen).
    const renditions: Record<RenditionName, () => Promise<Buffer>> = {
      thumbsm: () => gridAvif(fromRaw(sharp, thumb2x), 'thumbsm'),
      thumbavif: () => gridAvif(fromRaw(sharp, thumb2x), 'thumbavif'),
      thumb: () => fromRaw(sharp, thumb2x).resize({ width: GRID_THUMBNAIL_WIDTH }).webp({ quality: 78, effort: 2 }).toBuffer(),
      thumb2x: () => fromRaw(sharp, thumb2x).webp({ quality: 72, effort: 2 }).toBuffer(),
      preview: () => fromRaw(sharp, preview).jpeg({ quality: 84 }).toBuffer(),
      sm: () => downloadJpeg(sharp, fromRaw(sharp, frame).resize(DOWNLOAD_SIZES.sm)),
      hr: () => downloadJpeg(sharp, fromRaw(sharp, frame)),
    };
    // One after another: the import already runs two photos at a time, one per core.
    for (const name of RENDITION_NAMES) files[name] = await renditions[name]();
  } catch (cause) {
    throw new UnreadableImageError(cause instanceof Error ? cause.message : 'cannot decode', { cause });
  }
  return { ...source, original: input, files };
}

/**
 * The AVIF grid thumbnails' width and encoder effort (bench/grid-thumbnails.ts, from the 800 px
 * decode): 280 px at effort 1 is within 1 % of effort 2's size for ~25 % less CPU; 400 px at effort 0
 * is ~13 % larger than at effort 2 for a fifth of the CPU. The 280 px file is the
 * desktop's first screen, which sits right at its budget; the phone's 400 px one has room for the few
 * KB, and the import stays near twice one decode (issue 15).
 */
const GRID_AVIF: Record<LateRendition, { width: number; effort: number }> = {
  thumbsm: { width: GRID_THUMBNAIL_SMALL_WIDTH, effort: 1 },
  thumbavif: { width: GRID_THUMBNAIL_WIDTH, effort: 0 },
};

/** An AVIF grid thumbnail, from anything wider: quality 50 (looks as the WebP at 78 does). */
function gridAvif(image: Sharp, name: LateRendition): Promise<Buffer> {
  const { width, effort } = GRID_AVIF[name];
  return image.resize({ width }).avif({ quality: 50, effort }).toBuffer();
}

/**
 * A late rendition of a folder stored before it existed, made from the folder's 800 px grid WebP
 * (`thumb2x`: upright, sRGB, flattened already), not from the original.
 */
export async function lateRenditionFrom(thumb2x: Buffer, name: LateRendition): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    return await gridAvif(sharp(thumb2x, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }), name);
  } catch (cause) {
    throw new UnreadableImageError(cause instanceof Error ? cause.message : 'cannot decode', { cause });
  }
}

/**
 * Decodes the photo once, upright, in sRGB and flattened, at the smallest size that still covers every
 * rendition (the High Resolution frame, 1600x2400): a JPEG is shrunk on load (libjpeg's DCT scaling)
 * instead of decoding all 24 megapixels for each of the five renditions. Smaller photos stay as they are.
 */
async function decodeOnce(sharp: SharpFactory, input: Buffer, hasAlpha: boolean): Promise<RawImage> {
  // failOn 'error': a truncated or corrupt file fails here rather than producing a grey half-picture.
  const decoded = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
  // Not sharp's default (black, when JPEG drops the alpha channel); WebP thumbnails the same, so the grid matches the preview.
  const flat = hasAlpha ? decoded.flatten({ background: FLATTEN_BACKGROUND }) : decoded;
  return rawOf(flat.resize({ ...DOWNLOAD_SIZES.hr, fit: 'outside', withoutEnlargement: true }).toColourspace('srgb'));
}

/**
 * A download: quality 90, tagged sRGB (print and editing tools read the colours right). Its pixels are
 * sRGB already (decodeOnce converts), and sharp's withIccProfile('srgb') would run an identity colour
 * transform over every pixel — a third of the High Resolution file's CPU — so the JPEG is encoded
 * untagged and libvips's own sRGB profile segment goes in after SOI, where libvips writes it.
 */
async function downloadJpeg(sharp: SharpFactory, frame: Sharp): Promise<Buffer> {
  // Not mozjpeg: five times slower at 1600x2400 for a few percent of bytes.
  const [jpeg, profile] = await Promise.all([frame.jpeg({ quality: 90 }).toBuffer(), srgbProfileSegment(sharp)]);
  return Buffer.concat([jpeg.subarray(0, 2), profile, jpeg.subarray(2)]);
}

let srgbProfile: Promise<Buffer> | undefined;

/** The APP2 ICC_PROFILE segment libvips writes for sRGB, read once from a 1-pixel JPEG it tagged. */
function srgbProfileSegment(sharp: SharpFactory): Promise<Buffer> {
  srgbProfile ??= sharp({ create: { width: 1, height: 1, channels: 3, background: '#000000' } })
    .withIccProfile('srgb')
    .jpeg()
    .toBuffer()
    .then(iccProfileSegment);
  return srgbProfile;
}

/** A JPEG's (single) ICC_PROFILE segment, marker and length included. */
function iccProfileSegment(jpeg: Buffer): Buffer {
  let offset = 2;
  // Segments after SOI: 0xFF, a marker, a big-endian length that counts itself; the scan (SOS) ends them.
  while (offset + 4 <= jpeg.length && jpeg[offset] === 0xff && jpeg[offset + 1] !== 0xda) {
    const end = offset + 2 + jpeg.readUInt16BE(offset + 2);
    if (jpeg[offset + 1] === 0xe2 && jpeg.subarray(offset + 4, offset + 16).toString('latin1') === 'ICC_PROFILE\0') return jpeg.subarray(offset, end);
    offset = end;
  }
  throw new Error('the JPEG has no ICC profile segment');
}

interface RawImage {
  data: Buffer;
  info: { width: number; height: number; channels: 1 | 2 | 3 | 4 };
}

async function rawOf(image: Sharp): Promise<RawImage> {
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

function fromRaw(sharp: SharpFactory, image: RawImage): Sharp {
  return sharp(image.data, { raw: image.info });
}
