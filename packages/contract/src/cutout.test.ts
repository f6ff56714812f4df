import { describe, expect, it } from 'vitest';
import { boxMean, type Mask, type RgbImage, refineCutout, resizeBilinear, smoothstep } from './cutout';

const BACKGROUND = [40, 200, 60] as const;
const PERSON = [200, 60, 40] as const;

/** A disc of PERSON colour on BACKGROUND, anti-aliased (4x4 supersampling), and its exact coverage. */
function disc(size: number, radius: number): { image: RgbImage; coverage: Float32Array } {
  const data = new Uint8Array(size * size * 3);
  const coverage = new Float32Array(size * size);
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let inside = 0;
      for (let sy = 0; sy < 4; sy++) for (let sx = 0; sx < 4; sx++) if (Math.hypot(x + (sx + 0.5) / 4 - c, y + (sy + 0.5) / 4 - c) <= radius) inside += 1;
      const f = inside / 16;
      coverage[y * size + x] = f;
      for (const k of [0, 1, 2] as const) data[(y * size + x) * 3 + k] = Math.round(f * PERSON[k] + (1 - f) * BACKGROUND[k]);
    }
  }
  return { image: { data, width: size, height: size }, coverage };
}

/** What the model gives: a 256x256 mask, a little too large and soft at the edge. */
function coarseMask(size: number, radius: number): Mask {
  const low = 64;
  const data = new Float32Array(low * low);
  const c = low / 2;
  const r = (radius / size) * low * 1.02;
  for (let y = 0; y < low; y++) for (let x = 0; x < low; x++) data[y * low + x] = Math.hypot(x + 0.5 - c, y + 0.5 - c) <= r ? 1 : 0;
  return { data: resizeBilinear(boxMean(data, low, low, 1), low, low, 256, 256), width: 256, height: 256 };
}

describe('refineCutout (guided filter, feather, decontamination)', () => {
  const size = 240;
  const radius = 80;
  const { image, coverage } = disc(size, radius);
  const { rgba } = refineCutout(image, coarseMask(size, radius));
  const distance = (i: number) => Math.hypot((i % size) + 0.5 - size / 2, Math.floor(i / size) + 0.5 - size / 2);

  it('keeps the same size and is opaque inside the disc, clear outside', () => {
    expect(rgba.length).toBe(size * size * 4);
    for (let i = 0; i < size * size; i++) {
      const d = distance(i);
      if (d < radius - 4) expect(rgba[i * 4 + 3], `inside at ${d}`).toBeGreaterThanOrEqual(250);
      if (d > radius + 4) expect(rgba[i * 4 + 3], `outside at ${d}`).toBeLessThanOrEqual(5);
    }
  });

  it('follows the photo’s edge, not the coarse mask’s (alpha within 0.25 of the true coverage)', () => {
    for (let i = 0; i < size * size; i++) expect(Math.abs(rgba[i * 4 + 3]! / 255 - coverage[i]!)).toBeLessThanOrEqual(0.25);
  });

  it('leaves no background colour in the edge pixels: at alpha ≥ 0.1 at most 40 levels off the disc colour, 16 on average over the band (the observed pixels: up to 120)', () => {
    let edgePixels = 0;
    let worstAfter = 0;
    let worstBefore = 0;
    let bandError = 0;
    for (let i = 0; i < size * size; i++) {
      const alpha = rgba[i * 4 + 3]!;
      if (alpha < 26) continue;
      if (alpha < 250) {
        edgePixels += 1;
        for (const k of [0, 1, 2] as const) bandError += Math.abs(rgba[i * 4 + k]! - PERSON[k]) / 3;
      }
      for (const k of [0, 1, 2] as const) {
        worstAfter = Math.max(worstAfter, Math.abs(rgba[i * 4 + k]! - PERSON[k]));
        worstBefore = Math.max(worstBefore, Math.abs(image.data[i * 3 + k]! - PERSON[k]));
      }
    }
    expect(edgePixels).toBeGreaterThan(100);
    expect(worstBefore).toBeGreaterThan(100);
    expect(worstAfter).toBeLessThanOrEqual(40);
    expect(bandError / edgePixels).toBeLessThanOrEqual(16);
  });
});

describe('pixel helpers', () => {
  it('smoothstep clamps and eases', () => {
    expect(smoothstep(0.25, 0.75, 0)).toBe(0);
    expect(smoothstep(0.25, 0.75, 0.5)).toBeCloseTo(0.5);
    expect(smoothstep(0.25, 0.75, 1)).toBe(1);
  });

  it('boxMean averages over the clipped window', () => {
    const out = boxMean(new Float32Array([0, 0, 3, 0, 0, 3]), 3, 2, 1);
    expect(Array.from(out)).toEqual([0, 1, 1.5, 0, 1, 1.5].map((v) => expect.closeTo(v, 5)));
  });
});
