/**
 * The free AI portrait retouch (issue 13 §3), as pure pixel functions on the face's 468-point mesh
 * (face-mesh.ts). No sharp, no tfjs.
 *
 * 1. Skin mask (skinMask): the convex hull of the face oval, plus the neck (a trapezoid under the jaw,
 *    RETOUCH.neckDepth face heights deep, narrowing), minus the eyes, brows, lips and nostrils (each the
 *    convex hull of its mesh points, enlarged about its centre by RETOUCH.grow). The mask is feathered
 *    (two box blurs of RETOUCH.featherFraction of the face width), then gated by colour: pixels whose
 *    chroma (Cb, Cr) is far from the median chroma of the person's own cheeks fade out (hair over the
 *    forehead, collar, background beside the neck), so the gate adapts to every skin tone. Last, the
 *    hard hulls of the eyes, brows, lips and nostrils are cut out again: they are never changed.
 * 2. Frequency separation: base = a box blur (twice) of radius texture (face width / 100, ≥ 1 px);
 *    high = image − base (pores, fine hair, the skin's grain) is kept: at least 80 % of it at strength 1.
 * 3. The low band is smoothed with a self-guided filter (He et al.; edge-preserving: areas whose
 *    variance is below epsilon are flattened, edges such as the nose or jaw are kept), radius face
 *    width / 25.
 * 4. The retoucher's rule ("remove only what is not there every day"): a local deviation of the low
 *    band from its smoothed value (base − smooth, in luma) up to RETOUCH.blemishContrast (small spots,
 *    redness, uneven tone) is removed; a deviation above RETOUCH.moleContrast (a mole, a dark freckle, a
 *    defined scar: strong and stable) keeps its pixels; between the two the correction fades out.
 *    Features larger than the filter's window are not local deviations and stay as they are.
 * 5. Under-eye shadows: in a soft band under each eye the low band is lifted towards the cheeks' median
 *    luma by up to RETOUCH.underEyeLift of the difference (only where darker).
 * 6. Tone: the chroma of the smoothed low band is pulled RETOUCH.toneEven of the way towards its
 *    large-scale mean (blotchy redness evens out; the face's shading, which is luma, is kept).
 * 7. out = base + m·(retouched − base) + high·(1 − 0.2·m), m = mask · strength.
 */

export interface FacePoints {
  /** The 468 mesh points, in the image's pixels. */
  mesh: readonly (readonly [number, number])[];
}

export const RETOUCH = {
  /** The neck: how far under the chin, in face heights. */
  neckDepth: 0.45,
  /** Enlargement of the excluded hulls about their centres (the feather then stays outside them). */
  grow: { eye: 1.5, brow: 1.35, lips: 1.2, nostril: 1.2 },
  /** Feather radius of the mask as a fraction of the face width. */
  featherFraction: 0.025,
  /** Chroma gate: full at a CbCr distance up to `near`, none from `far` (0..255 levels). */
  chroma: { near: 10, far: 22 },
  /** Guided filter regularisation (0..1 channel values): variance below ~0.03² is flattened. */
  epsilon: 0.03 ** 2,
  /** Blemish rule in luma levels (0..255) of base − smooth. */
  blemishContrast: 14,
  moleContrast: 28,
  underEyeLift: 0.5,
  toneEven: 0.5,
} as const;

