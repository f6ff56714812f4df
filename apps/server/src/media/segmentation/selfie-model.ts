import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import { type GraphModel, loadGraphModel } from '@tensorflow/tfjs-converter';
import * as tf from '@tensorflow/tfjs-core';

/** The model's input and output: 256x256 (RGB in, one channel of person probability out). */
export const MODEL_SIZE = 256;

/** Where the model and tfjs' wasm binaries are read from (one copy of the model for the browser and the server). */
export interface SegmentationAssets {
  /** Folder of selfie.json + selfie.bin (apps/web/public/editor-models). */
  modelDir: string;
  /** Folder of tfjs-backend-wasm's .wasm files (its dist/). */
  wasmDir: string;
}

/** A tfjs graph model's model.json. */
export interface ModelJson {
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  modelTopology: object;
  weightsManifest: { paths: string[]; weights: tf.io.WeightsManifestEntry[] }[];
}

/** A model.json and its weight files' bytes (concatenated in manifest order) as tfjs model artifacts. */
export function modelArtifacts(model: ModelJson, weights: Buffer): tf.io.ModelArtifacts {
  return {
    modelTopology: model.modelTopology,
    weightSpecs: model.weightsManifest.flatMap((group) => group.weights),
    // A Buffer read from a file never sits on a SharedArrayBuffer.
    weightData: weights.buffer.slice(weights.byteOffset, weights.byteOffset + weights.byteLength) as ArrayBuffer,
    format: model.format,
    generatedBy: model.generatedBy,
    convertedBy: model.convertedBy,
  };
}

let loading: Promise<GraphModel> | null = null;

/**
 * MediaPipe selfie segmentation (Apache-2.0; NOTICE.md beside it), as the tfjs graph the browser's face
 * worker runs through @vladmandic/human. Loaded once per thread, on first use, on the wasm backend
 * (single-threaded: the pool gives parallelism). A failed load is retried by the next call.
 */
export function loadSelfieModel(assets: SegmentationAssets): Promise<GraphModel> {
  loading ??= load(assets).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

let backend: Promise<void> | null = null;

/** tfjs' wasm backend of this thread (single-threaded), started once: the selfie model and the face mesh share it. */
export function startWasmBackend(wasmDir: string): Promise<void> {
  backend ??= (async () => {
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    setWasmPaths(wasmDir.endsWith(path.sep) ? wasmDir : wasmDir + path.sep);
    if (!(await tf.setBackend('wasm'))) throw new Error('the tfjs wasm backend did not start');
    await tf.ready();
  })().catch((error: unknown) => {
    backend = null;
    throw error;
  });
  return backend;
}

async function load({ modelDir, wasmDir }: SegmentationAssets): Promise<GraphModel> {
  await startWasmBackend(wasmDir);
  const [json, weights] = await Promise.all([readFile(path.join(modelDir, 'selfie.json'), 'utf8'), readFile(path.join(modelDir, 'selfie.bin'))]);
  const model = JSON.parse(json) as ModelJson;
  return loadGraphModel(tf.io.fromMemory(modelArtifacts(model, weights)));
}

/**
 * The long edge the browser's editor downscales a photo to before its face worker runs the model
 * (apps/web/src/features/editor/lib/face-detection.ts DETECTION_LONG_EDGE): the server feeds the model
 * the same way, so that both sides' masks agree.
 */
export const MODEL_INPUT_LONG_EDGE = 640;

/**
 * The 256x256 person mask (0..1) of an RGB image (3 bytes a pixel, any size; the photo downscaled to
 * MODEL_INPUT_LONG_EDGE), computed as the browser computes it (@vladmandic/human
 * segmentation/selfie.ts): stretched to 256x256 by tf.image.resizeBilinear (no half-pixel centres),
 * divided by 255, the model's sigmoid output as is.
 */
export async function personMask(model: GraphModel, rgb: Uint8Array, width: number, height: number): Promise<Float32Array> {
  if (rgb.length !== width * height * 3) throw new Error('personMask wants RGB, 3 bytes a pixel');
  const input = tf.tidy(() => {
    const pixels = tf.tensor4d(rgb, [1, height, width, 3], 'int32');
    return tf.div(tf.image.resizeBilinear(pixels, [MODEL_SIZE, MODEL_SIZE], false), 255);
  });
  const output = model.execute(input) as tf.Tensor;
  try {
    return new Float32Array(await output.data<'float32'>());
  } finally {
    input.dispose();
    output.dispose();
  }
}
