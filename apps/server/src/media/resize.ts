import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './renditions';

/** A stored photo scaled to fit within width x height (never enlarged), as JPEG. */
export async function resizeWithin(input: Readable, width: number, height: number): Promise<Buffer> {
  const pipeline = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, height, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 88 });
  input.pipe(pipeline);
  return pipeline.toBuffer();
}
