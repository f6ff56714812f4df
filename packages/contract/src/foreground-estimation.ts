/**
 * The foreground colour of the pixels an alpha matte leaves partly transparent (issue 22 §1): the
 * multi-level method of Germer, Uelwer, Conrad & Harmeling, "Fast Multi-Level Foreground Estimation"
 * (ICPR 2020; pymatting's estimate_foreground_ml), limited to the matte's band.
 *
 * For each pixel, F and B minimise (α·F + (1−α)·B − I)² plus, toward each of the four neighbours,
 * (ε + |α − α_neighbour|)·(|F − F_n|² + |B − B_n|²): where α is high the pixel's own colour decides F,
 * where it is low F comes from the neighbours, and the smoothness is strongest across alpha's edges.
 * Each pixel's 2x2 system is solved in closed form, sweep after sweep (Gauss-Seidel), from a 1x1 image
 * up to the full size, each level starting from the one below, so colour travels far in few sweeps.
 *
 * Band-limited: the levels up to FOREGROUND.coarseLongEdge cover the whole picture (area averages of
 * colour and alpha, cheap); at full size only the pixels with 0 < α < 1 are solved, their neighbours
 * outside the band taken as known (α = 1: F is the pixel, α = 0: B is the pixel; the other from the
 * coarse level). Pixels with α = 0 or 1 keep their colour.
 */

export const FOREGROUND = {
  /** ε: the smoothness every pixel has toward its neighbours (pymatting's default). */
  regularization: 1e-5,
  /** Weight of |Δα| in the smoothness. */
  gradientWeight: 1,
  /** The whole picture is solved up to this long edge; above it only the band. */
  coarseLongEdge: 256,
  /** Levels up to this size get smallIterations sweeps, larger ones bigIterations. */
  smallSize: 32,
  smallIterations: 10,
  bigIterations: 2,
  /** Sweeps over the band at full size (it starts from the coarse level, several times smaller). */
  fullIterations: 4,
} as const;

export interface ForegroundImage {
  /** Interleaved RGB (or RGBA: alpha ignored), row by row. */
  data: Uint8Array | Uint8ClampedArray;
  /** Bytes a pixel: 3 (default) or 4. */
  channels?: 3 | 4;
  width: number;
  height: number;
}

/** Colours (RGB, 0..255 floats, interleaved) of a grid. */
interface Level {
  width: number;
  height: number;
  image: Float32Array;
  alpha: Float32Array;
  fore: Float32Array;
  back: Float32Array;
}

/** Area average of interleaved planes onto a smaller grid (`stride` values a pixel). */
function areaAverage(src: Float32Array, sw: number, sh: number, stride: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh * stride);
  const count = new Float32Array(dw * dh);
  const column = new Int32Array(sw);
  for (let x = 0; x < sw; x++) column[x] = Math.min(dw - 1, Math.floor((x * dw) / sw));
  for (let y = 0; y < sh; y++) {
    const row = Math.min(dh - 1, Math.floor((y * dh) / sh)) * dw;
    for (let x = 0; x < sw; x++) {
      const t = row + column[x]!;
      const s = (y * sw + x) * stride;
      for (let c = 0; c < stride; c++) out[t * stride + c] = out[t * stride + c]! + src[s + c]!;
      count[t] = count[t]! + 1;
    }
  }
  for (let t = 0; t < dw * dh; t++) {
    const k = count[t] || 1;
    for (let c = 0; c < stride; c++) out[t * stride + c] = out[t * stride + c]! / k;
  }
  return out;
}

/** Nearest-neighbour resize of interleaved RGB planes (as pymatting between levels). */
function resizeNearest(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const out = new Float32Array(dw * dh * 3);
  for (let y = 0; y < dh; y++) {
    const sy = Math.min(sh - 1, Math.floor((y * sh) / dh));
    for (let x = 0; x < dw; x++) {
      const s = (sy * sw + Math.min(sw - 1, Math.floor((x * sw) / dw))) * 3;
      const d = (y * dw + x) * 3;
      out[d] = src[s]!;
      out[d + 1] = src[s + 1]!;
      out[d + 2] = src[s + 2]!;
    }
  }
  return out;
}

const DX = [-1, 1, 0, 0] as const;
const DY = [0, 0, -1, 1] as const;

