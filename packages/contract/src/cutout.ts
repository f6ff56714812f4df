/**
 * The person cut out of a photo (issue 13 §1, issue 22 §1), as pure pixel functions (no sharp, no
 * tfjs), unit-tested in cutout.test.ts. One home for both sides: the server's remove-background worker
 * and the browser's editor worker call cutOutPerson with their own model runner and cut out alike.
 *
 * 1. Subject (cutout-subject.ts): the model's mask of the whole photo at the working size (long edge
 *    REFINE.workLongEdge); the components holding the detected face and the body below it are kept,
 *    islands dropped, holes filled. The model then runs again on the subject's own crop (head,
 *    shoulders, upper body: several times the mask pixels where they matter), merged over the first
 *    pass, and the subject is selected again. On a smooth studio backdrop the subject then grows from
 *    colour (growSubjectFromColour): connected pixels the backdrop's field cannot explain are subject,
 *    and so is light touching it (above the backdrop in one channel, below it in none: no shadow is).
 * 2. A first alpha: the fast guided filter (He, Sun & Tang, TPAMI 2013; He & Sun 2015) of the subject's
 *    mask on the luminance at the working size, its coefficients applied at full size, smoothstep'd.
 * 3. Trimap: sure subject and sure backdrop at the working size; an uncertain band REFINE.bandRadius
 *    working pixels each side of the edge (and wherever the first alpha is soft). Only band pixels are
 *    computed at full resolution; the rest are copied with alpha 0 or 255.
 * 4. Backdrop-aware matting in the band: B, the backdrop's colour field (normalised convolution of the
 *    sure-backdrop pixels: smooth for a studio backdrop, gradients included) and its local spread; F̄ the
 *    subject's local colour the same way. Where the backdrop is plain and F̄ differs from B, alpha is
 *    solved from colour: the projection of I − B on F̄ − B (I = αF + (1−α)B), its noise snapped to 0
 *    and 1 (REFINE.snap): the backdrop around hair comes out fully clear, no halo. A pixel off the segment
 *    B–F̄ (a white rim beside a black helmet), or lighter than B where F̄ is darker, is solved along its own ray from B (alphaAlongRay). On a busy backdrop the
 *    guided filter's alpha (blended between by the spread, REFINE.plainSpread). Light the growth added
 *    that stands off the local backdrop (keepGrownLight) is kept: its alpha is not left below 0.5.
 * 5. Foreground colour: I + (1−α)·(F̄ − B) (see decontaminate): the compositing equation solved for F
 *    with the backdrop field, without the 1/α amplification, so edges carry the subject's colour.
 */

import { type Scratch, acquireScratch, f32, f64, give, i32, releaseScratch, u8 } from './cutout-scratch';
import { GROWTH, type Rect, applySubject, dilate, growSubjectFromColour, mergeCropMask, selectSubject, subjectCrop } from './cutout-subject';

export type { Rect } from './cutout-subject';
/** Drops the working buffers kept for the next cut-out (~29 MB for a 1600x2400 photo): a worker done cutting out. */

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
  /**
   * A band pixel off the segment B–F̄ by max(first (RGB levels), second · |F̄ − B|) is a mix of the backdrop
   * and a colour of its own, surely so at twice that (JPEG's chroma bleeds a share of |F̄ − B| off it).
   */
  offLine: [12, 0.25] as const,
  /** …its alpha is then its distance from B over the farthest a pixel within this radius (full-size px) reaches in its direction. */
  rayRadius: 3,
  /** Alpha from colour is remapped from [snap0, snap1] to [0, 1]: the backdrop's and the subject's noise come out 0 and 1. */
  snap: [0.06, 0.94] as const,
  /** The crop pass counts within this many working pixels of the first pass's subject. */
  cropReach: 24,
  /** Dropped components' soft rim is cleared beyond this many working pixels from the subject. */
  subjectReach: 4,
  /**
   * Light grown into the subject (growLight) is kept at alpha ≥ 0.5 in the band when its colour stands
   * this far (RGB levels) off the local backdrop: not where the fitted field strays from the backdrop
   * (by ~13 levels in a corner of the white scene), which grows plain backdrop there.
   */
  grownLightOff: 4,
} as const;

export interface RefinedCutout {
  /** RGBA, 4 bytes a pixel: decontaminated colour, alpha = the refined mask. */
  rgba: Uint8Array;
  width: number;
  height: number;
}

/** Rec. 601 luma of one RGB pixel, 0..1. */
function luma(r: number, g: number, b: number): number {
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}

