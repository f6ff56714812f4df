/**
 * Full-size refinement of the selfie model's 256x256 person mask (issue 13 §1), as pure pixel
 * functions (no sharp, no tfjs), unit-tested on synthetic images in cutout.test.ts. One home for both
 * sides: the server's remove-background worker and the browser's editor worker cut out alike.
 *
 * 1. Upsampling guided by the photo: the fast guided filter (He, Sun & Tang, "Guided Image Filtering",
 *    TPAMI 2013; He & Sun, "Fast Guided Filter", 2015) on the luminance. The linear coefficients a, b
 *    of q = a·I + b are fitted at a working size (long edge REFINE.workLongEdge), smoothed, upsampled
 *    bilinearly and applied to the full-size luminance: the mask's edge follows the photo's edges
 *    (shoulders, strands of hair) at full resolution while the memory stays a few bytes per pixel.
 * 2. Feather: smoothstep(REFINE.feather) remaps the filtered mask (the core becomes fully opaque, the
 *    backdrop fully clear, a soft band stays between), then a box blur of REFINE.featherPx (scaled to
 *    the image) softens the band's outer edge.
 * 3. Colour decontamination of the band (0 < α < 1): B, the local background colour, is the mean colour
 *    of nearby pixels whose alpha is ~0 (≤ REFINE.backgroundAlpha), F̄ the same of nearby person pixels,
 *    both estimated at the working size over REFINE.backgroundRadius (else a radius four times as
 *    large, else the whole image). The band pixel becomes I + (1−α)·(F̄ − B), clamped: the estimator
 *    F = (I − (1−α)·B)/α without its 1/α amplification of alpha errors (see decontaminate). Hair then
 *    carries no grey of the old backdrop.
 */

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
  /** The guided filter's coefficients are fitted at this long edge (the full size when smaller). */
  workLongEdge: 512,
  /** The model's soft edge is made decisive (smoothstep) before filtering: the photo places the edge, not the mask's blur. */
  maskEdge: [0.4, 0.6] as const,
  /**
   * Window radius: 16 px at 512 = ~8 pixels of the 256 model's mask. A window must reach well past the
   * mask's error for the photo to move the edge: 6 and 10 left a 2-3 px halo of backdrop on a disc
   * whose mask was 2 % too large (refine.test.ts).
   */
  radius: 16,
  /** Regularisation (luminance in 0..1): edges of contrast above ~0.03 (~8 grey levels) steer the mask. */
  epsilon: 1e-3,
  /** smoothstep(lo, hi) on the filtered mask. */
  feather: [0.25, 0.75] as const,
  /** Box blur of the alpha, in full-size pixels per 1000 px of long edge (none below 500 px). */
  featherPx: 1,
  /** Pixels at or below this alpha are backdrop for the background colour estimate. */
  backgroundAlpha: 0.02,
  /** Radius of the local background colour estimate (working-size pixels). */
  backgroundRadius: 12,
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
 * The local mean colour of the pixels of one side at the working size (three planes, 0..255): the
 * backdrop (alpha ≤ REFINE.backgroundAlpha) or the person (alpha ≥ 1 − REFINE.backgroundAlpha). Over
 * REFINE.backgroundRadius, else four times that, else that side's mean over the whole image; NaN when
 * the image has no pixel of that side at all.
 */
