import { ValidationError } from '../errors';
import { loadSharp } from './sharp';

/** Studio size of a backdrop: a portrait 2:3 frame, as the High Resolution download (1600x2400) and more. */
export const BACKDROP_WIDTH = 2400;
export const BACKDROP_HEIGHT = 3600;
/** The picker's thumbnail. */
export const BACKDROP_THUMB_WIDTH = 240;
export const BACKDROP_THUMB_HEIGHT = 360;

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'tiff']);
/** A 100 MP source at most: enough for any studio backdrop, refuses decompression bombs. */
const MAX_INPUT_PIXELS = 100_000_000;

export interface BackdropFiles {
  /** JPEG, upright, sRGB, no metadata, within 2400x3600 (never enlarged). */
  image: Buffer;
  /** WebP, 240x360, cropped to the middle. */
  thumbnail: Buffer;
  width: number;
  height: number;
}

/**
 * Turns a studio's backdrop file into what is stored: judged by its content (JPEG, PNG, WebP or TIFF),
 * never by its name; transparent parts go on white.
 */
export async function toBackdrop(file: Buffer): Promise<BackdropFiles> {
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new ValidationError('Not an image: a backdrop must be a JPEG, PNG, WebP or TIFF file');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(`Unsupported image type ${format ?? 'unknown'}: use JPEG, PNG, WebP or TIFF`);
  try {
    const { data: image, info } = await sharp(file, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(BACKDROP_WIDTH, BACKDROP_HEIGHT, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#FFFFFF' })
      .toColourspace('srgb')
      .jpeg({ quality: 90 })
      .toBuffer({ resolveWithObject: true });
    return { image, thumbnail: await backdropThumbnail(image), width: info.width, height: info.height };
  } catch (cause) {
    const tooLarge = cause instanceof Error && /pixel limit/i.test(cause.message);
    throw new ValidationError(tooLarge ? 'The image is too large (over 100 megapixels)' : 'The image cannot be read', { cause });
  }
}

async function backdropThumbnail(image: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(image).resize(BACKDROP_THUMB_WIDTH, BACKDROP_THUMB_HEIGHT, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
}

/** One of the five built-in backdrops: a lit centre fading to darker edges, like a painted studio backdrop. */
export interface BuiltInBackdrop {
  /** Part of its storage key and its id (`builtin-v1-<slug>`); change the version to change a design. */
  slug: string;
  name: string;
  /** Centre (where the light falls, behind the head) and edge colours. */
  light: string;
  edge: string;
}

/**
 * The five built-ins, answered when neither the client nor the studio has a backdrop of its own (spec
 * §9). The first is around the panel's default solid colour #868487.
 */
export const BUILT_IN_BACKDROPS: readonly BuiltInBackdrop[] = [
  { slug: 'studio-grey', name: 'Studio grey', light: '#B4B2B6', edge: '#5C5A5E' },
  { slug: 'soft-blue', name: 'Soft blue', light: '#A9C1D6', edge: '#3D5872' },
  { slug: 'warm-beige', name: 'Warm beige', light: '#E8DCCB', edge: '#9A836B' },
  { slug: 'charcoal', name: 'Charcoal', light: '#6E6D72', edge: '#1C1C20' },
  { slug: 'high-key-white', name: 'High-key white', light: '#FFFFFF', edge: '#CFCDD4' },
];

/**
 * Draws a built-in at studio size (SVG rendered by sharp; the same bytes every time for one sharp
 * version) and its thumbnail.
 */
export async function renderBuiltInBackdrop(backdrop: BuiltInBackdrop): Promise<BackdropFiles> {
  const w = BACKDROP_WIDTH;
  const h = BACKDROP_HEIGHT;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs>
    <radialGradient id="light" cx="0.5" cy="0.36" r="0.78" gradientUnits="objectBoundingBox">
      <stop offset="0" stop-color="${backdrop.light}"/>
      <stop offset="0.55" stop-color="${mix(backdrop.light, backdrop.edge, 0.45)}"/>
      <stop offset="1" stop-color="${backdrop.edge}"/>
    </radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.7" stop-color="#000" stop-opacity="0"/>
      <stop offset="1" stop-color="#000" stop-opacity="0.12"/>
    </linearGradient>
  </defs>
  <rect width="${w}" height="${h}" fill="url(#light)"/>
  <rect width="${w}" height="${h}" fill="url(#floor)"/>
</svg>`;
  const sharp = await loadSharp();
  const image = await sharp(Buffer.from(svg)).toColourspace('srgb').jpeg({ quality: 90 }).toBuffer();
  return { image, thumbnail: await backdropThumbnail(image), width: w, height: h };
}

/** `#rrggbb` between a (t = 0) and b (t = 1). */
function mix(a: string, b: string, t: number): string {
  const channel = (hex: string, i: number) => Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16);
  return `#${[0, 1, 2]
    .map((i) => Math.round(channel(a, i) * (1 - t) + channel(b, i) * t).toString(16).padStart(2, '0'))
    .join('')}`;
}
