/**
 * The person cut out of a photo (issue 13 §1, issue 22 §1), as pure pixel functions (no sharp, no
 * tfjs), unit-tested in cutout.test.ts. One home for both sides: the server's remove-background worker
 * and the browser's editor worker call cutOutPerson with their own model runner and cut out alike.
 *
 * 1. Subject (cutout-subject.ts): the model's mask of the whole photo at the working size (long edge
 *    REFINE.workLongEdge); the components holding the detected face and the body below it are kept,
 *    islands dropped, holes filled. The model then runs again on the subject's own crop (head,
 *    shoulders, upper body: several times the mask pixels where they matter), merged over the first
 *    pass, and the subject is selected again.
 * 2. A first alpha: the fast guided filter (He, Sun & Tang, TPAMI 2013; He & Sun 2015) of the subject's
 *    mask on the luminance at the working size, its coefficients applied at full size, smoothstep'd.
 * 3. Trimap: sure subject and sure backdrop at the working size; an uncertain band REFINE.bandRadius
 *    working pixels each side of the edge (and wherever the first alpha is soft). Only band pixels are
 *    computed at full resolution; the rest are copied with alpha 0 or 255.
 * 4. Backdrop-aware matting in the band: B, the backdrop's colour field (normalised convolution of the
 *    sure-backdrop pixels: smooth for a studio backdrop, gradients included) and its local spread; F̄ the
 *    subject's local colour the same way. Where the backdrop is plain and F̄ differs from B, alpha is
 *    solved from colour: the projection of I − B on F̄ − B (I = αF + (1−α)B), its noise snapped to 0
 *    and 1 (REFINE.snap): the backdrop around hair comes out fully clear, no halo. On a busy backdrop the
 *    guided filter's alpha (blended between by the spread, REFINE.plainSpread).
 * 5. Foreground colour: I + (1−α)·(F̄ − B) (see decontaminate): the compositing equation solved for F
 *    with the backdrop field, without the 1/α amplification, so edges carry the subject's colour.
 */

import { type Rect, applySubject, dilate, mergeCropMask, selectSubject, subjectCrop } from './cutout-subject';

export type { Rect } from './cutout-subject';

export interface RgbImage {
  /** Interleaved RGB (or RGBA, as a canvas's ImageData: alpha is ignored), row by row. */
  data: Uint8Array | Uint8ClampedArray;
  /** Bytes a pixel: 3 (default) or 4. */
  channels?: 3 | 4;
  width: number;
  height: number;
}

export interface Mask {
  /** 0 (background) .. 1 (person), one value a pixel. */
  data: Float32Array;
  width: number;
  height: number;
}

/** The refinement's parameters: see the file comment. Radii are in working-size pixels. */
export const REFINE = {
  /** The masks, the guided filter and the colour fields live at this long edge (the full size when smaller). */
  workLongEdge: 512,
  /** The model's soft edge is made decisive (smoothstep) before filtering: the photo places the edge, not the mask's blur. */
  maskEdge: [0.4, 0.6] as const,
  /** Guided filter window radius: past the merged mask's error (the crop pass's mask pixel is ~1-2 working px). */
  radius: 8,
  /** Regularisation (luminance in 0..1): edges of contrast above ~0.03 (~8 grey levels) steer the mask. */
  epsilon: 1e-3,
  /** smoothstep(lo, hi) on the filtered mask. */
  feather: [0.25, 0.75] as const,
  /** Pixels at or below this first alpha are backdrop candidates (and at or above 1 − it, subject). */
  backgroundAlpha: 0.02,
  /** Radius of the local colour fields of the backdrop and of the subject. */
  backgroundRadius: 12,
  /** The uncertain band: this many working pixels each side of the subject's edge. */
  bandRadius: 3,
  /** Backdrop spread (RGB standard deviation, levels): alpha from colour below the first, the guided filter's above the second. */
  plainSpread: [10, 28] as const,
  /** Subject-to-backdrop contrast |F̄ − B| (levels): colour says nothing of alpha below the first, all of it above the second. */
  minContrast: [18, 40] as const,
  /** Alpha from colour is remapped from [snap0, snap1] to [0, 1]: the backdrop's and the subject's noise come out 0 and 1. */
  snap: [0.06, 0.94] as const,
  /** The crop pass counts within this many working pixels of the first pass's subject. */
  cropReach: 24,
  /** Dropped components' soft rim is cleared beyond this many working pixels from the subject. */
  subjectReach: 4,
} as const;

