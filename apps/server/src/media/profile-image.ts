import { PROFILE_IMAGE_MAX_BYTES, messages } from '@studio-gallery/contract';
import { ValidationError } from '../errors';
import { loadSharp } from './sharp';

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);
const MAX_INPUT_PIXELS = 40_000_000;
export const PROFILE_IMAGE_SIZE = 512;

/**
 * Turns an uploaded profile photo into the stored rendition: upright (EXIF), 512 px square, WebP.
 * The format is judged by the content, never by a name or a declared type.
 */
export async function toProfileImage(upload: Buffer): Promise<Buffer> {
  if (upload.length > PROFILE_IMAGE_MAX_BYTES) throw new ValidationError(messages.profileImageTooLarge);

  const sharp = await loadSharp();
  let format: string | undefined;
  try {
    ({ format } = await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS }).metadata());
  } catch {
    throw new ValidationError(messages.profileImageInvalid);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw new ValidationError(messages.profileImageInvalid);

  try {
    return await sharp(upload, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 82 })
      .toBuffer();
  } catch (cause) {
    const tooLarge = cause instanceof Error && /pixel limit/i.test(cause.message);
    throw new ValidationError(tooLarge ? messages.profileImageTooLarge : messages.profileImageInvalid, { cause });
  }
}

/** The spec sends base64 without a `data:` prefix; tolerate one anyway. */
export function decodeBase64Image(base64: string): Buffer {
  return Buffer.from(base64.replace(/^data:[^,]*;base64,/, ''), 'base64');
}
