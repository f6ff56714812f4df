import { MAX_INPUT_PIXELS } from '../renditions';
import { loadSharp } from '../sharp';
import { detectFace, loadFaceMesh } from './face-mesh';
import { refineCutout } from '@studio-gallery/contract/cutout';
import { retouchFace } from './retouch';
import { MODEL_INPUT_LONG_EDGE, MODEL_SIZE, type SegmentationAssets, loadSelfieModel, personMask, startWasmBackend } from './selfie-model';

/**
 * The worker thread of the segmentation pool (segmentation-pool.ts): decode, model, refinement and
 * encoding, off the server's event loop. Two tasks: the default export (background removal) and
 * retouchPortrait (the free AI retouch, issue 13 §3), chosen by piscina's `name`. Built as its own entry (dist/segmentation-worker.js,
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

type Decoded = { rgb: Buffer; width: number; height: number; small: { data: Buffer; info: { width: number; height: number } } };

/**
 * The upright RGB pixels of the image (alpha flattened on white) and a copy at MODEL_INPUT_LONG_EDGE
 * (what the browser's face worker feeds its models), or why not.
 */
async function decode(image: Uint8Array): Promise<Decoded | { ok: false; reason: 'unreadable' | 'too-large' }> {
  const sharp = await loadSharp();
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
  const small = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
    .resize(MODEL_INPUT_LONG_EDGE, MODEL_INPUT_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { rgb: rgb.data, width, height, small };
}

export default async function removeBackground({ image, assets }: RemoveBackgroundTask): Promise<RemoveBackgroundResult> {
  const sharp = await loadSharp();
  const started = performance.now();
  // As the browser: the photo downscaled to 640 px on its long edge, then stretched to 256x256 in tfjs.
  const input = await decode(image);
  if ('ok' in input) return input;
  const { width, height, small } = input;
  const rgb = { data: input.rgb };
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

export interface RetouchPortraitTask {
  /** The encoded image (JPEG, PNG or WebP), already checked from its header by the caller. */
  image: Uint8Array;
  assets: SegmentationAssets;
  /** 0..1 (the contract's RETOUCH_DEFAULT_STRENGTH when the request has none). */
  strength: number;
}

export type RetouchPortraitResult =
  | {
      ok: true;
      /** JPEG, the photo's size (upright). */
      jpeg: Uint8Array;
      width: number;
      height: number;
      /** False when no face was found: the photo comes back unchanged (re-encoded). */
      faceFound: boolean;
      timings: { decodeMs: number; faceMs: number; retouchMs: number; encodeMs: number };
      rss: number;
    }
  | { ok: false; reason: 'unreadable' | 'too-large' };

/** The free AI retouch: the face mesh on the 640 px copy, the retouch at full size, a JPEG out. */
export async function retouchPortrait({ image, assets, strength }: RetouchPortraitTask): Promise<RetouchPortraitResult> {
  const sharp = await loadSharp();
  const started = performance.now();
  const input = await decode(image);
  if ('ok' in input) return input;
  const { rgb, width, height, small } = input;
  const decoded = performance.now();

  await startWasmBackend(assets.wasmDir);
  const face = await detectFace(await loadFaceMesh(), small.data, small.info.width, small.info.height);
  const found = performance.now();

  if (face) {
    const sx = width / small.info.width;
    const sy = height / small.info.height;
    retouchFace(rgb, width, height, { mesh: face.mesh.map(([x, y]) => [x * sx, y * sy] as const) }, strength);
  }
  const retouched = performance.now();

  const jpeg = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92, chromaSubsampling: '4:4:4' })
    .toBuffer();
  const encoded = performance.now();
  return {
    ok: true,
    jpeg,
    width,
    height,
    faceFound: face !== null,
    timings: { decodeMs: decoded - started, faceMs: found - decoded, retouchMs: retouched - found, encodeMs: encoded - retouched },
    rss: process.memoryUsage.rss(),
  };
}
