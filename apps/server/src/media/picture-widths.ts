import { MEDIA_PICTURE_WIDTHS } from '@studio-gallery/contract';
import type { Storage } from '../storage/storage';
import { MAX_INPUT_PIXELS } from './renditions';
import { loadSharp } from './sharp';

export type PictureWidth = (typeof MEDIA_PICTURE_WIDTHS)[number];

const RASTER = /\.(jpe?g|png|webp)$/i;
/** Where the copies live: beside nothing public, so /api/media serves them only through `?w=`. */
const FOLDER = 'media-widths';

export function isPictureWidth(width: number): width is PictureWidth {
  return (MEDIA_PICTURE_WIDTHS as readonly number[]).includes(width);
}

/**
 * The smaller copies of public pictures (contract MEDIA_PICTURE_WIDTHS): a slider picture uploaded at
 * 1200–1920 px is shown in half a screen or a 150 px box, and a phone or laptop needs a quarter of
 * its bytes. Each copy is made on its first request (WebP, never enlarged) and stored; a public key's
 * content never changes, so neither does its copy. Concurrent first requests share one resize.
 */
export class PictureWidths {
  private readonly making = new Map<string, Promise<string | null>>();

  constructor(private readonly storage: Storage) {}

  /** The storage key of `key`'s copy `width` px wide, or null when `key` is no stored JPEG, PNG or WebP. */
  async copyOf(key: string, width: PictureWidth): Promise<string | null> {
    if (!RASTER.test(key)) return null;
    const copy = `${FOLDER}/${key}.w${width}.webp`;
    if (await this.storage.exists(copy)) return copy;
    let made = this.making.get(copy);
    if (!made) {
      made = this.make(key, copy, width).finally(() => this.making.delete(copy));
      this.making.set(copy, made);
    }
    return made;
  }

  private async make(key: string, copy: string, width: PictureWidth): Promise<string | null> {
    const original = await this.storage.getStream(key);
    if (!original) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of original.stream) chunks.push(chunk as Buffer);
    const sharp = await loadSharp();
    let resized: Buffer;
    try {
      resized = await sharp(Buffer.concat(chunks), { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 75, effort: 4 })
        .toBuffer();
    } catch {
      return null; // not decodable: the original is served as it is
    }
    await this.storage.put(copy, resized);
    return copy;
  }
}
