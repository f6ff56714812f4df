/**
 * Export of a crop from the full-resolution render (spec §5 crop presets, §9 JPEG 0.95):
 * - square, portrait, landscape: JPEG at CROP_JPEG_QUALITY, the crop's own pixel size;
 * - circle: PNG whose outside is really transparent (react-easy-crop's round crop is only drawn over
 *   the picture): the crop is masked with an anti-aliased ellipse, the corners get alpha 0;
 * - passport: JPEG at least the document's size at 600 dpi (35x45 mm: 827x1063 px; 2x2 in:
 *   1200x1200 px). A crop with fewer pixels is enlarged to that size (`upscaled: true` in the result;
 *   checkPassport's resolution rule tells the customer), a larger one keeps its pixels.
 * printSheet lays copies of a passport photo out on a 4x6 in sheet at 600 dpi (passport.ts has the
 * layout).
 */
import { CROP_JPEG_QUALITY, type CropPreset, type PassportDocument } from '@studio-gallery/contract';
import { roundRectInside, type PixelRect, type Size } from './geometry';
import { passportPixelSize, passportSpec, printSheetLayout, type SheetLayout } from './passport';

export type AnyCanvas = HTMLCanvasElement | OffscreenCanvas;
type Context2D = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

export interface CropExportOptions {
  preset: CropPreset;
  /** Required for the passport preset: its size follows the document. */
  passportDocument?: PassportDocument | null;
}

export interface ExportedImage {
  blob: Blob;
  type: 'image/jpeg' | 'image/png';
  width: number;
  height: number;
  /** True when the crop had fewer pixels than the output (passport photos below 600 dpi). */
  upscaled: boolean;
}

/** A canvas of `size`: an OffscreenCanvas where there is one (workers too), else a DOM canvas. */
function createCanvas(size: Size): AnyCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(size.width, size.height);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  return canvas;
}

function context2d(canvas: AnyCanvas): Context2D {
  const context = canvas.getContext('2d') as Context2D | null;
  if (!context) throw new Error('export-crop: no 2D canvas context');
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  return context;
}

async function encode(canvas: AnyCanvas, type: ExportedImage['type'], quality?: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error(`export-crop: the browser could not encode ${type}`))), type, quality);
  });
}

/** The output size of a crop: its own pixels, or (passport) at least the document's 600 dpi size. */
export function exportSize(rect: PixelRect, options: CropExportOptions): { size: Size; upscaled: boolean } {
  const own = { width: Math.max(1, Math.round(rect.width)), height: Math.max(1, Math.round(rect.height)) };
  if (options.preset !== 'passport') return { size: own, upscaled: false };
  if (!options.passportDocument) throw new Error('export-crop: the passport preset needs a document');
  const minimum = passportPixelSize(options.passportDocument);
  const spec = passportSpec(options.passportDocument);
  // The document's exact aspect, from whichever is larger: the crop or the 600 dpi minimum.
  const width = Math.max(minimum.width, own.width);
  const height = Math.max(minimum.height, Math.round((width * spec.heightMm) / spec.widthMm));
  return { size: { width, height }, upscaled: own.width < minimum.width || own.height < minimum.height };
}

/**
 * Crops `source` (the full-resolution render, upright) to `rect` (source pixels) and encodes it for the
 * preset: JPEG 0.95, PNG with a transparent outside for the circle, passport at ≥ 600 dpi.
 */
export async function exportCrop(source: AnyCanvas | ImageBitmap, rect: PixelRect, options: CropExportOptions): Promise<ExportedImage> {
  const from = roundRectInside(rect, { width: source.width, height: source.height });
  const { size, upscaled } = exportSize(from, options);
  const canvas = createCanvas(size);
  const context = context2d(canvas);
  if (options.preset === 'circle') {
    context.drawImage(source, from.x, from.y, from.width, from.height, 0, 0, size.width, size.height);
    // Keep only what lies inside the ellipse: filling it in destination-in mode leaves the edge's
    // anti-aliased coverage as alpha, and the outside (the corners) at alpha 0.
    context.globalCompositeOperation = 'destination-in';
    context.beginPath();
    context.ellipse(size.width / 2, size.height / 2, size.width / 2, size.height / 2, 0, 0, Math.PI * 2);
    context.fillStyle = '#000';
    context.fill();
    context.globalCompositeOperation = 'source-over';
    return { blob: await encode(canvas, 'image/png'), type: 'image/png', width: size.width, height: size.height, upscaled: false };
  }
  // JPEG has no alpha: a transparent source pixel comes out white, not black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(source, from.x, from.y, from.width, from.height, 0, 0, size.width, size.height);
  return { blob: await encode(canvas, 'image/jpeg', CROP_JPEG_QUALITY), type: 'image/jpeg', width: size.width, height: size.height, upscaled };
}

export interface PrintSheet extends ExportedImage {
  layout: SheetLayout;
}

/**
 * A 4x6 in sheet at 600 dpi (white, JPEG 0.95) with as many copies of the passport photo as fit, a
 * small gap between them and cut marks at every copy's corners (passport.ts printSheetLayout). The
 * photo is scaled to the document's exact 600 dpi size.
 */
export async function printSheet(passportPhoto: AnyCanvas | ImageBitmap, document: PassportDocument): Promise<PrintSheet> {
  const layout = printSheetLayout(document);
  const canvas = createCanvas(layout.sheet);
  const context = context2d(canvas);
  context.fillStyle = '#fff';
  context.fillRect(0, 0, layout.sheet.width, layout.sheet.height);
  for (const copy of layout.copies) context.drawImage(passportPhoto, copy.x, copy.y, copy.width, copy.height);
  context.strokeStyle = '#000';
  context.lineWidth = layout.cutMarkWidth;
  context.lineCap = 'butt';
  context.beginPath();
  for (const mark of layout.cutMarks) {
    context.moveTo(mark.from.x, mark.from.y);
    context.lineTo(mark.to.x, mark.to.y);
  }
  context.stroke();
  const blob = await encode(canvas, 'image/jpeg', CROP_JPEG_QUALITY);
  return { blob, type: 'image/jpeg', width: layout.sheet.width, height: layout.sheet.height, upscaled: false, layout };
}
