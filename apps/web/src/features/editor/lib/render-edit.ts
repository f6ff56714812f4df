import { DEFAULT_EDIT_VALUES, EDIT_JPEG_QUALITY, EDITED_FILE_PREFIX, type EditValues } from '@studio-gallery/contract';
import { rectFromCropRecipe } from './crop-geometry';
import type { BaseEdit } from './base-image';
import type { EditState } from './edit-history';
import { exportCrop, printSheet } from './export-crop';
import type { Size } from './geometry';
import { canvasToBlob, type EditRenderer } from './renderer';

/**
 * The slider values an edit renders with: a passport photo must not be retouched, so while the
 * passport preset is on, the adjustments apply only when the customer turned them back on.
 */
export function effectiveValues(state: EditState): EditValues {
  return state.passport && !state.passport.withAdjustments ? DEFAULT_EDIT_VALUES : state.values;
}

/** What changes the base picture: nothing while the passport preset keeps the photo untouched. */
export function effectiveBaseEdit(state: EditState): BaseEdit {
  return state.passport && !state.passport.withAdjustments ? { background: null, retouch: null } : { background: state.background, retouch: state.retouch };
}

/**
 * The edit at the original's full resolution: adjustments (tiled on the GPU), then the crop: JPEG 0.9
 * uncropped, 0.95 cropped, PNG with a transparent outside for the circle, passport at ≥ 600 dpi.
 */
export async function renderEdit(renderer: EditRenderer, image: Size, state: EditState): Promise<Blob> {
  const values = effectiveValues(state);
  if (!state.crop) return canvasToBlob(await renderer.renderFull(values, null), 'image/jpeg', EDIT_JPEG_QUALITY);
  const rendered = await renderer.renderFull(values, rectFromCropRecipe(state.crop, image));
  const whole = { x: 0, y: 0, width: rendered.width, height: rendered.height };
  const exported = await exportCrop(rendered, whole, { preset: state.crop.preset, passportDocument: state.passport?.document ?? null });
  return exported.blob;
}

/** A 4x6 in print sheet of the passport crop, as many copies as fit, with cut marks. */
export async function renderPrintSheet(renderer: EditRenderer, image: Size, state: EditState): Promise<Blob> {
  if (!state.passport) throw new Error('renderPrintSheet: not a passport crop');
  const photo = await createImageBitmap(await renderEdit(renderer, image, state));
  try {
    return (await printSheet(photo, state.passport.document)).blob;
  } finally {
    photo.close();
  }
}

/** Spec §9: an edited copy is named 'edited-' plus the photo's name (with the extension of its format). */
export function editedFileName(name: string, type: string): string {
  const base = name.replace(/\.(jpe?g|png|webp|tiff?)$/i, '');
  return `${EDITED_FILE_PREFIX}${base}.${type === 'image/png' ? 'png' : 'jpg'}`;
}
