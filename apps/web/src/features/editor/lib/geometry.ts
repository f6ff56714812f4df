/**
 * Plain 2-D shapes the crop, face and passport code share. Everything is in pixels of the upright
 * source photo (EXIF orientation applied), origin top left, y pointing down.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

/** A rectangle in pixels: top-left corner and size. Same shape as react-easy-crop's `Area`. */
export interface PixelRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/**
 * Moves (never resizes) a rectangle so it lies inside `bounds` (0,0 to width,height). A rectangle
 * larger than the bounds in one direction is centred on that axis.
 */
export function moveInside(rect: PixelRect, bounds: Size): PixelRect {
  const x = rect.width >= bounds.width ? (bounds.width - rect.width) / 2 : clamp(rect.x, 0, bounds.width - rect.width);
  const y = rect.height >= bounds.height ? (bounds.height - rect.height) / 2 : clamp(rect.y, 0, bounds.height - rect.height);
  return { x, y, width: rect.width, height: rect.height };
}

/** A rectangle of the given size whose centre is `centre`. */
export function rectAround(centre: Point, size: Size): PixelRect {
  return { x: centre.x - size.width / 2, y: centre.y - size.height / 2, width: size.width, height: size.height };
}

/**
 * Whole pixels for drawing: the smallest integer rectangle inside `bounds` that the rounded corners
 * give, at least 1x1.
 */
export function roundRectInside(rect: PixelRect, bounds: Size): PixelRect {
  const left = clamp(Math.round(rect.x), 0, Math.max(0, bounds.width - 1));
  const top = clamp(Math.round(rect.y), 0, Math.max(0, bounds.height - 1));
  const right = clamp(Math.round(rect.x + rect.width), left + 1, bounds.width);
  const bottom = clamp(Math.round(rect.y + rect.height), top + 1, bounds.height);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** Scales a rectangle's x and width by `factorX`, its y and height by `factorY` (e.g. from a downscaled copy back to the source). */
export function scaleRect(rect: PixelRect, factorX: number, factorY: number = factorX): PixelRect {
  return { x: rect.x * factorX, y: rect.y * factorY, width: rect.width * factorX, height: rect.height * factorY };
}

export function scalePoint(point: Point, factorX: number, factorY: number = factorX): Point {
  return { x: point.x * factorX, y: point.y * factorY };
}