export function localMeanColour(
  rgb: [Float32Array, Float32Array, Float32Array],
  alpha: Float32Array,
  w: number,
  h: number,
  r: number,
  side: 'background' | 'person',
): [Float32Array, Float32Array, Float32Array] {
  const n = w * h;
  const weight = new Float32Array(n);
  const weighted: [Float32Array, Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const global: [number, number, number] = [0, 0, 0];
  let globalCount = 0;
  for (let i = 0; i < n; i++) {
    const selected = side === 'background' ? alpha[i]! <= REFINE.backgroundAlpha : alpha[i]! >= 1 - REFINE.backgroundAlpha;
    if (!selected) continue;
    weight[i] = 1;
    for (const c of CHANNELS) {
      weighted[c][i] = rgb[c][i]!;
      global[c] += rgb[c][i]!;
    }
    globalCount += 1;
  }
  const near = boxMean(weight, w, h, r);
  const far = boxMean(weight, w, h, r * 4);
  const out: [Float32Array, Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (const c of CHANNELS) {
    const nearC = boxMean(weighted[c], w, h, r);
    const farC = boxMean(weighted[c], w, h, r * 4);
    const fallback = globalCount > 0 ? global[c] / globalCount : Number.NaN;
    for (let i = 0; i < n; i++) {
      out[c][i] = near[i]! > 1e-4 ? nearC[i]! / near[i]! : far[i]! > 1e-4 ? farC[i]! / far[i]! : fallback;
    }
  }
  return out;
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

/** Separable box blur of an 8-bit plane (radius r, clipped at the borders), in place, in integers. */
export function blurAlpha(alpha: Uint8Array, width: number, height: number, r: number): void {
  if (r < 1) return;
  const tmp = new Uint8Array(alpha.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, width - 1); x++) sum += alpha[row + x]!;
    for (let x = 0; x < width; x++) {
      const count = Math.min(width - 1, x + r) - Math.max(0, x - r) + 1;
      tmp[row + x] = (sum + (count >> 1)) / count;
      if (x + r + 1 < width) sum += alpha[row + x + r + 1]!;
      if (x - r >= 0) sum -= alpha[row + x - r]!;
    }
  }
  // Vertical pass row by row (running column sums), which reads memory in order.
  const sums = new Int32Array(width);
  for (let y = 0; y <= Math.min(r, height - 1); y++) for (let x = 0; x < width; x++) sums[x] = sums[x]! + tmp[y * width + x]!;
  for (let y = 0; y < height; y++) {
    const count = Math.min(height - 1, y + r) - Math.max(0, y - r) + 1;
    const half = count >> 1;
    const row = y * width;
    for (let x = 0; x < width; x++) alpha[row + x] = (sums[x]! + half) / count;
    if (y + r + 1 < height) for (let x = 0, add = (y + r + 1) * width; x < width; x++) sums[x] = sums[x]! + tmp[add + x]!;
    if (y - r >= 0) for (let x = 0, remove = (y - r) * width; x < width; x++) sums[x] = sums[x]! - tmp[remove + x]!;
  }
}

/**
 * The cut-out: the photo at full size with alpha = the refined mask and the band's colours
 * decontaminated. `mask` is the model's output at any size (256x256 for the selfie model).
 */
export function refineCutout(image: RgbImage, mask: Mask): RefinedCutout {
  const { width, height, data } = image;
  const channels = image.channels ?? 3;
  const work = workingSize(width, height);
  const rgbLow = downsampleRgb(image, work.width, work.height);
  const lumaLow = new Float32Array(work.width * work.height);
  for (let i = 0; i < lumaLow.length; i++) lumaLow[i] = luma(rgbLow[0][i]!, rgbLow[1][i]!, rgbLow[2][i]!);
  const maskLow = resizeBilinear(mask.data, mask.width, mask.height, work.width, work.height);
  for (let i = 0; i < maskLow.length; i++) maskLow[i] = smoothstep(REFINE.maskEdge[0], REFINE.maskEdge[1], maskLow[i]!);
  const { a, b } = guidedCoefficients(lumaLow, maskLow, work.width, work.height, REFINE.radius, REFINE.epsilon);

  // The background colour estimate, from the refined mask at the working size.
  const alphaLow = new Float32Array(lumaLow.length);
  for (let i = 0; i < alphaLow.length; i++) alphaLow[i] = smoothstep(REFINE.feather[0], REFINE.feather[1], a[i]! * lumaLow[i]! + b[i]!);
  const background = localMeanColour(rgbLow, alphaLow, work.width, work.height, REFINE.backgroundRadius, 'background');
  const person = localMeanColour(rgbLow, alphaLow, work.width, work.height, REFINE.backgroundRadius, 'person');

  // Full size: q = mean_a·I + mean_b, sampled bilinearly from the working size, then feathered.
  const alpha = new Uint8Array(width * height);
  const ax = axis(work.width, width);
  const ay = axis(work.height, height);
  const ww = work.width;
  for (let y = 0; y < height; y++) {
    const r0 = ay.i0[y]! * ww;
    const r1 = ay.i1[y]! * ww;
    const wy = ay.w[y]!;
    for (let x = 0; x < width; x++) {
      const x0 = ax.i0[x]!;
      const x1 = ax.i1[x]!;
      const wx = ax.w[x]!;
      const i00 = r0 + x0;
      const i01 = r0 + x1;
      const i10 = r1 + x0;
      const i11 = r1 + x1;
      const ca = (a[i00]! * (1 - wx) + a[i01]! * wx) * (1 - wy) + (a[i10]! * (1 - wx) + a[i11]! * wx) * wy;
      const cb = (b[i00]! * (1 - wx) + b[i01]! * wx) * (1 - wy) + (b[i10]! * (1 - wx) + b[i11]! * wx) * wy;
      const p = (y * width + x) * channels;
      const q = ca * luma(data[p]!, data[p + 1]!, data[p + 2]!) + cb;
      alpha[y * width + x] = Math.round(255 * smoothstep(REFINE.feather[0], REFINE.feather[1], q));
    }
  }
  blurAlpha(alpha, width, height, Math.round((REFINE.featherPx * Math.max(width, height)) / 1000));

  // Decontamination of the band; the core and the backdrop keep their pixels as they are.
  const rgba = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const r0 = ay.i0[y]! * ww;
    const r1 = ay.i1[y]! * ww;
    const wy = ay.w[y]!;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const p = i * channels;
      const o = i * 4;
      const al = alpha[i]!;
      rgba[o + 3] = al;
      if (al === 0 || al === 255) {
        rgba[o] = data[p]!;
        rgba[o + 1] = data[p + 1]!;
        rgba[o + 2] = data[p + 2]!;
        continue;
      }
      const x0 = ax.i0[x]!;
      const x1 = ax.i1[x]!;
      const wx = ax.w[x]!;
      const f = al / 255;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      for (const c of CHANNELS) {
        const bg = background[c];
        const fg = person[c];
        const b = bg[r0 + x0]! * w00 + bg[r0 + x1]! * w01 + bg[r1 + x0]! * w10 + bg[r1 + x1]! * w11;
        const fMean = fg[r0 + x0]! * w00 + fg[r0 + x1]! * w01 + fg[r1 + x0]! * w10 + fg[r1 + x1]! * w11;
        rgba[o + c] = decontaminate(data[p + c]!, f, b, fMean);
      }
    }
  }
  return { rgba, width, height };
}
