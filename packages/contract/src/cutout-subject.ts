/**
 * Which part of the model's person mask is the subject (issue 22 §1), at the refinement's working size:
 * the connected component(s) holding the detected face and the body below it are kept, islands (other
 * people, an emblem or a pillar beside the head) are dropped, holes inside the silhouette are filled.
 * Also the subject's crop for the model's second pass and how that pass is merged with the first.
 */

import { type Scratch, f32, give, i32, u8 } from './cutout-scratch';

/** A rectangle in pixels of some grid (the photo's, or the working size's). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const SUBJECT = {
  /** A mask pixel at or above this is person. */
  threshold: 0.5,
  /** A component whose top is below the chin is body when it reaches within this many face widths of the face's centre, horizontally. */
  bodyReach: 2,
  /** The crop around the subject: this share of its size added on each side. */
  cropMargin: 0.06,
  /** The crop is at most this many times as tall as wide (head, shoulders, upper body). */
  cropMaxAspect: 1.3,
  /** A second pass only when the crop is at most this share of the photo (else it adds no pixels). */
  cropMaxShare: 0.6,
  /** Blend from the first pass to the crop's over this share of the crop's size at its inner borders. */
  cropRamp: 0.05,
} as const;

/**
 * Connected components of the pixels where `on` is 1 (8-connected when `eight`, else 4-connected): a
 * label per pixel (0 off, 1.. components) and per component its area and bounding box.
 */
export function labelComponents(
  on: Uint8Array,
  w: number,
  h: number,
  eight: boolean,
  scratch?: Scratch,
): { labels: Int32Array; area: number[]; box: { x0: number; y0: number; x1: number; y1: number }[]; touchesBorder: boolean[] } {
  const labels = i32(scratch, w * h);
  const area: number[] = [0];
  const box: { x0: number; y0: number; x1: number; y1: number }[] = [{ x0: 0, y0: 0, x1: 0, y1: 0 }];
  const touchesBorder: boolean[] = [false];
  const stack = i32(scratch, w * h, true);
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (on[start] !== 1 || labels[start] !== 0) continue;
    next += 1;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let count = 0;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let border = false;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % w;
      const y = (i - x) / w;
      count += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (!eight && dx !== 0 && dy !== 0)) continue;
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (on[j] === 1 && labels[j] === 0) {
            labels[j] = next;
            stack[top++] = j;
          }
        }
      }
    }
    area.push(count);
    box.push({ x0, y0, x1, y1 });
    touchesBorder.push(border);
  }
  give(scratch, stack);
  return { labels, area, box, touchesBorder };
}

/**
 * The subject as a 0/1 mask: the components holding the face (the one nearest its centre when the
 * face sits on none), those below the chin within SUBJECT.bodyReach face widths (the body when an arm
 * or a bag cut it off), holes filled. Without a face: the largest component.
 */
export function selectSubject(mask: Float32Array, w: number, h: number, face: Rect | null, scratch?: Scratch): Uint8Array {
  const on = u8(scratch, w * h, true);
  for (let i = 0; i < on.length; i++) on[i] = mask[i]! >= SUBJECT.threshold ? 1 : 0;
  const { labels, area, box } = labelComponents(on, w, h, true, scratch);
  const keep = new Uint8Array(area.length);
  if (area.length > 1) {
    if (face) {
      const fx0 = Math.max(0, Math.floor(face.x));
      const fy0 = Math.max(0, Math.floor(face.y));
      const fx1 = Math.min(w - 1, Math.ceil(face.x + face.width));
      const fy1 = Math.min(h - 1, Math.ceil(face.y + face.height));
      for (let y = fy0; y <= fy1; y++) for (let x = fx0; x <= fx1; x++) keep[labels[y * w + x]!] = 1;
      keep[0] = 0;
      const cx = face.x + face.width / 2;
      const cy = face.y + face.height / 2;
      if (!keep.some((k) => k === 1)) {
        let best = 0;
        let bestDistance = Number.POSITIVE_INFINITY;
        for (let i = 0; i < labels.length; i++) {
          const label = labels[i]!;
          if (label === 0) continue;
          const d = Math.hypot((i % w) - cx, Math.floor(i / w) - cy);
          if (d < bestDistance) {
            bestDistance = d;
            best = label;
          }
        }
        keep[best] = 1;
      }
      const chin = face.y + face.height;
      const reach = SUBJECT.bodyReach * face.width;
      for (let label = 1; label < area.length; label++) {
        const b = box[label]!;
        if (b.y0 >= chin && b.x1 >= cx - reach && b.x0 <= cx + reach) keep[label] = 1;
      }
    } else {
      let largest = 1;
      for (let label = 2; label < area.length; label++) if (area[label]! > area[largest]!) largest = label;
      keep[largest] = 1;
    }
  }
  const subject = u8(scratch, w * h, true);
  for (let i = 0; i < subject.length; i++) subject[i] = keep[labels[i]!] === 1 ? 1 : 0;
  // Holes: background components (4-connected) that do not reach the border.
  const off = on;
  for (let i = 0; i < off.length; i++) off[i] = subject[i] === 1 ? 0 : 1;
  const holes = labelComponents(off, w, h, false, scratch);
  for (let i = 0; i < subject.length; i++) {
    const label = holes.labels[i]!;
    if (label !== 0 && !holes.touchesBorder[label]) subject[i] = 1;
  }
  give(scratch, on, labels, holes.labels);
  return subject;
}