/** MediaPipe face mesh regions (canonical indices). */
export const REGIONS = {
  faceOval: [10, 338, 297, 332, 284, 251, 389, 356, 454, 323, 361, 288, 397, 365, 379, 378, 400, 377, 152, 148, 176, 149, 150, 136, 172, 58, 132, 93, 234, 127, 162, 21, 54, 103, 67, 109],
  leftEye: [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  rightEye: [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
  leftBrow: [70, 63, 105, 66, 107, 55, 65, 52, 53, 46],
  rightBrow: [300, 293, 334, 296, 336, 285, 295, 282, 283, 276],
  lips: [61, 146, 91, 181, 84, 17, 314, 405, 321, 375, 291, 409, 270, 269, 267, 0, 37, 39, 40, 185],
  nostrils: [64, 98, 97, 2, 326, 327, 294, 240, 460, 75, 305, 60, 290, 99, 328],
  /** Cheek centres, for the reference skin colour. */
  cheeks: [50, 280, 205, 425, 117, 346],
  /** Jaw corners and chin, for the neck. */
  jaw: [172, 397, 152],
} as const;

type Point = readonly [number, number];

function hull(points: Point[]): Point[] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const cross = (o: Point, a: Point, b: Point) => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: Point[] = [];
  for (const q of p) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: Point[] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function grow(polygon: Point[], factorX: number, factorY = factorX): Point[] {
  const cx = polygon.reduce((s, q) => s + q[0], 0) / polygon.length;
  const cy = polygon.reduce((s, q) => s + q[1], 0) / polygon.length;
  return polygon.map(([x, y]) => [cx + (x - cx) * factorX, cy + (y - cy) * factorY] as const);
}

/** Fills a polygon (even-odd, pixel centres) into `mask` (w x h) with `value`. */
export function fillPolygon(mask: Float32Array, w: number, h: number, polygon: Point[], value: number): void {
  if (polygon.length < 3) return;
  const ys = polygon.map((q) => q[1]);
  const y0 = Math.max(0, Math.floor(Math.min(...ys)));
  const y1 = Math.min(h - 1, Math.ceil(Math.max(...ys)));
  const xs: number[] = [];
  for (let y = y0; y <= y1; y++) {
    const cy = y + 0.5;
    xs.length = 0;
    for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
      const [xi, yi] = polygon[i]!;
      const [xj, yj] = polygon[j]!;
      if (yi > cy !== yj > cy) xs.push(xi + ((cy - yi) / (yj - yi)) * (xj - xi));
    }
    xs.sort((a, b) => a - b);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      const from = Math.max(0, Math.ceil(xs[k]! - 0.5));
      const to = Math.min(w - 1, Math.floor(xs[k + 1]! - 0.5));
      for (let x = from; x <= to; x++) mask[y * w + x] = value;
    }
  }
}

/** Mean over a (2r+1)² window, clipped at the borders. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r < 1) return src.slice();
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    for (let x = 0; x <= Math.min(r, w - 1); x++) sum += src[row + x]!;
    for (let x = 0; x < w; x++) {
      tmp[row + x] = sum / (Math.min(w - 1, x + r) - Math.max(0, x - r) + 1);
      if (x + r + 1 < w) sum += src[row + x + r + 1]!;
      if (x - r >= 0) sum -= src[row + x - r]!;
    }
  }
  const sums = new Float64Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) for (let x = 0; x < w; x++) sums[x] = sums[x]! + tmp[y * w + x]!;
  for (let y = 0; y < h; y++) {
    const count = Math.min(h - 1, y + r) - Math.max(0, y - r) + 1;
    for (let x = 0, row = y * w; x < w; x++) out[row + x] = sums[x]! / count;
    if (y + r + 1 < h) for (let x = 0, add = (y + r + 1) * w; x < w; x++) sums[x] = sums[x]! + tmp[add + x]!;
    if (y - r >= 0) for (let x = 0, sub = (y - r) * w; x < w; x++) sums[x] = sums[x]! - tmp[sub + x]!;
  }
  return out;
}

/** Self-guided filter of one plane (values 0..255), radius r, epsilon on the 0..1 scale. */
function guidedSelf(p: Float32Array, w: number, h: number, r: number, eps: number): Float32Array {
  const n = w * h;
  const sq = new Float32Array(n);
  for (let i = 0; i < n; i++) sq[i] = p[i]! * p[i]!;
  const mean = boxBlur(p, w, h, r);
  const meanSq = boxBlur(sq, w, h, r);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  const e = eps * 255 * 255;
  for (let i = 0; i < n; i++) {
    const variance = Math.max(0, meanSq[i]! - mean[i]! * mean[i]!);
    a[i] = variance / (variance + e);
    b[i] = mean[i]! - a[i]! * mean[i]!;
  }
  const ma = boxBlur(a, w, h, r);
  const mb = boxBlur(b, w, h, r);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = ma[i]! * p[i]! + mb[i]!;
  return out;
}

const luma = (r: number, g: number, b: number) => 0.299 * r + 0.587 * g + 0.114 * b;
const cb = (r: number, g: number, b: number) => -0.168736 * r - 0.331264 * g + 0.5 * b;
const cr = (r: number, g: number, b: number) => 0.5 * r - 0.418688 * g - 0.081312 * b;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor(s.length / 2)]!;
}

function smoothstep(lo: number, hi: number, x: number): number {
  const t = Math.min(1, Math.max(0, (x - lo) / (hi - lo)));
  return t * t * (3 - 2 * t);
}

/** The face's geometry in one crop: where the work happens (face box grown, the neck below). */
export interface RetouchRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  faceWidth: number;
}

