import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as tf from '@tensorflow/tfjs-core';
import { type ModelJson, modelArtifacts } from './selfie-model';

/**
 * Faces and their 468-point mesh (issue 13 §3) with @vladmandic/human 3.3.6 (MIT; its blazeface and
 * facemesh models, iris off) on tfjs' wasm backend, in a worker thread of the segmentation pool.
 * human shares this thread's tfjs-core (its node-wasm build imports @tensorflow/tfjs-* from
 * node_modules), so the backend set up by selfie-model.ts serves both models.
 */

/** One face: its box and the mesh in image pixels (x, y; z dropped). */
export interface FaceMesh {
  box: [number, number, number, number];
  mesh: [number, number][];
  score: number;
}

interface HumanInstance {
  load(): Promise<void>;
  detect(input: tf.Tensor): Promise<{ face: { box: [number, number, number, number]; mesh: [number, number, number][]; score: number }[] }>;
}

/**
 * human's `exports` map refuses `dist/human.node-wasm.js` (STACK.md "Editor models"): resolve the
 * package's main file and swap its name.
 */
function humanPaths(): { module: string; models: string } {
  const require = createRequire(import.meta.url);
  const main = require.resolve('@vladmandic/human');
  const dist = path.dirname(main);
  return { module: path.join(dist, 'human.node-wasm.js'), models: path.join(dist, '..', 'models') };
}

let routerRegistered = false;

/** tfjs-core alone cannot read file:// URLs: a load router reads the model's json and bin from disk. */
function registerFileRouter(): void {
  if (routerRegistered) return;
  routerRegistered = true;
  // A router answers null for the URLs it does not handle (tfjs' own routers do so; its type says otherwise).
  const router = (url: string | string[]): tf.io.IOHandler | null => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    return {
      load: async () => {
        const file = fileURLToPath(url);
        const json = JSON.parse(await readFile(file, 'utf8')) as ModelJson;
        const buffers = await Promise.all(json.weightsManifest.flatMap((group) => group.paths.map((p) => readFile(path.join(path.dirname(file), p)))));
        return modelArtifacts(json, Buffer.concat(buffers));
      },
    };
  };
  tf.io.registerLoadRouter(router as Parameters<typeof tf.io.registerLoadRouter>[0]);
}

let loading: Promise<HumanInstance> | null = null;

/** human with only face detection and the mesh, loaded once per thread on first use (after the wasm backend is ready). */
export function loadFaceMesh(): Promise<HumanInstance> {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

async function load(): Promise<HumanInstance> {
  registerFileRouter();
  const paths = humanPaths();
  const imported = (await import(pathToFileURL(paths.module).href)) as { Human?: new (config: object) => HumanInstance; default?: { Human: new (config: object) => HumanInstance } };
  const Human = imported.Human ?? imported.default?.Human;
  if (!Human) throw new Error('@vladmandic/human did not export Human');
  const human = new Human({
    backend: 'wasm',
    modelBasePath: `file://${paths.models}/`,
    debug: false,
    async: false,
    warmup: 'none',
    cacheSensitivity: 0,
    filter: { enabled: false },
    face: {
      enabled: true,
      detector: { enabled: true, rotation: false, maxDetected: 1, minConfidence: 0.3, return: false },
      mesh: { enabled: true },
      iris: { enabled: false },
      attention: { enabled: false },
      description: { enabled: false },
      emotion: { enabled: false },
      antispoof: { enabled: false },
      liveness: { enabled: false },
    },
    body: { enabled: false },
    hand: { enabled: false },
    object: { enabled: false },
    gesture: { enabled: false },
    segmentation: { enabled: false },
  });
  await human.load();
  return human;
}

/** The largest face of an RGB image (3 bytes a pixel), or null; coordinates in that image's pixels. */
export async function detectFace(human: HumanInstance, rgb: Uint8Array, width: number, height: number): Promise<FaceMesh | null> {
  const input = tf.tensor4d(rgb, [1, height, width, 3], 'int32');
  try {
    const result = await human.detect(input);
    const face = result.face.filter((f) => f.mesh.length >= 468).sort((a, b) => b.box[2] * b.box[3] - a.box[2] * a.box[3])[0];
    if (!face) return null;
    return { box: face.box, mesh: face.mesh.map(([x, y]) => [x, y] as [number, number]), score: face.score };
  } finally {
    input.dispose();
  }
}
