import type { Readable } from 'node:stream';
import { MAX_INPUT_PIXELS } from './renditions';
import { loadSharp } from './sharp';

/** A stored photo scaled to fit within width x height (never enlarged), as JPEG. */
export async function resizeWithin(input: Readable, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  const pipeline = sharp({ limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width, height, fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 88 });
  input.pipe(pipeline);
  return pipeline.toBuffer();
}
