/**
 * Face detection for the crop (smart framing) and passport mode, on the main thread's side: a module
 * worker (workers/face-worker.ts) runs @vladmandic/human (BlazeFace + FaceMesh, MediaPipe selfie
 * segmentation for the crown) on the tfjs WebAssembly backend, with the models and .wasm files served
 * from our own assets (public/editor-models/), never a CDN.
 *
 * Nothing here loads until the editor calls it: import this module lazily; the worker (human with tfjs,
 * a 1.6 MB script) is created on the first call. The photo is downscaled to DETECTION_LONG_EDGE pixels on
 * its long edge before detection (faces that fill a passport photo need no more) and the results are
 * scaled back to the photo's pixels.
 *
 * Failures come back as FaceDetectionError, whose message is the spec's text (editorMessages).
 */
import { editorMessages } from '@studio-gallery/contract';
import type { DetectedFace, FaceDetectionFailure, FaceResult } from './face-landmarks';

export type { DetectedFace, FaceDetectionFailure, FaceResult } from './face-landmarks';

/** The long edge of the copy the models look at. */
export const DETECTION_LONG_EDGE = 640;
/** Downloading and compiling ~2.9 MB of models and WebAssembly (plus the 1.6 MB worker script) on a slow connection. */
export const MODEL_LOAD_TIMEOUT_MS = 60_000;
/** One detection takes well under a second on a phone; this only catches a stuck worker. */
export const DETECTION_TIMEOUT_MS = 20_000;

const FAILURE_MESSAGES: Record<FaceDetectionFailure, string> = {
  'models-failed': editorMessages.faceModelsFailed,
  'no-image': editorMessages.noImageForFaces,
  'no-faces': editorMessages.noFaces,
  'detection-failed': editorMessages.faceDetectionFailed,
  'models-not-loaded': editorMessages.faceModelsNotLoaded,
};

/** A face detection failure; `message` is the text to show the customer. */
export class FaceDetectionError extends Error {
  readonly reason: FaceDetectionFailure;
  constructor(reason: FaceDetectionFailure, options?: { cause?: unknown }) {
    super(FAILURE_MESSAGES[reason], options);
    this.name = 'FaceDetectionError';
    this.reason = reason;
  }
}

// --- Messages between this module and the worker -------------------------------------------------

export type FaceWorkerRequest =
  | { id: number; type: 'load'; modelBaseUrl: string }
  /** `bitmap` is the downscaled copy (transferred); `scaleX`/`scaleY` take its pixels back to the photo's. */
  | { id: number; type: 'detect'; bitmap: ImageBitmap; scaleX: number; scaleY: number }
  /** `small`: the downscaled copy the model sees; `full`: a full-size copy the mask is refined on (both transferred). */
  | { id: number; type: 'cutout'; small: ImageBitmap; full: ImageBitmap };

export type FaceWorkerResponse =
  | { id: number; ok: true; type: 'loaded'; backend: string; models: string[] }
  | { id: number; ok: true; type: 'detected'; faces: DetectedFace[]; detectMs: number }
  | { id: number; ok: true; type: 'cutout'; rgba: Uint8Array; width: number; height: number; modelMs: number; refineMs: number }
  | { id: number; ok: false; reason: 'models-failed' | 'detection-failed'; detail: string };

/** Where the models and .wasm files are served: the app's own public/editor-models/. */
export function defaultModelBaseUrl(): string {
  return new URL(`${import.meta.env.BASE_URL}editor-models/`, globalThis.location.href).href;
}

export type FaceModelsState = 'idle' | 'loading' | 'ready' | 'failed';

interface Pending {
  resolve: (response: FaceWorkerResponse) => void;
  reject: (error: unknown) => void;
  timer: ReturnType<typeof setTimeout>;
}

class WorkerTimeout extends Error {}

type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

/** One worker per page, created on first use and kept while the editor is open. */
class FaceDetector {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private loading: Promise<void> | null = null;
  state: FaceModelsState = 'idle';

