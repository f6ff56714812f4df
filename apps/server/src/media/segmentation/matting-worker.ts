import { parentPort } from 'node:worker_threads';
import { type Mask, type Rect, cutOutPerson } from '@studio-gallery/contract/cutout';
import { type FromMatting, type MattingResult, type ToMatting, ownBuffer } from './matting-thread';

/**
 * The matting thread's entry (matting-thread.ts): `cutOutPerson` on the photo it is sent, each model
 * pass asked back of the segmentation thread. Imports the contract's pure pixel code only: no tfjs, no
 * models, no sharp (a small heap for the call's collections). Built as its own entry
 * (dist/matting-worker.js, apps/server/scripts/build.mjs).
 */
const port = parentPort;
if (!port) throw new Error('matting-worker.ts runs as a worker thread');

const waiting = new Map<number, { resolve(mask: Mask): void; reject(error: Error): void }>();
let nextCall = 0;

/** The rows of `rect` out of an RGB photo `width` pixels wide, in a buffer of their own. */
function crop(rgb: Uint8Array, width: number, rect: Rect): Uint8Array {
  const out = new Uint8Array(rect.width * rect.height * 3);
  const rowBytes = rect.width * 3;
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.y + y) * width + rect.x) * 3;
    out.set(rgb.subarray(from, from + rowBytes), y * rowBytes);
  }
  return out;
}

async function cutOut({ id, rgb, width, height, face, output }: Extract<ToMatting, { type: 'cutout' }>): Promise<void> {
  const post = (message: FromMatting, transfer: ArrayBuffer[] = []) => port!.postMessage(message, transfer);
  const started = performance.now();
  let waited = 0;
  try {
    const segment = (rect: Rect) =>
      new Promise<Mask>((resolve, reject) => {
        const call = nextCall++;
        const asked = performance.now();
        const done = <T>(settle: (value: T) => void) => (value: T) => {
          waited += performance.now() - asked;
          settle(value);
        };
        waiting.set(call, { resolve: done(resolve), reject: done(reject) });
        // As the segmentation thread did in place: its 640 px copy for the whole photo, else the crop.
        const pixels = rect.width !== width || rect.height !== height ? crop(rgb, width, rect) : null;
        post({ type: 'segment', id, call, rect, crop: pixels }, pixels ? [pixels.buffer as ArrayBuffer] : []);
      });
    // Transparent pixels cleared: a smaller, faster PNG for the answer (nothing shows there). The
    // answer is written into the buffer of a previous one when the segmentation thread sent it back.
    const result = await cutOutPerson({ data: rgb, width, height }, { face, segment, clearTransparent: true, output: output ?? undefined });
    const rgba = ownBuffer(result.rgba);
    const cutout: MattingResult = {
      ...result,
      rgba,
      thread: {
        tfjsLoaded: '_tfengine' in globalThis,
        heapUsed: process.memoryUsage().heapUsed,
        reused: { input: false, output: output !== null && rgba === output },
        cutOutMs: performance.now() - started - waited,
      },
    };
    // The photo's buffer goes back too: the segmentation thread copies the next photo into it.
    post({ type: 'done', id, cutout, input: rgb }, [rgba.buffer as ArrayBuffer, rgb.buffer as ArrayBuffer]);
  } catch (error) {
    post({ type: 'error', id, message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
}

port.on('message', (message: ToMatting) => {
  if (message.type === 'cutout') {
    void cutOut(message);
    return;
  }
  const call = waiting.get(message.call);
  if (!call) return;
  waiting.delete(message.call);
  if (message.type === 'mask') call.resolve(message.mask);
  else call.reject(new Error(message.message));
});
