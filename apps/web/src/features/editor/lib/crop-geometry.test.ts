import { CROP_PRESET_NAMES, DEFAULT_CROP_PRESET, DEFAULT_CROP_ZOOM, type CropPreset } from '@studio-gallery/contract';
import { getInitialCropFromCroppedAreaPixels } from 'react-easy-crop';
import { describe, expect, it } from 'vitest';
import {
  cropAspect,
  cropBox,
  cropRecipeFromEasyCrop,
  cropRecipeFromRect,
  cropScaleForZoom,
  defaultCrop,
  EASY_CROP_MAX_ZOOM,
  EASY_CROP_MIN_ZOOM,
  easyCropZoomFromZoom,
  largestBox,
  MIN_CROP_SCALE,
  rectFromCropRecipe,
  toEasyCropArea,
  zoomForRect,
  zoomFromEasyCropZoom,
} from './crop-geometry';
import type { PixelRect, Size } from './geometry';

const LANDSCAPE_PHOTO: Size = { width: 4000, height: 3000 };
const PORTRAIT_PHOTO: Size = { width: 3000, height: 4000 };

/** The largest box of each preset's aspect in a 4000x3000 and a 3000x4000 photo. */
const LARGEST: Record<CropPreset, { landscape: Size; portrait: Size }> = {
  square: { landscape: { width: 3000, height: 3000 }, portrait: { width: 3000, height: 3000 } },
  circle: { landscape: { width: 3000, height: 3000 }, portrait: { width: 3000, height: 3000 } },
  portrait: { landscape: { width: 2250, height: 3000 }, portrait: { width: 3000, height: 4000 } },
  landscape: { landscape: { width: 4000, height: 2250 }, portrait: { width: 3000, height: 1687.5 } },
  passport: { landscape: { width: (3000 * 35) / 45, height: 3000 }, portrait: { width: 3000, height: (3000 * 45) / 35 } },
};

function expectRect(actual: PixelRect, expected: PixelRect, digits = 6) {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.width).toBeCloseTo(expected.width, digits);
  expect(actual.height).toBeCloseTo(expected.height, digits);
}

describe('crop box (spec §9: (1 - zoom/100) of the largest box, centred)', () => {
  for (const preset of CROP_PRESET_NAMES) {
    for (const [orientation, photo] of [
      ['landscape', LANDSCAPE_PHOTO],
      ['portrait', PORTRAIT_PHOTO],
    ] as const) {
      const largest = LARGEST[preset][orientation];
      for (const [zoom, scale] of [
        [0, 1],
        [30, 0.7],
        [100, MIN_CROP_SCALE],
      ] as const) {
        it(`${preset} on a ${orientation} photo at zoom ${zoom}: ${scale * 100} % of the largest box, centred`, () => {
          const aspect = cropAspect(preset);
          expect(largestBox(photo, aspect).width).toBeCloseTo(largest.width, 6);
          expect(largestBox(photo, aspect).height).toBeCloseTo(largest.height, 6);
          const width = largest.width * scale;
          const height = largest.height * scale;
          expectRect(cropBox(photo, aspect, zoom), { x: (photo.width - width) / 2, y: (photo.height - height) / 2, width, height });
        });
      }
    }
  }

  it('never shrinks below MIN_CROP_SCALE: zoom 90 to 100 give the same box, out-of-range zooms are clamped', () => {
    expect(cropScaleForZoom(90)).toBeCloseTo(MIN_CROP_SCALE, 12);
    expect(cropScaleForZoom(100)).toBe(MIN_CROP_SCALE);
    expect(cropScaleForZoom(150)).toBe(MIN_CROP_SCALE);
    expect(cropScaleForZoom(-20)).toBe(1);
  });

  it('the passport preset follows the document: 35/45 for UK and Schengen, square for the US', () => {
    expect(cropAspect('passport')).toBeCloseTo(35 / 45, 12);
    expect(cropAspect('passport', 'uk')).toBeCloseTo(35 / 45, 12);
    expect(cropAspect('passport', 'schengen')).toBeCloseTo(35 / 45, 12);
    expect(cropAspect('passport', 'us')).toBe(1);
    expect(cropAspect('square', 'us')).toBe(1);
  });
});