  constructor(private readonly modelBaseUrl: () => string) {}

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    // Written out in full so Vite finds it and bundles the worker as a chunk of its own.
    const worker = new Worker(new URL('../workers/face-worker.ts', import.meta.url), { type: 'module', name: 'face-detection' });
    worker.onmessage = (event: MessageEvent<FaceWorkerResponse>) => {
      const pending = this.pending.get(event.data.id);
      if (!pending) return;
      this.pending.delete(event.data.id);
      clearTimeout(pending.timer);
      pending.resolve(event.data);
    };
    worker.onerror = (event) => this.reset(new Error(`face worker error: ${event.message}`));
    worker.onmessageerror = () => this.reset(new Error('face worker sent a message that could not be read'));
    this.worker = worker;
    return worker;
  }

  private call(request: WithoutId<FaceWorkerRequest>, timeoutMs: number, transfer: Transferable[] = []): Promise<FaceWorkerResponse> {
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this.reset(new WorkerTimeout(`face worker did not answer "${request.type}" within ${timeoutMs} ms`)), timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ ...request, id } as FaceWorkerRequest, transfer);
    });
  }

  /** Ends the worker (a stuck or failed one, or the editor closing) and fails what was waiting on it. */
  reset(reason: unknown = new Error('face detection stopped')): void {
    this.worker?.terminate();
    this.worker = null;
    this.loading = null;
    if (this.state !== 'failed') this.state = 'idle';
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(reason);
    }
    this.pending.clear();
  }

  /** Loads the models once; a failed load is tried again on the next call. */
  load(): Promise<void> {
    if (this.state === 'ready') return Promise.resolve();
    if (this.loading) return this.loading;
    this.state = 'loading';
    const loading = (async () => {
      let response: FaceWorkerResponse;
      try {
        response = await this.call({ type: 'load', modelBaseUrl: this.modelBaseUrl() }, MODEL_LOAD_TIMEOUT_MS);
      } catch (error) {
        throw this.failLoad(error);
      }
      if (!response.ok) throw this.failLoad(new Error(response.detail));
      this.state = 'ready';
    })();
    this.loading = loading;
    return loading;
  }

  private failLoad(cause: unknown): FaceDetectionError {
    this.state = 'failed';
    this.loading = null;
    // A fresh worker next time: tfjs keeps a half-initialised backend otherwise.
    this.worker?.terminate();
    this.worker = null;
    return new FaceDetectionError('models-failed', { cause });
  }

  async detect(bitmap: ImageBitmap, waitForModels: boolean): Promise<FaceResult> {
    const started = performance.now();
    if (!bitmap || !(bitmap.width > 0) || !(bitmap.height > 0)) throw new FaceDetectionError('no-image');
    if (!waitForModels && this.state !== 'ready') throw new FaceDetectionError('models-not-loaded');
    const loadStarted = performance.now();
    await this.load();
    const modelLoadMs = performance.now() - loadStarted;

    const imageSize = { width: bitmap.width, height: bitmap.height };
    const factor = Math.min(1, DETECTION_LONG_EDGE / Math.max(imageSize.width, imageSize.height));
    const detectionSize = { width: Math.max(1, Math.round(imageSize.width * factor)), height: Math.max(1, Math.round(imageSize.height * factor)) };
    const downscaleStarted = performance.now();
    let copy: ImageBitmap;
    try {
      // A copy, transferred to the worker: the caller's bitmap stays usable.
      copy = await createImageBitmap(bitmap, { resizeWidth: detectionSize.width, resizeHeight: detectionSize.height, resizeQuality: 'high' });
    } catch (error) {
      throw new FaceDetectionError('no-image', { cause: error });
    }
    const downscaleMs = performance.now() - downscaleStarted;

    let response: FaceWorkerResponse;
    try {
      const scaleX = imageSize.width / detectionSize.width;
      const scaleY = imageSize.height / detectionSize.height;
      response = await this.call({ type: 'detect', bitmap: copy, scaleX, scaleY }, DETECTION_TIMEOUT_MS, [copy]);
    } catch (error) {
      throw new FaceDetectionError('detection-failed', { cause: error });
    }
    if (!response.ok) {
      if (response.reason === 'models-failed') throw this.failLoad(new Error(response.detail));
      throw new FaceDetectionError('detection-failed', { cause: new Error(response.detail) });
    }
    if (response.type !== 'detected') throw new FaceDetectionError('detection-failed', { cause: new Error(`unexpected answer ${response.type}`) });
    if (response.faces.length === 0) throw new FaceDetectionError('no-faces');
    return {
      faces: response.faces,
      imageSize,
      detectionSize,
      timings: { downscaleMs, modelLoadMs, detectMs: response.detectMs, totalMs: performance.now() - started },
    };
  }

  /** The person cut out at full size (see cutOutPerson). */
  async cutout(bitmap: ImageBitmap): Promise<PersonCutout> {
    const started = performance.now();
    await this.load();
    const factor = Math.min(1, DETECTION_LONG_EDGE / Math.max(bitmap.width, bitmap.height));
    const small = await createImageBitmap(bitmap, {
      resizeWidth: Math.max(1, Math.round(bitmap.width * factor)),
      resizeHeight: Math.max(1, Math.round(bitmap.height * factor)),
      resizeQuality: 'high',
    });
    const full = await createImageBitmap(bitmap);
    const response = await this.call({ type: 'cutout', small, full }, CUTOUT_TIMEOUT_MS, [small, full]);
    if (!response.ok) {
      if (response.reason === 'models-failed') throw this.failLoad(new Error(response.detail));
      throw new Error(response.detail);
    }
    if (response.type !== 'cutout') throw new Error(`unexpected answer ${response.type}`);
    return {
      rgba: new Uint8ClampedArray(response.rgba.buffer, response.rgba.byteOffset, response.rgba.byteLength),
      width: response.width,
      height: response.height,
      timings: { modelMs: response.modelMs, refineMs: response.refineMs, totalMs: performance.now() - started },
    };
  }
}

