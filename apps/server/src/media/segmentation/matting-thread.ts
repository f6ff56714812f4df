import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Mask, PersonCutout, Rect } from '@studio-gallery/contract/cutout';

/**
 * The matting thread (issue 22 §4): the segmentation worker runs `cutOutPerson` (subject selection and
 * matting, pure JS on ~130 MB of typed arrays a call) in a thread of its own that never loads tfjs, the
 * models nor the face mesh. In the worker thread that holds them the same call cost 273–318 ms against
 * 149–204 ms in a bare thread (docs/benchmarks.md "Background removal on the server"): every V8
 * collection the call's allocations trigger walks the models' heap too, on the same two cores.
 *
 * One matting thread per segmentation worker, started on its first cut-out and ended with it: a worker
 * thread's sub-threads stop when it exits (the pool's idle recycling, DEFAULT_IDLE_SECONDS), so what a
 * burst leaves in it goes back with the models. The model passes stay in the segmentation thread: the
 * matting thread asks for each one (`segment`) with the crop's pixels, and gets the 256x256 mask back.
 */

/** The photo for the matting thread: upright RGB, 3 bytes a pixel. */
export interface MattingPhoto {
  rgb: Uint8Array;
  width: number;
  height: number;
}

/**
 * One model pass asked by the matting thread: the rectangle of the photo, and its pixels (RGB, rect's
 * size) when it is not the whole photo (the segmentation thread keeps the 640 px copy of the whole one).
 */
export type SegmentRequest = (rect: Rect, crop: Uint8Array | null) => Promise<Mask>;

export interface MattingResult extends PersonCutout {
  /**
   * What the matting thread had loaded when it answered (tests and the bench: tfjs must stay out), and
   * whether the call ran in buffers given back by the previous one (the photo's copy, the answer), and
   * the call's own time there (ms, wall), the model passes it waited for excluded.
   */
  thread: { tfjsLoaded: boolean; heapUsed: number; reused: { input: boolean; output: boolean }; cutOutMs: number };
}

/** Segmentation thread → matting thread. */
export type ToMatting =
  /** `output`: a buffer of width·height·4 bytes for the answer (a previous answer, recycled), or null. */
  | { type: 'cutout'; id: number; rgb: Uint8Array; width: number; height: number; face: Rect | null; output: Uint8Array | null }
  | { type: 'mask'; id: number; call: number; mask: Mask }
  | { type: 'mask-error'; id: number; call: number; message: string };

/** Matting thread → segmentation thread. */
export type FromMatting =
  | { type: 'segment'; id: number; call: number; rect: Rect; crop: Uint8Array | null }
  /** `input`: the photo's buffer, given back for the next call's copy. */
  | { type: 'done'; id: number; cutout: MattingResult; input: Uint8Array }
  | { type: 'error'; id: number; message: string };

/**
 * How to start the thread: dist/matting-worker.js beside the bundled segmentation worker, or under tsx
 * (tests, `npm run dev`) matting-worker.ts required through tsx's CommonJS hook (as piscina requires
 * worker.ts: tsx's ESM hooks do not reach a worker thread's imports on Node 20).
 */
function mattingEntry(): { script: string | URL; eval: boolean } {
  const here = import.meta.url;
  if (here.endsWith('.ts')) {
    const tsx = createRequire(here).resolve('tsx/cjs/api');
    const file = fileURLToPath(new URL('./matting-worker.ts', here));
    return { script: `require(${JSON.stringify(tsx)}).register(); require(${JSON.stringify(file)});`, eval: true };
  }
  return { script: new URL('./matting-worker.js', here), eval: false };
}

/** A typed array's bytes in an ArrayBuffer of their own (moved, not copied, by postMessage). */
export function ownBuffer<T extends Uint8Array | Float32Array>(array: T): T {
  if (array.byteOffset === 0 && array.byteLength === array.buffer.byteLength && !(array.buffer instanceof SharedArrayBuffer)) return array;
  // A copy (Buffer#slice would be a view on the same memory).
  return (array instanceof Float32Array ? new Float32Array(array) : new Uint8Array(array)) as T;
}

interface Pending {
  segment: SegmentRequest;
  /** The photo was copied into the buffer the previous call gave back. */
  reusedInput: boolean;
  resolve(cutout: MattingResult): void;
  reject(error: Error): void;
}

