import { MAX_INPUT_PIXELS } from '../renditions';
import { loadSharp } from '../sharp';
import { refineCutout } from './refine';
import { MODEL_INPUT_LONG_EDGE, MODEL_SIZE, type SegmentationAssets, loadSelfieModel, personMask } from './selfie-model';

/**
 * The worker thread of the segmentation pool (segmentation-pool.ts): decode, model, refinement and PNG
 * encoding, off the server's event loop. Built as its own entry (dist/segmentation-worker.js,
 * scripts/build.mjs); under tsx (tests, `npm run dev`) the pool starts it from this file.
 */
export interface RemoveBackgroundTask {
  /** The encoded image (JPEG, PNG or WebP), already checked from its header by the caller. */
  image: Uint8Array;
  assets: SegmentationAssets;
}

export type RemoveBackgroundResult =
  | {
      ok: true;
      /** RGBA PNG, the photo's size (upright), alpha = the refined person mask. */
      png: Uint8Array;
      width: number;
      height: number;
      timings: { decodeMs: number; modelMs: number; refineMs: number; encodeMs: number };
      /** The worker thread's RSS after the request (bytes), for the bench. */
      rss: number;
    }
  | { ok: false; reason: 'unreadable' | 'too-large' };

export default async function removeBackground({ image, assets }: RemoveBackgroundTask): Promise<RemoveBackgroundResult> {
  const sharp = await loadSharp();
  const started = performance.now();
  let rgb: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    rgb = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (cause) {
    return { ok: false, reason: cause instanceof Error && /pixel limit/i.test(cause.message) ? 'too-large' : 'unreadable' };
  }
  const { width, height, channels } = rgb.info;
  if (channels !== 3) return { ok: false, reason: 'unreadable' };
  // As the browser: the photo downscaled to 640 px on its long edge, then stretched to 256x256 in tfjs.
  const small = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
    .resize(MODEL_INPUT_LONG_EDGE, MODEL_INPUT_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const decoded = performance.now();

  const model = await loadSelfieModel(assets);
  const mask = await personMask(model, small.data, small.info.width, small.info.height);
  const masked = performance.now();

  const cutout = refineCutout({ data: rgb.data, width, height }, { data: mask, width: MODEL_SIZE, height: MODEL_SIZE });
  const refined = performance.now();

  const png = await sharp(cutout.rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 6 })
    .toBuffer();
  const encoded = performance.now();
  return {
    ok: true,
    png,
    width,
    height,
    timings: { decodeMs: decoded - started, modelMs: masked - decoded, refineMs: refined - masked, encodeMs: encoded - refined },
    rss: process.memoryUsage.rss(),
  };
}
