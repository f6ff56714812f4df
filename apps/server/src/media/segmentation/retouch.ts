import type { RetouchSettings } from '@studio-gallery/contract';

/**
 * The free AI portrait retouch (issue 13 §3, issue 22 §2), as pure pixel functions on the face's
 * 468-point mesh (face-mesh.ts). No sharp, no tfjs. Every step works in the crop around the face and
 * neck (retouchRegion) at the photo's full size; docs/editor.md "AI retouch" has the figures.
 *
 * 1. Skin mask (skinMask): where the retouch may act. The face oval's hull plus a neck trapezoid,
 *    minus the eyes, brows, lips and nostrils (hulls enlarged by RETOUCH.grow), feathered; then a
 *    per-face gate from the person's own cheeks, so it holds for every skin tone:
 *    - colour: the pixel's chroma (Cb, Cr), scaled up where it is darker than the cheeks (a shadow
 *      keeps skin's hue at less light), must lie near the line from neutral to the cheeks' chroma
 *      (paler towards neutral only inside the face oval: shine; the backdrop beside the neck is not);
 *    - lightness: much darker than the cheeks is a beard, brows, hair or a glasses rim;
 *    - roughness: the local variance of fine detail far above the cheeks' own is hair or a rim.
 *    The hard hulls are cut out again: eyes, brows, lips and nostrils are never changed.
 * 2. Frequency separation with weights: every blur is a normalised (mask-weighted) blur, so skin is
 *    averaged with skin only; a beard, a rim or the backdrop never bleed into it (the blue of a
 *    backdrop pulled into a jaw). base = box blur of radius face width / 100; high = image − base (pores,
 *    the skin's grain) is kept: all but RETOUCH.textureLoss·strength of it.
 * 3. The low band is smoothed by a self-guided filter (edge-preserving), with the pixels outside the
 *    skin filled by the skin's own large-scale colour first, at min(1, strength·RETOUCH.smoothGain).
 * 4. Blemishes (findBlemishes): spots darker or redder than the skin around them, found at the scale
 *    of a few pixels, grouped into connected parts and told apart by size, contrast and shape: longer
 *    than RETOUCH.blemish.maxElongation (a crease, a hair) or wider than maxDiameter (shading) are not
 *    blemishes; dark (moleContrast), not red, round ones are moles and stay when keepMoles (protected
 *    from the smoothing too); the rest are spots, painted over with the surrounding skin (a normalised
 *    blur that leaves the spots out) plus the texture of skin beside them.
 * 5. Shine: where the smoothed band is brighter than the face's large-scale light and paler than its
 *    colour, inside the face oval, its lightness and chroma go most of the way back to the large scale.
 * 6. Under the eyes and at their outer corners: shadows lifted towards the cheeks' lightness, smoothing
 *    at least min(1, 2·strength) and more of the fine lines (texture band) softened.
 * 7. Tone: the chroma of the smoothed band moves RETOUCH.toneEven of the way to its large-scale mean
 *    (blotchy redness evens out; the shading, which is luma, is kept).
 * 8. out = base + s·(retouched − base) + high·(1 − loss), then the spots painted over.
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
  /** Colour gate: full at a CbCr distance from the skin line up to `near`, none from `far` (0..255 levels). */
  chroma: { near: 9, far: 18 },
  /** Lightness gate, as a share of the cheeks' luma: none below `none`, full from `full`. */
  darkLuma: { none: 0.42, full: 0.6 },
  /** Roughness gate: fine-detail variance over the cheeks' own, `full` up to cheek·k+floor, none from. */
  roughness: { full: 4, fullFloor: 30, none: 8, noneFloor: 60 },
  /** Guided filter regularisation (0..1 channel values): variance below ~0.045² (11 levels) is flattened. */
  epsilon: 0.045 ** 2,
  /** The smoothing's share at a strength: min(1, strength × smoothGain) (Light 0.3 → 0.6, Moderate 0.5 → 1). */
  smoothGain: 2,
  /** Share of the texture band taken out at strength 1 (everywhere on skin). */
  textureLoss: 0.3,
  /** Strong, stable local deviations (luma levels of base − smooth) keep their pixels when keepMoles. */
  keepContrast: 28,
  blemish: {
    /** A pixel is a candidate from this darkness + 1.5 × redness against its surroundings (levels). */
    detect: 7,
    /** Parts too large or too long are looked at again this much higher, up to `rounds` thresholds in all. */
    step: 6,
    rounds: 4,
    /** A part counts when its strongest pixel reaches this. */
    peak: 12,
    /** Largest spot, in face widths (wider is shading or a feature). */
    maxDiameter: 0.06,
    /** Longer than this (√ of the moments' ratio) is a line: a crease, a hair, a rim. */
    maxElongation: 3,
    /** A mole: at least this dark (levels), redness under moleMaxRedness, elongation under moleMaxElongation. */
    moleContrast: 24,
    moleMaxRedness: 6,
    moleMaxElongation: 2,
    /** Full removal from this strength (below it in proportion). */
    fullAt: 0.34,
  },
  /** Under-eye: shadows lifted this share of the way to the cheeks' luma; this share of the texture band softened. */
  underEyeLift: 0.6,
  underEyeTextureLoss: 0.5,
  /** Shine: excess luma over the large scale (levels) where it starts and is full; share taken back. */
  shine: { from: 5, to: 22, reduce: 0.8 },
  toneEven: 0.6,
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

