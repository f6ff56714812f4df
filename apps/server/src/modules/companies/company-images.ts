import { COMPANY_IMAGE_MAX_BYTES, type CompanyImageKind } from '@studio-gallery/contract';
import { ValidationError } from '../../errors';
import { loadSharp } from '../../media/sharp';

/** Formats a branding image may come in, judged by its content (never by its name or declared type). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'svg', 'avif', 'heif']);
const MAX_INPUT_PIXELS = 60_000_000;

/** What an uploaded branding image becomes: a PNG (transparency kept) or a JPEG within a box, never enlarged. */
export interface BrandingRendition {
  width: number;
  height: number;
  format: 'png' | 'jpg';
}

/** Logos: PNG within 1200x600; the banner: JPEG within 2560x2560. */
const RENDITIONS: Record<CompanyImageKind, BrandingRendition> = {
  logoDark: { width: 1200, height: 600, format: 'png' },
  logoWhite: { width: 1200, height: 600, format: 'png' },
  banner: { width: 2560, height: 2560, format: 'jpg' },
};

/**
 * Turns an uploaded branding image into what is stored and served: re-encoded by sharp, so an SVG's
 * scripts or a file's metadata never reach a browser. A file that is not an image is refused (400).
 */
export function toCompanyImage(kind: CompanyImageKind, upload: Buffer): Promise<{ data: Buffer; extension: 'png' | 'jpg' }> {
  return toBrandingImage(upload, RENDITIONS[kind], COMPANY_IMAGE_MAX_BYTES);
}

/** The same for any branding picture (a slider's too): checked by content, re-encoded as `rendition`. */
export async function toBrandingImage(upload: Buffer, rendition: BrandingRendition, maxBytes: number): Promise<{ data: Buffer; extension: 'png' | 'jpg' }> {
  if (upload.length === 0) throw new ValidationError('The file is empty');
  if (upload.length > maxBytes) throw new ValidationError(`The image is larger than ${maxBytes / 1024 / 1024} MB`);
  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new ValidationError('Not an image: use a PNG, JPEG, WebP or SVG file');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(`Unsupported image type ${format ?? 'unknown'}: use a PNG, JPEG, WebP or SVG file`);
  try {
    const pipeline = sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(rendition.width, rendition.height, { fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    const data =
      rendition.format === 'png'
        ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
        : await pipeline.flatten({ background: '#FFFFFF' }).jpeg({ quality: 86 }).toBuffer();
    return { data, extension: rendition.format };
  } catch (cause) {
    const tooLarge = cause instanceof Error && /pixel limit/i.test(cause.message);
    throw new ValidationError(tooLarge ? 'The image is too large (over 60 megapixels)' : 'The image cannot be read', { cause });
  }
}