export interface RefinedCutout {
  /** RGBA, 4 bytes a pixel: decontaminated colour, alpha = the refined mask. */
  rgba: Uint8Array;
  width: number;
  height: number;
}

const CHANNELS = [0, 1, 2] as const;

/** Rec. 601 luma of one RGB pixel, 0..1. */
function luma(r: number, g: number, b: number): number {
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function smoothstep(lo: number, hi: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/** Mean over a (2r+1)² window, clipped at the borders (divides by the pixels inside): O(1) a pixel. */
export function boxMean(src: Float32Array, width: number, height: number, r: number): Float32Array {
  const tmp = new Float32Array(width * height);
  const out = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < width; x++) {
      const lo = Math.max(0, x - r);
      const hi = Math.min(width - 1, x + r);
      tmp[row + x] = sum / (hi - lo + 1);
      if (x + r + 1 < width) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  // Vertical pass row by row (running column sums), which reads memory in order.
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) sums[x] = sums[x]! + tmp[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const count = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = sums[x]! / count;
    if (y + r + 1 < height) for (let x = 0, add = (y + r + 1) * width; x < width; x++) sums[x] = sums[x]! + tmp[add + x]!;
    if (y - r >= 0) for (let x = 0, remove = (y - r) * width; x < width; x++) sums[x] = sums[x]! - tmp[remove + x]!;
  }
  return out;
}

/** Bilinear sampling positions (half-pixel centres) from `dst` samples onto `src` samples. */
function axis(src: number, dst: number): { i0: Int32Array; i1: Int32Array; w: Float32Array } {
  const i0 = new Int32Array(dst);
  const i1 = new Int32Array(dst);
  const w = new Float32Array(dst);
  const scale = src / dst;
  for (let d = 0; d < dst; d++) {
    const s = Math.min(src - 1, Math.max(0, (d + 0.5) * scale - 0.5));
    const f = Math.floor(s);
    i0[d] = f;
    i1[d] = Math.min(src - 1, f + 1);
    w[d] = s - f;
  }
  return { i0, i1, w };
}

/** Bilinear resize of a one-channel float image. */
export function resizeBilinear(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh);
  const ax = axis(sw, dw);
  const ay = axis(sh, dh);
  for (let y = 0; y < dh; y++) {
    const r0 = ay.i0[y]! * sw;
    const r1 = ay.i1[y]! * sw;
    const wy = ay.w[y]!;
    for (let x = 0; x < dw; x++) {
      const x0 = ax.i0[x]!;
      const x1 = ax.i1[x]!;
      const wx = ax.w[x]!;
      const top = src[r0 + x0]! * (1 - wx) + src[r0 + x1]! * wx;
      const bottom = src[r1 + x0]! * (1 - wx) + src[r1 + x1]! * wx;
      out[y * dw + x] = top * (1 - wy) + bottom * wy;
    }
  }
  return out;
}

