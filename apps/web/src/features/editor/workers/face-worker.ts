/**
 * The face detection worker (a module worker; lib/face-detection.ts creates it and is the only one that
 * talks to it). @vladmandic/human 3.3.6 with its bundled tfjs 4.22 on the WebAssembly backend:
 * BlazeFace finds faces, FaceMesh gives each one 468 landmarks (iris off: the eye outline's centre is
 * within a pixel of the iris, and iris would add 2.7 MB), and MediaPipe selfie segmentation gives the
 * person mask the crown (top of the hair) is read from. Models and .wasm files come from the URL the
 * page sends (the app's own editor-models/), never from a CDN.
 *
 * The same worker cuts the person out for the background panel with the server's own pipeline
 * (@studio-gallery/contract/cutout: face, subject selection, a second model pass on the subject's crop,
 * matting), so the browser's cut-out and POST /ex/images/remove-background's agree.
 *
 * Requests are handled one at a time, in order.
 */
import { Human, type Config } from '@vladmandic/human';
import { cutOutPerson, type Mask, type Rect } from '@studio-gallery/contract/cutout';
import type { FaceWorkerRequest, FaceWorkerResponse } from '../lib/face-detection';
import { faceFromMesh, largestFirst, MESH_POINT_COUNT, scaleFace, type DetectedFace, type PersonMask } from '../lib/face-landmarks';