/** A buffer that may be moved to another thread: it is the whole of an ArrayBuffer of its own. */
function movable(array: Uint8Array): boolean {
  return array.byteOffset === 0 && array.byteLength === array.buffer.byteLength && !(array.buffer instanceof SharedArrayBuffer);
}

/**
 * The segmentation thread's side: starts the matting thread on first use, runs cut-outs one after
 * another in it. The full-size buffers go back and forth instead of being made anew each call (15 MB
 * of answer and 12 MB of photo for a 1600x2400 portrait: fresh pages and collections, issue 22 §4):
 * the photo's copy comes back with the answer, and the answer comes back once the caller is done with
 * it (`recycle`).
 */
export class MattingThread {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<number, Pending>();
  /** The photo's buffer the matting thread gave back, for the next copy. */
  private spareInput: Uint8Array | null = null;
  /** An answer the caller is done with (`recycle`), for the next answer. */
  private spareOutput: Uint8Array | null = null;

  /**
   * `cutOutPerson` of the photo in the matting thread, the model passes run here by `segment`. The
   * photo's pixels are copied once into a buffer that is moved there (sharp's own buffers cannot be);
   * the answer's RGBA comes back moved.
   */
  cutOut(photo: MattingPhoto, face: Rect | null, segment: SegmentRequest): Promise<MattingResult> {
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<MattingResult>((resolve, reject) => {
      const spare = this.spareInput;
      this.spareInput = null;
      const reusedInput = spare !== null && spare.length === photo.rgb.length;
      this.pending.set(id, { segment, reusedInput, resolve, reject });
      const rgb = reusedInput ? spare : new Uint8Array(photo.rgb.length);
      rgb.set(photo.rgb);
      let output = this.spareOutput;
      this.spareOutput = null;
      if (output !== null && output.length !== photo.width * photo.height * 4) output = null;
      const message: ToMatting = { type: 'cutout', id, rgb, width: photo.width, height: photo.height, face, output };
      const input = rgb.buffer as ArrayBuffer;
      worker.postMessage(message, output ? [input, output.buffer as ArrayBuffer] : [input]);
    });
  }

  /**
   * The caller is done with an answer's RGBA (encoded): its buffer is kept for the next answer (of the
   * same size). The caller must not read it afterwards: it is moved to the matting thread and written over.
   */
  recycle(rgba: Uint8Array): void {
    if (movable(rgba)) this.spareOutput = rgba;
  }

  /** Ends the matting thread (the next cut-out starts another). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.spareInput = null;
    this.spareOutput = null;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const entry = mattingEntry();
    const worker = new Worker(entry.script, { eval: entry.eval });
    // The segmentation thread's own life decides the matting thread's: it never holds it up.
    worker.unref();
    worker.on('message', (message: FromMatting) => this.onMessage(worker, message));
    worker.on('error', (error) => this.failAll(worker, error));
    worker.on('exit', (code) => this.failAll(worker, new Error(`the matting thread exited (code ${code})`)));
    this.worker = worker;
    return worker;
  }

  private onMessage(worker: Worker, message: FromMatting): void {
    const task = this.pending.get(message.id);
    if (!task) return;
    if (message.type === 'done') {
      this.pending.delete(message.id);
      this.spareInput = message.input;
      message.cutout.thread.reused.input = task.reusedInput;
      task.resolve(message.cutout);
    } else if (message.type === 'error') {
      this.pending.delete(message.id);
      task.reject(new Error(`matting thread: ${message.message}`));
    } else {
      const { id, call, rect, crop } = message;
      task.segment(rect, crop).then(
        (mask) => {
          const data = ownBuffer(mask.data);
          const reply: ToMatting = { type: 'mask', id, call, mask: { data, width: mask.width, height: mask.height } };
          worker.postMessage(reply, [data.buffer as ArrayBuffer]);
        },
        (error: unknown) => {
          const reply: ToMatting = { type: 'mask-error', id, call, message: error instanceof Error ? error.message : String(error) };
          worker.postMessage(reply);
        },
      );
    }
  }

  private failAll(worker: Worker, error: Error): void {
    if (this.worker === worker) this.worker = null;
    for (const task of this.pending.values()) task.reject(error);
    this.pending.clear();
  }
}