describe('smart framing: centred on the face, then moved inside the photo', () => {
  it('centres the box on the face when it fits', () => {
    const box = cropBox(LANDSCAPE_PHOTO, 1, 50, { x: 1800, y: 1400 });
    expectRect(box, { x: 1800 - 750, y: 1400 - 750, width: 1500, height: 1500 });
  });

  it('moves the box inside at the top-right corner, keeping its size', () => {
    const box = cropBox(LANDSCAPE_PHOTO, 3 / 4, 30, { x: 3900, y: 100 });
    expect(box.width).toBeCloseTo(2250 * 0.7, 6);
    expect(box.height).toBeCloseTo(3000 * 0.7, 6);
    expect(box.x + box.width).toBeCloseTo(4000, 6);
    expect(box.y).toBe(0);
  });

  it('moves the box inside at the bottom-left corner', () => {
    const box = cropBox(PORTRAIT_PHOTO, 1, 60, { x: 10, y: 3990 });
    expect(box.x).toBe(0);
    expect(box.y + box.height).toBeCloseTo(4000, 6);
  });

  it('at zoom 0 the box spans the photo in one direction, so only the other follows the face', () => {
    const box = cropBox(LANDSCAPE_PHOTO, 3 / 4, 0, { x: 1500, y: 200 });
    expect(box.y).toBe(0);
    expect(box.height).toBe(3000);
    expect(box.x).toBeCloseTo(1500 - 1125, 9);
  });

  it('the default crop: portrait, zoom 30, on the face', () => {
    const crop = defaultCrop(LANDSCAPE_PHOTO, { faceCentre: { x: 1500, y: 1200 } });
    expect(crop.preset).toBe(DEFAULT_CROP_PRESET);
    expect(crop.zoom).toBe(DEFAULT_CROP_ZOOM);
    const rect = rectFromCropRecipe(crop, LANDSCAPE_PHOTO);
    expectRect(rect, { x: 1500 - 787.5, y: 1200 - 1050, width: 1575, height: 2100 });
    expect(defaultCrop(LANDSCAPE_PHOTO).x).toBeCloseTo((4000 - 1575) / 2 / 4000, 12);
  });
});

describe('recipe fractions', () => {
  it('round-trips a pixel rectangle through the recipe, on any size of the same photo', () => {
    const rect = { x: 712.5, y: 150, width: 1575, height: 2100 };
    const crop = cropRecipeFromRect(rect, LANDSCAPE_PHOTO, 'portrait', 30);
    expect(crop).toMatchObject({ preset: 'portrait', zoom: 30, x: 712.5 / 4000, y: 0.05, width: 1575 / 4000, height: 0.7 });
    expectRect(rectFromCropRecipe(crop, LANDSCAPE_PHOTO), rect);
    // The preview (800x600) and the full-size original give the same part of the picture.
    expectRect(rectFromCropRecipe(crop, { width: 800, height: 600 }), { x: 142.5, y: 30, width: 315, height: 420 });
  });

  it('keeps the fractions inside 0..1 for a rectangle that pokes out', () => {
    const crop = cropRecipeFromRect({ x: -100, y: 2900, width: 1000, height: 1000 }, LANDSCAPE_PHOTO, 'square', 10);
    expect(crop.x).toBe(0);
    expect(crop.y).toBeCloseTo(2 / 3, 12);
    expect(crop.y + crop.height).toBeCloseTo(1, 12);
  });

  it('works the zoom out from a box size', () => {
    for (const zoom of [0, 30, 55, 90]) {
      expect(zoomForRect(cropBox(PORTRAIT_PHOTO, 16 / 9, zoom), PORTRAIT_PHOTO, 16 / 9)).toBeCloseTo(zoom, 9);
    }
    // Zoom 100 gives the smallest box, which reads back as 90 (the first zoom that gives it).
    expect(zoomForRect(cropBox(PORTRAIT_PHOTO, 1, 100), PORTRAIT_PHOTO, 1)).toBeCloseTo(90, 9);
  });
});

