// A page that runs the editor's face detection (apps/web/src/features/editor/lib/face-detection.ts and
// its worker, also its background cut-out, cutOutPerson) and crop export (lib/export-crop.ts) as the app will: bundled by Vite (same version, the same `new Worker(new URL(...))`
// handling, the worker in a chunk of its own), the models and .wasm files from apps/web/public/
// editor-models/ served as the app's own assets. Used by e2e/editor-faces.spec.ts and
// bench/editor-faces.ts and bench/editor-cutout.ts until the editor's UI exists to reach the worker through the app itself.
//
// The page exposes `globalThis.faceHarness` (FaceHarnessApi below); call it inside page.evaluate.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import type { FaceResult } from '../../apps/web/src/features/editor/lib/face-landmarks';
import { freePort } from '../../apps/server/test/support/free-port';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const webPublic = path.join(root, 'apps', 'web', 'public');
const editorLib = path.join(root, 'apps', 'web', 'src', 'features', 'editor', 'lib');

/** What the harness page offers (`globalThis.faceHarness`); everything returns plain data. */
export interface FaceHarnessApi {
  /** Loads the models; resolves with the time it took (ms). */
  preload(): Promise<number>;
  /** Fetches an image from the harness server, decodes it and runs detectFaces on it. */
  detect(url: string): Promise<HarnessDetection>;
  /** The baseline: fetch + decode + the same downscale detectFaces does, without detection (ms). */
  decodeAndDownscale(url: string): Promise<{ decodeMs: number; downscaleMs: number }>;
  /** exportCrop (lib/export-crop.ts) on the image at `url`; the encoded file comes back as base64. */
  exportCrop(url: string, rect: HarnessRect, options: { preset: string; passportDocument?: string }): Promise<HarnessImage>;
  /** exportCrop as a passport photo, then printSheet of it. */
  printSheet(url: string, rect: HarnessRect, passportDocument: string): Promise<HarnessImage & { copies: number }>;
  /** Fetches and decodes the image at `url`, then cutOutPerson; the pixels stay in the page, only figures come back. */
  cutout(url: string): Promise<HarnessCutout>;
  dispose(): void;
}

export interface HarnessRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface HarnessImage {
  base64: string;
  type: string;
  width: number;
  height: number;
  upscaled: boolean;
}

export type HarnessDetection =
  | { ok: true; result: FaceResult; decodeMs: number }
  | { ok: false; reason: string; message: string };

export type HarnessCutout =
  | {
      ok: true;
      /** fetch + createImageBitmap, before cutOutPerson. */
      decodeMs: number;
      /** cutOutPerson's own: the worker's selfie model (640 px copy) and full-size refinement; totalMs from the call to the answer. */
      timings: { modelMs: number; refineMs: number; totalMs: number };
      width: number;
      height: number;
      /** Pixels of the cut-out by alpha (a sanity check on the mask): 255, 0, and anything between. */
      alpha: { opaque: number; clear: number; partial: number };
      /**
       * After the cut-out, untimed by it: drawImage + getImageData of the full-size photo on an
       * OffscreenCanvas here on the main thread, the read-back the worker does before refineCutout
       * (it counts in refineMs).
       */
      readPixelsMs: number;
    }
  | { ok: false; message: string };

/**
 * The page's global scope, for `page.evaluate` callbacks (they run in the page, so they cannot call
 * helpers from here): `(globalThis as unknown as HarnessScope).faceHarness.detect(url)`.
 */
export interface HarnessScope {
  faceHarness: FaceHarnessApi;
}

export interface FaceHarness {
  url: string;
  close(): Promise<void>;
}

export interface FaceHarnessOptions {
  /** Files served at `/fixtures/<name>` (written before the server starts). */
  files?: Record<string, Buffer>;
  /** Response headers, e.g. the real server's Content-Security-Policy. */
  headers?: Record<string, string>;
}

