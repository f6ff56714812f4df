import { describe, expect, it } from 'vitest';
import { estimateForeground } from './foreground-estimation';

/**
 * A subject whose colour varies smoothly (red to orange, top to bottom) over a backdrop that varies too
 * (green to blue, left to right), composited exactly (I = αF + (1−α)B): a disc with a soft rim and thin
 * strands of partial alpha reaching out of it.
 */
function scene(size: number) {
  const fore = (_x: number, y: number) => [200, 40 + (100 * y) / size, 40];
  const back = (x: number, _y: number) => [30, 180 - (120 * x) / size, 60 + (150 * x) / size];
  const alpha = new Float32Array(size * size);
  const c = size / 2;
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x + 0.5 - c, y + 0.5 - c);
      let a = Math.min(1, Math.max(0, (size * 0.3 - d) / 3 + 0.5));
      // Strands: every 12th column above the disc, 0.35 opaque.
      if (x % 12 === 0 && y < c && d < size * 0.45 && d >= size * 0.3) a = Math.max(a, 0.35);
      alpha[y * size + x] = a;
    }
  const data = new Uint8Array(size * size * 3);
  const rgba = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const i = y * size + x;
      const a = Math.round(alpha[i]! * 255) / 255;
      const f = fore(x, y);
      const b = back(x, y);
      for (let k = 0; k < 3; k++) {
        data[i * 3 + k] = Math.round(a * f[k]! + (1 - a) * b[k]!);
        rgba[i * 4 + k] = data[i * 3 + k]!;
      }
      rgba[i * 4 + 3] = Math.round(a * 255);
    }
  return { data, rgba, alpha, fore };
}

describe('estimateForeground (Germer et al. 2020, band-limited)', () => {
  const size = 160;
  const { data, rgba, fore } = scene(size);
  const before = Uint8Array.from(rgba);
  const solved = estimateForeground({ data, width: size, height: size }, rgba);

  it('solves exactly the partly transparent pixels and leaves the others as they were', () => {
    let partial = 0;
    let changedOutside = 0;
    let alphaChanged = 0;
    for (let i = 0; i < size * size; i++) {
      const a = before[i * 4 + 3]!;
      if (a > 0 && a < 255) partial += 1;
      else for (let k = 0; k < 3; k++) if (rgba[i * 4 + k] !== before[i * 4 + k]) changedOutside += 1;
      if (rgba[i * 4 + 3] !== a) alphaChanged += 1;
    }
    expect(changedOutside).toBe(0);
    expect(alphaChanged).toBe(0);
    expect(solved).toBe(partial);
    expect(partial).toBeGreaterThan(400);
  });

  it('gives the band the subject’s own colour: within 4 levels on average and 24 at worst where α ≥ 0.1 (the observed pixels: 45+ on average)', () => {
    let count = 0;
    let observedError = 0;
    let estimatedError = 0;
    let worst = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const i = y * size + x;
        const a = before[i * 4 + 3]!;
        if (a < 26 || a === 255) continue;
        const f = fore(x, y);
        count += 1;
        for (let k = 0; k < 3; k++) {
          observedError += Math.abs(before[i * 4 + k]! - f[k]!) / 3;
          const e = Math.abs(rgba[i * 4 + k]! - f[k]!);
          estimatedError += e / 3;
          worst = Math.max(worst, e);
        }
      }
    expect(observedError / count).toBeGreaterThan(45);
    expect(estimatedError / count).toBeLessThanOrEqual(4);
    expect(worst).toBeLessThanOrEqual(24);
  });
});
