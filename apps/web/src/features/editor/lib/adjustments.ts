import { GRAIN_OVERLAY_OPACITY, GRAIN_TILE_PX, seededRandom, type EditValues } from '@studio-gallery/contract';

/**
 * The reference maths of the Light, Color and Effects sliders (docs/editor.md). The WebGL2 shader
 * (shader.ts) implements the same functions term for term and the Canvas 2D fallback calls these
 * directly, so a change here is a change to both renderers (and the shader must follow).
 *
 * Colour comes in and goes out as sRGB. Per pixel, in this order:
 *   sRGB -> linear light:  temperature, tint (white balance), exposure
 *   linear -> OKLab:       skinTone, saturation, contrast, fade (skipped when all four are 0: the
 *                          round trip through OKLab changes nothing)
 *   OKLab -> sRGB:         grain (an overlay of a fixed noise tile)
 * Light pushed past white after exposure and white balance desaturates towards the grey of the same
 * luminance (clipToGamut), so a bright skin tone turns white, not yellow. Colours the OKLab steps
 * push out of sRGB lose chroma at constant lightness and hue (mapOklabIntoGamut).
 */

/** Three channels as floats. Linear and sRGB colours are 0..1; OKLab is L 0..1 with a, b about -0.4..0.4. */
export type Vec3 = readonly [number, number, number];
export type Rgb8 = readonly [number, number, number];

/** Every tuning constant in one place: the shader embeds these very numbers. */
export const TUNING = {
  /** Temperature +1 multiplies red by 2^0.15 and blue by 2^-0.15 (before keeping grey's luminance). */
  temperatureStopsPerUnit: 0.15,
  /** Tint +1 multiplies green by 2^-0.15 (more magenta); -1 by 2^0.15 (more green). */
  tintStopsPerUnit: 0.15,
  /** Contrast +1 makes the tone curve's slope at mid-grey 2^0.5. */
  contrastStopsPerUnit: 0.5,
  /** Fade +1 lifts black to L 0.15 (sRGB 11) and pulls white down to L 0.975; +2: L 0.3 (sRGB 46) and 0.95. */
  fadeBlackLiftPerUnit: 0.15,
  fadeWhiteDropPerUnit: 0.025,
  /** Fade -1 deepens shadows by up to 0.4 * 4/27 L (at L 1/3) and keeps black and white put. */
  fadeShadowDepthPerUnit: 0.4,
  /** Saturation scales OKLab chroma by 1 + 0.5 * value: -2 is greyscale, +2 doubles chroma. */
  saturationPerUnit: 0.5,
  /**
   * Skin tone +1 turns skin hues 0.12 rad (6.9 degrees) towards red, raises their chroma 30 % and
   * deepens them 4 % in OKLab lightness (a warmer, sun-kissed tone); -1 the reverse: paler, lighter.
   * (Issue 22: at 0.08 rad and 15 % chroma alone, +1.5 moved a face under 2 %, which no one could see.)
   */
  skinHueShiftPerUnit: 0.12,
  skinChromaPerUnit: 0.3,
  skinLightnessPerUnit: 0.04,
  /** OKLab hue of typical skin (measured: pale 64, light 51, tan 45, deep 43 degrees). */
  skinHueCentreDeg: 50,
  /** Full weight within 15 degrees of the centre, none beyond 35 degrees. */
  skinHueInnerDeg: 15,
  skinHueOuterDeg: 35,
  /** Chroma window: greys (below 0.015) and vivid colours (above 0.2, e.g. an orange shirt) are not skin. */
  skinChromaRampStart: 0.015,
  skinChromaRampEnd: 0.04,
  skinChromaFalloffStart: 0.14,
  skinChromaFalloffEnd: 0.2,
  /** Near-black is not skin (hue is noise there). */
  skinLightnessRampStart: 0.15,
  skinLightnessRampEnd: 0.3,
  /** The face ellipse's soft edge, in ellipse radii: 1 inside 0.85, 0.5 on the ellipse, 0 beyond 1.15. */
  gateEdgeInner: 0.85,
  gateEdgeOuter: 1.15,
  /** Halvings of the chroma search in mapOklabIntoGamut: 1/4096 of the chroma, below one 8-bit step. */
  gamutSearchSteps: 12,
  /** How far outside 0..1 a linear channel may stray (float rounding) and still count as inside. */
  gamutTolerance: 1e-5,
} as const;