export function smoothstep(lo: number, hi: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/** Mean over a (2r+1)² window, clipped at the borders (divides by the pixels inside): O(1) a pixel. */
export function boxMean(src: Float32Array, width: number, height: number, r: number, scratch?: Scratch): Float32Array {
  const tmp = f32(scratch, width * height, true);
  const out = f32(scratch, width * height, true);
  boxRows(src, tmp, width, height, r);
  boxColumns(tmp, out, width, height, r);
  give(scratch, tmp);
  return out;
}

/** boxMean's horizontal pass (two small functions: V8 optimises each with all its feedback). */
function boxRows(src: Float32Array, tmp: Float32Array, width: number, height: number, r: number): void {
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
}

/** boxMean's vertical pass, row by row (running column sums), which reads memory in order. */
function boxColumns(tmp: Float32Array, out: Float32Array, width: number, height: number, r: number): void {
  const sums = new Float64Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) sums[x] = sums[x]! + tmp[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const count = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const row = y * width;
    for (let x = 0; x < width; x++) out[row + x] = sums[x]! / count;
    if (y + r + 1 < height) for (let x = 0, add = (y + r + 1) * width; x < width; x++) sums[x] = sums[x]! + tmp[add + x]!;
    if (y - r >= 0) for (let x = 0, remove = (y - r) * width; x < width; x++) sums[x] = sums[x]! - tmp[remove + x]!;
  }
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
export function resizeBilinear(src: Float32Array, sw: number, sh: number, dw: number, dh: number, scratch?: Scratch): Float32Array {
  const out = f32(scratch, dw * dh, true);
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

/**
 * The full-size pixels of each working-size cell along one axis (the cell of pixel x is
 * floor(x·cells/size)): cell c spans [starts[c], starts[c + 1]).
 */
function cellStarts(size: number, cells: number): Int32Array {
  const starts = new Int32Array(cells + 1);
  let cell = 0;
  for (let x = 0; x < size; x++) {
    const c = Math.min(cells - 1, Math.floor((x * cells) / size));
    while (cell < c) starts[++cell] = x;
  }
  while (cell < cells) starts[++cell] = size;
  return starts;
}

/** Area average of the RGB image onto a smaller grid: three planes of 0..255 floats (integer sums, one row of cells at a time). */
function downsampleRgb(image: RgbImage, dw: number, dh: number, scratch?: Scratch): [Float32Array, Float32Array, Float32Array] {
  const planes: [Float32Array, Float32Array, Float32Array] = [f32(scratch, dw * dh, true), f32(scratch, dw * dh, true), f32(scratch, dw * dh, true)];
  const columns = cellStarts(image.width, dw);
  const rows = cellStarts(image.height, dh);
  const sums = new Float64Array(dw * 3);
  const words = pixelWords(image);
  for (let cy = 0; cy < dh; cy++) {
    sums.fill(0);
    for (let y = rows[cy]!; y < rows[cy + 1]!; y++) {
      if (words) sumWordRowIntoCells(words, image.width, y, columns, sums);
      else sumRowIntoCells(image, y, columns, sums);
    }
    const cellRows = rows[cy + 1]! - rows[cy]!;
    for (let cx = 0; cx < dw; cx++) {
      const t = cy * dw + cx;
      const n = (columns[cx + 1]! - columns[cx]!) * cellRows || 1;
      planes[0][t] = sums[cx * 3]! / n;
      planes[1][t] = sums[cx * 3 + 1]! / n;
      planes[2][t] = sums[cx * 3 + 2]! / n;
    }
  }
  return planes;
}

/** An RGBA image's pixels as little-endian 32-bit words (one read a pixel), or null (RGB, unaligned, big-endian). */
function pixelWords(image: RgbImage): Uint32Array | null {
  if ((image.channels ?? 3) !== 4 || !LITTLE_ENDIAN || image.data.byteOffset % 4 !== 0) return null;
  return new Uint32Array(image.data.buffer, image.data.byteOffset, image.width * image.height);
}

/** sumRowIntoCells for RGBA read as words: the same integer sums. */
function sumWordRowIntoCells(words: Uint32Array, width: number, y: number, columns: Int32Array, sums: Float64Array): void {
  const cells = columns.length - 1;
  let i = y * width;
  for (let cx = 0; cx < cells; cx++) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let end = y * width + columns[cx + 1]!; i < end; i++) {
      const word = words[i]!;
      r += word & 0xff;
      g += (word >>> 8) & 0xff;
      b += (word >>> 16) & 0xff;
    }
    sums[cx * 3] = sums[cx * 3]! + r;
    sums[cx * 3 + 1] = sums[cx * 3 + 1]! + g;
    sums[cx * 3 + 2] = sums[cx * 3 + 2]! + b;
  }
}