/**
 * The model's soft mask limited to the subject: 0 in dropped components (and their soft rim outside
 * the subject's reach), at least the threshold in filled holes, as is elsewhere.
 */
export function applySubject(mask: Float32Array, subject: Uint8Array, w: number, h: number, reach: number, scratch?: Scratch): Float32Array {
  // Near the subject = within `reach` px of it (a box dilation through a running count).
  const near = dilate(subject, w, h, reach, scratch);
  const out = f32(scratch, mask.length, true);
  for (let i = 0; i < out.length; i++) {
    if (subject[i] === 1) out[i] = Math.max(mask[i]!, SUBJECT.threshold);
    else out[i] = near[i] === 1 ? Math.min(mask[i]!, SUBJECT.threshold - 1e-3) : 0;
  }
  give(scratch, near);
  return out;
}

/** Box dilation of a 0/1 mask by r (separable running counts). */
export function dilate(on: Uint8Array, w: number, h: number, r: number, scratch?: Scratch): Uint8Array {
  const rows = u8(scratch, w * h, true);
  for (let y = 0; y < h; y++) {
    let count = 0;
    const row = y * w;
    for (let x = 0; x <= Math.min(r, w - 1); x++) count += on[row + x]!;
    for (let x = 0; x < w; x++) {
      rows[row + x] = count > 0 ? 1 : 0;
      if (x + r + 1 < w) count += on[row + x + r + 1]!;
      if (x - r >= 0) count -= on[row + x - r]!;
    }
  }
  const out = u8(scratch, w * h, true);
  const counts = i32(scratch, w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) for (let x = 0; x < w; x++) counts[x] = counts[x]! + rows[y * w + x]!;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) out[y * w + x] = counts[x]! > 0 ? 1 : 0;
    if (y + r + 1 < h) for (let x = 0; x < w; x++) counts[x] = counts[x]! + rows[(y + r + 1) * w + x]!;
    if (y - r >= 0) for (let x = 0; x < w; x++) counts[x] = counts[x]! - rows[(y - r) * w + x]!;
  }
  give(scratch, rows, counts);
  return out;
}

/**
 * The crop for the model's second pass (in the grid's pixels): the subject's bounding box with
 * SUBJECT.cropMargin, its height cut to SUBJECT.cropMaxAspect times its width from the top (head,
 * shoulders, upper body), always holding the face. Null when the crop would cover more than
 * SUBJECT.cropMaxShare of the grid (a second pass would see the same pixels) or the subject is empty.
 */