/** The person of a photo at full size: RGBA, alpha the refined mask (0 backdrop .. 255 person). */
export interface PersonCutout {
  rgba: Uint8ClampedArray;
  width: number;
  height: number;
  timings: { modelMs: number; refineMs: number; totalMs: number };
}

/** Refining a 24 MP photo's mask takes a few seconds; this only catches a stuck worker. */
export const CUTOUT_TIMEOUT_MS = 60_000;

let detector: FaceDetector | null = null;

function theDetector(): FaceDetector {
  detector ??= new FaceDetector(defaultModelBaseUrl);
  return detector;
}

export function faceModelsState(): FaceModelsState {
  return detector?.state ?? 'idle';
}

/**
 * Starts the worker and loads the models (e.g. when the crop panel opens), so the first detectFaces
 * does not wait for them. Rejects with FaceDetectionError 'models-failed'.
 */
export function preloadFaceModels(): Promise<void> {
  return theDetector().load();
}

/**
 * The faces in a photo (upright, any size), largest first, in the photo's pixels. Waits for the models
 * unless `waitForModels` is false, in which case it fails with 'models-not-loaded' until they are.
 * Rejects with FaceDetectionError: 'no-image' (an empty or closed bitmap), 'models-failed',
 * 'no-faces', 'detection-failed' (also after DETECTION_TIMEOUT_MS), 'models-not-loaded'.
 */
export function detectFaces(bitmap: ImageBitmap, options: { waitForModels?: boolean } = {}): Promise<FaceResult> {
  return theDetector().detect(bitmap, options.waitForModels ?? true);
}

/** Ends the worker and frees its memory (~100 MB with the models); the next call starts a new one. */
export function disposeFaceDetector(): void {
  detector?.reset();
  detector = null;
}

/**
 * Cuts the person out of a photo (upright, any size) for the background panel, in the same worker as
 * face detection (the selfie model is already loaded there). Rejects with Error on any failure; the
 * panel shows editorMessages.removeBackgroundFailed.
 */
export function cutOutPerson(bitmap: ImageBitmap): Promise<PersonCutout> {
  return theDetector().cutout(bitmap);
}
