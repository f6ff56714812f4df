import { AI_MAX_INPUT_PIXELS, type RetouchSettings, retouchSettings } from '@studio-gallery/contract';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { MAX_INPUT_PIXELS } from '../renditions';
import { loadSharp } from '../sharp';
import { detectFace, loadFaceMesh } from './face-mesh';
import { refineCutout } from '@studio-gallery/contract/cutout';
import type { MattingResult } from './matting-thread';
import { cpuMs, cutOutOnServer, recycleCutout } from './person-cutout';
import { retouchFace } from './retouch';
import { MODEL_INPUT_LONG_EDGE, MODEL_SIZE, type SegmentationAssets, loadSelfieModel, personMask, startWasmBackend } from './selfie-model';

/**
 * The worker thread of the segmentation pool (segmentation-pool.ts): decode, model, refinement and
 * encoding, off the server's event loop. Three tasks: the default export (background removal),
 * retouchPortrait (the free AI retouch, issue 13 §3) and applyPhotoPresets (the legacy presets: both
 * at once), chosen by piscina's `name`. Built as its own entry (dist/segmentation-worker.js,
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
      /**
       * Base64 of the answer, as ASCII bytes (moved to the main thread, not copied): an RGBA PNG, the
       * photo's size (upright), alpha = the refined person mask. Encoded here so that the event loop
       * makes no 6 MB string per answer (and collects none).
       */
      pngBase64: Uint8Array;
      /** The PNG's size in bytes. */
      pngBytes: number;
      width: number;
      height: number;
      timings: { decodeMs: number; faceMs: number; modelMs: number; refineMs: number; encodeMs: number };
      /** The same steps in the process's CPU time (all threads; for the bench on a loaded machine). */
      cpu: { decodeMs: number; faceMs: number; modelMs: number; refineMs: number; encodeMs: number };
      /** The worker thread's RSS after the request (bytes), for the bench. */
      rss: number;
      /** The matting thread that ran cutOutPerson (matting-thread.ts), after the call: tfjs stays out of it. */
      mattingThread: MattingResult['thread'];
    }
  | { ok: false; reason: 'unreadable' | 'too-large' };

type Decoded = { rgb: Buffer; width: number; height: number; small: { data: Buffer; info: { width: number; height: number } } };

/**
 * The upright RGB pixels of the image (alpha flattened on white) and a copy at MODEL_INPUT_LONG_EDGE
 * (what the browser's face worker feeds its models), or why not: 'too-large' past `maxPixels` (the
 * routes check the header first; this is the backstop).
 */