export function subjectCrop(subject: Uint8Array, w: number, h: number, face: Rect | null): Rect | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (subject[y * w + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  if (face) {
    x0 = Math.min(x0, face.x);
    y0 = Math.min(y0, face.y);
    x1 = Math.max(x1, face.x + face.width);
    y1 = Math.max(y1, face.y + face.height);
  }
  const mw = (x1 - x0 + 1) * SUBJECT.cropMargin;
  const mh = (y1 - y0 + 1) * SUBJECT.cropMargin;
  const left = Math.max(0, Math.floor(x0 - mw));
  const right = Math.min(w, Math.ceil(x1 + 1 + mw));
  const top = Math.max(0, Math.floor(y0 - mh));
  const bottom = Math.min(h, Math.ceil(y1 + 1 + mh), top + Math.ceil((right - left) * SUBJECT.cropMaxAspect));
  const rect = { x: left, y: top, width: right - left, height: bottom - top };
  if (rect.width < 8 || rect.height < 8 || rect.width * rect.height > SUBJECT.cropMaxShare * w * h) return null;
  return rect;
}

/**
 * The first pass's mask (w x h) with the crop's pass laid over `rect` (same grid): the crop's values
 * inside, blended linearly into the first pass's over SUBJECT.cropRamp of the crop at its inner borders
 * (none at a border of the photo, where there is nothing to blend with).
 */
export function mergeCropMask(full: Float32Array, w: number, h: number, crop: { data: Float32Array; width: number; height: number }, rect: Rect, scratch?: Scratch): Float32Array {
  const out = f32(scratch, full.length, true);
  out.set(full);
  const rampX = Math.max(1, rect.width * SUBJECT.cropRamp);
  const rampY = Math.max(1, rect.height * SUBJECT.cropRamp);
  const sx = crop.width / rect.width;
  const sy = crop.height / rect.height;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const cy = Math.min(crop.height - 1, Math.max(0, (y - rect.y + 0.5) * sy - 0.5));
    const cy0 = Math.floor(cy);
    const cy1 = Math.min(crop.height - 1, cy0 + 1);
    const fy = cy - cy0;
    const top = rect.y === 0 ? 1 : (y - rect.y + 0.5) / rampY;
    const bottom = rect.y + rect.height === h ? 1 : (rect.y + rect.height - y - 0.5) / rampY;
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const cx = Math.min(crop.width - 1, Math.max(0, (x - rect.x + 0.5) * sx - 0.5));
      const cx0 = Math.floor(cx);
      const cx1 = Math.min(crop.width - 1, cx0 + 1);
      const fx = cx - cx0;
      const value =
        (crop.data[cy0 * crop.width + cx0]! * (1 - fx) + crop.data[cy0 * crop.width + cx1]! * fx) * (1 - fy) +
        (crop.data[cy1 * crop.width + cx0]! * (1 - fx) + crop.data[cy1 * crop.width + cx1]! * fx) * fy;
      const left = rect.x === 0 ? 1 : (x - rect.x + 0.5) / rampX;
      const right = rect.x + rect.width === w ? 1 : (rect.x + rect.width - x - 0.5) / rampX;
      const weight = Math.min(1, top, bottom, left, right);
      const i = y * w + x;
      out[i] = weight * value + (1 - weight) * full[i]!;
    }
  }
  return out;
}

/**
 * Growing the subject from colour on a studio backdrop: the model misses what it does not see as
 * person (a black helmet held against the chest, a dark bag, a strip of sleeve), and on a smooth
 * backdrop colour alone tells those apart. The backdrop is modelled as a smooth colour field (a
 * quadratic in x and y per channel, fitted to the pixels the model calls background, outliers
 * dropped); when it explains them well (a studio backdrop, gradients included), the pixels connected
 * to the subject that it cannot explain, neither as the backdrop nor as a shadow on it, are subject.
 * On a busy background the field explains little and nothing is grown.
 */