interface WorkerScope {
  onmessage: ((event: MessageEvent<FaceWorkerRequest>) => void) | null;
  postMessage(message: FaceWorkerResponse, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

const REQUIRED_MODELS = ['blazeface', 'facemesh', 'selfie'];

function humanConfig(modelBaseUrl: string): Partial<Config> {
  return {
    backend: 'wasm',
    modelBasePath: modelBaseUrl,
    wasmPath: modelBaseUrl,
    wasmPlatformFetch: false,
    // The browser's HTTP cache keeps the files; no second copy in IndexedDB.
    cacheModels: false,
    debug: false,
    warmup: 'none',
    // Still photos: never reuse a previous frame's result.
    cacheSensitivity: 0,
    skipAllowed: false,
    filter: { enabled: false },
    gesture: { enabled: false },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    face: {
      enabled: true,
      detector: { modelPath: 'blazeface.json', maxDetected: 10, minConfidence: 0.3, rotation: false, return: false },
      mesh: { enabled: true, modelPath: 'facemesh.json' },
      attention: { enabled: false },
      iris: { enabled: false },
      emotion: { enabled: false },
      description: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    segmentation: { enabled: true, modelPath: 'selfie.json', mode: 'alpha' },
  };
}

let human: Human | null = null;

async function loadModels(modelBaseUrl: string): Promise<{ backend: string; models: string[] }> {
  const instance = new Human(humanConfig(modelBaseUrl));
  // tfjs' threaded WebAssembly build needs cross-origin isolation (SharedArrayBuffer) and was seen to
  // hang in a bundled worker: single-threaded (SIMD), the build that ships in editor-models/.
  instance.tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  await instance.load();
  const backend = String(instance.tf.getBackend());
  if (backend !== 'wasm') throw new Error(`tfjs backend is "${backend}", not wasm (the .wasm files did not load)`);
  // human logs a model that failed to download and carries on without it: a model counts as loaded
  // only with its weights.
  const withWeights = instance.models.list().filter((model) => model.size > 0).map((model) => model.name);
  const missing = REQUIRED_MODELS.filter((name) => !withWeights.includes(name));
  if (missing.length > 0) throw new Error(`models not loaded: ${missing.join(', ')}`);
  human = instance;
  return { backend, models: withWeights };
}

/** The photo's pixels as a tensor, through an OffscreenCanvas (the bitmap is already downscaled). */
function pixelsOf(instance: Human, bitmap: ImageBitmap): unknown {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D context on OffscreenCanvas');
  context.drawImage(bitmap, 0, 0);
  const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height);
  return instance.tf.browser.fromPixels(pixels, 3);
}

interface Tensor {
  data(): Promise<ArrayLike<number>>;
  shape: number[];
  dispose(): void;
}

async function personMask(instance: Human, input: unknown, width: number, height: number): Promise<PersonMask | null> {
  const mask = (await instance.segmentation(input as never)) as Tensor | null;
  if (!mask) return null;
  try {
    const data = await mask.data();
    if (data.length !== width * height) return null;
    return { width, height, data };
  } finally {
    mask.dispose();
  }
}

async function detect(bitmap: ImageBitmap, scaleX: number, scaleY: number): Promise<{ faces: DetectedFace[]; detectMs: number }> {
  const instance = human;
  if (!instance) throw new ModelsNotLoaded();
  const started = performance.now();
  const input = pixelsOf(instance, bitmap) as Tensor;
  try {
    const result = await instance.detect(input as never);
    if (result.error) throw new Error(result.error);
    const meshes = result.face.filter((face) => face.mesh.length >= MESH_POINT_COUNT);
    const mask = meshes.length > 0 ? await personMask(instance, input, bitmap.width, bitmap.height) : null;
    // human truncates mesh coordinates to whole pixels: +0.5 puts each at the middle of its pixel.
    const centred = (mesh: ReadonlyArray<readonly [number, number, number?]>) => mesh.map(([x, y]) => [x + 0.5, y + 0.5]);
    const faces: DetectedFace[] = meshes.map((face) => scaleFace(faceFromMesh(centred(face.mesh), face.score, mask), scaleX, scaleY));
    return { faces: largestFirst(faces), detectMs: performance.now() - started };
  } finally {
    input.dispose();
    bitmap.close();
  }
}

/** The long edge the model's input is brought to (lib/face-detection.ts DETECTION_LONG_EDGE; the server's MODEL_INPUT_LONG_EDGE). */
const MODEL_INPUT_LONG_EDGE = 640;

/** The model's mask (0..1) of a tensor of the photo's pixels. */
async function maskOf(instance: Human, input: Tensor, width: number, height: number): Promise<Mask> {
  const mask = await personMask(instance, input, width, height);
  if (!mask) throw new Error('the selfie model gave no mask');
  // human answers the mask in 'alpha' mode as 0..255 (the model's 0..1 times 255); the pipeline wants 0..1.
  return { data: Float32Array.from(mask.data, (value) => value / 255), width: mask.width, height: mask.height };
}

/**
 * The person cut out at full size by the shared pipeline (@studio-gallery/contract/cutout cutOutPerson):
 * the largest face on the downscaled copy, the model on that copy and on the subject's crop of the
 * full-size bitmap (at most 640 px), as the server does.
 */
async function cutout(small: ImageBitmap, full: ImageBitmap): Promise<{ rgba: Uint8Array; width: number; height: number; modelMs: number; refineMs: number }> {
  const instance = human;
  try {
    if (!instance) throw new ModelsNotLoaded();
    const started = performance.now();
    const input = pixelsOf(instance, small) as Tensor;
    let face: Rect | null = null;
    let firstPass: Mask;
    let modelMs = 0;
    try {
      const result = await instance.detect(input as never);
      const largest = result.face.filter((f) => f.mesh.length >= MESH_POINT_COUNT).sort((p, q) => q.box[2] * q.box[3] - p.box[2] * p.box[3])[0];
      const sx = full.width / small.width;
      const sy = full.height / small.height;
      if (largest) face = { x: largest.box[0] * sx, y: largest.box[1] * sy, width: largest.box[2] * sx, height: largest.box[3] * sy };
      const before = performance.now();
      firstPass = await maskOf(instance, input, small.width, small.height);
      modelMs += performance.now() - before;
    } finally {
      input.dispose();
    }
    const canvas = new OffscreenCanvas(full.width, full.height);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context) throw new Error('no 2D context on OffscreenCanvas');
    context.drawImage(full, 0, 0);
    const pixels = context.getImageData(0, 0, full.width, full.height);
    const segment = async (rect: Rect): Promise<Mask> => {
      if (rect.width === full.width && rect.height === full.height) return firstPass;
      const before = performance.now();
      const scale = Math.min(1, MODEL_INPUT_LONG_EDGE / Math.max(rect.width, rect.height));
      const width = Math.max(1, Math.round(rect.width * scale));
      const height = Math.max(1, Math.round(rect.height * scale));
      const crop = new OffscreenCanvas(width, height);
      const cropContext = crop.getContext('2d', { willReadFrequently: true });
      if (!cropContext) throw new Error('no 2D context on OffscreenCanvas');
      cropContext.imageSmoothingQuality = 'high';
      cropContext.drawImage(full, rect.x, rect.y, rect.width, rect.height, 0, 0, width, height);
      const tensor = instance.tf.browser.fromPixels(cropContext.getImageData(0, 0, width, height), 3) as unknown as Tensor;
      try {
        return await maskOf(instance, tensor, width, height);
      } finally {
        tensor.dispose();
        modelMs += performance.now() - before;
      }
    };
    // The pixels are read for this cut-out only: the answer is written over them (no second full-size buffer).
    const result = await cutOutPerson({ data: pixels.data, width: full.width, height: full.height, channels: 4 }, { face, segment, reuseInput: true });
    // refineMs: everything but the model (face detection, reading the pixels back, the pipeline).
    return { rgba: result.rgba, width: result.width, height: result.height, modelMs, refineMs: performance.now() - started - modelMs };
  } finally {
    small.close();
    full.close();
  }
}

class ModelsNotLoaded extends Error {
  constructor() {
    super('models are not loaded');
  }
}

async function handle(request: FaceWorkerRequest): Promise<FaceWorkerResponse> {
  if (request.type === 'load') {
    try {
      const loaded = human ? { backend: String(human.tf.getBackend()), models: human.models.loaded() } : await loadModels(request.modelBaseUrl);
      return { id: request.id, ok: true, type: 'loaded', ...loaded };
    } catch (error) {
      return { id: request.id, ok: false, reason: 'models-failed', detail: describe(error) };
    }
  }
  if (request.type === 'cutout') {
    try {
      return { id: request.id, ok: true, type: 'cutout', ...(await cutout(request.small, request.full)) };
    } catch (error) {
      return { id: request.id, ok: false, reason: error instanceof ModelsNotLoaded ? 'models-failed' : 'detection-failed', detail: describe(error) };
    }
  }
  try {
    return { id: request.id, ok: true, type: 'detected', ...(await detect(request.bitmap, request.scaleX, request.scaleY)) };
  } catch (error) {
    return { id: request.id, ok: false, reason: error instanceof ModelsNotLoaded ? 'models-failed' : 'detection-failed', detail: describe(error) };
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

let queue: Promise<unknown> = Promise.resolve();
scope.onmessage = (event) => {
  const request = event.data;
  queue = queue.then(async () => {
    const response = await handle(request);
    scope.postMessage(response, response.ok && response.type === 'cutout' ? [response.rgba.buffer] : []);
  });
};