/** One pixel's closed-form update from its data term and its neighbours' current F and B (written into `out`). */
function solvePixel(
  a0: number,
  image: Float32Array,
  p: number,
  neighbourAlpha: readonly number[],
  neighbourFore: Float32Array,
  neighbourBack: Float32Array,
  out: Float32Array,
  o: number,
): void {
  const a1 = 1 - a0;
  let a00 = a0 * a0;
  const a01 = a0 * a1;
  let a11 = a1 * a1;
  let f0 = a0 * image[p]!;
  let f1 = a0 * image[p + 1]!;
  let f2 = a0 * image[p + 2]!;
  let b0 = a1 * image[p]!;
  let b1 = a1 * image[p + 1]!;
  let b2 = a1 * image[p + 2]!;
  for (let d = 0; d < 4; d++) {
    const da = FOREGROUND.regularization + FOREGROUND.gradientWeight * Math.abs(a0 - neighbourAlpha[d]!);
    a00 += da;
    a11 += da;
    const k = d * 3;
    f0 += da * neighbourFore[k]!;
    f1 += da * neighbourFore[k + 1]!;
    f2 += da * neighbourFore[k + 2]!;
    b0 += da * neighbourBack[k]!;
    b1 += da * neighbourBack[k + 1]!;
    b2 += da * neighbourBack[k + 2]!;
  }
  const inverse = 1 / (a00 * a11 - a01 * a01);
  const m00 = inverse * a11;
  const m01 = -inverse * a01;
  const m11 = inverse * a00;
  out[o] = Math.min(255, Math.max(0, m00 * f0 + m01 * b0));
  out[o + 1] = Math.min(255, Math.max(0, m00 * f1 + m01 * b1));
  out[o + 2] = Math.min(255, Math.max(0, m00 * f2 + m01 * b2));
  out[o + 3] = Math.min(255, Math.max(0, m01 * f0 + m11 * b0));
  out[o + 4] = Math.min(255, Math.max(0, m01 * f1 + m11 * b1));
  out[o + 5] = Math.min(255, Math.max(0, m01 * f2 + m11 * b2));
}

/** Gauss-Seidel sweeps over a whole level (in place). */
function sweepLevel(level: Level, iterations: number): void {
  const { width: w, height: h, image, alpha, fore, back } = level;
  const neighbourAlpha = [0, 0, 0, 0];
  const neighbourFore = new Float32Array(12);
  const neighbourBack = new Float32Array(12);
  const solved = new Float32Array(6);
  for (let iteration = 0; iteration < iterations; iteration++) {
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        for (let d = 0; d < 4; d++) {
          const j = Math.min(h - 1, Math.max(0, y + DY[d]!)) * w + Math.min(w - 1, Math.max(0, x + DX[d]!));
          neighbourAlpha[d] = alpha[j]!;
          for (let c = 0; c < 3; c++) {
            neighbourFore[d * 3 + c] = fore[j * 3 + c]!;
            neighbourBack[d * 3 + c] = back[j * 3 + c]!;
          }
        }
        const i = y * w + x;
        solvePixel(alpha[i]!, image, i * 3, neighbourAlpha, neighbourFore, neighbourBack, solved, 0);
        for (let c = 0; c < 3; c++) {
          fore[i * 3 + c] = solved[c]!;
          back[i * 3 + c] = solved[3 + c]!;
        }
      }
    }
  }
}

/**
 * Replaces the colour of every pixel of `rgba` whose alpha is strictly between 0 and 255 by its
 * estimated foreground colour, from the observed colours of `image` (same size). Returns how many
 * pixels were solved at full size.
 */