describe('react-easy-crop', () => {
  it('its zoom is the inverse of our box scale: 1 at zoom 0, 1/0.7 at 30, 10 at 90..100', () => {
    expect(easyCropZoomFromZoom(0)).toBe(1);
    expect(easyCropZoomFromZoom(30)).toBeCloseTo(1 / 0.7, 12);
    expect(easyCropZoomFromZoom(100)).toBeCloseTo(EASY_CROP_MAX_ZOOM, 12);
    expect(EASY_CROP_MIN_ZOOM).toBe(1);
    for (const zoom of [0, 12.5, 30, 64, 90]) expect(zoomFromEasyCropZoom(easyCropZoomFromZoom(zoom))).toBeCloseTo(zoom, 9);
    expect(zoomFromEasyCropZoom(0.5)).toBe(0);
    expect(zoomFromEasyCropZoom(40)).toBeCloseTo(90, 9);
  });

  /**
   * react-easy-crop 6.2.1's computeCroppedArea (src/helpers.ts, not exported), no rotation, restricted
   * position: what it passes to onCropComplete as croppedAreaPixels for a crop position and zoom.
   */
  function easyCropCroppedAreaPixels(crop: { x: number; y: number }, media: { width: number; height: number; naturalWidth: number; naturalHeight: number }, cropSize: Size, aspect: number, zoom: number): PixelRect {
    const limit = (max: number, value: number) => Math.min(max, Math.max(0, value));
    const percentages = {
      x: limit(100, (((media.width - cropSize.width / zoom) / 2 - crop.x / zoom) / media.width) * 100),
      y: limit(100, (((media.height - cropSize.height / zoom) / 2 - crop.y / zoom) / media.height) * 100),
      width: limit(100, ((cropSize.width / media.width) * 100) / zoom),
      height: limit(100, ((cropSize.height / media.height) * 100) / zoom),
    };
    const widthInPixels = Math.round(limit(media.naturalWidth, (percentages.width * media.naturalWidth) / 100));
    const heightInPixels = Math.round(limit(media.naturalHeight, (percentages.height * media.naturalHeight) / 100));
    const size = media.naturalWidth >= media.naturalHeight * aspect ? { width: Math.round(heightInPixels * aspect), height: heightInPixels } : { width: widthInPixels, height: Math.round(widthInPixels / aspect) };
    return {
      ...size,
      x: Math.round(limit(media.naturalWidth - size.width, (percentages.x * media.naturalWidth) / 100)),
      y: Math.round(limit(media.naturalHeight - size.height, (percentages.y * media.naturalHeight) / 100)),
    };
  }

  for (const [preset, photo] of [
    ['portrait', LANDSCAPE_PHOTO],
    ['landscape', PORTRAIT_PHOTO],
    ['square', LANDSCAPE_PHOTO],
    ['passport', PORTRAIT_PHOTO],
  ] as const) {
    it(`${preset}: seeding it with our box and reading its answer back gives the same crop and zoom`, () => {
      const aspect = cropAspect(preset, 'uk');
      const rect = cropBox(photo, aspect, 30, { x: photo.width * 0.4, y: photo.height * 0.35 });
      // The photo shown at 1/5 in an 800x800 container ('contain'); its crop area: the largest box of the aspect.
      const media = { width: photo.width / 5, height: photo.height / 5, naturalWidth: photo.width, naturalHeight: photo.height };
      const cropSize = largestBox(media, aspect);
      const seeded = getInitialCropFromCroppedAreaPixels(toEasyCropArea(rect), media, 0, cropSize, EASY_CROP_MIN_ZOOM, EASY_CROP_MAX_ZOOM);
      expect(seeded.zoom).toBeCloseTo(easyCropZoomFromZoom(30), 2);

      const answered = easyCropCroppedAreaPixels(seeded.crop, media, cropSize, aspect, seeded.zoom);
      const recipe = cropRecipeFromEasyCrop(answered, photo, preset, 'uk');
      expect(recipe.zoom).toBeCloseTo(30, 0);
      const back = rectFromCropRecipe(recipe, photo);
      for (const key of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(back[key] - rect[key])).toBeLessThanOrEqual(2);
    });
  }
});
