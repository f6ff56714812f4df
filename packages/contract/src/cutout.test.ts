import { describe, expect, it } from 'vitest';
import { boxMean, type Mask, type RgbImage, refineCutout, resizeBilinear, sideColour, smoothstep } from './cutout';
import { mergeCropMask, selectSubject, subjectCrop } from './cutout-subject';

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

describe('subject selection (issue 22 §1)', () => {
  const w = 60;
  const h = 80;
  /** A head-and-body blob (with a hole in the chest), an island beside the head, a far blob below-left. */
  function scene(): Float32Array {
    const mask = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const head = Math.hypot(x - 30, y - 20) <= 8;
        const body = y >= 27 && x >= 18 && x <= 42;
        const hole = Math.hypot(x - 30, y - 45) <= 3;
        const island = Math.hypot(x - 50, y - 15) <= 4;
        const far = y >= 60 && x <= 5;
        mask[y * w + x] = (head || body) && !hole ? 0.9 : island || far ? 0.8 : 0.05;
      }
    return mask;
  }
  const face = { x: 24, y: 13, width: 12, height: 14 };

  it('keeps the face’s component, fills its holes, drops the island beside the head and a blob out of reach', () => {
    const subject = selectSubject(scene(), w, h, face);
    expect(subject[20 * w + 30]).toBe(1);
    expect(subject[70 * w + 30]).toBe(1);
    expect(subject[45 * w + 30]).toBe(1);
    expect(subject[15 * w + 50]).toBe(0);
    expect(subject[70 * w + 2]).toBe(0);
  });

  it('without a face keeps the largest component', () => {
    const subject = selectSubject(scene(), w, h, null);
    expect(subject[50 * w + 30]).toBe(1);
    expect(subject[15 * w + 50]).toBe(0);
  });

  it('crops the head and upper body and merges the crop’s pass only inside it', () => {
    const subject = selectSubject(scene(), w, h, face);
    const crop = subjectCrop(subject, w, h, face);
    expect(crop).not.toBeNull();
    expect(crop!.height).toBeLessThanOrEqual(Math.ceil(crop!.width * 1.3));
    const merged = mergeCropMask(new Float32Array(w * h), w, h, { data: new Float32Array(16).fill(1), width: 4, height: 4 }, crop!);
    expect(merged[0]).toBe(crop!.x === 0 && crop!.y === 0 ? 1 : 0);
    expect(merged[(crop!.y + Math.floor(crop!.height / 2)) * w + crop!.x + Math.floor(crop!.width / 2)]).toBe(1);
  });
});

describe('backdrop-aware matting on a plain backdrop (issue 22 §1)', () => {
  it('leaves no halo when the mask is 6 % too large: alpha 0 from 2 px outside the edge, within 0.15 of the coverage', () => {
    const size = 240;
    const radius = 80;
    const { image, coverage } = disc(size, radius);
    const big = coarseMask(size, radius * 1.04);
    const { rgba } = refineCutout(image, big);
    let halo = 0;
    let worst = 0;
    for (let i = 0; i < size * size; i++) {
      const d = Math.hypot((i % size) + 0.5 - size / 2, Math.floor(i / size) + 0.5 - size / 2);
      if (d > radius + 2 && rgba[i * 4 + 3]! > 0) halo += 1;
      worst = Math.max(worst, Math.abs(rgba[i * 4 + 3]! / 255 - coverage[i]!));
    }
    expect(halo).toBe(0);
    expect(worst).toBeLessThanOrEqual(0.15);
  });
});

