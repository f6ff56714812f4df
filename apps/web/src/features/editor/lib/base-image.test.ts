import { describe, expect, it } from 'vitest';
import { coverRect, personLayerPixels } from './base-image';

describe('base picture', () => {
  it('covers the photo with a background of another shape, centred', () => {
    expect(coverRect(600, 400, 300, 300)).toEqual({ x: -75, y: 0, width: 450, height: 300 });
    expect(coverRect(100, 300, 200, 300)).toEqual({ x: 0, y: -150, width: 200, height: 600 });
  });

  it('keeps the photo’s own pixels where the person is opaque, the cut-out’s decontaminated ones on the edge', () => {
    // Two pixels: one opaque (alpha 255), one on the edge (alpha 128).
    const cutout = new Uint8ClampedArray([10, 20, 30, 255, 40, 50, 60, 128]);
    const retouched = new Uint8ClampedArray([11, 21, 31, 255, 99, 99, 99, 255]);
    expect(Array.from(personLayerPixels(cutout, retouched))).toEqual([11, 21, 31, 255, 40, 50, 60, 128]);
    expect(Array.from(personLayerPixels(cutout, null))).toEqual(Array.from(cutout));
  });
});