let scratch = new Float32Array(0);

/** Mean over a (2r+1)² window, clipped at the borders. */
export function boxBlur(src: Float32Array, w: number, h: number, r: number): Float32Array {
  if (r < 1) return src.slice();
  if (scratch.length < w * h) scratch = new Float32Array(w * h);
  const tmp = scratch;
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
    const scale = 1 / (Math.min(h - 1, y + r) - Math.max(0, y - r) + 1);
    for (let x = 0, row = y * w; x < w; x++) out[row + x] = sums[x]! * scale;
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

/** Blur of `plane` weighted by `weight` (both w x h), normalised: pixels of weight 0 do not count. */
export function weightedBlur(plane: Float32Array, weight: Float32Array, blurredWeight: Float32Array, w: number, h: number, r: number, passes = 1): Float32Array {
  let weighted: Float32Array = new Float32Array(plane.length);
  for (let i = 0; i < plane.length; i++) weighted[i] = plane[i]! * weight[i]!;
  for (let k = 0; k < passes; k++) weighted = boxBlur(weighted, w, h, r);
  for (let i = 0; i < plane.length; i++) weighted[i] = weighted[i]! / blurredWeight[i]!;
  return weighted;
}

/** The blurred weights weightedBlur divides by (a small floor keeps it defined far from any weight). */
function blurWeights(weight: Float32Array, w: number, h: number, r: number, passes = 1): Float32Array {
  let blurred = weight;
  for (let k = 0; k < passes; k++) blurred = boxBlur(blurred, w, h, r);
  return blurred;
}

/** Weights with a floor, so that a normalised blur far from the skin is a plain blur. */
function floored(weight: Float32Array, floor = 1e-3): Float32Array {
  const out = new Float32Array(weight.length);
  for (let i = 0; i < weight.length; i++) out[i] = weight[i]! + floor;
  return out;
}

export interface SkinReference {
  /** Median luma, Cb and Cr of the cheeks. */
  y: number;
  cb: number;
  cr: number;
}

/** The colour gate of one pixel against the face's skin reference (file comment, step 1). */
export function skinColourGate(r: number, g: number, b: number, ref: SkinReference, insideOval: boolean): number {
  const y = luma(r, g, b);
  let pb = cb(r, g, b);
  let pr = cr(r, g, b);
  if (y < ref.y && y > 1) {
    const k = ref.y / y;
    pb *= k;
    pr *= k;
  }
  const refLength2 = ref.cb * ref.cb + ref.cr * ref.cr || 1;
  const palest = insideOval && y > ref.y ? 0.4 : 0.8;
  const t = Math.min(1.3, Math.max(palest, (pb * ref.cb + pr * ref.cr) / refLength2));
  const distance = Math.sqrt((pb - t * ref.cb) ** 2 + (pr - t * ref.cr) ** 2);
  const colour = 1 - smoothstep(RETOUCH.chroma.near, RETOUCH.chroma.far, distance);
  const light = smoothstep(RETOUCH.darkLuma.none * ref.y, RETOUCH.darkLuma.full * ref.y, y);
  return colour * light;
}

export interface SkinMask {
  /** Where the retouch may act, 0..1. */
  mask: Float32Array;
  /** The hard exclusions (eyes, brows, lips, nostrils): 1. */
  excluded: Float32Array;
  /** Under the eyes and beside their outer corners, feathered, 0..1. */
  eyeBand: Float32Array;
  /** Inside the face oval (not the neck), feathered, 0..1: where shine is looked for. */
  oval: Float32Array;
  /**
   * The mask with small holes closed (a spot's or a mole's own colour fails the gate), and not within
   * 0.04 face widths of the features: where blemishes are looked for.
   */
  spotArea: Float32Array;
  reference: SkinReference;
}

/**
 * The skin mask (0..1) of the crop `region` of an RGB image: see the file comment, step 1. Also
 * returns the hard exclusions, the eye band and the cheeks' reference colour.
 */
export function skinMask(rgb: Uint8Array, imageWidth: number, face: FacePoints, region: RetouchRegion): SkinMask {
  const { x: ox, y: oy, width: w, height: h, faceWidth } = region;
  const n = w * h;
  const at = (i: number): Point => [face.mesh[i]![0] - ox, face.mesh[i]![1] - oy];
  const points = (indices: readonly number[]) => indices.map(at);

  const shape = new Float32Array(n);
  const ovalShape = new Float32Array(n);
  const oval = hull(points(REGIONS.faceOval));
  fillPolygon(shape, w, h, oval, 1);
  fillPolygon(ovalShape, w, h, oval, 1);
  // The neck: from the jaw corners down, narrowing to 70 % of the jaw's width.
  const [jawLeft, jawRight, chin] = REGIONS.jaw.map(at) as [Point, Point, Point];
  const faceHeight = Math.max(...oval.map((q) => q[1])) - Math.min(...oval.map((q) => q[1]));
  const depth = chin[1] + faceHeight * RETOUCH.neckDepth;
  const jawMid = (jawLeft[0] + jawRight[0]) / 2;
  const half = (jawRight[0] - jawLeft[0]) / 2;
  fillPolygon(shape, w, h, [jawLeft, jawRight, [jawMid + half * 0.7, depth], [jawMid - half * 0.7, depth]], 1);

  const excludedHulls = [
    grow(hull(points(REGIONS.leftEye)), RETOUCH.grow.eye, RETOUCH.grow.eye * 1.3),
    grow(hull(points(REGIONS.rightEye)), RETOUCH.grow.eye, RETOUCH.grow.eye * 1.3),
    grow(hull(points(REGIONS.leftBrow)), RETOUCH.grow.brow),
    grow(hull(points(REGIONS.rightBrow)), RETOUCH.grow.brow),
    grow(hull(points(REGIONS.lips)), RETOUCH.grow.lips),
    grow(hull(points(REGIONS.nostrils)), RETOUCH.grow.nostril),
  ];
  const excluded = new Float32Array(n);
  for (const polygon of excludedHulls) fillPolygon(excluded, w, h, polygon, 1);
  // The feather must reach 0 at the hulls' edge (a step there shows as a line across the smoothed
  // skin): the shape stops one feather short of them, and the feather's two blurs reach that far.
  const feather = Math.max(1, Math.round(faceWidth * RETOUCH.featherFraction));
  const nearHull = boxBlur(excluded, w, h, feather);
  for (let i = 0; i < n; i++) if (nearHull[i]! > 0) shape[i] = 0;
  const featherHalf = Math.max(1, Math.round(feather / 2));
  const feathered = boxBlur(boxBlur(shape, w, h, featherHalf), w, h, featherHalf);
  const ovalSoft = boxBlur(ovalShape, w, h, feather);

  // The cheeks' own colour: the gate's reference and the under-eye lift's target.
  const radius = Math.max(1, Math.round(faceWidth * 0.03));
  const ys: number[] = [];
  const cbs: number[] = [];
  const crs: number[] = [];
  const cheekPixels: number[] = [];
  for (const [cx, cy] of points(REGIONS.cheeks)) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const x = Math.round(cx + dx);
        const y = Math.round(cy + dy);
        if (x < 0 || y < 0 || x >= w || y >= h) continue;
        const p = ((y + oy) * imageWidth + x + ox) * 3;
        ys.push(luma(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!));
        cbs.push(cb(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!));
        crs.push(cr(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!));
        cheekPixels.push(y * w + x);
      }
    }
  }
  const reference: SkinReference = { y: median(ys), cb: median(cbs), cr: median(crs) };

  // Roughness: the local variance of the luma's fine detail (image − a 3x3 mean).
  const lumaPlane = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0, p = ((y + oy) * imageWidth + ox) * 3; x < w; x++, p += 3) lumaPlane[y * w + x] = luma(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!);
  }
  const fine = boxBlur(lumaPlane, w, h, 1);
  for (let i = 0; i < n; i++) fine[i] = (lumaPlane[i]! - fine[i]!) ** 2;
  const roughness = boxBlur(fine, w, h, Math.max(2, Math.round(faceWidth / 40)));
  const cheekRoughness = median(cheekPixels.map((i) => roughness[i]!));
  const { full, fullFloor, none, noneFloor } = RETOUCH.roughness;

  const gate = new Float32Array(n);
  for (let y = 0; y < h; y++) {
    for (let x = 0, p = ((y + oy) * imageWidth + ox) * 3; x < w; x++, p += 3) {
      const i = y * w + x;
      if (feathered[i]! <= 0) continue;
      const smooth = 1 - smoothstep(cheekRoughness * full + fullFloor, cheekRoughness * none + noneFloor, roughness[i]!);
      gate[i] = skinColourGate(rgb[p]!, rgb[p + 1]!, rgb[p + 2]!, reference, ovalSoft[i]! > 0.5) * smooth;
    }
  }
  // The gate itself is softened a little so that it does not follow single noisy pixels.
  const softGate = boxBlur(gate, w, h, Math.max(1, Math.round(feather / 2)));
  const mask = new Float32Array(n);
  for (let i = 0; i < n; i++) mask[i] = excluded[i] === 1 ? 0 : feathered[i]! * softGate[i]!;
  // Holes up to ~0.06 face widths across, mostly surrounded by skin, closed for the blemish search.
  // Not beside the features either: the edge of an eye, a nostril or the lips looks like a spot.
  const around = boxBlur(gate, w, h, Math.max(2, Math.round(faceWidth * 0.04)));
  const nearFeature = boxBlur(excluded, w, h, Math.max(2, Math.round(faceWidth * 0.04)));
  const spotArea = new Float32Array(n);
  for (let i = 0; i < n; i++) spotArea[i] = nearFeature[i]! > 0 ? 0 : feathered[i]! * Math.max(softGate[i]!, smoothstep(0.55, 0.8, around[i]!));

  // Under each eye (the eye's hull moved down) and beside its outer corner (moved outwards).
  const band = new Float32Array(n);
  const centreX = (jawLeft[0] + jawRight[0]) / 2;
  for (const eye of [REGIONS.leftEye, REGIONS.rightEye]) {
    const eh = hull(points(eye));
    const height = Math.max(...eh.map((q) => q[1])) - Math.min(...eh.map((q) => q[1]));
    const width = Math.max(...eh.map((q) => q[0])) - Math.min(...eh.map((q) => q[0]));
    const eyeX = eh.reduce((s, q) => s + q[0], 0) / eh.length;
    const outwards = eyeX < centreX ? -1 : 1;
    fillPolygon(band, w, h, grow(eh, 1.2, 1.1).map(([x, y]) => [x, y + height * 1.6] as const), 1);
    fillPolygon(band, w, h, grow(eh, 0.6, 1.6).map(([x, y]) => [x + outwards * width * 0.75, y + height * 0.3] as const), 1);
  }
  const eyeBand = boxBlur(boxBlur(band, w, h, feather * 2), w, h, feather * 2);
  return { mask, excluded, eyeBand, oval: ovalSoft, spotArea, reference };
}

