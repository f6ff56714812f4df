import { GRAIN_OVERLAY_OPACITY, GRAIN_TILE_PX } from '@studio-gallery/contract';
import { LUMA, MID_GREY_L, SKIN_HUE_COS, SKIN_HUE_INNER_COS, SKIN_HUE_OUTER_COS, SKIN_HUE_SIN, TUNING } from './adjustments';

/**
 * GLSL ES 3.00 sources of the adjustment pipeline. Each GLSL function mirrors the adjustments.ts
 * function it names, term for term, and every constant is injected from there, so the two cannot
 * drift apart in their numbers (e2e/editor-shader.spec.ts checks they agree in their pixels).
 */

/** A GLSL float literal (GLSL wants the decimal point). */
function f(value: number): string {
  const text = String(value);
  return /[.e]/.test(text) ? text : `${text}.0`;
}

/** One triangle covering the viewport; positions come from gl_VertexID, so no buffers are needed. */
export const VERTEX_SHADER = /* glsl */ `#version 300 es
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
`;

/** Where an output pixel's colour comes from; shared by both fragment shaders. */
const SAMPLING = /* glsl */ `#version 300 es
precision highp float;
precision highp int;
precision highp sampler2D;

uniform sampler2D u_image;
uniform bool u_fetchTexels;     // export: the texture holds exactly this tile's source pixels (1:1)
uniform vec2 u_outputSize;      // output pixels
uniform bool u_flipY;           // the display canvas has its origin at the bottom; export tiles don't

out vec4 fragColor;

// The output pixel's centre, counted from the top-left corner.
vec2 outputPixel() {
  return vec2(gl_FragCoord.x, u_flipY ? u_outputSize.y - gl_FragCoord.y : gl_FragCoord.y);
}

vec4 sourceAt(vec2 outPx) {
  return u_fetchTexels ? texelFetch(u_image, ivec2(outPx), 0) : texture(u_image, outPx / u_outputSize);
}
`;

/**
 * The unedited original (compare, and all sliders at 0). A program of its own: a uniform branch
 * would be free on a GPU, but SwiftShader (software WebGL) runs every instruction of a shader.
 */
export const PASSTHROUGH_SHADER = /* glsl */ `${SAMPLING}
void main() {
  fragColor = sourceAt(outputPixel());
}
`;

