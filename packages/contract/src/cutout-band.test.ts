import { describe, expect, it } from 'vitest';
import { type Mask, refineCutout } from './cutout';
import { seededRandom } from './seeded-random';

const GREY = [128, 129, 131] as const;
const WHITE = [238, 238, 236] as const;
const HELMET = [24, 24, 28] as const;

/**
 * A black helmet with a white rim on its right side, on a grey studio backdrop with sensor noise: the
 * helmet a disc of radius 60, the rim the outer 8 px of its right half. The mask holds the whole disc
 * (the model, or the growth from colour, found it); the band must keep the rim, whose colour is on the
 * other side of the backdrop from the helmet's.
 */
function helmetWithRim(size: number, backdrop: readonly number[], rimColour: readonly number[]) {
  const random = seededRandom(22);
  const data = new Uint8Array(size * size * 3);
  const mask = new Float32Array(size * size);
  const c = size / 2;
  const isRim = (x: number, y: number) => x > c && Math.hypot(x - c, y - c) > 52;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const inside = d <= 60;
      const colour = inside ? (isRim(x + 0.5, y + 0.5) ? rimColour : HELMET) : backdrop;
      for (let k = 0; k < 3; k++) data[i * 3 + k] = Math.round(colour[k]! + (inside ? 0 : (random() - 0.5) * 4));
      mask[i] = inside ? 1 : 0;
    }
  return { image: { data, width: size, height: size }, mask: { data: mask, width: size, height: size } satisfies Mask, isRim };
}

/**
 * Of a centred disc scene's cut-out (`rgba`, size x size): the share of `inRim` pixels kept (alpha ≥ 0.5)
 * and of `inRing` pixels cleared (alpha 0), by pixel centre and its distance d from the centre.
 */
function keptAndCleared(rgba: Uint8Array, size: number, inRim: (x: number, y: number, d: number) => boolean, inRing: (d: number) => boolean) {
  const c = size / 2;
  let rim = 0;
  let rimKept = 0;
  let ring = 0;
  let ringClear = 0;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      const alpha = rgba[(y * size + x) * 4 + 3]!;
      if (inRim(x + 0.5, y + 0.5, d)) {
        rim += 1;
        if (alpha >= 128) rimKept += 1;
      }
      if (inRing(d)) {
        ring += 1;
        if (alpha === 0) ringClear += 1;
      }
    }
  expect(rim).toBeGreaterThan(300);
  return { kept: rimKept / rim, cleared: ringClear / ring };
}

describe('the band keeps subject colours off the backdrop–subject line (issue 22)', () => {
  /** Share of the rim kept (alpha ≥ 0.5, away from its outer edge) and of the backdrop ring cleared. */
  function rimAndBackdrop(size: number, backdrop: readonly number[], rimColour: readonly number[]) {
    const { image, mask, isRim } = helmetWithRim(size, backdrop, rimColour);
    const { rgba } = refineCutout(image, mask);
    // The rim away from its outer edge (the edge pixels may be mixed by the noise).
    return keptAndCleared(rgba, size, (x, y, d) => d < 58 && isRim(x, y), (d) => d > 62 && d < 70);
  }

  it('keeps a white rim beside a black helmet on a grey backdrop, and clears the backdrop', () => {
    const { kept, cleared } = rimAndBackdrop(160, GREY, [236, 236, 238]);
    expect(kept).toBeGreaterThan(0.98);
    expect(cleared).toBeGreaterThan(0.98);
  });

  it('keeps a white rim on a near-white backdrop (29 levels lighter: not a mix of the backdrop and the black helmet), and clears the backdrop', () => {
    const { kept, cleared } = rimAndBackdrop(160, WHITE, [254, 254, 255]);
    expect(kept).toBeGreaterThan(0.98);
    expect(cleared).toBeGreaterThan(0.98);
  });
});

describe('light the growth adds is kept by the band (issue 22)', () => {
  /**
   * On the near-white backdrop, a black helmet (the mask's) wearing, on its right, a 2 px grey ring and
   * a 5 px rim the model missed, shaded warm: 10 levels above the backdrop in red, 3 in green and blue
   * (a white rim's shaded side). The colour solve reads it as a mix of the backdrop and the black
   * helmet at ~0; only the growth from colour (its light step) tells it from the backdrop.
   */
  function warmRim() {
    const size = 200;
    const random = seededRandom(23);
    const data = new Uint8Array(size * size * 3);
    const mask = new Float32Array(size * size);
    const c = size / 2;
    const isRim = (x: number, y: number) => x > c && Math.hypot(x - c, y - c) > 42 && Math.hypot(x - c, y - c) <= 47;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
        let colour: readonly number[] = WHITE.map((v) => v + (random() - 0.5) * 3);
        if (d <= 40) colour = HELMET;
        else if (x + 0.5 > c && d <= 42) colour = [150, 150, 150];
        else if (isRim(x + 0.5, y + 0.5)) colour = [WHITE[0] + 10, WHITE[1] + 3, WHITE[2] + 3];
        for (let k = 0; k < 3; k++) data[i * 3 + k] = Math.round(colour[k]!);
        mask[i] = d <= 40 ? 1 : 0;
      }
    return { image: { data, width: size, height: size }, mask: { data: mask, width: size, height: size } satisfies Mask, isRim, size };
  }

  it('keeps a warm-shaded white rim the model missed opaque, and clears the backdrop around it', () => {
    const { image, mask, isRim, size } = warmRim();
    const { rgba } = refineCutout(image, mask);
    const { kept, cleared } = keptAndCleared(rgba, size, (x, y, d) => d < 46 && isRim(x, y), (d) => d > 52 && d < 60);
    expect(kept).toBeGreaterThan(0.95);
    expect(cleared).toBeGreaterThan(0.98);
  });
});