export const GROWTH = {
  /** Background pixels at least this many working px from the subject fit the field (the edge is mixed). */
  edgeGap: 2,
  /** Fitting rounds, each dropping the pixels farther than max(inlierFloor, inlierSigmas · the robust spread) from the field. */
  rounds: 4,
  inlierFloor: 12,
  inlierSigmas: 3,
  /** The field is fitted on blocks of working pixels, at most this many on the long edge. */
  fitLongEdge: 128,
  /** What the quadratic leaves is smoothed over this radius (in blocks) and added back. */
  correctionRadius: 6,
  /** A smooth backdrop: at least this share of the background pixels fit it… */
  minInlierShare: 0.92,
  /** …with at most this RMS distance (RGB levels). */
  maxResidual: 10,
  /** A pixel is subject by colour when it is this far (RGB levels) from the field… */
  farDistance: 36,
  /** …and not a shadow: I = s·B with s in this range, within farDistance / 2 of that line. */
  shadow: [0.3, 1.05] as const,
  /**
   * Light: brighter than the field by at least this much in every channel (RGB levels), which no shadow
   * is (a white helmet rim on a white backdrop, 16-19 levels above it): the step at a light region's
   * edge (hasLightEdge) and the band's light rule (cutout.ts)…
   */
  brighter: 8,
  /**
   * Light seeds of growLight: no channel below the field and one at least this many levels above it. The
   * shaded side of a white rim on a white backdrop is 0-12 levels above it, not 8 in every channel; a shadow is below in all.
   */
  lightLift: 6,
  /** …unless it is a mix of the field and a lighter neighbour (one reaching this many times as far along its ray from the field: the soft edge of something light). */
  mixRatio: 1.5,
  /** Light touching the subject is grown with the shadow-like pixels within this many working px of it (the rim's shading, between it and the subject)… */
  lightReach: 3,
  /**
   * …when its connected region holds at least this many light working pixels with an edge: a pixel
   * within 2 px GROWTH.brighter less light than it (a rim's step; not a background light's glow, which
   * the field's fit leaves a few levels above it, changing by a level or two a pixel).
   */
  minLight: 8,
} as const;

export interface BackdropField {
  /** The field's colour at each working pixel, three planes. */
  field: [Float32Array, Float32Array, Float32Array];
  /** RMS distance (RGB levels) of the fitted pixels to the field. */
  residual: number;
  /** Share of the background pixels the field fits. */
  inlierShare: number;
}

/** Solves the n x n system `m · x = v` in place (Gaussian elimination with partial pivoting); null when singular. */
function solveLinear(m: Float64Array, v: Float64Array, n: number): Float64Array | null {
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r * n + col]!) > Math.abs(m[pivot * n + col]!)) pivot = r;
    if (Math.abs(m[pivot * n + col]!) < 1e-12) return null;
    if (pivot !== col) {
      for (let k = 0; k < n; k++) [m[col * n + k], m[pivot * n + k]] = [m[pivot * n + k]!, m[col * n + k]!];
      [v[col], v[pivot]] = [v[pivot]!, v[col]!];
    }
    for (let r = col + 1; r < n; r++) {
      const f = m[r * n + col]! / m[col * n + col]!;
      for (let k = col; k < n; k++) m[r * n + k] = m[r * n + k]! - f * m[col * n + k]!;
      v[r] = v[r]! - f * v[col]!;
    }
  }
  const x = new Float64Array(n);
  for (let r = n - 1; r >= 0; r--) {
    let s = v[r]!;
    for (let k = r + 1; k < n; k++) s -= m[r * n + k]! * x[k]!;
    x[r] = s / m[r * n + r]!;
  }
  return x;
}

const TERMS = 6;

/** Mean of `values` where `weight` is 1 within a (2r+1)² window (normalised convolution); `fallback` where none is. */
function localMean(values: Float32Array, weight: Uint8Array, w: number, h: number, r: number, fallback: number): Float32Array {
  const sum = new Float32Array(w * h);
  const count = new Float32Array(w * h);
  // Rows, then columns (running sums).
  for (let y = 0; y < h; y++) {
    let s = 0;
    let k = 0;
    const row = y * w;
    for (let x = 0; x <= Math.min(r, w - 1); x++) {
      s += weight[row + x] ? values[row + x]! : 0;
      k += weight[row + x]!;
    }
    for (let x = 0; x < w; x++) {
      sum[row + x] = s;
      count[row + x] = k;
      const add = x + r + 1;
      if (add < w) {
        s += weight[row + add] ? values[row + add]! : 0;
        k += weight[row + add]!;
      }
      const remove = x - r;
      if (remove >= 0) {
        s -= weight[row + remove] ? values[row + remove]! : 0;
        k -= weight[row + remove]!;
      }
    }
  }
  const out = new Float32Array(w * h);
  const columnSum = new Float64Array(w);
  const columnCount = new Float64Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++)
    for (let x = 0; x < w; x++) {
      columnSum[x] = columnSum[x]! + sum[y * w + x]!;
      columnCount[x] = columnCount[x]! + count[y * w + x]!;
    }
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) out[y * w + x] = columnCount[x]! > 0.5 ? columnSum[x]! / columnCount[x]! : fallback;
    const add = y + r + 1;
    if (add < h)
      for (let x = 0; x < w; x++) {
        columnSum[x] = columnSum[x]! + sum[add * w + x]!;
        columnCount[x] = columnCount[x]! + count[add * w + x]!;
      }
    const remove = y - r;
    if (remove >= 0)
      for (let x = 0; x < w; x++) {
        columnSum[x] = columnSum[x]! - sum[remove * w + x]!;
        columnCount[x] = columnCount[x]! - count[remove * w + x]!;
      }
  }
  return out;
}

