import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type RetouchSettings, retouchSettings } from '@studio-gallery/contract';
import { Piscina } from 'piscina';
import { ImageQueueFullError } from '../image-work-queue';
import { loadSharp } from '../sharp';
import type { SegmentationAssets } from './selfie-model';
import type {
  ApplyPhotoPresetsResult,
  ApplyPhotoPresetsTask,
  RemoveBackgroundResult,
  RemoveBackgroundTask,
  RetouchPortraitResult,
  RetouchPortraitTask,
} from './worker';

type Task = RemoveBackgroundTask | RetouchPortraitTask | ApplyPhotoPresetsTask;
type TaskResult = RemoveBackgroundResult | RetouchPortraitResult | ApplyPhotoPresetsResult;
type TaskName = 'default' | 'retouchPortrait' | 'applyPhotoPresets';

/** What applyPhotoPresets makes: one JPEG per background, at a long edge (null: full size). */
export interface PhotoPresetsJob {
  strength: number;
  backgrounds: readonly (string | null)[];
  longEdge: number | null;
  quality: number;
}

export interface SegmentationLimits {
  /** Worker threads (SEGMENTATION_THREADS): 1 on 2 cores, so the event loop keeps a core. */
  threads: number;
  /** Requests allowed to wait for a thread (SEGMENTATION_QUEUE_WAITING); one more is refused (503). */
  maxWaiting: number;
  /** Seconds a worker thread may sit without a task before it exits (SEGMENTATION_IDLE_SECONDS; default DEFAULT_IDLE_SECONDS). */
  idleSeconds?: number | undefined;
}

/**
 * A worker thread idle this long exits, and with it everything a burst left in it: the models and
 * wasm (~130 MB), and the native memory its decodes and full-size buffers took, which glibc keeps
 * for the thread while it lives (a 14 MP retouch burst: ~490 MB that only the thread's exit gives
 * back; docs/benchmarks.md "AI memory"). The next call after it pays the models' load again (~1–2 s).
 */
export const DEFAULT_IDLE_SECONDS = 60;

/**
 * The segmentation worker's file: beside this module under tsx (src/…/worker.ts, started with tsx's
 * loader), or dist/segmentation-worker.js beside the bundled server (scripts/build.mjs).
 */
function workerEntry(): { filename: string; execArgv: string[] } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const hasTsx = process.execArgv.some((arg) => arg.includes('tsx'));
    return { filename: fileURLToPath(new URL('./worker.ts', here)), execArgv: hasTsx ? process.execArgv : [...process.execArgv, '--import', 'tsx'] };
  }
  return { filename: fileURLToPath(new URL('./segmentation-worker.js', here)), execArgv: process.execArgv };
}

/** The model's folder (config: the web app's public/editor-models) and tfjs' wasm binaries in node_modules. */
export function segmentationAssets(modelDir: string): SegmentationAssets {
  const require = createRequire(import.meta.url);
  return { modelDir, wasmDir: path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')) };
}

/**
 * Person segmentation and the AI retouch off the event loop (issue 13 §4): a piscina pool of `threads`
 * worker threads, each loading its models once, lazily (the face mesh only on its first retouch). At
 * most `threads` images run and `maxWaiting` wait, both tools together; any further request is refused
 * at once with ImageQueueFullError (503), so a burst costs bounded memory and the server keeps
 * answering everything else.
 */
export class SegmentationPool {
  private readonly pool: Piscina<Task, TaskResult>;
  private inFlight = 0;

  private readonly assets: SegmentationAssets;

  constructor(
    private readonly limits: SegmentationLimits,
    modelDir: string,
  ) {
    this.assets = segmentationAssets(modelDir);
    const { filename, execArgv } = workerEntry();
    this.pool = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: limits.threads,
      // One image per thread at a time; the waiting line is ours (inFlight), piscina's is a backstop.
      concurrentTasksPerWorker: 1,
      maxQueue: limits.maxWaiting + limits.threads,
      idleTimeout: (limits.idleSeconds ?? DEFAULT_IDLE_SECONDS) * 1000,
    });
  }

  /** A new request would be refused now: lets a route refuse a large body before reading it. */
  get full(): boolean {
    return this.inFlight >= this.limits.threads + this.limits.maxWaiting;
  }

  assertRoom(): void {
    if (this.full) throw new ImageQueueFullError();
  }

  /** Runs the removal in a worker thread; ImageQueueFullError at once when the line is full. */
  removeBackground(image: Uint8Array): Promise<RemoveBackgroundResult> {
    return this.run({ image, assets: this.assets }, 'default') as Promise<RemoveBackgroundResult>;
  }

  /**
   * The free AI retouch (issue 13 §3) in a worker thread: the same threads and the same waiting line
   * as the removal (both hold the same models' runtime); ImageQueueFullError at once when full.
   */
  retouchPortrait(image: Uint8Array, settings: RetouchSettings | number): Promise<RetouchPortraitResult> {
    const task = { image, assets: this.assets, settings: typeof settings === 'number' ? retouchSettings({ strength: settings }) : settings };
    return this.run(task, 'retouchPortrait') as Promise<RetouchPortraitResult>;
  }

  /**
   * The legacy presets (spec §4): the retouch, and the person over each colour, in one task (one
   * decode, one face mesh, one mask); the same threads and waiting line as the tools above.
   */
  applyPhotoPresets(image: Uint8Array, job: PhotoPresetsJob): Promise<ApplyPhotoPresetsResult> {
    return this.run({ image, assets: this.assets, ...job }, 'applyPhotoPresets') as Promise<ApplyPhotoPresetsResult>;
  }

  private async run(task: Task, name: TaskName): Promise<TaskResult> {
    this.assertRoom();
    this.inFlight += 1;
    try {
      // sharp is loaded by the main thread before any worker loads it (sharp's advice for worker threads).
      await loadSharp();
      return await this.pool.run(task, { name });
    } finally {
      this.inFlight -= 1;
    }
  }

  close(): Promise<void> {
    return this.pool.destroy();
  }
}