/** The working size: the long edge at most REFINE.workLongEdge, never larger than the image. */
export function workingSize(width: number, height: number, longEdge: number = REFINE.workLongEdge): { width: number; height: number } {
  const scale = Math.min(1, longEdge / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Area average of the RGB image onto a smaller grid: three planes of 0..255 floats. */
function downsampleRgb(image: RgbImage, dw: number, dh: number): [Float32Array, Float32Array, Float32Array] {
  const [red, green, blue] = [new Float32Array(dw * dh), new Float32Array(dw * dh), new Float32Array(dw * dh)];
  const count = new Float32Array(dw * dh);
  const { data, width, height } = image;
  const channels = image.channels ?? 3;
  const column = new Int32Array(width);
  for (let x = 0; x < width; x++) column[x] = Math.min(dw - 1, Math.floor((x * dw) / width));
  for (let y = 0; y < height; y++) {
    const ty = Math.min(dh - 1, Math.floor((y * dh) / height)) * dw;
    for (let x = 0; x < width; x++) {
      const t = ty + column[x]!;
      const p = (y * width + x) * channels;
      red[t] = red[t]! + data[p]!;
      green[t] = green[t]! + data[p + 1]!;
      blue[t] = blue[t]! + data[p + 2]!;
      count[t] = count[t]! + 1;
    }
  }
  for (let t = 0; t < dw * dh; t++) {
    const n = count[t] || 1;
    red[t] = red[t]! / n;
    green[t] = green[t]! / n;
    blue[t] = blue[t]! / n;
  }
  return [red, green, blue];
}

/**
 * The guided filter's smoothed coefficients (mean a, mean b) at the working size, for guide `I`
 * (luminance 0..1) and input `p` (the mask), both w x h.
 */
export function guidedCoefficients(I: Float32Array, p: Float32Array, w: number, h: number, r: number, eps: number): { a: Float32Array; b: Float32Array } {
  const n = w * h;
  const Ip = new Float32Array(n);
  const II = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    Ip[i] = I[i]! * p[i]!;
    II[i] = I[i]! * I[i]!;
  }
  const meanI = boxMean(I, w, h, r);
  const meanP = boxMean(p, w, h, r);
  const corrIp = boxMean(Ip, w, h, r);
  const corrII = boxMean(II, w, h, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    const covIp = corrIp[i]! - meanI[i]! * meanP[i]!;
    a[i] = covIp / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  return { a: boxMean(a, w, h, r), b: boxMean(b, w, h, r) };
}

/**
 * The local colour field of the selected pixels (the sure backdrop, or the sure subject) at the working
 * size: the mean of the selected pixels within r (normalised convolution), else within 4r, else over
 * the whole image (NaN when none is selected), and their local spread (RGB standard deviation within r,
 * the whole image's where none is near).
 */
export function sideColour(
  rgb: [Float32Array, Float32Array, Float32Array],
  selected: Uint8Array,
  w: number,
  h: number,
  r: number,
): { mean: [Float32Array, Float32Array, Float32Array]; spread: Float32Array } {
  const n = w * h;
  const weight = new Float32Array(n);
  const global: [number, number, number] = [0, 0, 0];
  const globalSquares: [number, number, number] = [0, 0, 0];
  let globalCount = 0;
  for (let i = 0; i < n; i++) {
    if (selected[i] !== 1) continue;
    weight[i] = 1;
    globalCount += 1;
  }
  const near = boxMean(weight, w, h, r);
  const far = boxMean(weight, w, h, r * 4);
  const mean: [Float32Array, Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const variance = new Float32Array(n);
  for (const c of CHANNELS) {
    const weighted = new Float32Array(n);
    const squares = new Float32Array(n);
    const plane = rgb[c];
    for (let i = 0; i < n; i++) {
      if (selected[i] !== 1) continue;
      const v = plane[i]!;
      weighted[i] = v;
      squares[i] = v * v;
      global[c] += v;
      globalSquares[c] += v * v;
    }
    const nearC = boxMean(weighted, w, h, r);
    const nearSquares = boxMean(squares, w, h, r);
    const farC = boxMean(weighted, w, h, r * 4);
    const fallback = globalCount > 0 ? global[c] / globalCount : Number.NaN;
    const fallbackVariance = globalCount > 0 ? globalSquares[c] / globalCount - fallback * fallback : 0;
    const out = mean[c];
    for (let i = 0; i < n; i++) {
      const k = near[i]!;
      if (k > 1e-4) {
        const m = nearC[i]! / k;
        out[i] = m;
        variance[i] = variance[i]! + Math.max(0, nearSquares[i]! / k - m * m) / 3;
      } else {
        out[i] = far[i]! > 1e-4 ? farC[i]! / far[i]! : fallback;
        variance[i] = variance[i]! + fallbackVariance / 3;
      }
    }
  }
  const spread = new Float32Array(n);
  for (let i = 0; i < n; i++) spread[i] = Math.sqrt(variance[i]!);
  return { mean, spread };
}

/**
 * One band pixel's decontaminated colour channel: observed I, alpha α, local background B and local
 * person colour F̄. With the compositing model I = α·F + (1−α)·B, F = (I − (1−α)·B)/α exactly, but
 * that divides any error of α by α (a backdrop pixel given α = 0.1 comes out as the backdrop colour).
 * We use α·F + (1−α)·F̄ = I + (1−α)·(F̄ − B) instead: the same F where α is right and the local person
 * colour where the pixel is mostly backdrop, so an error of α leaves (α − true α)·(B − F) of backdrop
 * in the pixel, α times less than the division. Without a person colour nearby: the division, clamped.
 */
export function decontaminate(observed: number, alpha: number, background: number, person: number): number {
  if (Number.isNaN(background)) return observed;
  const value = Number.isNaN(person) ? (observed - (1 - alpha) * background) / alpha : observed + (1 - alpha) * (person - background);
  return Math.min(255, Math.max(0, Math.round(value)));
}

/** One bilinear sample of a working-size plane from its four neighbours and weights. */
function bilinear(plane: Float32Array, i00: number, i01: number, i10: number, i11: number, w00: number, w01: number, w10: number, w11: number): number {
  return plane[i00]! * w00 + plane[i01]! * w01 + plane[i10]! * w10 + plane[i11]! * w11;
}

const BACKDROP = 0;
const SUBJECT_CORE = 1;
const BAND = 2;

/**
 * The cut-out: the photo at full size with alpha and the band's colours solved (steps 2-5 of the file
 * comment). `mask` is the subject's mask at any size (cutOutPerson passes it at the working size).
 */
export function refineCutout(image: RgbImage, mask: Mask): RefinedCutout {
  const { width, height, data } = image;
  const channels = image.channels ?? 3;
  const work = workingSize(width, height);
  const ww = work.width;
  const wh = work.height;
  const n = ww * wh;
  const rgbLow = downsampleRgb(image, ww, wh);
  const lumaLow = new Float32Array(n);
  for (let i = 0; i < n; i++) lumaLow[i] = luma(rgbLow[0][i]!, rgbLow[1][i]!, rgbLow[2][i]!);
  const maskLow = mask.width === ww && mask.height === wh ? Float32Array.from(mask.data) : resizeBilinear(mask.data, mask.width, mask.height, ww, wh);
  for (let i = 0; i < n; i++) maskLow[i] = smoothstep(REFINE.maskEdge[0], REFINE.maskEdge[1], maskLow[i]!);
  const { a, b } = guidedCoefficients(lumaLow, maskLow, ww, wh, REFINE.radius, REFINE.epsilon);

  // Trimap at the working size, from the first alpha.
  const inside = new Float32Array(n);
  const alphaLow = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    alphaLow[i] = smoothstep(REFINE.feather[0], REFINE.feather[1], a[i]! * lumaLow[i]! + b[i]!);
    inside[i] = alphaLow[i]! >= 0.5 ? 1 : 0;
  }
  const share = boxMean(inside, ww, wh, REFINE.bandRadius);
  const trimap = new Uint8Array(n);
  const backdrop = new Uint8Array(n);
  const subject = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const al = alphaLow[i]!;
    if (al <= REFINE.backgroundAlpha && share[i]! <= 1e-3) {
      trimap[i] = BACKDROP;
      backdrop[i] = 1;
    } else if (al >= 1 - REFINE.backgroundAlpha && share[i]! >= 1 - 1e-3) {
      trimap[i] = SUBJECT_CORE;
      subject[i] = 1;
    } else trimap[i] = BAND;
  }
  const background = sideColour(rgbLow, backdrop, ww, wh, REFINE.backgroundRadius);
  const person = sideColour(rgbLow, subject, ww, wh, REFINE.backgroundRadius).mean;

  const rgba = new Uint8Array(width * height * 4);
  const ax = axis(ww, width);
  const ay = axis(wh, height);
  // The trimap cell of a full-size pixel: the working pixel it was averaged into (downsampleRgb).
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(ww - 1, Math.floor((x * ww) / width));
  const observed = [0, 0, 0];
  const back = [0, 0, 0];
  const fore = [0, 0, 0];
  for (let y = 0; y < height; y++) {
    const cellRow = Math.min(wh - 1, Math.floor((y * wh) / height)) * ww;
    const r0 = ay.i0[y]! * ww;
    const r1 = ay.i1[y]! * ww;
    const wy = ay.w[y]!;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * channels;
      const o = i * 4;
      rgba[o] = data[p]!;
      rgba[o + 1] = data[p + 1]!;
      rgba[o + 2] = data[p + 2]!;
      const cell = trimap[cellRow + cellX[x]!]!;
      if (cell !== BAND) {
        rgba[o + 3] = cell === SUBJECT_CORE ? 255 : 0;
        continue;
      }
      const wx = ax.w[x]!;
      const i00 = r0 + ax.i0[x]!;
      const i01 = r0 + ax.i1[x]!;
      const i10 = r1 + ax.i0[x]!;
      const i11 = r1 + ax.i1[x]!;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      observed[0] = data[p]!;
      observed[1] = data[p + 1]!;
      observed[2] = data[p + 2]!;
      const guided = smoothstep(
        REFINE.feather[0],
        REFINE.feather[1],
        bilinear(a, i00, i01, i10, i11, w00, w01, w10, w11) * luma(observed[0], observed[1], observed[2]) + bilinear(b, i00, i01, i10, i11, w00, w01, w10, w11),
      );
      let along = 0;
      let contrast2 = 0;
      for (let c = 0; c < 3; c++) {
        back[c] = bilinear(background.mean[c as 0 | 1 | 2], i00, i01, i10, i11, w00, w01, w10, w11);
        fore[c] = bilinear(person[c as 0 | 1 | 2], i00, i01, i10, i11, w00, w01, w10, w11);
        const d = fore[c]! - back[c]!;
        along += (observed[c]! - back[c]!) * d;
        contrast2 += d * d;
      }
      let alpha = guided;
      if (contrast2 > 0) {
        const trust = (1 - smoothstep(REFINE.plainSpread[0], REFINE.plainSpread[1], bilinear(background.spread, i00, i01, i10, i11, w00, w01, w10, w11))) * smoothstep(REFINE.minContrast[0], REFINE.minContrast[1], Math.sqrt(contrast2));
        if (trust > 0) {
          const fromColour = Math.min(1, Math.max(0, (along / contrast2 - REFINE.snap[0]) / (REFINE.snap[1] - REFINE.snap[0])));
          alpha = trust * fromColour + (1 - trust) * guided;
        }
      }
      const al = Math.round(alpha * 255);
      rgba[o + 3] = al;
      if (al === 0 || al === 255) continue;
      for (let c = 0; c < 3; c++) rgba[o + c] = decontaminate(observed[c]!, al / 255, back[c]!, fore[c]!);
    }
  }
  return { rgba, width, height };
}