async function decode(image: Uint8Array, maxPixels: number): Promise<Decoded | { ok: false; reason: 'unreadable' | 'too-large' }> {
  const sharp = await loadSharp();
  let rgb: { data: Buffer; info: { width: number; height: number; channels: number } };
  try {
    rgb = await sharp(image, { limitInputPixels: maxPixels, failOn: 'error' })
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
  const startedCpu = cpuMs();
  // As the browser: the photo downscaled to 640 px on its long edge, then stretched to 256x256 in tfjs.
  const input = await decode(image, AI_MAX_INPUT_PIXELS);
  if ('ok' in input) return input;
  const { width, height } = input;
  const decoded = performance.now();
  const decodedCpu = cpuMs();

  const cutout = await cutOutOnServer(input, assets);
  const refined = performance.now();
  const refinedCpu = cpuMs();

  // Level 1 (zlib's fastest, no filter): on the 1600x2400 bench portrait 57-65 ms and 5.4 MB, where
  // level 2 took 85-103 ms for 4.4 MB and level 3 114-123 ms for 4.1 MB; adaptive filtering is smaller
  // (level 2: 2.6 MB) but 2x slower than level 2.
  const png = await sharp(cutout.rgba, { raw: { width, height, channels: 4 } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  // Encoded: the answer's buffer serves the next cut-out's answer (no 15 MB of fresh pages a call).
  recycleCutout(cutout.rgba);
  // Buffer.from(string) of this size owns its ArrayBuffer (not the shared pool): safe to move.
  const pngBase64 = Buffer.from(png.toString('base64'), 'latin1');
  const encoded = performance.now();
  const result: RemoveBackgroundResult = {
    ok: true,
    pngBase64,
    pngBytes: png.length,
    width,
    height,
    timings: { decodeMs: decoded - started, ...cutout.timings, encodeMs: encoded - refined },
    cpu: { decodeMs: decodedCpu - startedCpu, ...cutout.cpu, encodeMs: cpuMs() - refinedCpu },
    rss: process.memoryUsage.rss(),
    mattingThread: cutout.mattingThread,
  };
  return move({ [transferableSymbol]: pngBase64.buffer, [valueSymbol]: result }) as unknown as RemoveBackgroundResult;
}

export interface RetouchPortraitTask {
  /** The encoded image (JPEG, PNG or WebP), already checked from its header by the caller. */
  image: Uint8Array;
  assets: SegmentationAssets;
  /** The strength 0..1 and the controls (the contract's retouchSettings fills in the defaults). */
  settings: RetouchSettings;
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

type Small = Decoded['small'];
type Face = NonNullable<Awaited<ReturnType<typeof detectFace>>>;

/** The largest face of the 640 px copy, with its mesh (null: none). */
async function findFace(small: Small, assets: SegmentationAssets): Promise<Face | null> {
  await startWasmBackend(assets.wasmDir);
  return detectFace(await loadFaceMesh(), small.data, small.info.width, small.info.height);
}

/** The retouch of `face` (found on the 640 px copy) applied in place to the RGB pixels at their size. */
function retouchAt(face: Face, small: Small, rgb: Buffer, width: number, height: number, settings: RetouchSettings): void {
  const sx = width / small.info.width;
  const sy = height / small.info.height;
  retouchFace(rgb, width, height, { mesh: face.mesh.map(([x, y]) => [x * sx, y * sy] as const) }, settings);
}

/** The free AI retouch: the face mesh on the 640 px copy, the retouch at full size, a JPEG out. */
export async function retouchPortrait({ image, assets, settings }: RetouchPortraitTask): Promise<RetouchPortraitResult> {
  const sharp = await loadSharp();
  const started = performance.now();
  const input = await decode(image, AI_MAX_INPUT_PIXELS);
  if ('ok' in input) return input;
  const { rgb, width, height, small } = input;
  const decoded = performance.now();

  const face = await findFace(small, assets);
  const found = performance.now();
  if (face) retouchAt(face, small, rgb, width, height, settings);
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

export interface ApplyPhotoPresetsTask {
  /** The encoded photo (JPEG, PNG or WebP): one the gallery stored. */
  image: Uint8Array;
  assets: SegmentationAssets;
  /** The retouch's strength, 0..1. */
  strength: number;
  /** One output per entry: null, the retouch alone; '#rrggbb', the retouched person over that colour. */
  backgrounds: readonly (string | null)[];
  /** The outputs' long edge (never enlarged); null: the photo's size. */
  longEdge: number | null;
  /** JPEG quality of the outputs. */
  quality: number;
}

export type ApplyPhotoPresetsResult =
  | {
      ok: true;
      /** JPEGs, one per `backgrounds` entry, in its order, all of width x height (upright). */
      jpegs: Uint8Array[];
      width: number;
      height: number;
      faceFound: boolean;
      timings: { decodeMs: number; faceMs: number; retouchMs: number; maskMs: number; encodeMs: number };
      rss: number;
    }
  | { ok: false; reason: 'unreadable' | 'too-large' };

function hexColour(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/**
 * The legacy presets (spec §4 "Legacy preset", issue 13 §3): the free retouch (as retouchPortrait),
 * then, for each preset with a colour, the person cut out (as removeBackground, the mask made once
 * and reused) and laid over it. Samples ask for a small long edge; CreateRequest for the full size.
 */
export async function applyPhotoPresets({ image, assets, strength, backgrounds, longEdge, quality }: ApplyPhotoPresetsTask): Promise<ApplyPhotoPresetsResult> {
  const sharp = await loadSharp();
  const started = performance.now();
  const input = await decode(image, MAX_INPUT_PIXELS);
  if ('ok' in input) return input;
  const { small } = input;
  let { rgb, width, height } = input;
  if (longEdge !== null && Math.max(width, height) > longEdge) {
    const resized = await sharp(rgb, { raw: { width, height, channels: 3 } })
      .resize(longEdge, longEdge, { fit: 'inside' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    ({ data: rgb } = resized);
    ({ width, height } = resized.info);
  }
  const decoded = performance.now();

  const face = await findFace(small, assets);
  const found = performance.now();
  if (face) retouchAt(face, small, rgb, width, height, retouchSettings({ strength }));
  const retouched = performance.now();

  // One mask for every coloured preset, refined on the retouched pixels at the outputs' size.
  let cutout: Uint8Array | null = null;
  if (backgrounds.some((colour) => colour !== null)) {
    const model = await loadSelfieModel(assets);
    const mask = await personMask(model, small.data, small.info.width, small.info.height);
    cutout = refineCutout({ data: rgb, width, height }, { data: mask, width: MODEL_SIZE, height: MODEL_SIZE }).rgba;
  }
  const masked = performance.now();

  const jpegs: Uint8Array[] = [];
  for (const colour of backgrounds) {
    let pixels: Buffer = rgb;
    if (colour !== null && cutout !== null) {
      const [br, bg, bb] = hexColour(colour);
      pixels = Buffer.allocUnsafe(width * height * 3);
      for (let i = 0, j = 0; i < pixels.length; i += 3, j += 4) {
        const a = cutout[j + 3]! / 255;
        pixels[i] = Math.round(cutout[j]! * a + br * (1 - a));
        pixels[i + 1] = Math.round(cutout[j + 1]! * a + bg * (1 - a));
        pixels[i + 2] = Math.round(cutout[j + 2]! * a + bb * (1 - a));
      }
    }
    jpegs.push(await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality, chromaSubsampling: '4:4:4' }).toBuffer());
  }
  const encoded = performance.now();
  return {
    ok: true,
    jpegs,
    width,
    height,
    faceFound: face !== null,
    timings: { decodeMs: decoded - started, faceMs: found - decoded, retouchMs: retouched - found, maskMs: masked - retouched, encodeMs: encoded - masked },
    rss: process.memoryUsage.rss(),
  };
}