/** Rec. 709 luminance of linear sRGB. */
export const LUMA: Vec3 = [0.2126, 0.7152, 0.0722];

export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/** GLSL's smoothstep (edge0 < edge1). */
export function smoothstep(edge0: number, edge1: number, x: number): number {
  const t = clamp01((x - edge0) / (edge1 - edge0));
  return t * t * (3 - 2 * t);
}

export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function linearToSrgb(c: number): number {
  const x = clamp01(c);
  return x <= 0.0031308 ? x * 12.92 : 1.055 * x ** (1 / 2.4) - 0.055;
}

const SRGB8_TO_LINEAR = Float64Array.from({ length: 256 }, (_, i) => srgbToLinear(i / 255));

/** Björn Ottosson's OKLab (2020), from linear sRGB. */
export function linearToOklab([r, g, b]: Vec3): Vec3 {
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}

export function oklabToLinear([L, a, b]: Vec3): Vec3 {
  const l = (L + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (L - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (L - 0.0894841775 * a - 1.291485548 * b) ** 3;
  return [
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s,
  ];
}

/**
 * Brings a linear colour into 0..1 by moving it towards the grey of the same luminance just as far as
 * needed (hue and luminance kept); a luminance at or above 1 is white.
 */
export function clipToGamut(linear: Vec3): Vec3 {
  const y = LUMA[0] * linear[0] + LUMA[1] * linear[1] + LUMA[2] * linear[2];
  if (y >= 1) return [1, 1, 1];
  if (y <= 0) return [0, 0, 0];
  let keep = 1;
  for (const c of linear) {
    if (c > 1) keep = Math.min(keep, (1 - y) / (c - y));
    else if (c < 0) keep = Math.min(keep, y / (y - c));
  }
  if (keep === 1) return linear;
  return [y + (linear[0] - y) * keep, y + (linear[1] - y) * keep, y + (linear[2] - y) * keep];
}

function insideGamut([r, g, b]: Vec3): boolean {
  const lo = -TUNING.gamutTolerance;
  const hi = 1 + TUNING.gamutTolerance;
  return r >= lo && r <= hi && g >= lo && g <= hi && b >= lo && b <= hi;
}

/**
 * The linear colour of an OKLab colour, its chroma reduced (lightness and hue kept) just enough to
 * fit sRGB, found by halving; grey of any L in 0..1 always fits.
 */
export function mapOklabIntoGamut(lab: Vec3): Vec3 {
  const L = clamp01(lab[0]);
  const linear = oklabToLinear([L, lab[1], lab[2]]);
  if (insideGamut(linear)) return linear;
  let fits = 0;
  let fails = 1;
  for (let step = 0; step < TUNING.gamutSearchSteps; step++) {
    const scale = (fits + fails) / 2;
    if (insideGamut(oklabToLinear([L, lab[1] * scale, lab[2] * scale]))) fits = scale;
    else fails = scale;
  }
  return oklabToLinear([L, lab[1] * fits, lab[2] * fits]);
}

/** Per-channel gains in stops, normalised so that grey keeps its luminance (a von Kries-style white balance). */
function whiteBalance(linear: Vec3, redStops: number, greenStops: number, blueStops: number): Vec3 {
  const red = 2 ** redStops;
  const green = 2 ** greenStops;
  const blue = 2 ** blueStops;
  const norm = LUMA[0] * red + LUMA[1] * green + LUMA[2] * blue;
  return [(linear[0] * red) / norm, (linear[1] * green) / norm, (linear[2] * blue) / norm];
}

/** Linear light. + warmer (more red, less blue), - cooler. */
export function temperature(linear: Vec3, amount: number): Vec3 {
  if (amount === 0) return linear;
  const stops = TUNING.temperatureStopsPerUnit * amount;
  return whiteBalance(linear, stops, 0, -stops);
}

/** Linear light. + more magenta (less green), - more green. */
export function tint(linear: Vec3, amount: number): Vec3 {
  if (amount === 0) return linear;
  return whiteBalance(linear, 0, -TUNING.tintStopsPerUnit * amount, 0);
}

/** Linear light, in stops: +1 doubles the light. */
export function exposure(linear: Vec3, stops: number): Vec3 {
  if (stops === 0) return linear;
  const gain = 2 ** stops;
  return [linear[0] * gain, linear[1] * gain, linear[2] * gain];
}

const radians = (deg: number) => (deg * Math.PI) / 180;
export const SKIN_HUE_COS = Math.cos(radians(TUNING.skinHueCentreDeg));
export const SKIN_HUE_SIN = Math.sin(radians(TUNING.skinHueCentreDeg));
export const SKIN_HUE_INNER_COS = Math.cos(radians(TUNING.skinHueInnerDeg));
export const SKIN_HUE_OUTER_COS = Math.cos(radians(TUNING.skinHueOuterDeg));

/** How much of a colour counts as skin, 0..1: a smooth window on OKLab hue, chroma and lightness. */
export function skinWeight([L, a, b]: Vec3): number {
  const chroma = Math.hypot(a, b);
  if (chroma <= TUNING.skinChromaRampStart) return 0;
  const cosFromSkinHue = (a * SKIN_HUE_COS + b * SKIN_HUE_SIN) / chroma;
  return (
    smoothstep(SKIN_HUE_OUTER_COS, SKIN_HUE_INNER_COS, cosFromSkinHue) *
    smoothstep(TUNING.skinChromaRampStart, TUNING.skinChromaRampEnd, chroma) *
    (1 - smoothstep(TUNING.skinChromaFalloffStart, TUNING.skinChromaFalloffEnd, chroma)) *
    smoothstep(TUNING.skinLightnessRampStart, TUNING.skinLightnessRampEnd, L)
  );
}

/**
 * OKLab. + rosier, warmer, a little deeper skin (hue towards red, more chroma, less lightness); - paler,
 * lighter, less ruddy skin. Only skin
 * hues move (skinWeight), and only as far as `gate` (1 inside the face region, 0 outside) lets them.
 */
export function skinTone(lab: Vec3, amount: number, gate: number): Vec3 {
  if (amount === 0 || gate === 0) return lab;
  const weight = skinWeight(lab) * gate;
  if (weight === 0) return lab;
  const angle = -TUNING.skinHueShiftPerUnit * amount * weight;
  const chromaScale = Math.max(0, 1 + TUNING.skinChromaPerUnit * amount * weight);
  const lightness = lab[0] * (1 - TUNING.skinLightnessPerUnit * amount * weight);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return [lightness, (lab[1] * cos - lab[2] * sin) * chromaScale, (lab[1] * sin + lab[2] * cos) * chromaScale];
}

/** OKLab chroma scale: + more colourful, -2 greyscale. */
export function saturation(lab: Vec3, amount: number): Vec3 {
  if (amount === 0) return lab;
  const scale = 1 + TUNING.saturationPerUnit * amount;
  return [lab[0], lab[1] * scale, lab[2] * scale];
}

/** OKLab lightness of 18 % grey, the point contrast turns around. */
export const MID_GREY_L = linearToOklab([0.18, 0.18, 0.18])[0];

/**
 * A new lightness for an OKLab colour. Darkening scales chroma with lightness (the colour keeps its
 * saturation instead of turning neon and leaving the gamut); lightening keeps chroma.
 */
function withLightness(lab: Vec3, from: number, to: number): Vec3 {
  const chromaScale = to < from ? to / from : 1;
  return [to, lab[1] * chromaScale, lab[2] * chromaScale];
}

/**
 * OKLab lightness curve through black, mid-grey and white with slope 2^(0.5 * amount) at mid-grey:
 * + spreads tones away from mid-grey, - draws them towards it. Monotonic, never clips.
 */
export function contrast(lab: Vec3, amount: number): Vec3 {
  if (amount === 0) return lab;
  const slope = 2 ** (TUNING.contrastStopsPerUnit * amount);
  const L = clamp01(lab[0]);
  const curved = L < MID_GREY_L ? MID_GREY_L * (L / MID_GREY_L) ** slope : 1 - (1 - MID_GREY_L) * ((1 - L) / (1 - MID_GREY_L)) ** slope;
  return withLightness(lab, L, curved);
}

/**
 * OKLab lightness. + a matte look: black lifts and white drops a little (a straight line from
 * (0, lift) to (1, 1 - drop)). - deeper shadows: L - k L (1 - L)^2, which keeps black and white put.
 */
export function fade(lab: Vec3, amount: number): Vec3 {
  if (amount === 0) return lab;
  const L = clamp01(lab[0]);
  if (amount > 0) {
    const lift = TUNING.fadeBlackLiftPerUnit * amount;
    const drop = TUNING.fadeWhiteDropPerUnit * amount;
    return withLightness(lab, L, lift + L * (1 - lift - drop));
  }
  const depth = TUNING.fadeShadowDepthPerUnit * -amount;
  return withLightness(lab, L, L - depth * L * (1 - L) * (1 - L));
}

/** Photoshop's overlay blend of one channel. */
export function overlay(base: number, blend: number): number {
  return base < 0.5 ? 2 * base * blend : 1 - 2 * (1 - base) * (1 - blend);
}

/** sRGB. The grain tile's sample (0..1, 0.5 is neutral) overlaid at GRAIN_OVERLAY_OPACITY * amount. */
export function grain(srgb: Vec3, amount: number, sample: number): Vec3 {
  if (amount === 0) return srgb;
  const opacity = GRAIN_OVERLAY_OPACITY * amount;
  return [
    srgb[0] + (overlay(srgb[0], sample) - srgb[0]) * opacity,
    srgb[1] + (overlay(srgb[1], sample) - srgb[1]) * opacity,
    srgb[2] + (overlay(srgb[2], sample) - srgb[2]) * opacity,
  ];
}

const to8bit = (c: number) => Math.round(clamp01(c) * 255);

/**
 * One pixel through every slider, in the fixed order above. `gate` is the skin gate at this pixel
 * (skinGateAt), `grainSample` the grain tile there (grainSampleAt).
 */
export function applyAdjustments(rgb8: Rgb8, values: EditValues, gate: number, grainSample: number): [number, number, number] {
  let linear: Vec3 = [SRGB8_TO_LINEAR[rgb8[0]] ?? 0, SRGB8_TO_LINEAR[rgb8[1]] ?? 0, SRGB8_TO_LINEAR[rgb8[2]] ?? 0];
  linear = temperature(linear, values.temperature);
  linear = tint(linear, values.tint);
  linear = exposure(linear, values.exposure);
  linear = clipToGamut(linear);

  let out = linear;
  if (values.skinTone !== 0 || values.saturation !== 0 || values.contrast !== 0 || values.fade !== 0) {
    let lab = linearToOklab(linear);
    lab = skinTone(lab, values.skinTone, gate);
    lab = saturation(lab, values.saturation);
    lab = contrast(lab, values.contrast);
    lab = fade(lab, values.fade);
    out = mapOklabIntoGamut(lab);
  }
  const srgb = grain([linearToSrgb(out[0]), linearToSrgb(out[1]), linearToSrgb(out[2])], values.grain, grainSample);
  return [to8bit(srgb[0]), to8bit(srgb[1]), to8bit(srgb[2])];
}

/**
 * Where skinTone may act: an ellipse in fractions (0..1) of the source image around the face or
 * person, with a soft edge. No gate (no face found) means skinTone acts nowhere.
 */
export interface SkinGate {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
}

/** The gate at a point given in fractions of the source image: 1 inside, 0 outside, smooth between. */
export function skinGateAt(gate: SkinGate | null, u: number, v: number): number {
  if (!gate || gate.rx <= 0 || gate.ry <= 0) return 0;
  const distance = Math.hypot((u - gate.cx) / gate.rx, (v - gate.cy) / gate.ry);
  return 1 - smoothstep(TUNING.gateEdgeInner, TUNING.gateEdgeOuter, distance);
}

/** One level of the grain tile: size x size bytes, row by row; 128 is neutral. */
export interface GrainLevel {
  size: number;
  data: Uint8Array;
}

/** A fixed seed: every preview and export of a photo gets the same grain. */
const GRAIN_SEED = 0x5eed_9a1d;


/**
 * The grain tile, GRAIN_TILE_PX square, and its smaller levels (sizes halving, rounded down, to 1x1)
 * for previews that show several image pixels per screen pixel: each texel of a level is the
 * area-weighted mean of the base texels it covers, so a zoomed-out preview shows the grain as the
 * export will look at that zoom instead of aliased full-strength noise. Values are triangular noise
 * around 128 (the mean of two uniform draws), softer than uniform noise.
 */
export function createGrainTile(): GrainLevel[] {
  const size = GRAIN_TILE_PX;
  const random = seededRandom(GRAIN_SEED);
  const base = new Float64Array(size * size);
  for (let i = 0; i < base.length; i++) base[i] = (random() + random()) / 2;

  const levels: GrainLevel[] = [];
  for (let levelSize = size; ; levelSize = Math.floor(levelSize / 2)) {
    levels.push({ size: levelSize, data: downsampleTile(base, size, levelSize) });
    if (levelSize === 1) return levels;
  }
}

function downsampleTile(base: Float64Array, size: number, levelSize: number): Uint8Array {
  // weights[j][i]: how much of base texel i lies under level texel j (one axis; the filter is separable).
  const weights = Array.from({ length: levelSize }, (_, j) => {
    const start = (j * size) / levelSize;
    const end = ((j + 1) * size) / levelSize;
    return Array.from({ length: size }, (_, i) => Math.max(0, Math.min(end, i + 1) - Math.max(start, i)) / (end - start));
  });
  const data = new Uint8Array(levelSize * levelSize);
  for (let y = 0; y < levelSize; y++) {
    for (let x = 0; x < levelSize; x++) {
      let sum = 0;
      for (let by = 0; by < size; by++) {
        const wy = weights[y]![by]!;
        if (wy === 0) continue;
        for (let bx = 0; bx < size; bx++) {
          const wx = weights[x]![bx]!;
          if (wx !== 0) sum += wy * wx * base[by * size + bx]!;
        }
      }
      data[y * levelSize + x] = Math.round(clamp01(sum) * 255);
    }
  }
  return data;
}

/** The tile level for a view showing `imagePxPerOutputPx` image pixels per output pixel (1 on export). */
export function grainLevelForScale(imagePxPerOutputPx: number, levelCount: number): number {
  if (!(imagePxPerOutputPx > 1)) return 0;
  return Math.min(levelCount - 1, Math.round(Math.log2(imagePxPerOutputPx)));
}

/**
 * The grain at an image pixel (any point inside it, in source pixels): the tile repeats every
 * GRAIN_TILE_PX image pixels, so the grain sticks to the photo whatever the preview's size or crop.
 */
export function grainSampleAt(levels: readonly GrainLevel[], level: number, imageX: number, imageY: number): number {
  const { size, data } = levels[level]!;
  const tileX = Math.floor(imageX) % GRAIN_TILE_PX;
  const tileY = Math.floor(imageY) % GRAIN_TILE_PX;
  const texelX = Math.floor((tileX * size) / GRAIN_TILE_PX);
  const texelY = Math.floor((tileY * size) / GRAIN_TILE_PX);
  return data[texelY * size + texelX]! / 255;
}