describe('the same cut-out on the browser’s RGBA pixels (issue 22 §4)', () => {
  // 600 px: the working size (512) is not a whole fraction of it, so cells span 1 or 2 pixels.
  const size = 600;
  const { image } = disc(size, 200);
  const mask = coarseMask(size, 200);
  const expected = refineCutout(image, mask).rgba;
  const rgbaOf = () => {
    const data = new Uint8ClampedArray(size * size * 4);
    // An alpha the input happens to carry is not the answer's.
    for (let i = 0; i < size * size; i++) data.set([image.data[i * 3]!, image.data[i * 3 + 1]!, image.data[i * 3 + 2]!, 7], i * 4);
    return data;
  };
  const differences = (a: ArrayLike<number>, b: ArrayLike<number>) => {
    let count = 0;
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count += 1;
    return count;
  };

  it('answers exactly as on RGB pixels and leaves the input alone', () => {
    const data = rgbaOf();
    const { rgba } = refineCutout({ data, width: size, height: size, channels: 4 }, mask);
    expect(rgba.length).toBe(expected.length);
    expect(differences(rgba, expected)).toBe(0);
    expect(differences(data, rgbaOf())).toBe(0);
  });

  it('with reuseInput writes the same answer over the input’s pixels', () => {
    const data = rgbaOf();
    const { rgba } = refineCutout({ data, width: size, height: size, channels: 4 }, mask, { reuseInput: true });
    expect(rgba.buffer).toBe(data.buffer);
    expect(differences(rgba, expected)).toBe(0);
  });

  it('with clearTransparent writes every fully transparent pixel (0, 0, 0, 0) and the rest as without it, on RGB and RGBA pixels', () => {
    for (const input of [image, { data: rgbaOf(), width: size, height: size, channels: 4 as const }]) {
      const { rgba } = refineCutout(input, mask, { clearTransparent: true });
      let transparent = 0;
      let wrong = 0;
      for (let i = 0; i < size * size; i++) {
        const o = i * 4;
        const clear = expected[o + 3] === 0;
        if (clear) transparent += 1;
        for (let k = 0; k < 4; k++) if (rgba[o + k] !== (clear ? 0 : expected[o + k])) wrong += 1;
      }
      expect(wrong).toBe(0);
      // The backdrop, and band pixels solved to 0 beside it.
      expect(transparent).toBeGreaterThan(size * size * 0.5);
    }
  });
});

describe('sideColour at chosen pixels', () => {
  it('gives the selected pixels’ mean within r, else within 4r, else the whole image’s, and their spread', () => {
    const w = 90;
    const h = 70;
    const r = 3;
    const rgb: [Float32Array, Float32Array, Float32Array] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
    const selected = new Uint8Array(w * h);
    for (let i = 0; i < w * h; i++) {
      for (const c of [0, 1, 2] as const) rgb[c][i] = (i * (17 + c * 29)) % 251;
      // Selected: a band on the left and a few scattered pixels, so some pixels have none within r or 4r.
      selected[i] = i % w < 12 || i % 997 === 0 ? 1 : 0;
    }
    /** The selected pixels within `radius` of pixel i, by brute force. */
    const around = (i: number, radius: number) => {
      const found: number[] = [];
      for (let y = Math.max(0, Math.floor(i / w) - radius); y <= Math.min(h - 1, Math.floor(i / w) + radius); y++)
        for (let x = Math.max(0, (i % w) - radius); x <= Math.min(w - 1, (i % w) + radius); x++) if (selected[y * w + x] === 1) found.push(y * w + x);
      return found;
    };
    /** Mean and variance per channel of a set of pixels. */
    const stats = (pixels: number[]) =>
      ([0, 1, 2] as const).map((c) => {
        const m = pixels.reduce((sum, j) => sum + rgb[c][j]!, 0) / pixels.length;
        return { mean: m, variance: pixels.reduce((sum, j) => sum + (rgb[c][j]! - m) ** 2, 0) / pixels.length };
      });
    const whole = stats(around(0, Math.max(w, h)));
    const at = Int32Array.from({ length: 300 }, (_, k) => (k * 211) % (w * h));
    const { mean, spread } = sideColour(rgb, selected, w, h, r, at);
    const branches = { near: 0, far: 0, whole: 0 };
    for (const i of at) {
      const near = around(i, r);
      const far = around(i, 4 * r);
      const branch = near.length > 0 ? 'near' : far.length > 0 ? 'far' : 'whole';
      branches[branch] += 1;
      const expected = branch === 'near' ? stats(near) : branch === 'far' ? stats(far) : whole;
      // The spread is the near pixels' where there are any, else the whole image's.
      const spreadOf = branch === 'near' ? expected : whole;
      for (const c of [0, 1, 2] as const) expect(mean[c][i]).toBeCloseTo(expected[c]!.mean, 2);
      expect(spread[i]).toBeCloseTo(Math.sqrt(spreadOf.reduce((sum, s) => sum + s.variance, 0) / 3), 2);
    }
    expect(branches.near).toBeGreaterThan(20);
    expect(branches.far).toBeGreaterThan(5);
    expect(branches.whole).toBeGreaterThan(20);
  });
});