/** The median of the values where `on` is 1, from a histogram of 1/8-level bins (values ≥ 0). */
function median(values: Float32Array, on: Uint8Array): number {
  const bins = new Uint32Array(8 * 512 + 1);
  let total = 0;
  for (let i = 0; i < values.length; i++) {
    if (on[i] !== 1) continue;
    const bin = Math.min(bins.length - 1, Math.floor(values[i]! * 8));
    bins[bin] = bins[bin]! + 1;
    total += 1;
  }
  let seen = 0;
  for (let b = 0; b < bins.length; b++) {
    seen += bins[b]!;
    if (seen * 2 >= total) return (b + 0.5) / 8;
  }
  return 0;
}

/**
 * The backdrop's smooth colour field, fitted to the background pixels (`background` 1): a quadratic in
 * x and y per channel (least squares) plus the local mean of what it leaves (GROWTH.correctionRadius:
 * a radial gradient, a light fall-off), GROWTH.rounds times, each round without the pixels the previous
 * one placed too far. Null when there is nothing to fit.
 */
export function fitBackdropField(rgb: [Float32Array, Float32Array, Float32Array], background: Uint8Array, w: number, h: number): BackdropField | null {
  const n = w * h;
  const inlier = Uint8Array.from(background);
  let total = 0;
  for (let i = 0; i < n; i++) total += background[i]!;
  if (total < TERMS * 10) return null;
  const basis = new Float32Array(n * TERMS);
  for (let y = 0; y < h; y++) {
    const v = (2 * y) / Math.max(1, h - 1) - 1;
    for (let x = 0; x < w; x++) {
      const u = (2 * x) / Math.max(1, w - 1) - 1;
      const o = (y * w + x) * TERMS;
      basis[o] = 1;
      basis[o + 1] = u;
      basis[o + 2] = v;
      basis[o + 3] = u * u;
      basis[o + 4] = u * v;
      basis[o + 5] = v * v;
    }
  }
  const field: [Float32Array, Float32Array, Float32Array] = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  const distance = new Float32Array(n);
  const left = new Float32Array(n);
  let residual = 0;
  let inliers = total;
  for (let round = 0; round < GROWTH.rounds; round++) {
    const m = new Float64Array(TERMS * TERMS);
    const rhs = [new Float64Array(TERMS), new Float64Array(TERMS), new Float64Array(TERMS)] as const;
    for (let i = 0; i < n; i++) {
      if (inlier[i] !== 1) continue;
      const o = i * TERMS;
      for (let a = 0; a < TERMS; a++) {
        const ta = basis[o + a]!;
        for (let b = a; b < TERMS; b++) m[a * TERMS + b] = m[a * TERMS + b]! + ta * basis[o + b]!;
        rhs[0][a] = rhs[0][a]! + ta * rgb[0][i]!;
        rhs[1][a] = rhs[1][a]! + ta * rgb[1][i]!;
        rhs[2][a] = rhs[2][a]! + ta * rgb[2][i]!;
      }
    }
    for (let a = 0; a < TERMS; a++) for (let b = 0; b < a; b++) m[a * TERMS + b] = m[b * TERMS + a]!;
    for (let c = 0; c < 3; c++) {
      const coefficients = solveLinear(Float64Array.from(m), rhs[c as 0 | 1 | 2], TERMS);
      if (!coefficients) return null;
      const plane = field[c as 0 | 1 | 2];
      const values = rgb[c as 0 | 1 | 2];
      for (let i = 0; i < n; i++) {
        const o = i * TERMS;
        let f = 0;
        for (let a = 0; a < TERMS; a++) f += coefficients[a]! * basis[o + a]!;
        plane[i] = f;
        left[i] = values[i]! - f;
      }
      if (round > 0) {
        const correction = localMean(left, inlier, w, h, GROWTH.correctionRadius, 0);
        for (let i = 0; i < n; i++) plane[i] = plane[i]! + correction[i]!;
      }
    }
    for (let i = 0; i < n; i++) distance[i] = background[i] === 1 ? Math.sqrt((rgb[0][i]! - field[0][i]!) ** 2 + (rgb[1][i]! - field[1][i]!) ** 2 + (rgb[2][i]! - field[2][i]!) ** 2) : 0;
    const limit = Math.max(GROWTH.inlierFloor, GROWTH.inlierSigmas * 1.4826 * median(distance, inlier));
    inliers = 0;
    let squares = 0;
    for (let i = 0; i < n; i++) {
      if (background[i] !== 1) continue;
      inlier[i] = distance[i]! <= limit ? 1 : 0;
      if (inlier[i] === 1) {
        inliers += 1;
        squares += distance[i]! ** 2;
      }
    }
    residual = Math.sqrt(squares / Math.max(1, inliers));
    if (inliers < TERMS * 10) return null;
  }
  return { field, residual, inlierShare: inliers / total };
}

