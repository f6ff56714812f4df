import { describe, expect, it } from 'vitest';
import { contrastRatio, ensureContrast, paletteFromHex } from './color';

describe('paletteFromHex', () => {
  it('gives ten shades, light to dark, with the accent itself at 6', () => {
    const p = paletteFromHex('#7048E8');
    expect(p).toHaveLength(10);
    expect(p[6]).toBe('#7048e8');
    for (let i = 1; i < 10; i++) {
      expect(contrastRatio(p[i]!, '#ffffff')).toBeGreaterThan(contrastRatio(p[i - 1]!, '#ffffff'));
    }
  });

  it('keeps accent text readable even for a very light accent, on light and dark backgrounds', () => {
    for (const accent of ['#ffe066', '#7048E8', '#0b7285', '#111111']) {
      const p = paletteFromHex(accent);
      expect(contrastRatio(ensureContrast(p[6], '#ffffff'), '#ffffff')).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(ensureContrast(p[7], p[2]), p[2])).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(ensureContrast(p[4], '#242424'), '#242424')).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('leaves a colour alone when it is already readable', () => {
    expect(ensureContrast('#000000', '#ffffff')).toBe('#000000');
    expect(ensureContrast('#7048e8', '#ffffff')).toBe('#7048e8');
  });
});
