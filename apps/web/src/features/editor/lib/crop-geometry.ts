/**
 * Crop geometry (spec §5 "Crop options", §9): where the crop box sits for a preset and a zoom, how it
 * is kept in the recipe (fractions of the upright source) and how it maps to react-easy-crop.
 *
 * The spec's zoom (0..100, default 30) shrinks the crop box: at zoom z the box is (1 - z/100) of the
 * largest box of the preset's aspect that fits the photo, in each direction (zoom 0: that largest box;
 * zoom 30: 70 % of it). Zoom 100 would make an empty box, so the box never gets smaller than
 * MIN_CROP_SCALE (10 %) of the largest one: zoom 90..100 all give that box.
 *
 * "Smart framing": when a face was found, the box is centred on the face (its box's centre) instead of
 * the photo's centre, then moved (never shrunk) to lie inside the photo.
 */
import { CROP_PRESETS, DEFAULT_CROP_PRESET, DEFAULT_CROP_ZOOM, type CropPreset, type CropRecipe, type PassportDocument } from '@studio-gallery/contract';
import { clamp, moveInside, rectAround, type PixelRect, type Point, type Size } from './geometry';
import { passportSpec } from './passport';

/** The smallest crop box, as a share of the largest box of the aspect (see the module comment). */
export const MIN_CROP_SCALE = 0.1;
export const MIN_CROP_ZOOM = 0;
export const MAX_CROP_ZOOM = 100;

/**
 * The aspect (width / height) of a preset. The passport preset follows the chosen document: 35/45 for
 * the UK and Schengen ones, 1 for the US 2x2 in one (CROP_PRESETS.passport is the 35x45 mm default).
 */
export function cropAspect(preset: CropPreset, passportDocument?: PassportDocument | null): number {
  if (preset === 'passport' && passportDocument) {
    const spec = passportSpec(passportDocument);
    return spec.widthMm / spec.heightMm;
  }
  return CROP_PRESETS[preset];
}

/** The largest box of `aspect` (width / height) that fits inside `image`. */
export function largestBox(image: Size, aspect: number): Size {
  if (image.width / image.height > aspect) return { width: image.height * aspect, height: image.height };
  return { width: image.width, height: image.width / aspect };
}

/** The box's share of the largest box at a spec zoom (0..100): 1 - zoom/100, at least MIN_CROP_SCALE. */
export function cropScaleForZoom(zoom: number): number {
  return Math.max(1 - clamp(zoom, MIN_CROP_ZOOM, MAX_CROP_ZOOM) / 100, MIN_CROP_SCALE);
}

/** The spec zoom (0..100) that gives a box `scale` times the largest box (inverse of cropScaleForZoom). */
export function zoomForCropScale(scale: number): number {
  return clamp((1 - clamp(scale, MIN_CROP_SCALE, 1)) * 100, MIN_CROP_ZOOM, MAX_CROP_ZOOM);
}

/**
 * The crop box in source pixels for an aspect and a spec zoom, centred on `centre` (the face's centre
 * for smart framing; the photo's centre when omitted) and moved to lie inside the photo.
 */
export function cropBox(image: Size, aspect: number, zoom: number, centre?: Point): PixelRect {
  const largest = largestBox(image, aspect);
  const scale = cropScaleForZoom(zoom);
  const size = { width: largest.width * scale, height: largest.height * scale };
  return moveInside(rectAround(centre ?? { x: image.width / 2, y: image.height / 2 }, size), image);
}

/** The spec zoom a box of this size corresponds to for the aspect (0 for the largest box). */
export function zoomForRect(rect: PixelRect, image: Size, aspect: number): number {
  const largest = largestBox(image, aspect);
  // Width and height give the same scale for a box of the aspect; the larger one is robust to rounding.
  return zoomForCropScale(Math.max(rect.width / largest.width, rect.height / largest.height));
}

/** A pixel rectangle as the recipe keeps it: fractions (0..1) of the upright source. */
export function cropRecipeFromRect(rect: PixelRect, image: Size, preset: CropPreset, zoom: number): CropRecipe {
  const inside = moveInside(rect, image);
  const unit = (v: number) => clamp(v, 0, 1);
  return {
    preset,
    zoom: clamp(zoom, MIN_CROP_ZOOM, MAX_CROP_ZOOM),
    x: unit(inside.x / image.width),
    y: unit(inside.y / image.height),
    width: clamp(inside.width / image.width, Number.EPSILON, 1),
    height: clamp(inside.height / image.height, Number.EPSILON, 1),
  };
}

