import { describe, expect, it } from 'vitest';
import { EMPTY_RECIPE } from './editor';
import { deliveryMatchKey, describeRecipe } from './studio-orders';

describe('delivery file matching', () => {
  it('matches on the name without its extension, in lower case, whatever folder it came from', () => {
    expect(deliveryMatchKey('IMG_0002.PNG')).toBe('img_0002');
    expect(deliveryMatchKey('retouched/Kim-01.final.jpg')).toBe('kim-01.final');
    expect(deliveryMatchKey('C:\\shoot\\Kim-01.tif')).toBe('kim-01');
    expect(deliveryMatchKey('.hidden')).toBe('.hidden');
    expect(deliveryMatchKey('NoExtension')).toBe('noextension');
  });
});

describe("describeRecipe: the customer's edit in words for the retoucher", () => {
  it('says nothing of an edit that changed nothing', () => {
    expect(describeRecipe(EMPTY_RECIPE)).toEqual([]);
  });

  it('names the retouch, background, passport, crop and each moved slider with its signed change', () => {
    const lines = describeRecipe({
      ...EMPTY_RECIPE,
      values: { ...EMPTY_RECIPE.values, exposure: 0.5, tint: -0.30000000000000004 },
      crop: { preset: 'square', zoom: 30, x: 0, y: 0, width: 1, height: 1 },
      passport: { document: 'us', withAdjustments: false },
      background: { kind: 'colour', colour: '#868487', opacity: 80 },
      retouch: { strength: 0.5 },
    });
    expect(lines).toEqual(['AI retouch 50 %', 'Background: colour #868487 at 80 %', 'Passport photo (US)', 'Crop: Square', 'Exposure +0.5', 'Tint -0.3']);
    expect(describeRecipe({ ...EMPTY_RECIPE, background: { kind: 'upload', name: 'beach.jpg', opacity: 100 } })).toEqual(['Background: their own picture']);
  });
});