export interface PersonCutoutOptions {
  /** The face found on the photo, in its pixels (the largest when several); null: the largest person is the subject. */
  face: Rect | null;
  /** The model's person mask (0..1, any size) of one rectangle of the photo (its pixels, whole numbers). */
  segment(rect: Rect): Promise<Mask>;
}

export interface PersonCutout extends RefinedCutout {
  /** Model passes run: 1, or 2 with the subject's crop. */
  passes: number;
}

/**
 * The subject cut out of the photo (the whole pipeline of the file comment): the model on the whole
 * photo, the subject selected, the model again on the subject's crop, merged, selected again, refined.
 */
export async function cutOutPerson(image: RgbImage, { face, segment }: PersonCutoutOptions): Promise<PersonCutout> {
  const { width, height } = image;
  const work = workingSize(width, height);
  const ww = work.width;
  const wh = work.height;
  const scaleX = ww / width;
  const scaleY = wh / height;
  const faceLow = face && { x: face.x * scaleX, y: face.y * scaleY, width: face.width * scaleX, height: face.height * scaleY };
  const first = await segment({ x: 0, y: 0, width, height });
  let soft = resizeBilinear(first.data, first.width, first.height, ww, wh);
  let subject = selectSubject(soft, ww, wh, faceLow);
  let passes = 1;
  const crop = subjectCrop(subject, ww, wh, faceLow);
  if (crop) {
    // The crop in the photo's pixels, then back on the working grid exactly as the model saw it.
    const x0 = Math.floor(crop.x / scaleX);
    const y0 = Math.floor(crop.y / scaleY);
    const rect = { x: x0, y: y0, width: Math.min(width, Math.ceil((crop.x + crop.width) / scaleX)) - x0, height: Math.min(height, Math.ceil((crop.y + crop.height) / scaleY)) - y0 };
    const second = await segment(rect);
    const onGrid = { x: Math.round(rect.x * scaleX), y: Math.round(rect.y * scaleY), width: 0, height: 0 };
    onGrid.width = Math.min(ww, Math.round((rect.x + rect.width) * scaleX)) - onGrid.x;
    onGrid.height = Math.min(wh, Math.round((rect.y + rect.height) * scaleY)) - onGrid.y;
    // The second pass refines the subject's edge; it may not add what the first pass left out.
    const near = dilate(subject, ww, wh, REFINE.cropReach);
    soft = mergeCropMask(soft, ww, wh, second, onGrid);
    for (let i = 0; i < soft.length; i++) if (near[i] !== 1) soft[i] = 0;
    subject = selectSubject(soft, ww, wh, faceLow);
    passes = 2;
  }
  const selected = applySubject(soft, subject, ww, wh, REFINE.subjectReach);
  return { ...refineCutout(image, { data: selected, width: ww, height: wh }), passes };
}