export type BlemishKind = 'spot' | 'mole';

export interface Blemish {
  kind: BlemishKind;
  /** Centre and size in the crop's pixels. */
  x: number;
  y: number;
  diameter: number;
  /** Darkness (luma levels below the surrounding skin) of its strongest pixel, and mean redness (Cr levels above). */
  contrast: number;
  redness: number;
  elongation: number;
  /** The crop's pixel indices. */
  pixels: number[];
}

/**
 * Spots and moles in the skin mask (file comment, step 4): candidates against the surrounding skin
 * (a weighted blur of face width / 20), connected parts, and the size, contrast and shape rules.
 */
export function findBlemishes(lumaPlane: Float32Array, crPlane: Float32Array, mask: Float32Array, spotArea: Float32Array, w: number, h: number, faceWidth: number): Blemish[] {
  const n = w * h;
  const rule = RETOUCH.blemish;
  const detailL = boxBlur(lumaPlane, w, h, 1);
  const detailCr = boxBlur(crPlane, w, h, 1);
  const weight = floored(mask);
  const around = Math.max(3, Math.round(faceWidth / 15));
  const blurredWeight = blurWeights(weight, w, h, around);
  const skinL = weightedBlur(detailL, weight, blurredWeight, w, h, around);
  const skinCr = weightedBlur(detailCr, weight, blurredWeight, w, h, around);
  const score = new Float32Array(n);
  const darkness = new Float32Array(n);
  const redness = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (spotArea[i]! < 0.5) continue;
    darkness[i] = skinL[i]! - detailL[i]!;
    redness[i] = detailCr[i]! - skinCr[i]!;
    score[i] = darkness[i]! + 1.5 * Math.max(0, redness[i]!);
  }

  // Connected parts above a threshold; a part too large or too long is looked at again at a higher
  // threshold (a spot inside a darker patch of shading, a spot touching a crease).
  const label = new Int32Array(n).fill(-1);
  const found: Blemish[] = [];
  const stack: number[] = [];
  const maxDiameter = rule.maxDiameter * faceWidth;
  const examine = (starts: Iterable<number>, threshold: number, round: number): void => {
    for (const start of starts) {
      if (label[start]! >= round || score[start]! < threshold) continue;
      const pixels: number[] = [];
      label[start] = round;
      stack.push(start);
      while (stack.length > 0) {
        const i = stack.pop()!;
        pixels.push(i);
        const x = i % w;
        for (let k = 0; k < 4; k++) {
          const j = k === 0 ? (x > 0 ? i - 1 : -1) : k === 1 ? (x < w - 1 ? i + 1 : -1) : k === 2 ? i - w : i + w;
          if (j < 0 || j >= n || label[j]! >= round || score[j]! < threshold) continue;
          label[j] = round;
          stack.push(j);
        }
      }
      const blemish = describe(pixels);
      if (blemish === 'too large' || (blemish !== null && blemish.elongation > rule.maxElongation)) {
        if (round < rule.rounds - 1) examine(pixels, threshold + rule.step, round + 1);
      } else if (blemish !== null) {
        found.push(blemish);
      }
    }
  };
  const describe = (pixels: number[]): Blemish | 'too large' | null => {
    const diameter = 2 * Math.sqrt(pixels.length / Math.PI);
    if (diameter > maxDiameter) return 'too large';
    if (pixels.length < 3) return null;
    let peak = 0;
    let contrast = 0;
    let red = 0;
    let sx = 0;
    let sy = 0;
    for (const i of pixels) {
      peak = Math.max(peak, score[i]!);
      contrast = Math.max(contrast, darkness[i]!);
      red += redness[i]!;
      sx += i % w;
      sy += Math.floor(i / w);
    }
    if (peak < rule.peak) return null;
    const cx = sx / pixels.length;
    const cy = sy / pixels.length;
    let xx = 0;
    let yy = 0;
    let xy = 0;
    for (const i of pixels) {
      const dx = (i % w) - cx;
      const dy = Math.floor(i / w) - cy;
      xx += dx * dx;
      yy += dy * dy;
      xy += dx * dy;
    }
    const trace = (xx + yy) / pixels.length;
    const det = (xx * yy - xy * xy) / pixels.length ** 2;
    const root = Math.sqrt(Math.max(0, (trace * trace) / 4 - det));
    const elongation = Math.sqrt((trace / 2 + root) / Math.max(1e-6, trace / 2 - root));
    const meanRedness = red / pixels.length;
    const mole = contrast >= rule.moleContrast && meanRedness < rule.moleMaxRedness && elongation <= rule.moleMaxElongation;
    return { kind: mole ? 'mole' : 'spot', x: cx, y: cy, diameter, contrast, redness: meanRedness, elongation, pixels };
  };
  const everywhere = { *[Symbol.iterator]() { for (let i = 0; i < n; i++) yield i; } };
  examine(everywhere, rule.detect, 0);
  return found;
}