const ENTRY = (modulePath: string, exportModulePath: string) => `
import { detectFaces, preloadFaceModels, disposeFaceDetector, cutOutPerson, DETECTION_LONG_EDGE } from ${JSON.stringify(modulePath)};
import { exportCrop, printSheet } from ${JSON.stringify(exportModulePath)};

async function base64Of(blob) {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

async function decode(url) {
  const started = performance.now();
  const response = await fetch(url);
  if (!response.ok) throw new Error(url + ': HTTP ' + response.status);
  const bitmap = await createImageBitmap(await response.blob());
  return { bitmap, decodeMs: performance.now() - started };
}

globalThis.faceHarness = {
  async preload() {
    const started = performance.now();
    await preloadFaceModels();
    return performance.now() - started;
  },
  async detect(url) {
    const { bitmap, decodeMs } = await decode(url);
    try {
      return { ok: true, result: await detectFaces(bitmap), decodeMs };
    } catch (error) {
      return { ok: false, reason: String(error.reason ?? error.name), message: String(error.message) };
    } finally {
      bitmap.close();
    }
  },
  async decodeAndDownscale(url) {
    const { bitmap, decodeMs } = await decode(url);
    const factor = Math.min(1, DETECTION_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
    const started = performance.now();
    const copy = await createImageBitmap(bitmap, { resizeWidth: Math.round(bitmap.width * factor), resizeHeight: Math.round(bitmap.height * factor), resizeQuality: 'high' });
    const downscaleMs = performance.now() - started;
    copy.close();
    bitmap.close();
    return { decodeMs, downscaleMs };
  },
  async exportCrop(url, rect, options) {
    const { bitmap } = await decode(url);
    const image = await exportCrop(bitmap, rect, options);
    bitmap.close();
    return { base64: await base64Of(image.blob), type: image.type, width: image.width, height: image.height, upscaled: image.upscaled };
  },
  async printSheet(url, rect, passportDocument) {
    const { bitmap } = await decode(url);
    const photo = await exportCrop(bitmap, rect, { preset: 'passport', passportDocument });
    bitmap.close();
    const photoBitmap = await createImageBitmap(photo.blob);
    const sheet = await printSheet(photoBitmap, passportDocument);
    photoBitmap.close();
    return { base64: await base64Of(sheet.blob), type: sheet.type, width: sheet.width, height: sheet.height, upscaled: false, copies: sheet.layout.copies.length };
  },
  async cutout(url) {
    let bitmap;
    try {
      const decoded = await decode(url);
      bitmap = decoded.bitmap;
      const cut = await cutOutPerson(bitmap);
      const alpha = { opaque: 0, clear: 0, partial: 0 };
      const { rgba } = cut;
      for (let i = 3; i < rgba.length; i += 4) {
        const a = rgba[i];
        if (a === 255) alpha.opaque++;
        else if (a === 0) alpha.clear++;
        else alpha.partial++;
      }
      const readStarted = performance.now();
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const context = canvas.getContext('2d', { willReadFrequently: true });
      context.drawImage(bitmap, 0, 0);
      context.getImageData(0, 0, bitmap.width, bitmap.height);
      const readPixelsMs = performance.now() - readStarted;
      canvas.width = canvas.height = 0;
      return { ok: true, decodeMs: decoded.decodeMs, timings: { ...cut.timings }, width: cut.width, height: cut.height, alpha, readPixelsMs };
    } catch (error) {
      return { ok: false, message: String(error?.message ?? error) };
    } finally {
      bitmap?.close();
    }
  },
  dispose() {
    disposeFaceDetector();
  },
};
document.body.dataset.ready = 'true';
`;

/** Builds the harness page with Vite into a temporary folder and serves it (vite preview). */
export async function startFaceDetectionHarness(options: FaceHarnessOptions = {}): Promise<FaceHarness> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'face-harness-'));
  const outDir = path.join(dir, 'dist');
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><html><head><meta charset="utf-8"><title>face detection harness</title></head><body><script type="module" src="./main.js"></script></body></html>');
  await fs.writeFile(path.join(dir, 'main.js'), ENTRY(path.join(editorLib, 'face-detection.ts'), path.join(editorLib, 'export-crop.ts')));
  await build({
    configFile: false,
    root: dir,
    base: '/',
    logLevel: 'warn',
    publicDir: webPublic,
    build: { outDir, emptyOutDir: true, sourcemap: false, reportCompressedSize: false, chunkSizeWarningLimit: 4096 },
  });
  await fs.mkdir(path.join(outDir, 'fixtures'), { recursive: true });
  for (const [name, data] of Object.entries(options.files ?? {})) await fs.writeFile(path.join(outDir, 'fixtures', name), data);

  const port = await freePort();
  const server = await preview({
    configFile: false,
    root: dir,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port, strictPort: true, headers: options.headers ?? {} },
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      await server.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