export function estimateForeground(image: ForegroundImage, rgba: Uint8Array): number {
  const { width, height, data } = image;
  const channels = image.channels ?? 3;
  const n = width * height;
  const scale = Math.min(1, FOREGROUND.coarseLongEdge / Math.max(width, height));
  const cw = Math.max(1, Math.round(width * scale));
  const ch = Math.max(1, Math.round(height * scale));

  // The coarse grid: area averages of colour and alpha (and the band's pixels, listed on the way).
  const coarseImage = new Float32Array(cw * ch * 3);
  const coarseAlpha = new Float32Array(cw * ch);
  const count = new Float32Array(cw * ch);
  const cellX = new Int32Array(width);
  for (let x = 0; x < width; x++) cellX[x] = Math.min(cw - 1, Math.floor((x * cw) / width));
  const cellY = new Int32Array(height);
  for (let y = 0; y < height; y++) cellY[y] = Math.min(ch - 1, Math.floor((y * ch) / height));
  const slot = new Int32Array(n).fill(-1);
  let active = 0;
  for (let y = 0; y < height; y++) {
    const row = cellY[y]! * cw;
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const t = row + cellX[x]!;
      const p = i * channels;
      coarseImage[t * 3] = coarseImage[t * 3]! + data[p]!;
      coarseImage[t * 3 + 1] = coarseImage[t * 3 + 1]! + data[p + 1]!;
      coarseImage[t * 3 + 2] = coarseImage[t * 3 + 2]! + data[p + 2]!;
      const a = rgba[i * 4 + 3]!;
      coarseAlpha[t] = coarseAlpha[t]! + a;
      count[t] = count[t]! + 1;
      if (a !== 0 && a !== 255) slot[i] = active++;
    }
  }
  if (active === 0) return 0;
  for (let t = 0; t < cw * ch; t++) {
    const k = count[t] || 1;
    coarseAlpha[t] = coarseAlpha[t]! / (255 * k);
    for (let c = 0; c < 3; c++) coarseImage[t * 3 + c] = coarseImage[t * 3 + c]! / k;
  }

  // The levels from 1x1 to the coarse grid, the whole picture: each level's colour and alpha are the
  // area average of the next larger one's.
  const levels = Math.max(1, Math.ceil(Math.log2(Math.max(cw, ch))));
  const pyramid: { width: number; height: number; image: Float32Array; alpha: Float32Array }[] = [];
  pyramid[levels] = { width: cw, height: ch, image: coarseImage, alpha: coarseAlpha };
  for (let l = levels - 1; l >= 0; l--) {
    const above = pyramid[l + 1]!;
    const w = Math.max(1, Math.round(cw ** (l / levels)));
    const h = Math.max(1, Math.round(ch ** (l / levels)));
    pyramid[l] = { width: w, height: h, image: areaAverage(above.image, above.width, above.height, 3, w, h), alpha: areaAverage(above.alpha, above.width, above.height, 1, w, h) };
  }
  let previous: Level | null = null;
  for (let l = 0; l <= levels; l++) {
    const { width: w, height: h, image: levelImage, alpha: levelAlpha } = pyramid[l]!;
    let fore: Float32Array;
    let back: Float32Array;
    if (previous) {
      fore = resizeNearest(previous.fore, previous.width, previous.height, w, h);
      back = resizeNearest(previous.back, previous.width, previous.height, w, h);
    } else {
      fore = Float32Array.from(levelImage);
      back = Float32Array.from(levelImage);
    }
    const level: Level = { width: w, height: h, image: levelImage, alpha: levelAlpha, fore, back };
    sweepLevel(level, w <= FOREGROUND.smallSize && h <= FOREGROUND.smallSize ? FOREGROUND.smallIterations : FOREGROUND.bigIterations);
    previous = level;
  }
  const coarse = previous!;

  // Full size, the band only: F and B per band pixel (6 floats), from the coarse level.
  const solvedValues = new Float32Array(active * 6);
  const bandPixels = new Int32Array(active);
  const pixel = new Float32Array(3);
  for (let i = 0, s = 0; i < n; i++) {
    if (slot[i]! < 0) continue;
    bandPixels[s] = i;
    const t = cellY[Math.floor(i / width)]! * cw + cellX[i % width]!;
    for (let c = 0; c < 3; c++) {
      solvedValues[s * 6 + c] = coarse.fore[t * 3 + c]!;
      solvedValues[s * 6 + 3 + c] = coarse.back[t * 3 + c]!;
    }
    s += 1;
  }
  const neighbourAlpha = [0, 0, 0, 0];
  const neighbourFore = new Float32Array(12);
  const neighbourBack = new Float32Array(12);
  for (let iteration = 0; iteration < FOREGROUND.fullIterations; iteration++) {
    for (let s = 0; s < active; s++) {
      const i = bandPixels[s]!;
      const x = i % width;
      const y = (i - x) / width;
      for (let d = 0; d < 4; d++) {
        const nx = Math.min(width - 1, Math.max(0, x + DX[d]!));
        const ny = Math.min(height - 1, Math.max(0, y + DY[d]!));
        const j = ny * width + nx;
        const a = rgba[j * 4 + 3]!;
        neighbourAlpha[d] = a / 255;
        const k = d * 3;
        const js = slot[j]!;
        if (js >= 0) {
          for (let c = 0; c < 3; c++) {
            neighbourFore[k + c] = solvedValues[js * 6 + c]!;
            neighbourBack[k + c] = solvedValues[js * 6 + 3 + c]!;
          }
        } else {
          // Outside the band: the pixel itself is the known side, the coarse level the other.
          const t = (cellY[ny]! * cw + cellX[nx]!) * 3;
          const p = j * channels;
          for (let c = 0; c < 3; c++) {
            neighbourFore[k + c] = a === 255 ? data[p + c]! : coarse.fore[t + c]!;
            neighbourBack[k + c] = a === 0 ? data[p + c]! : coarse.back[t + c]!;
          }
        }
      }
      const p = i * channels;
      pixel[0] = data[p]!;
      pixel[1] = data[p + 1]!;
      pixel[2] = data[p + 2]!;
      solvePixel(rgba[i * 4 + 3]! / 255, pixel, 0, neighbourAlpha, neighbourFore, neighbourBack, solvedValues, s * 6);
    }
  }
  for (let s = 0; s < active; s++) {
    const o = bandPixels[s]! * 4;
    rgba[o] = Math.round(solvedValues[s * 6]!);
    rgba[o + 1] = Math.round(solvedValues[s * 6 + 1]!);
    rgba[o + 2] = Math.round(solvedValues[s * 6 + 2]!);
  }
  return active;
}