/** The blemishes' pixels grown by `grow` px and feathered by 1 px, 0..1. */
function blemishArea(blemishes: readonly Blemish[], w: number, h: number, grow: number): Float32Array {
  const area = new Float32Array(w * h);
  for (const blemish of blemishes) for (const i of blemish.pixels) area[i] = 1;
  const grown = boxBlur(area, w, h, grow);
  for (let i = 0; i < grown.length; i++) grown[i] = grown[i]! > 1e-3 ? 1 : 0;
  return boxBlur(grown, w, h, 1);
}

export interface RetouchReport {
  /** What was found, in the working crop's pixels (see `scale`). */
  blemishes: Blemish[];
  /** The working crop's scale: its pixels are `scale` x `scale` of the photo's. */
  scale: number;
}

/** The least face width the low bands are worked at: faces at least twice as wide are worked on a copy shrunk by a whole factor. */
const WORK_FACE_WIDTH = 200;

/** The crop `region` of an RGB image, shrunk by `f` (mean of f x f pixels), as RGB bytes. */
function shrinkCrop(rgb: Uint8Array, imageWidth: number, region: RetouchRegion, f: number): { rgb: Uint8Array; w: number; h: number } {
  const w = Math.ceil(region.width / f);
  const h = Math.ceil(region.height / f);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let count = 0;
      for (let dy = 0; dy < f && y * f + dy < region.height; dy++) {
        for (let dx = 0, p = ((region.y + y * f + dy) * imageWidth + region.x + x * f) * 3; dx < f && x * f + dx < region.width; dx++, p += 3) {
          r += rgb[p]!;
          g += rgb[p + 1]!;
          b += rgb[p + 2]!;
          count++;
        }
      }
      const q = (y * w + x) * 3;
      out[q] = Math.round(r / count);
      out[q + 1] = Math.round(g / count);
      out[q + 2] = Math.round(b / count);
    }
  }
  return { rgb: out, w, h };
}