/** Bilinear from a grid of `step`-pixel blocks (values at the blocks' centres) to w x h. */
function upsampleBlocks(src: Float32Array, bw: number, bh: number, step: number, w: number, h: number, scratch?: Scratch): Float32Array {
  const out = f32(scratch, w * h, true);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(bh - 1, Math.max(0, (y + 0.5) / step - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(bh - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < w; x++) {
      const sx = Math.min(bw - 1, Math.max(0, (x + 0.5) / step - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(bw - 1, x0 + 1);
      const fx = sx - x0;
      out[y * w + x] = (src[y0 * bw + x0]! * (1 - fx) + src[y0 * bw + x1]! * fx) * (1 - fy) + (src[y1 * bw + x0]! * (1 - fx) + src[y1 * bw + x1]! * fx) * fy;
    }
  }
  return out;
}

/** Is the colour (r, g, b) one the backdrop field (fr, fg, fb) can explain: near it, or a shadow on it? */
export function explainedByBackdrop(r: number, g: number, b: number, fr: number, fg: number, fb: number): boolean {
  const d2 = (r - fr) ** 2 + (g - fg) ** 2 + (b - fb) ** 2;
  if (d2 <= GROWTH.farDistance ** 2) return true;
  const norm = fr * fr + fg * fg + fb * fb;
  if (norm <= 0) return false;
  const s = (r * fr + g * fg + b * fb) / norm;
  if (s < GROWTH.shadow[0] || s > GROWTH.shadow[1]) return false;
  return (r - s * fr) ** 2 + (g - s * fg) ** 2 + (b - s * fb) ** 2 <= (GROWTH.farDistance / 2) ** 2;
}

/** Is (r, g, b) a light seed over the backdrop's (fr, fg, fb): below it in no channel, GROWTH.lightLift above it in one? */
export function liftedAboveBackdrop(r: number, g: number, b: number, fr: number, fg: number, fb: number): boolean {
  return Math.min(r - fr, g - fg, b - fb) >= 0 && Math.max(r - fr, g - fg, b - fb) >= GROWTH.lightLift;
}

/**
 * Light the colour flood stops at: on a light backdrop a white object is within GROWTH.farDistance of
 * it, and its shading reads as a shadow. Light seeds (liftedAboveBackdrop: no shadow is) that are not
 * the soft edge of something lighter beside them, with the shadow-like pixels (far from the field,
 * explained only as a shadow) within GROWTH.lightReach of them, form regions; a region touching the
 * subject with at least GROWTH.minLight light pixels with an edge joins it. Returns the pixels added,
 * also marked in `lightGrown` when given.
 */
function growLight(
  rgb: [Float32Array, Float32Array, Float32Array],
  field: [Float32Array, Float32Array, Float32Array],
  mask: Float32Array,
  w: number,
  h: number,
  scratch?: Scratch,
  lightGrown?: Uint8Array,
): number {
  const n = w * h;
  const [r, g, b] = rgb;
  const [fr, fg, fb] = field;
  const light = u8(scratch, n);
  let lights = 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (mask[i]! >= SUBJECT.threshold || !liftedAboveBackdrop(r[i]!, g[i]!, b[i]!, fr[i]!, fg[i]!, fb[i]!)) continue;
      const v0 = r[i]! - fr[i]!;
      const v1 = g[i]! - fg[i]!;
      const v2 = b[i]! - fb[i]!;
      const limit = GROWTH.mixRatio * (v0 * v0 + v1 * v1 + v2 * v2);
      let mix = false;
      for (let dy = -1; dy <= 1 && !mix; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
          const j = ny * w + nx;
          if ((r[j]! - fr[i]!) * v0 + (g[j]! - fg[i]!) * v1 + (b[j]! - fb[i]!) * v2 >= limit) {
            mix = true;
            break;
          }
        }
      }
      if (!mix) {
        light[i] = 1;
        lights += 1;
      }
    }
  if (lights < GROWTH.minLight) {
    give(scratch, light);
    return 0;
  }
  const nearLight = dilate(light, w, h, GROWTH.lightReach, scratch);
  const candidate = u8(scratch, n);
  for (let i = 0; i < n; i++) {
    if (mask[i]! >= SUBJECT.threshold || nearLight[i] !== 1) continue;
    if (light[i] === 1 || (r[i]! - fr[i]!) ** 2 + (g[i]! - fg[i]!) ** 2 + (b[i]! - fb[i]!) ** 2 > GROWTH.farDistance ** 2) candidate[i] = 1;
  }
  const { labels, area } = labelComponents(candidate, w, h, true, scratch);
  const lightIn = new Int32Array(area.length);
  const touches = new Uint8Array(area.length);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const label = labels[i]!;
      if (label === 0) continue;
      if (light[i] === 1 && hasLightEdge(rgb, field, mask, w, h, x, y)) lightIn[label] = lightIn[label]! + 1;
      if (touches[label] === 1) continue;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          const nx = x + dx;
          if (nx >= 0 && nx < w && mask[ny * w + nx]! >= SUBJECT.threshold) touches[label] = 1;
        }
      }
    }
  let grown = 0;
  for (let i = 0; i < n; i++) {
    const label = labels[i]!;
    if (label !== 0 && touches[label] === 1 && lightIn[label]! >= GROWTH.minLight) {
      mask[i] = 1;
      if (lightGrown) lightGrown[i] = 1;
      grown += 1;
    }
  }
  give(scratch, light, nearLight, candidate, labels);
  return grown;
}