/** Adds row y's pixels to their cells' RGB sums (`sums`: 3 a cell, one row of cells). */
function sumRowIntoCells(image: RgbImage, y: number, columns: Int32Array, sums: Float64Array): void {
  const { data, width } = image;
  const channels = image.channels ?? 3;
  const cells = columns.length - 1;
  let p = y * width * channels;
  for (let cx = 0; cx < cells; cx++) {
    let r = 0;
    let g = 0;
    let b = 0;
    for (let x = columns[cx]!, end = columns[cx + 1]!; x < end; x++, p += channels) {
      r += data[p]!;
      g += data[p + 1]!;
      b += data[p + 2]!;
    }
    sums[cx * 3] = sums[cx * 3]! + r;
    sums[cx * 3 + 1] = sums[cx * 3 + 1]! + g;
    sums[cx * 3 + 2] = sums[cx * 3 + 2]! + b;
  }
}

/**
 * The guided filter's smoothed coefficients (mean a, mean b) at the working size, for guide `I`
 * (luminance 0..1) and input `p` (the mask), both w x h.
 */
export function guidedCoefficients(I: Float32Array, p: Float32Array, w: number, h: number, r: number, eps: number, scratch?: Scratch): { a: Float32Array; b: Float32Array } {
  const n = w * h;
  const Ip = f32(scratch, n, true);
  const II = f32(scratch, n, true);
  for (let i = 0; i < n; i++) {
    Ip[i] = I[i]! * p[i]!;
    II[i] = I[i]! * I[i]!;
  }
  const meanI = boxMean(I, w, h, r, scratch);
  const meanP = boxMean(p, w, h, r, scratch);
  const corrIp = boxMean(Ip, w, h, r, scratch);
  const corrII = boxMean(II, w, h, r, scratch);
  give(scratch, Ip, II);
  const a = f32(scratch, n, true);
  const b = f32(scratch, n, true);
  for (let i = 0; i < n; i++) {
    const varI = corrII[i]! - meanI[i]! * meanI[i]!;
    const covIp = corrIp[i]! - meanI[i]! * meanP[i]!;
    a[i] = covIp / (varI + eps);
    b[i] = meanP[i]! - a[i]! * meanI[i]!;
  }
  give(scratch, meanI, meanP, corrIp, corrII);
  const smoothed = { a: boxMean(a, w, h, r, scratch), b: boxMean(b, w, h, r, scratch) };
  give(scratch, a, b);
  return smoothed;
}

/** Entries of a selectedSums table: count, three sums, three sums of squares. */
const SUMS = 7;

/**
 * Summed-area tables of the selected pixels (w x h grid, (w+1) x (h+1) entries each, interleaved):
 * per entry their count, then per channel their sum and their sum of squares. Float64: exact counts,
 * sums far inside its precision.
 */
function selectedSums(rgb: [Float32Array, Float32Array, Float32Array], selected: Uint8Array, w: number, h: number, scratch?: Scratch): Float64Array {
  const stride = (w + 1) * SUMS;
  // Every entry is written but the first row's and the first column's, which are zero.
  const table = f64(scratch, stride * (h + 1), true);
  table.fill(0, 0, stride);
  for (let y = 1; y <= h; y++) table.fill(0, y * stride, y * stride + SUMS);
  const [red, green, blue] = rgb;
  for (let y = 0; y < h; y++) {
    let count = 0;
    let r = 0;
    let g = 0;
    let b = 0;
    let rr = 0;
    let gg = 0;
    let bb = 0;
    for (let x = 0, i = y * w, o = (y + 1) * stride + SUMS; x < w; x++, i++, o += SUMS) {
      if (selected[i] === 1) {
        const vr = red[i]!;
        const vg = green[i]!;
        const vb = blue[i]!;
        count += 1;
        r += vr;
        g += vg;
        b += vb;
        rr += vr * vr;
        gg += vg * vg;
        bb += vb * vb;
      }
      table[o] = table[o - stride]! + count;
      table[o + 1] = table[o + 1 - stride]! + r;
      table[o + 2] = table[o + 2 - stride]! + g;
      table[o + 3] = table[o + 3 - stride]! + b;
      table[o + 4] = table[o + 4 - stride]! + rr;
      table[o + 5] = table[o + 5 - stride]! + gg;
      table[o + 6] = table[o + 6 - stride]! + bb;
    }
  }
  return table;
}

/** The selectedSums entries over the window of radius r around (x, y), clipped at the borders, into `out`. */
function windowSums(table: Float64Array, w: number, h: number, x: number, y: number, r: number, out: Float64Array): void {
  const stride = (w + 1) * SUMS;
  const top = Math.max(0, y - r) * stride;
  const bottom = (Math.min(h - 1, y + r) + 1) * stride;
  const left = Math.max(0, x - r) * SUMS;
  const right = (Math.min(w - 1, x + r) + 1) * SUMS;
  for (let k = 0; k < SUMS; k++) out[k] = table[bottom + right + k]! - table[top + right + k]! - table[bottom + left + k]! + table[top + left + k]!;
}