type YCbCr = [Float32Array, Float32Array, Float32Array];

/** Steps 5-7 on the working crop: the change of the low band (dY, dCb, dCr) and the texture's loss. */
function lowBandChange(
  skin: SkinMask,
  base: YCbCr,
  large: YCbCr,
  smooth: YCbCr,
  protectArea: Float32Array | null,
  settings: RetouchSettings,
  s: number,
): { dY: Float32Array; dCb: Float32Array; dCr: Float32Array; loss: Float32Array } {
  const n = skin.mask.length;
  const [smoothY, smoothCb, smoothCr] = smooth;
  const { mask, eyeBand, oval, reference } = skin;
  const smoothing = Math.min(1, s * RETOUCH.smoothGain);
  const eyeStrength = Math.min(1, 2 * s);
  const dY = new Float32Array(n);
  const dCb = new Float32Array(n);
  const dCr = new Float32Array(n);
  const loss = new Float32Array(n);
  const chromaOf = (b: number, r: number) => Math.sqrt(b * b + r * r);
  for (let i = 0; i < n; i++) {
    const inSkin = mask[i]!;
    if (inSkin <= 1e-3) continue;
    const by = base[0][i]!;
    const bb = base[1][i]!;
    const br = base[2][i]!;
    let ty = smoothY[i]!;
    let tb = smoothCb[i]!;
    let tr = smoothCr[i]!;
    // Strong, stable deviations (a mole the detector did not isolate, a scar) keep the base.
    if (settings.keepMoles) {
      const keep = smoothstep(RETOUCH.keepContrast / 2, RETOUCH.keepContrast, Math.abs(by - ty));
      ty += (by - ty) * keep;
      tb += (bb - tb) * keep;
      tr += (br - tr) * keep;
    }
    const ly = large[0][i]!;
    const lb = large[1][i]!;
    const lr = large[2][i]!;
    // Shine: brighter than the large scale and paler than its colour, inside the oval.
    if (settings.reduceShine && oval[i]! > 0) {
      const pale = chromaOf(tb, tr) / (chromaOf(lb, lr) || 1);
      const shine = oval[i]! * smoothstep(RETOUCH.shine.from, RETOUCH.shine.to, ty - ly) * smoothstep(0.98, 0.75, pale) * RETOUCH.shine.reduce;
      ty -= shine * (ty - ly);
      tb += shine * (lb - tb);
      tr += shine * (lr - tr);
    }
    // Tone: chroma towards the large-scale chroma, luma (shading) kept.
    if (settings.evenSkinTone) {
      tb += RETOUCH.toneEven * (lb - tb);
      tr += RETOUCH.toneEven * (lr - tr);
    }
    const band = settings.softenUnderEyes ? eyeBand[i]! : 0;
    if (band > 0) ty += band * RETOUCH.underEyeLift * Math.max(0, reference.y - ty);
    const free = 1 - (protectArea ? protectArea[i]! : 0);
    const m = inSkin * free * Math.max(smoothing, band * eyeStrength);
    dY[i] = m * (ty - by);
    dCb[i] = m * (tb - bb);
    dCr[i] = m * (tr - br);
    loss[i] = inSkin * free * s * (RETOUCH.textureLoss + band * RETOUCH.underEyeTextureLoss);
  }
  return { dY, dCb, dCr, loss };
}