export const FRAGMENT_SHADER = /* glsl */ `${SAMPLING}
uniform vec2 u_imageOrigin;     // source pixel at the output's top-left corner
uniform vec2 u_imageScale;      // source pixels per output pixel
uniform vec2 u_sourceSize;      // the whole source image, in pixels

uniform float u_exposure;
uniform float u_contrast;
uniform float u_fade;
uniform float u_saturation;
uniform float u_skinTone;
uniform float u_temperature;
uniform float u_tint;
uniform float u_grain;

uniform bool u_hasGate;
uniform vec2 u_gateCentre;
uniform vec2 u_gateRadii;

uniform sampler2D u_grainTile;
uniform int u_grainLevel;

const vec3 LUMA = vec3(${f(LUMA[0])}, ${f(LUMA[1])}, ${f(LUMA[2])});
const float MID_GREY_L = ${f(MID_GREY_L)};

float clamp01(float x) { return clamp(x, 0.0, 1.0); }

// srgbToLinear (the reference reads a table built from the same formula)
vec3 srgbToLinear(vec3 c) {
  return mix(pow((c + 0.055) / 1.055, vec3(2.4)), c / 12.92, lessThanEqual(c, vec3(0.04045)));
}

// linearToSrgb
float linearToSrgb(float c) {
  float x = clamp01(c);
  return x <= 0.0031308 ? x * 12.92 : 1.055 * pow(x, 1.0 / 2.4) - 0.055;
}

float cbrt(float x) { return sign(x) * pow(abs(x), 1.0 / 3.0); }

// linearToOklab
vec3 linearToOklab(vec3 c) {
  float l = cbrt(0.4122214708 * c.r + 0.5363325363 * c.g + 0.0514459929 * c.b);
  float m = cbrt(0.2119034982 * c.r + 0.6806995451 * c.g + 0.1073969566 * c.b);
  float s = cbrt(0.0883024619 * c.r + 0.2817188376 * c.g + 0.6299787005 * c.b);
  return vec3(
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s);
}

// oklabToLinear
vec3 oklabToLinear(vec3 lab) {
  float l = lab.x + 0.3963377774 * lab.y + 0.2158037573 * lab.z;
  float m = lab.x - 0.1055613458 * lab.y - 0.0638541728 * lab.z;
  float s = lab.x - 0.0894841775 * lab.y - 1.291485548 * lab.z;
  l = l * l * l;
  m = m * m * m;
  s = s * s * s;
  return vec3(
    4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s,
    -1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s,
    -0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s);
}

// clipToGamut
vec3 clipToGamut(vec3 linear) {
  float y = dot(linear, LUMA);
  if (y >= 1.0) return vec3(1.0);
  if (y <= 0.0) return vec3(0.0);
  float keep = 1.0;
  for (int i = 0; i < 3; i++) {
    float c = linear[i];
    if (c > 1.0) keep = min(keep, (1.0 - y) / (c - y));
    else if (c < 0.0) keep = min(keep, y / (y - c));
  }
  return y + (linear - y) * keep;
}

// insideGamut
bool insideGamut(vec3 c) {
  return all(greaterThanEqual(c, vec3(${f(-TUNING.gamutTolerance)}))) && all(lessThanEqual(c, vec3(${f(1 + TUNING.gamutTolerance)})));
}

// mapOklabIntoGamut
vec3 mapOklabIntoGamut(vec3 lab) {
  float L = clamp01(lab.x);
  vec3 linear = oklabToLinear(vec3(L, lab.yz));
  if (insideGamut(linear)) return linear;
  float fits = 0.0;
  float fails = 1.0;
  for (int halving = 0; halving < ${TUNING.gamutSearchSteps}; halving++) {
    float scale = (fits + fails) / 2.0;
    if (insideGamut(oklabToLinear(vec3(L, lab.yz * scale)))) fits = scale;
    else fails = scale;
  }
  return oklabToLinear(vec3(L, lab.yz * fits));
}

// whiteBalance
vec3 whiteBalance(vec3 linear, float redStops, float greenStops, float blueStops) {
  vec3 gains = exp2(vec3(redStops, greenStops, blueStops));
  return linear * gains / dot(LUMA, gains);
}

// temperature
vec3 temperature(vec3 linear, float amount) {
  if (amount == 0.0) return linear;
  float stops = ${f(TUNING.temperatureStopsPerUnit)} * amount;
  return whiteBalance(linear, stops, 0.0, -stops);
}

// tint
vec3 tint(vec3 linear, float amount) {
  if (amount == 0.0) return linear;
  return whiteBalance(linear, 0.0, -${f(TUNING.tintStopsPerUnit)} * amount, 0.0);
}

// exposure
vec3 exposure(vec3 linear, float stops) {
  if (stops == 0.0) return linear;
  return linear * exp2(stops);
}

// skinWeight
float skinWeight(vec3 lab) {
  float chroma = length(lab.yz);
  if (chroma <= ${f(TUNING.skinChromaRampStart)}) return 0.0;
  float cosFromSkinHue = dot(lab.yz, vec2(${f(SKIN_HUE_COS)}, ${f(SKIN_HUE_SIN)})) / chroma;
  return smoothstep(${f(SKIN_HUE_OUTER_COS)}, ${f(SKIN_HUE_INNER_COS)}, cosFromSkinHue)
    * smoothstep(${f(TUNING.skinChromaRampStart)}, ${f(TUNING.skinChromaRampEnd)}, chroma)
    * (1.0 - smoothstep(${f(TUNING.skinChromaFalloffStart)}, ${f(TUNING.skinChromaFalloffEnd)}, chroma))
    * smoothstep(${f(TUNING.skinLightnessRampStart)}, ${f(TUNING.skinLightnessRampEnd)}, lab.x);
}

// skinTone
vec3 skinTone(vec3 lab, float amount, float gate) {
  if (amount == 0.0 || gate == 0.0) return lab;
  float weight = skinWeight(lab) * gate;
  if (weight == 0.0) return lab;
  float angle = -${f(TUNING.skinHueShiftPerUnit)} * amount * weight;
  float chromaScale = max(0.0, 1.0 + ${f(TUNING.skinChromaPerUnit)} * amount * weight);
  float lightness = lab.x * (1.0 - ${f(TUNING.skinLightnessPerUnit)} * amount * weight);
  float c = cos(angle);
  float s = sin(angle);
  return vec3(lightness, (lab.y * c - lab.z * s) * chromaScale, (lab.y * s + lab.z * c) * chromaScale);
}

// saturation
vec3 saturation(vec3 lab, float amount) {
  if (amount == 0.0) return lab;
  return vec3(lab.x, lab.yz * (1.0 + ${f(TUNING.saturationPerUnit)} * amount));
}

// withLightness
vec3 withLightness(vec3 lab, float from, float to) {
  float chromaScale = to < from ? to / from : 1.0;
  return vec3(to, lab.yz * chromaScale);
}

// contrast
vec3 contrast(vec3 lab, float amount) {
  if (amount == 0.0) return lab;
  float slope = exp2(${f(TUNING.contrastStopsPerUnit)} * amount);
  float L = clamp01(lab.x);
  float curved = L < MID_GREY_L
    ? MID_GREY_L * pow(L / MID_GREY_L, slope)
    : 1.0 - (1.0 - MID_GREY_L) * pow((1.0 - L) / (1.0 - MID_GREY_L), slope);
  return withLightness(lab, L, curved);
}

// fade
vec3 fade(vec3 lab, float amount) {
  if (amount == 0.0) return lab;
  float L = clamp01(lab.x);
  if (amount > 0.0) {
    float lift = ${f(TUNING.fadeBlackLiftPerUnit)} * amount;
    float drop = ${f(TUNING.fadeWhiteDropPerUnit)} * amount;
    return withLightness(lab, L, lift + L * (1.0 - lift - drop));
  }
  float depth = ${f(TUNING.fadeShadowDepthPerUnit)} * -amount;
  return withLightness(lab, L, L - depth * L * (1.0 - L) * (1.0 - L));
}

// overlay
float overlay(float base, float blend) {
  return base < 0.5 ? 2.0 * base * blend : 1.0 - 2.0 * (1.0 - base) * (1.0 - blend);
}

// grain
vec3 grain(vec3 srgb, float amount, float grainSample) {
  if (amount == 0.0) return srgb;
  float opacity = ${f(GRAIN_OVERLAY_OPACITY)} * amount;
  vec3 blended = vec3(overlay(srgb.r, grainSample), overlay(srgb.g, grainSample), overlay(srgb.b, grainSample));
  return srgb + (blended - srgb) * opacity;
}

// skinGateAt
float skinGateAt(vec2 uv) {
  if (!u_hasGate || u_gateRadii.x <= 0.0 || u_gateRadii.y <= 0.0) return 0.0;
  float radii = length((uv - u_gateCentre) / u_gateRadii);
  return 1.0 - smoothstep(${f(TUNING.gateEdgeInner)}, ${f(TUNING.gateEdgeOuter)}, radii);
}

// grainSampleAt
float grainSampleAt(vec2 imagePx) {
  int size = textureSize(u_grainTile, u_grainLevel).x;
  ivec2 tilePx = ivec2(floor(imagePx)) % ${GRAIN_TILE_PX};
  ivec2 texel = (tilePx * size) / ${GRAIN_TILE_PX};
  return texelFetch(u_grainTile, texel, u_grainLevel).r;
}

void main() {
  vec2 outPx = outputPixel();
  vec4 source = sourceAt(outPx);
  vec2 imagePx = u_imageOrigin + outPx * u_imageScale;

  // applyAdjustments, step for step
  vec3 linear = srgbToLinear(source.rgb);
  linear = temperature(linear, u_temperature);
  linear = tint(linear, u_tint);
  linear = exposure(linear, u_exposure);
  linear = clipToGamut(linear);

  vec3 outLinear = linear;
  if (u_skinTone != 0.0 || u_saturation != 0.0 || u_contrast != 0.0 || u_fade != 0.0) {
    vec3 lab = linearToOklab(linear);
    lab = skinTone(lab, u_skinTone, u_skinTone == 0.0 ? 0.0 : skinGateAt(imagePx / u_sourceSize));
    lab = saturation(lab, u_saturation);
    lab = contrast(lab, u_contrast);
    lab = fade(lab, u_fade);
    outLinear = mapOklabIntoGamut(lab);
  }
  vec3 srgb = vec3(linearToSrgb(outLinear.r), linearToSrgb(outLinear.g), linearToSrgb(outLinear.b));
  srgb = grain(srgb, u_grain, u_grain == 0.0 ? 0.5 : grainSampleAt(imagePx));
  fragColor = vec4(srgb, source.a);
}
`;
