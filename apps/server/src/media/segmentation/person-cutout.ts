import type { PersonCutout, Rect } from '@studio-gallery/contract/cutout';
import { loadSharp } from '../sharp';
import { detectFace, loadFaceMesh } from './face-mesh';
import { type MattingResult, MattingThread } from './matting-thread';
import { MODEL_INPUT_LONG_EDGE, MODEL_SIZE, type SegmentationAssets, loadSelfieModel, personMask, startWasmBackend } from './selfie-model';

/** An upright RGB photo (3 bytes a pixel) and its copy at MODEL_INPUT_LONG_EDGE (what the model and the face detector see). */
export interface DecodedPhoto {
  rgb: Uint8Array;
  width: number;
  height: number;
  small: { data: Uint8Array; info: { width: number; height: number } };
}

export interface ServerCutout extends PersonCutout {
  timings: { faceMs: number; modelMs: number; refineMs: number };
  /** The same steps in CPU time (the process's, all threads: wall time is noisy on a loaded machine). */
  cpu: { faceMs: number; modelMs: number; refineMs: number };
  faceFound: boolean;
  /** The matting thread's state after the call (matting-thread.ts): tfjs must not be loaded there. */
  mattingThread: MattingResult['thread'];
}

/** This segmentation thread's matting thread (ends with it). */
const matting = new MattingThread();

/**
 * The server's side of the shared cut-out pipeline (@studio-gallery/contract/cutout cutOutPerson): the
 * face found on the 640 px copy (face-mesh.ts), the selfie model on the 640 px copy for the whole photo
 * and on the subject's crop taken from the full-size pixels and brought to at most 640 px, as the
 * browser's face worker does. cutOutPerson itself runs in the matting thread (matting-thread.ts: a
 * thread without tfjs; the model passes it asks for run here).
 */
export async function cutOutOnServer(photo: DecodedPhoto, assets: SegmentationAssets): Promise<ServerCutout> {
  const sharp = await loadSharp();
  const { rgb, width, height, small } = photo;
  const started = performance.now();
  const startedCpu = cpuMs();
  await startWasmBackend(assets.wasmDir);
  const found = await detectFace(await loadFaceMesh(), small.data, small.info.width, small.info.height);
  const sx = width / small.info.width;
  const sy = height / small.info.height;
  const face: Rect | null = found && { x: found.box[0] * sx, y: found.box[1] * sy, width: found.box[2] * sx, height: found.box[3] * sy };
  const faced = performance.now();
  const facedCpu = cpuMs();
  const model = await loadSelfieModel(assets);
  let modelMs = 0;
  let modelCpuMs = 0;
  const segment = async (rect: Rect, pixels: Uint8Array | null) => {
    const before = performance.now();
    const beforeCpu = cpuMs();
    let input = small;
    if (pixels) {
      // The matting thread sends the crop's own pixels (rect's size): the same as extract() of the photo.
      const crop = await sharp(pixels, { raw: { width: rect.width, height: rect.height, channels: 3 } })
        .resize(MODEL_INPUT_LONG_EDGE, MODEL_INPUT_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
        .raw()
        .toBuffer({ resolveWithObject: true });
      input = { data: crop.data, info: crop.info };
    }
    const data = await personMask(model, input.data, input.info.width, input.info.height);
    modelMs += performance.now() - before;
    modelCpuMs += cpuMs() - beforeCpu;
    return { data, width: MODEL_SIZE, height: MODEL_SIZE };
  };
  const { thread, ...cutout } = await matting.cutOut({ rgb, width, height }, face, segment);
  const done = performance.now();
  const doneCpu = cpuMs();
  return {
    ...cutout,
    faceFound: face !== null,
    mattingThread: thread,
    timings: { faceMs: faced - started, modelMs, refineMs: done - faced - modelMs },
    cpu: { faceMs: facedCpu - startedCpu, modelMs: modelCpuMs, refineMs: doneCpu - facedCpu - modelCpuMs },
  };
}

/**
 * The caller is done with a cut-out's RGBA (encoded): its buffer is written over by the next cut-out's
 * answer (MattingThread.recycle). Do not read it afterwards.
 */
export function recycleCutout(rgba: Uint8Array): void {
  matting.recycle(rgba);
}

/** Ends this thread's matting thread (a process that cut out in its main thread, e.g. a bench, can then exit); the next cut-out starts another. */
export function closeMattingThread(): Promise<void> {
  return matting.close();
}

/** The process's CPU time so far (user + system, all threads), in ms. */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