/** Step 8 at full size: out = image + Δlow − loss·high, then the spots painted over (the working crop's planes brought up bilinearly). */
function compose(
  rgb: Uint8Array,
  width: number,
  full: RetouchRegion,
  f: number,
  work: { w: number; h: number; mask: Float32Array; base: YCbCr; dY: Float32Array; dCb: Float32Array; dCr: Float32Array; loss: Float32Array },
  spots: { weight: Float32Array; fill: YCbCr; cloneX: Int16Array; cloneY: Int16Array } | null,
): void {
  const { w, h, mask, base, dY, dCb, dCr, loss } = work;
  const spotWeight = spots?.weight ?? null;
  const fill = spots?.fill ?? null;
  const cloneX = spots?.cloneX ?? new Int16Array(0);
  const cloneY = spots?.cloneY ?? new Int16Array(0);
  const fx = (x: number) => Math.min(w - 1, Math.max(0, (x + 0.5) / f - 0.5));
  const sample = (plane: Float32Array, i00: number, i10: number, i01: number, i11: number, ax: number, ay: number) =>
    (plane[i00]! * (1 - ax) + plane[i10]! * ax) * (1 - ay) + (plane[i01]! * (1 - ax) + plane[i11]! * ax) * ay;
  const sampleAt = (plane: Float32Array, X: number, Y_: number) => {
    const u = fx(X);
    const v = Math.min(h - 1, Math.max(0, (Y_ + 0.5) / f - 0.5));
    const x0 = Math.floor(u);
    const y0 = Math.floor(v);
    const x1 = Math.min(w - 1, x0 + 1);
    const y1 = Math.min(h - 1, y0 + 1);
    return sample(plane, y0 * w + x0, y0 * w + x1, y1 * w + x0, y1 * w + x1, u - x0, v - y0);
  };
  for (let Y0 = 0; Y0 < full.height; Y0++) {
    const v = Math.min(h - 1, Math.max(0, (Y0 + 0.5) / f - 0.5));
    const y0 = Math.floor(v);
    const y1 = Math.min(h - 1, y0 + 1);
    const ay = v - y0;
    for (let X0 = 0; X0 < full.width; X0++) {
      const u = f === 1 ? X0 : fx(X0);
      const x0 = Math.floor(u);
      const x1 = Math.min(w - 1, x0 + 1);
      const ax = u - x0;
      const i00 = y0 * w + x0;
      const i10 = y0 * w + x1;
      const i01 = y1 * w + x0;
      const i11 = y1 * w + x1;
      const skinNear = Math.max(mask[i00]!, mask[i10]!, mask[i01]!, mask[i11]!);
      if (skinNear <= 1e-3 && (!spotWeight || Math.max(spotWeight[i00]!, spotWeight[i10]!, spotWeight[i01]!, spotWeight[i11]!) <= 1e-3)) continue;
      const p = ((full.y + Y0) * width + full.x + X0) * 3;
      const r = rgb[p]!;
      const g = rgb[p + 1]!;
      const b = rgb[p + 2]!;
      const iy = luma(r, g, b);
      const ib = cb(r, g, b);
      const ir = cr(r, g, b);
      const by = sample(base[0], i00, i10, i01, i11, ax, ay);
      const bb = sample(base[1], i00, i10, i01, i11, ax, ay);
      const br = sample(base[2], i00, i10, i01, i11, ax, ay);
      const keep = 1 - sample(loss, i00, i10, i01, i11, ax, ay);
      let oy = by + sample(dY, i00, i10, i01, i11, ax, ay) + (iy - by) * keep;
      let ob = bb + sample(dCb, i00, i10, i01, i11, ax, ay) + (ib - bb) * keep;
      let or = br + sample(dCr, i00, i10, i01, i11, ax, ay) + (ir - br) * keep;
      const spot = spotWeight && fill ? sample(spotWeight, i00, i10, i01, i11, ax, ay) : 0;
      if (spot > 1e-3 && fill) {
        // The nearest working pixel's clone offset, at full size.
        const near = Math.round(v) * w + Math.round(u);
        const X1 = Math.min(full.width - 1, Math.max(0, X0 + cloneX[near]! * f));
        const Y1 = Math.min(full.height - 1, Math.max(0, Y0 + cloneY[near]! * f));
        const q = ((full.y + Y1) * width + full.x + X1) * 3;
        const hy = luma(rgb[q]!, rgb[q + 1]!, rgb[q + 2]!) - sampleAt(base[0], X1, Y1);
        const hb = cb(rgb[q]!, rgb[q + 1]!, rgb[q + 2]!) - sampleAt(base[1], X1, Y1);
        const hr = cr(rgb[q]!, rgb[q + 1]!, rgb[q + 2]!) - sampleAt(base[2], X1, Y1);
        oy += spot * (sample(fill[0], i00, i10, i01, i11, ax, ay) + hy * keep - oy);
        ob += spot * (sample(fill[1], i00, i10, i01, i11, ax, ay) + hb * keep - ob);
        or += spot * (sample(fill[2], i00, i10, i01, i11, ax, ay) + hr * keep - or);
      }
      rgb[p] = Math.min(255, Math.max(0, Math.round(oy + 1.402 * or)));
      rgb[p + 1] = Math.min(255, Math.max(0, Math.round(oy - 0.344136 * ob - 0.714136 * or)));
      rgb[p + 2] = Math.min(255, Math.max(0, Math.round(oy + 1.772 * ob)));
    }
  }
}