/**
 * The local colour field of the selected pixels (the sure backdrop, or the sure subject) at the working
 * size: the mean of the selected pixels within r (normalised convolution), else within 4r, else over
 * the whole image (NaN when none is selected), and their local spread (RGB standard deviation within r,
 * the whole image's where none is near). Computed at the pixels `at` only (all when omitted; elsewhere
 * 0): summed-area tables make each pixel O(1), so the cost follows the band, not the image.
 */
export function sideColour(
  rgb: [Float32Array, Float32Array, Float32Array],
  selected: Uint8Array,
  w: number,
  h: number,
  r: number,
  at?: Int32Array,
  scratch?: Scratch,
): { mean: [Float32Array, Float32Array, Float32Array]; spread: Float32Array } {
  const n = w * h;
  const table = selectedSums(rgb, selected, w, h, scratch);
  const whole = new Float64Array(SUMS);
  windowSums(table, w, h, 0, 0, Math.max(w, h), whole);
  const globalCount = whole[0]!;
  const fallback = [0, 1, 2].map((c) => (globalCount > 0 ? whole[1 + c]! / globalCount : Number.NaN));
  let fallbackVariance = 0;
  if (globalCount > 0) for (let c = 0; c < 3; c++) fallbackVariance += whole[4 + c]! / globalCount - fallback[c]! * fallback[c]!;
  const mean: [Float32Array, Float32Array, Float32Array] = [f32(scratch, n), f32(scratch, n), f32(scratch, n)];
  const spread = f32(scratch, n);
  const near = new Float64Array(SUMS);
  const far = new Float64Array(SUMS);
  const count = at ? at.length : n;
  for (let k = 0; k < count; k++) {
    const i = at ? at[k]! : k;
    const x = i % w;
    const y = (i - x) / w;
    windowSums(table, w, h, x, y, r, near);
    const selectedNear = near[0]!;
    if (selectedNear > 0) {
      let variance = 0;
      for (let c = 0; c < 3; c++) {
        const m = near[1 + c]! / selectedNear;
        mean[c as 0 | 1 | 2][i] = m;
        variance += Math.max(0, near[4 + c]! / selectedNear - m * m);
      }
      spread[i] = Math.sqrt(variance / 3);
      continue;
    }
    windowSums(table, w, h, x, y, r * 4, far);
    for (let c = 0; c < 3; c++) mean[c as 0 | 1 | 2][i] = far[0]! > 0 ? far[1 + c]! / far[0]! : fallback[c]!;
    spread[i] = Math.sqrt(Math.max(0, fallbackVariance) / 3);
  }
  give(scratch, table);
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

/** One bilinear sample of a packed working-size field from its four neighbours' entries and weights. */
function sampleField(field: Float32Array, f00: number, f01: number, f10: number, f11: number, w00: number, w01: number, w10: number, w11: number): number {
  return field[f00]! * w00 + field[f01]! * w01 + field[f10]! * w10 + field[f11]! * w11;
}

const BACKDROP = 0;
const SUBJECT_CORE = 1;
const BAND = 2;
/** A band cell of grown light: solved as BAND, then raised to alpha 1 where the colour solve puts it below 0.5. */
const BAND_LIGHT = 3;

/** Values a band pixel samples per working pixel: guided a and b, the backdrop's spread, B (3), F̄ (3). */
const FIELD = 9;

export interface RefineOptions {
  /**
   * The answer may be written over the input's pixels (RGBA input only): saves a copy of the photo.
   * The browser's worker reads the pixels for this one cut-out.
   */
  reuseInput?: boolean;
  /**
   * Fully transparent pixels come out (0, 0, 0, 0) instead of keeping the input's colour: nothing shows
   * there, and the server's PNG of a 1600x2400 portrait is then 3.8 MB in 47 ms instead of 5.4 MB in 69.
   */
  clearTransparent?: boolean;
  /**
   * The answer is written into this buffer (width·height·4 bytes) instead of a new one: a caller that
   * cuts out photo after photo passes back the one it is done with (the server's matting thread).
   * Ignored when the input is reused (reuseInput).
   */
  output?: Uint8Array;
}

/**
 * The cut-out: the photo at full size with alpha and the band's colours solved (steps 2-5 of the file
 * comment). `mask` is the subject's mask at any size (cutOutPerson passes it at the working size).
 */
export function refineCutout(image: RgbImage, mask: Mask, options: RefineOptions = {}): RefinedCutout {
  const scratch = acquireScratch();
  try {
    return refine(image, mask, options, scratch);
  } finally {
    releaseScratch(scratch);
  }
}

/** refineCutout with its working buffers from `scratch` (all but the answer). */
function refine(image: RgbImage, mask: Mask, options: RefineOptions, scratch: Scratch): RefinedCutout {
  const { width, height, data } = image;
  const channels = image.channels ?? 3;
  const work = workingSize(width, height);
  const ww = work.width;
  const wh = work.height;
  const n = ww * wh;
  const rgbLow = downsampleRgb(image, ww, wh, scratch);
  const lumaLow = f32(scratch, n, true);
  for (let i = 0; i < n; i++) lumaLow[i] = luma(rgbLow[0][i]!, rgbLow[1][i]!, rgbLow[2][i]!);
  let maskLow: Float32Array;
  if (mask.width === ww && mask.height === wh) {
    maskLow = f32(scratch, n, true);
    maskLow.set(mask.data);
  } else maskLow = resizeBilinear(mask.data, mask.width, mask.height, ww, wh, scratch);
  for (let i = 0; i < n; i++) maskLow[i] = smoothstep(REFINE.maskEdge[0], REFINE.maskEdge[1], maskLow[i]!);
  // On a studio backdrop, what the model missed but colour shows (a black helmet held) joins the subject.
  const lightGrown = u8(scratch, n);
  growSubjectFromColour(rgbLow, maskLow, ww, wh, scratch, lightGrown);
  const { a, b } = guidedCoefficients(lumaLow, maskLow, ww, wh, REFINE.radius, REFINE.epsilon, scratch);

  // Trimap at the working size, from the first alpha.
  const inside = f32(scratch, n, true);
  const alphaLow = f32(scratch, n, true);
  for (let i = 0; i < n; i++) {
    alphaLow[i] = smoothstep(REFINE.feather[0], REFINE.feather[1], a[i]! * lumaLow[i]! + b[i]!);
    inside[i] = alphaLow[i]! >= 0.5 ? 1 : 0;
  }
  const share = boxMean(inside, ww, wh, REFINE.bandRadius, scratch);
  give(scratch, lumaLow, maskLow, inside);
  const trimap = u8(scratch, n, true);
  const backdrop = u8(scratch, n);
  const subject = u8(scratch, n);
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
  keepGrownLight(rgbLow, lightGrown, trimap, backdrop, ww, wh, scratch);
  // The colour fields are read only where a band pixel samples them: band cells and their neighbours.
  give(scratch, alphaLow, share, lightGrown);
  const band = u8(scratch, n, true);
  for (let i = 0; i < n; i++) band[i] = trimap[i]! >= BAND ? 1 : 0;
  const sampled = dilate(band, ww, wh, 1, scratch);
  let sampledCount = 0;
  for (let i = 0; i < n; i++) sampledCount += sampled[i]!;
  const atBuffer = i32(scratch, n, true);
  const at = atBuffer.subarray(0, sampledCount);
  for (let i = 0, k = 0; i < n; i++) if (sampled[i] === 1) at[k++] = i;
  give(scratch, band, sampled);
  const background = sideColour(rgbLow, backdrop, ww, wh, REFINE.backgroundRadius, at, scratch);
  const personSide = sideColour(rgbLow, subject, ww, wh, REFINE.backgroundRadius, at, scratch);
  const person = personSide.mean;
  give(scratch, backdrop, subject, ...rgbLow, personSide.spread);

  const reuse = options.reuseInput === true && channels === 4 && data.byteOffset % 4 === 0;
  const output = options.output;
  if (!reuse && output && output.length !== width * height * 4) throw new Error(`refineCutout: the output holds ${output.length} bytes, not ${width * height * 4}`);
  const rgba = reuse ? new Uint8Array(data.buffer, data.byteOffset, width * height * 4) : (output ?? new Uint8Array(width * height * 4));
  if (channels === 4 && !reuse) rgba.set(data.subarray(0, width * height * 4));
  const words = LITTLE_ENDIAN && rgba.byteOffset % 4 === 0 ? new Uint32Array(rgba.buffer, rgba.byteOffset, width * height) : null;
  const ax = axis(ww, width);
  const ay = axis(wh, height);
  // The trimap cell of a full-size pixel: the working pixel it was averaged into (downsampleRgb).
  const columns = cellStarts(width, ww);
  const rows = cellStarts(height, wh);
  // What a band pixel samples bilinearly, packed per working pixel (where sampled): one cache line, not nine planes.
  const field = f32(scratch, n * FIELD);
  for (const i of at) {
    const f = i * FIELD;
    field[f] = a[i]!;
    field[f + 1] = b[i]!;
    field[f + 2] = background.spread[i]!;
    for (let c = 0; c < 3; c++) {
      field[f + 3 + c] = background.mean[c as 0 | 1 | 2][i]!;
      field[f + 6 + c] = person[c as 0 | 1 | 2][i]!;
    }
  }
  give(scratch, a, b, atBuffer, ...background.mean, background.spread, ...person);
  const context: RowContext = { data, channels, rgba, words, inPlace: channels === 4, clear: options.clearTransparent === true, width, ww, trimap, columns, ax, ay, field, observed: new Float64Array(3), back: new Float64Array(3), fore: new Float64Array(3) };
  // Row by row through small functions: V8 optimises them within the first photo (they run thousands
  // of times), where one long loop would be compiled mid-loop and dropped again for a few photos.
  for (let cy = 0; cy < wh; cy++) for (let y = rows[cy]!; y < rows[cy + 1]!; y++) refineRow(context, y, cy * ww);
  return { rgba, width, height };
}

/** What refineRow reads and writes: the photo, the answer, the trimap and the band's packed field. */
interface RowContext {
  data: Uint8Array | Uint8ClampedArray;
  channels: number;
  rgba: Uint8Array;
  words: Uint32Array | null;
  inPlace: boolean;
  /** RefineOptions.clearTransparent. */
  clear: boolean;
  width: number;
  ww: number;
  trimap: Uint8Array;
  columns: Int32Array;
  ax: { i0: Int32Array; i1: Int32Array; w: Float32Array };
  ay: { i0: Int32Array; i1: Int32Array; w: Float32Array };
  field: Float32Array;
  observed: Float64Array;
  back: Float64Array;
  fore: Float64Array;
}

/**
 * Light that growLight added to the subject and the trimap does not hold as sure subject: a white rim's
 * shaded side on a white backdrop, within a few levels of the backdrop in some channels, which the
 * band's colour solve reads as backdrop (alpha ≈ 0.07 on the white scene's helmet). Such cells whose
 * colour stands REFINE.grownLightOff off the local backdrop become BAND_LIGHT (a
 * backdrop cell among them joins the band): solved as the band, with alpha below 0.5 raised to 1.
 */
function keepGrownLight(rgb: [Float32Array, Float32Array, Float32Array], lightGrown: Uint8Array, trimap: Uint8Array, backdrop: Uint8Array, w: number, h: number, scratch: Scratch): void {
  const n = w * h;
  let count = 0;
  for (let i = 0; i < n; i++) if (lightGrown[i] === 1 && trimap[i] !== SUBJECT_CORE) count += 1;
  if (count === 0) return;
  const cellsBuffer = i32(scratch, n, true);
  const cells = cellsBuffer.subarray(0, count);
  for (let i = 0, k = 0; i < n; i++) if (lightGrown[i] === 1 && trimap[i] !== SUBJECT_CORE) cells[k++] = i;
  const local = sideColour(rgb, backdrop, w, h, REFINE.backgroundRadius, cells, scratch);
  for (const i of cells) {
    const off = Math.hypot(rgb[0][i]! - local.mean[0][i]!, rgb[1][i]! - local.mean[1][i]!, rgb[2][i]! - local.mean[2][i]!);
    if (off < REFINE.grownLightOff) continue;
    trimap[i] = BAND_LIGHT;
    backdrop[i] = 0;
  }
  give(scratch, cellsBuffer, ...local.mean, local.spread);
}

/** One full-size row: runs of sure cells copied, band cells solved pixel by pixel. */
function refineRow(context: RowContext, y: number, cellRow: number): void {
  const { trimap, ww, columns, width } = context;
  for (let cx = 0; cx < ww; ) {
    const cell = trimap[cellRow + cx]!;
    if (cell >= BAND) {
      solveBand(context, y, columns[cx]!, columns[cx + 1]!, cell === BAND_LIGHT);
      cx += 1;
      continue;
    }
    // A run of sure cells: copied with alpha 0 or 255, nothing solved.
    let end = cx + 1;
    while (end < ww && trimap[cellRow + end] === cell) end += 1;
    const from = y * width + columns[cx]!;
    const to = y * width + columns[end]!;
    if (cell !== SUBJECT_CORE && context.clear) context.rgba.fill(0, from * 4, to * 4);
    else copySure(context.data, context.channels, context.rgba, context.words, from, to, cell === SUBJECT_CORE ? 255 : 0, context.inPlace);
    cx = end;
  }
}

/**
 * Band pixels [x0, x1) of row y: alpha from colour where the backdrop allows it, else the guided filter's;
 * colour decontaminated. `grownLight`: the cell is BAND_LIGHT (alpha below 0.5 is raised to 1).
 */
function solveBand(context: RowContext, y: number, x0: number, x1: number, grownLight: boolean): void {
  const { data, channels, rgba, width, ww, ax, ay, field, observed, back, fore } = context;
  const r0 = ay.i0[y]! * ww;
  const r1 = ay.i1[y]! * ww;
  const wy = ay.w[y]!;
  for (let x = x0; x < x1; x++) {
    const i = y * width + x;
    const p = i * channels;
    const o = i * 4;
    const red = data[p]!;
    const green = data[p + 1]!;
    const blue = data[p + 2]!;
    rgba[o] = red;
    rgba[o + 1] = green;
    rgba[o + 2] = blue;
    observed[0] = red;
    observed[1] = green;
    observed[2] = blue;
    const wx = ax.w[x]!;
    const f00 = (r0 + ax.i0[x]!) * FIELD;
    const f01 = (r0 + ax.i1[x]!) * FIELD;
    const f10 = (r1 + ax.i0[x]!) * FIELD;
    const f11 = (r1 + ax.i1[x]!) * FIELD;
    const w00 = (1 - wx) * (1 - wy);
    const w01 = wx * (1 - wy);
    const w10 = (1 - wx) * wy;
    const w11 = wx * wy;
    const guided = smoothstep(REFINE.feather[0], REFINE.feather[1], sampleField(field, f00, f01, f10, f11, w00, w01, w10, w11) * luma(red, green, blue) + sampleField(field, f00 + 1, f01 + 1, f10 + 1, f11 + 1, w00, w01, w10, w11));
    let along = 0;
    let contrast2 = 0;
    for (let c = 0; c < 3; c++) {
      back[c] = sampleField(field, f00 + 3 + c, f01 + 3 + c, f10 + 3 + c, f11 + 3 + c, w00, w01, w10, w11);
      fore[c] = sampleField(field, f00 + 6 + c, f01 + 6 + c, f10 + 6 + c, f11 + 6 + c, w00, w01, w10, w11);
      const d = fore[c]! - back[c]!;
      along += (observed[c]! - back[c]!) * d;
      contrast2 += d * d;
    }
    let alpha = guided;
    if (contrast2 > 0) {
      const trust = (1 - smoothstep(REFINE.plainSpread[0], REFINE.plainSpread[1], sampleField(field, f00 + 2, f01 + 2, f10 + 2, f11 + 2, w00, w01, w10, w11))) * smoothstep(REFINE.minContrast[0], REFINE.minContrast[1], Math.sqrt(contrast2));
      if (trust > 0) {
        const projection = along / contrast2;
        const fromColour = Math.min(1, Math.max(0, (projection - REFINE.snap[0]) / (REFINE.snap[1] - REFINE.snap[0])));
        const off = offLine(observed, back, fore, projection, contrast2);
        // Off the line, the pixel is a mix of the backdrop and its own colour (the farthest along its ray, into `fore`).
        const fromRay = off > 0 ? off * alphaAlongRay(data, channels, width, x, y, observed, back, rayColour) : 0;
        if (fromRay > fromColour) for (let c = 0; c < 3; c++) fore[c] = rayColour[c]!;
        alpha = trust * Math.max(fromColour, fromRay) + (1 - trust) * guided;
      }
    }
    if (grownLight && alpha < 0.5) alpha = 1;
    const al = Math.round(alpha * 255);
    rgba[o + 3] = al;
    if (al === 0 && context.clear) rgba.fill(0, o, o + 3);
    if (al === 0 || al === 255) continue;
    for (let c = 0; c < 3; c++) rgba[o + c] = decontaminate(observed[c]!, al / 255, back[c]!, fore[c]!);
  }
}

/**
 * How surely a band pixel is a mix of the backdrop and another colour than F̄: its distance from the
 * segment B–F̄ (the colours a mix of the backdrop and F̄ can take), smoothstep'd (REFINE.offLine). A
 * white helmet rim beside a dark helmet, light hair roots in dark hair: the projection on F̄ − B puts
 * them at or below 0 (lost), yet no mix of the backdrop and F̄ gives their colour. Also a pixel on the far
 * side of B from F̄ that is lighter than B in every channel (GROWTH.brighter, surely so at twice that):
 * a white rim on a white backdrop is only ~30 levels off it, under the contrast's share.
 */
function offLine(observed: Float64Array, back: Float64Array, fore: Float64Array, projection: number, contrast2: number): number {
  const t = Math.min(1, Math.max(0, projection));
  let d2 = 0;
  for (let c = 0; c < 3; c++) d2 += (observed[c]! - back[c]! - t * (fore[c]! - back[c]!)) ** 2;
  const lo = Math.max(REFINE.offLine[0], REFINE.offLine[1] * Math.sqrt(contrast2));
  const off = smoothstep(lo, 2 * lo, Math.sqrt(d2));
  if (projection > 0) return off;
  // On the far side of B from F̄ and lighter than it in every channel: no mix of the backdrop and F̄ (a white rim on a white backdrop, F̄ her dark helmet).
  const lighter = Math.min(observed[0]! - back[0]!, observed[1]! - back[1]!, observed[2]! - back[2]!);
  return Math.max(off, smoothstep(GROWTH.brighter, 2 * GROWTH.brighter, lighter));
}

/**
 * Alpha of a band pixel whose subject colour is not F̄, along its own ray from the backdrop: its
 * distance from B over the farthest a pixel within REFINE.rayRadius (to its right and below) reaches
 * from B in the same direction (the opaque part of what it is mixed from), snapped like the colour's alpha. That pixel's
 * colour is written into `colour` (for decontaminate, in place of F̄).
 */
function alphaAlongRay(data: Uint8Array | Uint8ClampedArray, channels: number, width: number, x: number, y: number, observed: Float64Array, back: Float64Array, colour: Float64Array): number {
  const height = Math.floor(data.length / (width * channels));
  const d0 = observed[0]! - back[0]!;
  const d1 = observed[1]! - back[1]!;
  const d2 = observed[2]! - back[2]!;
  const length2 = d0 * d0 + d1 * d1 + d2 * d2;
  if (length2 <= 0) return 0;
  let farthest = length2;
  let at = (y * width + x) * channels;
  const r = REFINE.rayRadius;
  // Only pixels not solved yet (this one, the rest of its row, the rows below): the answer may be written over the input.
  for (let yy = y; yy <= Math.min(height - 1, y + r); yy++)
    for (let xx = yy === y ? x : Math.max(0, x - r), p = (yy * width + xx) * channels; xx <= Math.min(width - 1, x + r); xx++, p += channels) {
      const along = (data[p]! - back[0]!) * d0 + (data[p + 1]! - back[1]!) * d1 + (data[p + 2]! - back[2]!) * d2;
      if (along > farthest) {
        farthest = along;
        at = p;
      }
    }
  const alpha = Math.min(1, Math.max(0, (length2 / farthest - REFINE.snap[0]) / (REFINE.snap[1] - REFINE.snap[0])));
  for (let c = 0; c < 3; c++) colour[c] = data[at + c]!;
  return alpha;
}

/** alphaAlongRay's colour, reused. */
const rayColour = new Float64Array(3);

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Pixels [from, to) of sure cells: the input's colour with `alpha`, a 32-bit word a pixel (`words`,
 * `rgba` seen as little-endian words; null: byte by byte). `inPlace`: `rgba` already holds the
 * input's RGBA (only alpha is set).
 */