/** The recipe's fractions as pixels of an image of `image` size (the preview or the full-size original). */
export function rectFromCropRecipe(crop: Pick<CropRecipe, 'x' | 'y' | 'width' | 'height'>, image: Size): PixelRect {
  return { x: crop.x * image.width, y: crop.y * image.height, width: crop.width * image.width, height: crop.height * image.height };
}

export interface DefaultCropOptions {
  preset?: CropPreset;
  zoom?: number;
  /** The centre of the main face (smart framing); the photo's centre when there is none. */
  faceCentre?: Point | null;
  passportDocument?: PassportDocument | null;
}

/** The crop the editor opens with (spec §9): portrait, zoom 30, centred on the face if one was found. */
export function defaultCrop(image: Size, options: DefaultCropOptions = {}): CropRecipe {
  const preset = options.preset ?? DEFAULT_CROP_PRESET;
  const zoom = options.zoom ?? DEFAULT_CROP_ZOOM;
  const rect = cropBox(image, cropAspect(preset, options.passportDocument), zoom, options.faceCentre ?? undefined);
  return cropRecipeFromRect(rect, image, preset, zoom);
}

// --- react-easy-crop ------------------------------------------------------------------------------
//
// react-easy-crop (objectFit 'contain', no rotation) shows the photo fitted in its container and a crop
// area of the aspect as large as fits the shown photo: at its zoom 1 the area covers exactly
// largestBox(image, aspect); at its zoom k it covers 1/k of that in each direction (its
// computeCroppedArea: width% = cropSize.width / mediaWidth / zoom). So its zoom is the inverse of our
// scale: easyZoom = 1 / cropScaleForZoom(zoom), from 1 (spec zoom 0) to 1 / MIN_CROP_SCALE = 10 (spec
// zoom 90..100); spec zoom 30 is easyZoom 1/0.7 ≈ 1.43. Pass minZoom={EASY_CROP_MIN_ZOOM} and
// maxZoom={EASY_CROP_MAX_ZOOM}.
//
// Its `crop` prop ({x, y} in container pixels) depends on the container size, so don't compute it: seed
// the cropper with `initialCroppedAreaPixels={toEasyCropArea(rect)}` (it derives crop and zoom from that)
// and read the result in `onCropComplete(croppedArea, croppedAreaPixels)` with cropRecipeFromEasyCrop.
// croppedAreaPixels is rounded to whole pixels (and its size derived from one side times the aspect),
// so a round trip moves the box by at most a pixel or two.

export const EASY_CROP_MIN_ZOOM = 1;
export const EASY_CROP_MAX_ZOOM = 1 / MIN_CROP_SCALE;

/** react-easy-crop's zoom (scale factor ≥ 1) for a spec zoom (0..100). */
export function easyCropZoomFromZoom(zoom: number): number {
  return 1 / cropScaleForZoom(zoom);
}

/** The spec zoom (0..100) for react-easy-crop's zoom (scale factor ≥ 1). */
export function zoomFromEasyCropZoom(easyZoom: number): number {
  return zoomForCropScale(1 / clamp(easyZoom, EASY_CROP_MIN_ZOOM, EASY_CROP_MAX_ZOOM));
}

/** A crop box as react-easy-crop's `initialCroppedAreaPixels` (whole pixels, inside the photo). */
export function toEasyCropArea(rect: PixelRect): PixelRect {
  return { x: Math.round(rect.x), y: Math.round(rect.y), width: Math.round(rect.width), height: Math.round(rect.height) };
}

/**
 * The recipe for react-easy-crop's `croppedAreaPixels` (from onCropComplete), in pixels of the image it
 * was given (`image` = that image's natural size). The zoom is worked out from the box's size.
 */
export function cropRecipeFromEasyCrop(croppedAreaPixels: PixelRect, image: Size, preset: CropPreset, passportDocument?: PassportDocument | null): CropRecipe {
  const zoom = zoomForRect(croppedAreaPixels, image, cropAspect(preset, passportDocument));
  return cropRecipeFromRect(croppedAreaPixels, image, preset, zoom);
}