export function retouchRegion(face: FacePoints, width: number, height: number): RetouchRegion {
  const oval = REGIONS.faceOval.map((i) => face.mesh[i]!);
  const minX = Math.min(...oval.map((q) => q[0]));
  const maxX = Math.max(...oval.map((q) => q[0]));
  const minY = Math.min(...oval.map((q) => q[1]));
  const maxY = Math.max(...oval.map((q) => q[1]));
  const fw = maxX - minX;
  const fh = maxY - minY;
  const x0 = Math.max(0, Math.floor(minX - fw * 0.1));
  const x1 = Math.min(width, Math.ceil(maxX + fw * 0.1));
  const y0 = Math.max(0, Math.floor(minY - fh * 0.1));
  const y1 = Math.min(height, Math.ceil(maxY + fh * (RETOUCH.neckDepth + 0.1)));
  return { x: x0, y: y0, width: Math.max(1, x1 - x0), height: Math.max(1, y1 - y0), faceWidth: fw };
}

/**
 * The skin mask (0..1) of the crop `region` of an RGB image: see the file comment, step 1. Also
 * returns the hard exclusions (eyes, brows, lips, nostrils: 1) and the under-eye bands.
 */
export function skinMask(
  rgb: Uint8Array,
  imageWidth: number,
  face: FacePoints,
  region: RetouchRegion,
): { mask: Float32Array; excluded: Float32Array; underEye: Float32Array; cheekLuma: number } {
  const { x: ox, y: oy, width: w, height: h, faceWidth } = region;
  const at = (i: number): Point => [face.mesh[i]![0] - ox, face.mesh[i]![1] - oy];
  const points = (indices: readonly number[]) => indices.map(at);

  const shape = new Float32Array(w * h);
  const oval = hull(points(REGIONS.faceOval));
  fillPolygon(shape, w, h, oval, 1);
  // The neck: from the jaw corners down, narrowing to 70 % of the jaw's width.
  const [jawLeft, jawRight, chin] = REGIONS.jaw.map(at) as [Point, Point, Point];
  const faceHeight = Math.max(...oval.map((q) => q[1])) - Math.min(...oval.map((q) => q[1]));
  const depth = chin[1] + faceHeight * RETOUCH.neckDepth;
  const jawMid = (jawLeft[0] + jawRight[0]) / 2;
  const half = (jawRight[0] - jawLeft[0]) / 2;
  fillPolygon(
    shape,
    w,
    h,
    [jawLeft, jawRight, [jawMid + half * 0.7, depth], [jawMid - half * 0.7, depth]],
    1,
  );

  const excludedHulls = [
    grow(hull(points(REGIONS.leftEye)), RETOUCH.grow.eye, RETOUCH.grow.eye * 1.3),
    grow(hull(points(REGIONS.rightEye)), RETOUCH.grow.eye, RETOUCH.grow.eye * 1.3),
    grow(hull(points(REGIONS.leftBrow)), RETOUCH.grow.brow),
    grow(hull(points(REGIONS.rightBrow)), RETOUCH.grow.brow),
    grow(hull(points(REGIONS.lips)), RETOUCH.grow.lips),
    grow(hull(points(REGIONS.nostrils)), RETOUCH.grow.nostril),
  ];
  const excluded = new Float32Array(w * h);
  for (const polygon of excludedHulls) fillPolygon(excluded, w, h, polygon, 1);
  for (let i = 0; i < w * h; i++) if (excluded[i] === 1) shape[i] = 0;

  const feather = Math.max(1, Math.round(faceWidth * RETOUCH.featherFraction));
  let mask = boxBlur(boxBlur(shape, w, h, feather), w, h, feather);

  // The cheeks' own colour: the chroma gate's reference and the under-eye lift's target.
  const radius = Math.max(1, Math.round(faceWidth * 0.03));
  const cbs: number[] = [];
  const crs: number[] = [];
  const ys: number[] = [];
  for (const [cx, cy] of points(REGIONS.cheeks)) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const x = Math.round(cx + dx);
        const y = Math.round(cy + dy);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const p = ((y + oy) * imageWidth + x + ox) * 3;
        const r = rgb[p]!;
        const g = rgb[p + 1]!;
        const b = rgb[p + 2]!;
        cbs.push(cb(r, g, b));
        crs.push(cr(r, g, b));
        ys.push(luma(r, g, b));
      }
    }
  }
  const refCb = median(cbs);
  const refCr = median(crs);
  const cheekLuma = median(ys);
  const gate = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = ((y + oy) * imageWidth + x + ox) * 3;
      const r = rgb[p]!;
      const g = rgb[p + 1]!;
      const b = rgb[p + 2]!;
      const distance = Math.hypot(cb(r, g, b) - refCb, cr(r, g, b) - refCr);
      gate[y * w + x] = 1 - smoothstep(RETOUCH.chroma.near, RETOUCH.chroma.far, distance);
    }
  }
  // The gate itself is softened a little so that it does not follow single noisy pixels.
  const softGate = boxBlur(gate, w, h, Math.max(1, Math.round(feather / 2)));
  mask = mask.map((m, i) => (excluded[i] === 1 ? 0 : m * softGate[i]!));

  // Under each eye: the eye's hull moved down by its height, wider, feathered.
  const underEye = new Float32Array(w * h);
  for (const eye of [REGIONS.leftEye, REGIONS.rightEye]) {
    const eh = hull(points(eye));
    const height = Math.max(...eh.map((q) => q[1])) - Math.min(...eh.map((q) => q[1]));
    fillPolygon(
      underEye,
      w,
      h,
      grow(eh, 1.2, 1.1).map(([x, y]) => [x, y + height * 1.6] as const),
      1,
    );
  }
  const softUnderEye = boxBlur(boxBlur(underEye, w, h, feather * 2), w, h, feather * 2);
  return { mask, excluded, underEye: softUnderEye, cheekLuma };
}