/**
 * Does a pixel within 2 px of (x, y), not the subject's, stand GROWTH.brighter less above the field (at
 * (x, y)) in its least lifted channel? The step at a light object's edge (the subject beside a glow is no such step).
 */
function hasLightEdge(rgb: [Float32Array, Float32Array, Float32Array], field: [Float32Array, Float32Array, Float32Array], mask: Float32Array, w: number, h: number, x: number, y: number): boolean {
  const [r, g, b] = rgb;
  const i = y * w + x;
  const fr = field[0][i]!;
  const fg = field[1][i]!;
  const fb = field[2][i]!;
  const lift = Math.min(r[i]! - fr, g[i]! - fg, b[i]! - fb);
  for (let ny = Math.max(0, y - 2); ny <= Math.min(h - 1, y + 2); ny++)
    for (let nx = Math.max(0, x - 2); nx <= Math.min(w - 1, x + 2); nx++) {
      const j = ny * w + nx;
      if (mask[j]! < SUBJECT.threshold && Math.min(r[j]! - fr, g[j]! - fg, b[j]! - fb) <= lift - GROWTH.brighter) return true;
    }
  return false;
}

/**
 * On a smooth backdrop, adds to the subject (`mask` ≥ SUBJECT.threshold, working size, set to 1 where
 * grown) the pixels connected to it that the backdrop cannot explain, then fills the holes this leaves.
 * Returns the pixels added (0 on a busy background, where the field does not fit). `lightGrown` (w·h,
 * zeroed), when given, gets a 1 where the light step (growLight) added a pixel.
 */
