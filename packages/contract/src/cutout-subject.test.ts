import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { growSubjectFromColour } from './cutout-subject';

const w = 160;
const h = 200;

/**
 * A studio scene at the working size: a grey backdrop with a gentle gradient and sensor noise; the
 * model's mask holds the person (a head and a body) but misses a black helmet held against the body;
 * a second black disc stands apart, and a shadow (the backdrop at 70 %) touches the body's other side.
 */
function studio(busy: boolean) {
  const random = seededRandom(7);
  const rgb: [Float32Array, Float32Array, Float32Array] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
  const mask = new Float32Array(w * h);
  const inside = (x: number, y: number) => ({
    person: Math.hypot(x - 60, y - 35) <= 14 || (y >= 50 && x >= 35 && x <= 85),
    helmet: Math.hypot(x - 97, y - 110) <= 14,
    apart: Math.hypot(x - 130, y - 25) <= 8,
    shadow: y >= 120 && y < 160 && x >= 25 && x < 35,
  });
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const at = inside(x, y);
      let colour = [128 + (20 * y) / h, 129 + (20 * y) / h, 131 + (10 * x) / w].map((v) => v + (random() - 0.5) * 4);
      if (busy) colour = colour.map(() => random() * 255);
      if (at.shadow) colour = colour.map((v) => v * 0.7);
      if (at.helmet || at.apart) colour = [18, 18, 22];
      if (at.person) colour = [210, 90, 50];
      for (let c = 0; c < 3; c++) rgb[c as 0 | 1 | 2][i] = colour[c]!;
      mask[i] = at.person ? 0.9 : 0.05;
    }
  return { rgb, mask };
}

describe('growing the subject from colour on a studio backdrop (issue 22)', () => {
  it('adds the black helmet touching the person, not a black disc apart nor a shadow on the backdrop', () => {
    const { rgb, mask } = studio(false);
    const { grown, field } = growSubjectFromColour(rgb, mask, w, h);
    expect(field!.inlierShare).toBeGreaterThan(0.92);
    expect(mask[110 * w + 97]).toBe(1);
    expect(mask[110 * w + 109]).toBe(1);
    expect(mask[25 * w + 130]).toBeLessThan(0.5);
    expect(mask[140 * w + 28]).toBeLessThan(0.5);
    // The helmet's disc (radius 14) minus what the body already covered.
    expect(grown).toBeGreaterThan(250);
  });

  it('grows nothing on a busy background, where the backdrop field explains little', () => {
    const { rgb, mask } = studio(true);
    const before = Float32Array.from(mask);
    const { grown } = growSubjectFromColour(rgb, mask, w, h);
    expect(grown).toBe(0);
    expect(mask).toEqual(before);
  });

  it('on a white backdrop adds a white rim the helmet wears (lighter than the backdrop, behind a grey shading), not a shadow nor light apart', () => {
    // Near-white backdrop (238, 238, 236) with noise; the person's mask; a black helmet touching her,
    // its outer 4 px on the right a white rim (254, 254, 255: 29 levels off the backdrop, under
    // GROWTH.farDistance) behind a 2 px grey ring (a shadow's colour); a shadow (70 %) on her other
    // side and a white disc apart.
    const random = seededRandom(11);
    const rgb: [Float32Array, Float32Array, Float32Array] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
    const mask = new Float32Array(w * h);
    const rim = (x: number, y: number) => x > 97 && Math.hypot(x - 97, y - 110) > 14 && Math.hypot(x - 97, y - 110) <= 18;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const person = Math.hypot(x - 60, y - 35) <= 14 || (y >= 50 && x >= 35 && x <= 85);
        const d = Math.hypot(x - 97, y - 110);
        let colour = [238, 238, 236].map((v) => v + (random() - 0.5) * 3);
        if (y >= 120 && y < 160 && x >= 25 && x < 35) colour = colour.map((v) => v * 0.7);
        if (Math.hypot(x - 130, y - 25) <= 8) colour = [254, 254, 255];
        if (d <= 12) colour = [18, 18, 22];
        else if (x > 97 && d <= 14) colour = [150, 150, 150];
        if (rim(x, y)) colour = [254, 254, 255];
        if (person) colour = [210, 90, 50];
        for (let c = 0; c < 3; c++) rgb[c as 0 | 1 | 2][i] = colour[c]!;
        mask[i] = person ? 0.9 : 0.05;
      }
    growSubjectFromColour(rgb, mask, w, h);
    let rimPixels = 0;
    let rimKept = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        if (!rim(x, y)) continue;
        rimPixels += 1;
        if (mask[y * w + x]! >= 0.5) rimKept += 1;
      }
    expect(rimPixels).toBeGreaterThan(100);
    expect(rimKept / rimPixels).toBeGreaterThan(0.95);
    expect(mask[110 * w + 97]).toBe(1);
    expect(mask[25 * w + 130]).toBeLessThan(0.5);
    expect(mask[140 * w + 28]).toBeLessThan(0.5);
  });

  it('does not take a background light’s glow behind the head for light touching the subject', () => {
    // A grey backdrop lit from behind the head: up to 45 levels brighter at the head, fading out over
    // 50 px (what a studio's background light does), with noise; the person's mask exact.
    const random = seededRandom(13);
    const rgb: [Float32Array, Float32Array, Float32Array] = [new Float32Array(w * h), new Float32Array(w * h), new Float32Array(w * h)];
    const mask = new Float32Array(w * h);
    let glow = 0;
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = y * w + x;
        const person = Math.hypot(x - 60, y - 35) <= 14 || (y >= 50 && x >= 35 && x <= 85);
        const lift = 45 * Math.max(0, 1 - Math.hypot(x - 60, y - 35) / 50) ** 2;
        if (!person && lift >= 8) glow += 1;
        let colour = [120, 122, 125].map((v) => v + lift + (random() - 0.5) * 3);
        if (person) colour = [60, 45, 40];
        for (let c = 0; c < 3; c++) rgb[c as 0 | 1 | 2][i] = colour[c]!;
        mask[i] = person ? 0.9 : 0.05;
      }
    const { grown } = growSubjectFromColour(rgb, mask, w, h);
    expect(glow).toBeGreaterThan(1000);
    expect(grown).toBeLessThan(glow * 0.02);
  });
});