/**
 * Retouches an RGB image (3 bytes a pixel) in place around the face: steps 2-8 of the file comment.
 * The bands below the texture (base, smoothing, tone, shine, blemishes) are worked out on the crop at
 * a face width of WORK_FACE_WIDTH to twice that and brought back to full size bilinearly (they are smooth at
 * that scale); the texture band is the photo's own at full size. Returns what it found.
 */
export function retouchFace(rgb: Uint8Array, width: number, height: number, face: FacePoints, settings: RetouchSettings): RetouchReport {
  const s = Math.min(1, Math.max(0, settings.strength));
  const full = retouchRegion(face, width, height);
  const f = Math.max(1, Math.floor(full.faceWidth / WORK_FACE_WIDTH));
  if (s === 0) return { blemishes: [], scale: f };
  const small = shrinkCrop(rgb, width, full, f);
  const { w, h } = small;
  const n = w * h;
  const faceWidth = full.faceWidth / f;
  const region: RetouchRegion = { x: 0, y: 0, width: w, height: h, faceWidth };
  const smallFace: FacePoints = { mesh: face.mesh.map(([x, y]) => [(x - full.x) / f, (y - full.y) / f] as const) };
  const { mask, eyeBand, oval, spotArea, reference } = skinMask(small.rgb, w, smallFace, region);

  // The working planes in Y, Cb, Cr (linear in RGB, so every blur commutes with the conversion).
  const Y = new Float32Array(n);
  const Cb = new Float32Array(n);
  const Cr = new Float32Array(n);
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const r = small.rgb[p]!;
    const g = small.rgb[p + 1]!;
    const b = small.rgb[p + 2]!;
    Y[i] = luma(r, g, b);
    Cb[i] = cb(r, g, b);
    Cr[i] = cr(r, g, b);
  }
  const texture = Math.max(1, Math.round(faceWidth / 100));
  const smoothRadius = Math.max(2, Math.round(faceWidth / 25));
  const toneRadius = Math.max(4, Math.round(faceWidth / 8));

  // Step 2: the base band, skin averaged with skin only.
  const weight = floored(mask);
  const baseWeight = blurWeights(weight, w, h, texture);
  const base = [Y, Cb, Cr].map((plane) => weightedBlur(plane, weight, baseWeight, w, h, texture)) as YCbCr;
  // The skin's large-scale colour: the tone's and the shine's reference, and the fill outside the skin.
  const largeWeight = blurWeights(weight, w, h, toneRadius);
  const large = base.map((plane) => weightedBlur(plane, weight, largeWeight, w, h, toneRadius)) as YCbCr;
  // Step 3: luma by the edge-preserving filter (the skin filled in where it is not skin), chroma by a weighted blur.
  const filledY = new Float32Array(n);
  for (let i = 0; i < n; i++) filledY[i] = mask[i]! * base[0][i]! + (1 - mask[i]!) * large[0][i]!;
  const smoothY = guidedSelf(filledY, w, h, smoothRadius, RETOUCH.epsilon);
  const chromaWeight = blurWeights(weight, w, h, smoothRadius);
  const smoothCb = weightedBlur(base[1], weight, chromaWeight, w, h, smoothRadius);
  const smoothCr = weightedBlur(base[2], weight, chromaWeight, w, h, smoothRadius);

  // Step 4: blemishes; the spots' fill leaves every blemish out of its average.
  const blemishes = settings.removeBlemishes ? findBlemishes(Y, Cr, mask, spotArea, w, h, faceWidth) : [];
  const grown = Math.max(1, Math.round(faceWidth / 100));
  const spots = blemishes.filter((b) => b.kind === 'spot' || !settings.keepMoles);
  const moles = settings.keepMoles ? blemishes.filter((b) => b.kind === 'mole') : [];
  const removeArea = spots.length > 0 ? blemishArea(spots, w, h, grown) : null;
  const protectArea = moles.length > 0 ? blemishArea(moles, w, h, grown) : null;
  let fill: YCbCr | null = null;
  const cloneX = new Int16Array(removeArea ? n : 0);
  const cloneY = new Int16Array(removeArea ? n : 0);
  if (removeArea) {
    const all = blemishArea(blemishes, w, h, grown);
    const clean = new Float32Array(n);
    for (let i = 0; i < n; i++) clean[i] = mask[i]! * (1 - all[i]!) + 1e-4;
    const around = Math.max(3, Math.round(faceWidth / 30));
    const cleanWeight = blurWeights(clean, w, h, around);
    fill = base.map((plane) => weightedBlur(plane, clean, cleanWeight, w, h, around)) as YCbCr;
    // The texture painted in: the texture band of clean skin one spot's width beside it.
    for (const spot of spots) {
      const reach = Math.ceil(spot.diameter) + 2 * grown + 2;
      let best: readonly [number, number] = [reach, 0];
      let bestScore = -1;
      for (const [dx, dy] of [[reach, 0], [-reach, 0], [0, reach], [0, -reach]] as const) {
        const x = Math.round(spot.x + dx);
        const y = Math.round(spot.y + dy);
        if (x < 0 || y < 0 || x >= w || y >= h || clean[y * w + x]! <= bestScore) continue;
        bestScore = clean[y * w + x]!;
        best = [dx, dy];
      }
      for (const i of spot.pixels) {
        cloneX[i] = best[0];
        cloneY[i] = best[1];
      }
    }
    // The grown rim of each spot takes a neighbouring spot pixel's offset.
    for (let pass = 0; pass < grown + 2; pass++) {
      for (let i = 0; i < n; i++) {
        if (cloneX[i] !== 0 || cloneY[i] !== 0 || removeArea[i]! <= 0) continue;
        const x = i % w;
        for (let k = 0; k < 4; k++) {
          const j = k === 0 ? (x > 0 ? i - 1 : -1) : k === 1 ? (x < w - 1 ? i + 1 : -1) : k === 2 ? i - w : i + w;
          if (j >= 0 && j < n && (cloneX[j] !== 0 || cloneY[j] !== 0)) {
            cloneX[i] = cloneX[j]!;
            cloneY[i] = cloneY[j]!;
            break;
          }
        }
      }
    }
  }

  // Steps 5-7 on the working crop.
  const skin = { mask, eyeBand, oval, spotArea, reference, excluded: new Float32Array(0) };
  const { dY, dCb, dCr, loss } = lowBandChange(skin, base, large, [smoothY, smoothCb, smoothCr], protectArea, settings, s);
  const removal = Math.min(1, s / RETOUCH.blemish.fullAt);
  const spotWeight = removeArea ? removeArea.map((v, i) => v * removal * Math.min(1, spotArea[i]! * 2)) : null;

  // Step 8 at full size.
  compose(rgb, width, full, f, { w, h, mask, base, dY, dCb, dCr, loss }, spotWeight && fill ? { weight: spotWeight, fill, cloneX, cloneY } : null);
  return { blemishes, scale: f };
}