export function growSubjectFromColour(
  rgb: [Float32Array, Float32Array, Float32Array],
  mask: Float32Array,
  w: number,
  h: number,
  scratch?: Scratch,
  lightGrown?: Uint8Array,
): { grown: number; field: BackdropField | null } {
  const n = w * h;
  const subject = u8(scratch, n, true);
  for (let i = 0; i < n; i++) subject[i] = mask[i]! >= SUBJECT.threshold ? 1 : 0;
  const near = dilate(subject, w, h, GROWTH.edgeGap, scratch);
  const background = near;
  for (let i = 0; i < n; i++) background[i] = near[i] === 1 ? 0 : 1;
  // The field is smooth: fitted on blocks of `step` x `step` working pixels (a block is background
  // when all its pixels are), brought back bilinearly.
  const step = Math.max(1, Math.ceil(Math.max(w, h) / GROWTH.fitLongEdge));
  const bw = Math.ceil(w / step);
  const bh = Math.ceil(h / step);
  const blocks: [Float32Array, Float32Array, Float32Array] = [new Float32Array(bw * bh), new Float32Array(bw * bh), new Float32Array(bw * bh)];
  const blockBackground = new Uint8Array(bw * bh).fill(1);
  const blockCount = new Float32Array(bw * bh);
  const blockOfColumn = new Int32Array(w);
  for (let x = 0; x < w; x++) blockOfColumn[x] = Math.floor(x / step);
  for (let y = 0; y < h; y++)
    for (let x = 0, row = Math.floor(y / step) * bw; x < w; x++) {
      const i = y * w + x;
      const t = row + blockOfColumn[x]!;
      blocks[0][t] = blocks[0][t]! + rgb[0][i]!;
      blocks[1][t] = blocks[1][t]! + rgb[1][i]!;
      blocks[2][t] = blocks[2][t]! + rgb[2][i]!;
      blockCount[t] = blockCount[t]! + 1;
      if (background[i] !== 1) blockBackground[t] = 0;
    }
  for (let t = 0; t < bw * bh; t++) for (const plane of blocks) plane[t] = plane[t]! / blockCount[t]!;
  const field = fitBackdropField(blocks, blockBackground, bw, bh);
  if (!field || field.inlierShare < GROWTH.minInlierShare || field.residual > GROWTH.maxResidual) {
    give(scratch, subject, near);
    return { grown: 0, field };
  }
  const fr = upsampleBlocks(field.field[0], bw, bh, step, w, h, scratch);
  const fg = upsampleBlocks(field.field[1], bw, bh, step, w, h, scratch);
  const fb = upsampleBlocks(field.field[2], bw, bh, step, w, h, scratch);
  const [r, g, b] = rgb;
  // Flood from the subject into pixels the backdrop cannot explain (8-connected).
  const stack = i32(scratch, n, true);
  let top = 0;
  const state = u8(scratch, n); // 1 subject or grown, 2 explained by the backdrop (not enterable)
  for (let i = 0; i < n; i++) {
    if (subject[i] !== 1) continue;
    state[i] = 1;
    // Only the subject's edge can reach outside it.
    const x = i % w;
    if ((x > 0 && subject[i - 1] === 0) || (x < w - 1 && subject[i + 1] === 0) || (i >= w && subject[i - w] === 0) || (i + w < n && subject[i + w] === 0)) stack[top++] = i;
  }
  let grown = 0;
  while (top > 0) {
    const i = stack[--top]!;
    const x = i % w;
    const y = (i - x) / w;
    for (let dy = -1; dy <= 1; dy++) {
      const ny = y + dy;
      if (ny < 0 || ny >= h) continue;
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        if (nx < 0 || nx >= w || (dx === 0 && dy === 0)) continue;
        const j = ny * w + nx;
        if (state[j] !== 0) continue;
        if (explainedByBackdrop(r[j]!, g[j]!, b[j]!, fr[j]!, fg[j]!, fb[j]!)) {
          state[j] = 2;
          continue;
        }
        state[j] = 1;
        mask[j] = 1;
        grown += 1;
        stack[top++] = j;
      }
    }
  }
  give(scratch, subject, near, stack, state);
  grown += growLight(rgb, [fr, fg, fb], mask, w, h, scratch, lightGrown);
  if (grown > 0) {
    const off = u8(scratch, n, true);
    for (let i = 0; i < n; i++) off[i] = mask[i]! >= SUBJECT.threshold ? 0 : 1;
    const holes = labelComponents(off, w, h, false, scratch);
    for (let i = 0; i < n; i++) {
      const label = holes.labels[i]!;
      if (label !== 0 && !holes.touchesBorder[label]) {
        mask[i] = 1;
        grown += 1;
      }
    }
    give(scratch, off, holes.labels);
  }
  give(scratch, fr, fg, fb);
  return { grown, field };
}