function copySure(data: Uint8Array | Uint8ClampedArray, channels: number, rgba: Uint8Array, words: Uint32Array | null, from: number, to: number, alpha: 0 | 255, inPlace: boolean): void {
  if (!words) {
    for (let i = from; i < to; i++) {
      if (!inPlace) for (let c = 0; c < 3; c++) rgba[i * 4 + c] = data[i * channels + c]!;
      rgba[i * 4 + 3] = alpha;
    }
    return;
  }
  if (inPlace) {
    if (alpha === 255) for (let i = from; i < to; i++) words[i] = words[i]! | 0xff000000;
    else for (let i = from; i < to; i++) words[i] = words[i]! & 0x00ffffff;
    return;
  }
  const top = alpha === 255 ? 0xff000000 : 0;
  for (let i = from, p = from * channels; i < to; i++, p += channels) words[i] = data[p]! | (data[p + 1]! << 8) | (data[p + 2]! << 16) | top;
}

export interface PersonCutoutOptions extends RefineOptions {
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
export async function cutOutPerson(image: RgbImage, options: PersonCutoutOptions): Promise<PersonCutout> {
  // The working buffers (all but the answer) come from the idle Scratch and go back when the call ends.
  const scratch = acquireScratch();
  try {
    return await cutOutWith(image, options, scratch);
  } finally {
    releaseScratch(scratch);
  }
}

async function cutOutWith(image: RgbImage, { face, segment, reuseInput, clearTransparent, output }: PersonCutoutOptions, scratch: Scratch): Promise<PersonCutout> {
  const { width, height } = image;
  const work = workingSize(width, height);
  const ww = work.width;
  const wh = work.height;
  const scaleX = ww / width;
  const scaleY = wh / height;
  const faceLow = face && { x: face.x * scaleX, y: face.y * scaleY, width: face.width * scaleX, height: face.height * scaleY };
  const first = await segment({ x: 0, y: 0, width, height });
  let soft = resizeBilinear(first.data, first.width, first.height, ww, wh, scratch);
  let subject = selectSubject(soft, ww, wh, faceLow, scratch);
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
    const near = dilate(subject, ww, wh, REFINE.cropReach, scratch);
    const merged = mergeCropMask(soft, ww, wh, second, onGrid, scratch);
    give(scratch, soft, subject);
    soft = merged;
    for (let i = 0; i < soft.length; i++) if (near[i] !== 1) soft[i] = 0;
    give(scratch, near);
    subject = selectSubject(soft, ww, wh, faceLow, scratch);
    passes = 2;
  }
  const selected = applySubject(soft, subject, ww, wh, REFINE.subjectReach, scratch);
  give(scratch, soft, subject);
  return { ...refine(image, { data: selected, width: ww, height: wh }, { reuseInput, clearTransparent, output }, scratch), passes };
}