type Planes = [Float32Array, Float32Array, Float32Array];

const map3 = (planes: Planes, f: (plane: Float32Array) => Float32Array): Planes => [f(planes[0]), f(planes[1]), f(planes[2])];

/**
 * Retouches an RGB image (3 bytes a pixel) in place around the face: steps 2-7 of the file comment.
 * `strength` 0..1.
 */
export function retouchFace(rgb: Uint8Array, width: number, height: number, face: FacePoints, strength: number): void {
  const s = Math.min(1, Math.max(0, strength));
  if (s === 0) return;
  const region = retouchRegion(face, width, height);
  const { x: ox, y: oy, width: w, height: h, faceWidth } = region;
  const { mask, underEye, cheekLuma } = skinMask(rgb, width, face, region);
  const n = w * h;
  const planes: Planes = [new Float32Array(n), new Float32Array(n), new Float32Array(n)];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const p = ((y + oy) * width + x + ox) * 3;
      for (const c of [0, 1, 2] as const) planes[c][y * w + x] = rgb[p + c]!;
    }
  }
  const texture = Math.max(1, Math.round(faceWidth / 100));
  const smoothRadius = Math.max(2, Math.round(faceWidth / 25));
  const toneRadius = Math.max(4, Math.round(faceWidth / 8));
  const base = map3(planes, (plane) => boxBlur(boxBlur(plane, w, h, texture), w, h, texture));
  const smooth = map3(base, (plane) => guidedSelf(plane, w, h, smoothRadius, RETOUCH.epsilon));
  const large = map3(smooth, (plane) => boxBlur(plane, w, h, toneRadius));

  for (let i = 0; i < n; i++) {
    const m = mask[i]! * s;
    if (m <= 1e-3) continue;
    const b0 = base[0][i]!;
    const b1 = base[1][i]!;
    const b2 = base[2][i]!;
    let s0 = smooth[0][i]!;
    let s1 = smooth[1][i]!;
    let s2 = smooth[2][i]!;
    // Blemish rule: strong local deviations (moles, dark freckles, scars) keep the base.
    const deviation = Math.abs(luma(b0, b1, b2) - luma(s0, s1, s2));
    const keep = smoothstep(RETOUCH.blemishContrast, RETOUCH.moleContrast, deviation);
    s0 += (b0 - s0) * keep;
    s1 += (b1 - s1) * keep;
    s2 += (b2 - s2) * keep;
    // Tone: chroma towards the large-scale chroma, luma (shading) kept.
    const ys = luma(s0, s1, s2);
    const yl = luma(large[0][i]!, large[1][i]!, large[2][i]!);
    const t = RETOUCH.toneEven;
    s0 = ys + (s0 - ys) * (1 - t) + (large[0][i]! - yl) * t;
    s1 = ys + (s1 - ys) * (1 - t) + (large[1][i]! - yl) * t;
    s2 = ys + (s2 - ys) * (1 - t) + (large[2][i]! - yl) * t;
    // Under-eye shadows: lifted towards the cheeks' luma, only where darker.
    const lift = underEye[i]! * RETOUCH.underEyeLift * Math.max(0, cheekLuma - ys);
    s0 += lift;
    s1 += lift;
    s2 += lift;
    const keepTexture = 1 - 0.2 * m;
    const y = Math.floor(i / w);
    const x = i - y * w;
    const p = ((y + oy) * width + x + ox) * 3;
    const retouched = [s0, s1, s2] as const;
    for (const c of [0, 1, 2] as const) {
      const bc = base[c][i]!;
      const high = planes[c][i]! - bc;
      const value = bc + m * (retouched[c] - bc) + high * keepTexture;
      rgb[p + c] = Math.min(255, Math.max(0, Math.round(value)));
    }
  }
}
