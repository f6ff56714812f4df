/**
 * Passport mode: the documents' photo rules, framing a face to them, checking a crop against them in
 * words a customer understands, and the 4x6 in print sheet's layout. Pure functions; sizes in source
 * pixels unless a name says mm or in. docs/editor.md (crop section) has the rules table.
 */
import { editorMessages, type PassportDocument } from '@studio-gallery/contract';
import type { DetectedFace } from './face-landmarks';
import { moveInside, type PixelRect, type Point, type Size } from './geometry';

export const MM_PER_INCH = 25.4;
/** Passport photos are exported and printed at this resolution (at least). */
export const PASSPORT_PRINT_DPI = 600;

/** The editor's notice while the passport preset is on (adjustments stay off unless asked for). */
export const PASSPORT_NOTICE = editorMessages.passportNoRetouch;

export interface MmRange {
  min: number;
  max: number;
}

export interface PassportSpec {
  document: PassportDocument;
  label: string;
  /** The printed size, e.g. '35x45 mm'. */
  sizeLabel: string;
  widthMm: number;
  heightMm: number;
  /** Chin to crown (top of the head, hair included). */
  headMm: MmRange;
  /** Eye line measured from the bottom edge; null where the document sets no such rule. */
  eyeLineFromBottomMm: MmRange | null;
  /** How the rule reads in the document's own unit, for messages (the US rules are in inches). */
  headRangeLabel: string;
  eyeLineRangeLabel: string | null;
}

const inch = (inches: number) => inches * MM_PER_INCH;

export const PASSPORT_SPECS: Readonly<Record<PassportDocument, PassportSpec>> = {
  uk: {
    document: 'uk',
    label: 'UK passport',
    sizeLabel: '35x45 mm',
    widthMm: 35,
    heightMm: 45,
    headMm: { min: 29, max: 34 },
    eyeLineFromBottomMm: null,
    headRangeLabel: '29-34 mm',
    eyeLineRangeLabel: null,
  },
  schengen: {
    document: 'schengen',
    label: 'Schengen visa / ICAO passport',
    sizeLabel: '35x45 mm',
    widthMm: 35,
    heightMm: 45,
    // 70-80 % of the photo's height.
    headMm: { min: 32, max: 36 },
    eyeLineFromBottomMm: null,
    headRangeLabel: '32-36 mm',
    eyeLineRangeLabel: null,
  },
  us: {
    document: 'us',
    label: 'US passport / visa',
    sizeLabel: '2x2 in',
    widthMm: inch(2),
    heightMm: inch(2),
    headMm: { min: inch(1), max: inch(1 + 3 / 8) },
    eyeLineFromBottomMm: { min: inch(1 + 1 / 8), max: inch(1 + 3 / 8) },
    headRangeLabel: '25.4-34.9 mm (1 to 1 3/8 in)',
    eyeLineRangeLabel: '28.6-34.9 mm (1 1/8 to 1 3/8 in)',
  },
};

export function passportSpec(document: PassportDocument): PassportSpec {
  return PASSPORT_SPECS[document];
}

export function mmToPx(mm: number, dpi: number = PASSPORT_PRINT_DPI): number {
  return (mm / MM_PER_INCH) * dpi;
}

export function pxToMm(px: number, dpi: number = PASSPORT_PRINT_DPI): number {
  return (px / dpi) * MM_PER_INCH;
}

/** The document's size in whole pixels at `dpi`, rounded up (35x45 mm at 600 dpi: 827x1063; 2x2 in: 1200x1200). */
export function passportPixelSize(document: PassportDocument, dpi: number = PASSPORT_PRINT_DPI): Size {
  const spec = passportSpec(document);
  // Rounded up, less a hair so that exact values (2 in at 600 dpi = 1200) are not pushed to the next pixel.
  const whole = (mm: number) => Math.ceil(mmToPx(mm, dpi) - 1e-9);
  return { width: whole(spec.widthMm), height: whole(spec.heightMm) };
}

/** The most the eye line may lean, either way. Stricter than ISO/IEC 19794-5's 8° of roll: "eyes level". */
export const MAX_ROLL_DEGREES = 5;
/** How far (mm on the print) the face's centre may sit from the photo's vertical centre line. */
export const MAX_OFF_CENTRE_MM = 2;
/**
 * Standard position (documents without an eye-line rule): of the height the head leaves free, this
 * share goes above the crown and the rest below the chin (neck and shoulders).
 */
export const CROWN_MARGIN_SHARE = 0.4;
/** The least space kept above the crown when an eye-line rule places the head. */
export const MIN_CROWN_MARGIN_MM = 1;

const eyeLineCentre = (face: Pick<DetectedFace, 'leftEye' | 'rightEye'>): Point => ({
  x: (face.leftEye.x + face.rightEye.x) / 2,
  y: (face.leftEye.y + face.rightEye.y) / 2,
});
const faceCentreX = (face: Pick<DetectedFace, 'box'>) => face.box.x + face.box.width / 2;
const middle = (range: MmRange) => (range.min + range.max) / 2;

/**
 * The passport crop (source pixels, the document's aspect) for a face: the head (chin to crown) at the
 * middle of the document's range, the face centred horizontally, and vertically either the eye line at
 * the middle of its range (US; moved within the range if the crown would touch the top) or the
 * standard position (CROWN_MARGIN_SHARE). When the photo is too small to hold that crop, the crop is
 * the largest that fits (the head then comes out too large: checkPassport says so), then it is moved to
 * lie inside the photo.
 */
export function framePassport(face: DetectedFace, image: Size, document: PassportDocument): PixelRect {
  const spec = passportSpec(document);
  const headPx = face.chin.y - face.crown.y;
  if (!(headPx > 0)) throw new Error('framePassport: the crown must be above the chin');
  const aspect = spec.widthMm / spec.heightMm;
  let height = (headPx * spec.heightMm) / middle(spec.headMm);
  height *= Math.min(1, image.height / height, image.width / (height * aspect));
  const width = height * aspect;
  const pxPerMm = height / spec.heightMm;

  let top: number;
  if (spec.eyeLineFromBottomMm) {
    const eyeY = eyeLineCentre(face).y;
    const topForEyeLine = (fromBottomMm: number) => eyeY - (spec.heightMm - fromBottomMm) * pxPerMm;
    top = topForEyeLine(middle(spec.eyeLineFromBottomMm));
    // Raise the photo's top edge (within the eye-line range) if the crown would be too close to it.
    const crownLimit = face.crown.y - MIN_CROWN_MARGIN_MM * pxPerMm;
    if (top > crownLimit) top = Math.max(crownLimit, topForEyeLine(spec.eyeLineFromBottomMm.min));
  } else {
    top = face.crown.y - Math.max(0, height - headPx) * CROWN_MARGIN_SHARE;
  }
  return moveInside({ x: faceCentreX(face) - width / 2, y: top, width, height }, image);
}

export type PassportRule = 'whole-head' | 'head-height' | 'eye-line' | 'level' | 'centred' | 'resolution';

export interface PassportRuleResult {
  rule: PassportRule;
  ok: boolean;
  /** One sentence for the customer: what is right, or what is wrong and what is needed. */
  message: string;
  /**
   * False when no crop of this photo can meet the rule (the head cut off by the photo's own edge, a
   * tilted head, a photo too small or too tightly framed): another photo is needed.
   */
  fixableByCropping: boolean;
}

export interface CheckPassportOptions {
  /** The source photo's size: lets the check tell "move the crop" from "the photo itself is too tight". */
  imageSize?: Size;
  dpi?: number;
}

/** Source pixels within which a point counts as touching the photo's edge. */
const EDGE_PX = 1;

/**
 * mm with one decimal, without a trailing ".0". A failing value is rounded away from the range (down
 * when too small, up when too large) so it never reads as the limit itself. The 1e-6 absorbs floating
 * point noise (31.75 computed as 31.7499999…).
 */
function formatMm(mm: number, rounding: 'nearest' | 'down' | 'up' = 'nearest'): string {
  const tenths = mm * 10;
  const rounded = (rounding === 'down' ? Math.floor(tenths + 1e-6) : rounding === 'up' ? Math.ceil(tenths - 1e-6) : Math.round(tenths + 1e-6)) / 10;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

/**
 * Checks a crop (source pixels) of a photo with this face against the document's rules. Every rule
 * gives one result, ok or not, in this order: whole head, head height, eye line (US only), level,
 * centred, resolution (600 dpi).
 */
export function checkPassport(face: DetectedFace, crop: PixelRect, document: PassportDocument, options: CheckPassportOptions = {}): PassportRuleResult[] {
  const spec = passportSpec(document);
  const dpi = options.dpi ?? PASSPORT_PRINT_DPI;
  const pxPerMm = crop.height / spec.heightMm;
  const cropBottom = crop.y + crop.height;
  const results: PassportRuleResult[] = [];
  const result = (rule: PassportRule, ok: boolean, message: string, fixableByCropping = true) =>
    results.push({ rule, ok, message, fixableByCropping: ok || fixableByCropping });

  // The whole head, crown to chin, inside the photo.
  const crownCutByPhoto = face.crown.y <= EDGE_PX;
  const chinCutByPhoto = options.imageSize ? face.chin.y >= options.imageSize.height - EDGE_PX : false;
  if (crownCutByPhoto) {
    result('whole-head', false, 'The top of the head is cut off in the photo itself: use a photo that shows the whole head with space above it', false);
  } else if (face.crown.y < crop.y) {
    result('whole-head', false, 'The top of the head is cut off: move the crop up or make it larger');
  } else if (chinCutByPhoto) {
    result('whole-head', false, 'The chin is cut off in the photo itself: use a photo that shows the whole head', false);
  } else if (face.chin.y > cropBottom) {
    result('whole-head', false, 'The chin is cut off: move the crop down or make it larger');
  } else {
    result('whole-head', true, 'The whole head is in the photo');
  }

  // Chin to crown.
  const headMm = (face.chin.y - face.crown.y) / pxPerMm;
  const fillsPhoto = options.imageSize ? crop.height >= options.imageSize.height - EDGE_PX || crop.width >= options.imageSize.width - EDGE_PX : false;
  if (crownCutByPhoto) {
    result('head-height', false, `The head's height cannot be measured because the top of the head is cut off: needs ${spec.headRangeLabel} from chin to crown`, false);
  } else if (headMm < spec.headMm.min) {
    result('head-height', false, `Head is too small: ${formatMm(headMm, 'down')} mm from chin to crown, needs ${spec.headRangeLabel}. Zoom in`);
  } else if (headMm > spec.headMm.max) {
    result(
      'head-height',
      false,
      fillsPhoto
        ? `Head is too large: ${formatMm(headMm, 'up')} mm from chin to crown, needs ${spec.headRangeLabel}. The photo is framed too tightly: use one with more space around the head`
        : `Head is too large: ${formatMm(headMm, 'up')} mm from chin to crown, needs ${spec.headRangeLabel}. Zoom out`,
      !fillsPhoto,
    );
  } else {
    result('head-height', true, `Head is ${formatMm(headMm)} mm from chin to crown (${spec.headRangeLabel})`);
  }

  // Eye line (US): measured from the bottom edge.
  if (spec.eyeLineFromBottomMm && spec.eyeLineRangeLabel) {
    const eyesMm = (cropBottom - eyeLineCentre(face).y) / pxPerMm;
    const { min, max } = spec.eyeLineFromBottomMm;
    if (eyesMm < min || eyesMm > max) {
      const shown = formatMm(eyesMm, eyesMm < min ? 'down' : 'up');
      result('eye-line', false, `Eyes must be ${spec.eyeLineRangeLabel} from the bottom: they are ${shown} mm. Move the crop ${eyesMm < min ? 'down' : 'up'}`);
    } else {
      result('eye-line', true, `Eyes are ${formatMm(eyesMm)} mm from the bottom (${spec.eyeLineRangeLabel})`);
    }
  }

  // Level.
  const tilt = Math.abs(face.rollDegrees);
  if (tilt > MAX_ROLL_DEGREES) {
    result('level', false, `Head is tilted ${Math.round(tilt)}°: keep it level (at most ${MAX_ROLL_DEGREES}°). Cropping cannot fix this: use a photo with the head upright`, false);
  } else {
    result('level', true, 'Head is level');
  }

  // Centred.
  const offMm = (faceCentreX(face) - (crop.x + crop.width / 2)) / pxPerMm;
  if (Math.abs(offMm) > MAX_OFF_CENTRE_MM) {
    const side = offMm < 0 ? 'left' : 'right';
    const atEdge = options.imageSize ? (offMm < 0 ? crop.x <= EDGE_PX : crop.x + crop.width >= options.imageSize.width - EDGE_PX) : false;
    result(
      'centred',
      false,
      atEdge
        ? `The face is ${formatMm(Math.abs(offMm), 'up')} mm ${side} of centre and too close to the ${side} edge of the photo to centre it: use a photo with more space beside the head`
        : `The face is ${formatMm(Math.abs(offMm), 'up')} mm ${side} of centre: centre it (within ${MAX_OFF_CENTRE_MM} mm)`,
      !atEdge,
    );
  } else {
    result('centred', true, 'The face is centred');
  }

  // Resolution: enough source pixels for the document's size at `dpi` (a small rounding slack).
  const needed = passportPixelSize(document, dpi);
  if (crop.width < needed.width - 0.5 || crop.height < needed.height - 0.5) {
    result(
      'resolution',
      false,
      `The photo is too small for a ${dpi} dpi print: the crop is ${Math.round(crop.width)}x${Math.round(crop.height)} px, needs at least ${needed.width}x${needed.height} px. It would be enlarged and look soft: use a larger original`,
      false,
    );
  } else {
    result('resolution', true, `Sharp enough for a ${dpi} dpi print`);
  }
  return results;
}

/** True when every rule passed. */
export function passportOk(results: readonly PassportRuleResult[]): boolean {
  return results.every((r) => r.ok);
}

// --- Print sheet -----------------------------------------------------------------------------------

export const SHEET_INCHES: Size = { width: 4, height: 6 };
/** Space between copies (cut marks go in it) and the least space from the sheet's edge. */
export const SHEET_GAP_MM = 3;
export const SHEET_MARGIN_MM = 1.5;
/** Cut marks: start this far from a copy's corner, this long, this thick (mm). */
export const CUT_MARK_OFFSET_MM = 0.25;
export const CUT_MARK_WIDTH_MM = 0.15;

export interface CutMark {
  from: Point;
  to: Point;
}

export interface SheetLayout {
  /** Sheet size in pixels (2400x3600 portrait or 3600x2400 landscape at 600 dpi). */
  sheet: Size;
  orientation: 'portrait' | 'landscape';
  columns: number;
  rows: number;
  /** Where each copy goes, row by row. */
  copies: PixelRect[];
  /** Two short lines at each copy's corners, continuing its edges outwards. */
  cutMarks: CutMark[];
  cutMarkWidth: number;
}

function layoutOn(sheet: Size, copy: Size, gap: number, margin: number) {
  const fit = (length: number, item: number) => Math.max(0, Math.floor((length - 2 * margin + gap) / (item + gap)));
  const columns = fit(sheet.width, copy.width);
  const rows = fit(sheet.height, copy.height);
  return { columns, rows, count: columns * rows };
}

/**
 * The 4x6 in sheet at `dpi` holding as many copies of the passport photo as fit with SHEET_GAP_MM
 * between them and SHEET_MARGIN_MM around, in whichever orientation holds more (portrait on a tie),
 * the grid centred. 35x45 mm: 8 copies (landscape, 4x2). 2x2 in: 2 copies: two 2 in copies plus a gap
 * are wider than 4 in, so only one column fits across the short side.
 */
export function printSheetLayout(document: PassportDocument, dpi: number = PASSPORT_PRINT_DPI): SheetLayout {
  const copy = passportPixelSize(document, dpi);
  const gap = Math.round(mmToPx(SHEET_GAP_MM, dpi));
  const margin = Math.round(mmToPx(SHEET_MARGIN_MM, dpi));
  const portrait: Size = { width: Math.round(SHEET_INCHES.width * dpi), height: Math.round(SHEET_INCHES.height * dpi) };
  const landscape: Size = { width: portrait.height, height: portrait.width };
  const inPortrait = layoutOn(portrait, copy, gap, margin);
  const inLandscape = layoutOn(landscape, copy, gap, margin);
  const useLandscape = inLandscape.count > inPortrait.count;
  const sheet = useLandscape ? landscape : portrait;
  const { columns, rows } = useLandscape ? inLandscape : inPortrait;

  const gridWidth = columns * copy.width + Math.max(0, columns - 1) * gap;
  const gridHeight = rows * copy.height + Math.max(0, rows - 1) * gap;
  const left = Math.round((sheet.width - gridWidth) / 2);
  const top = Math.round((sheet.height - gridHeight) / 2);
  const copies: PixelRect[] = [];
  for (let row = 0; row < rows; row++) {
    for (let column = 0; column < columns; column++) {
      copies.push({ x: left + column * (copy.width + gap), y: top + row * (copy.height + gap), width: copy.width, height: copy.height });
    }
  }

  // Marks reach halfway into the gap (the neighbour's marks take the other half) and stay on the sheet.
  const offset = Math.round(mmToPx(CUT_MARK_OFFSET_MM, dpi));
  const end = Math.min(Math.floor(gap / 2), margin);
  const cutMarks: CutMark[] = [];
  for (const c of copies) {
    const right = c.x + c.width;
    const bottom = c.y + c.height;
    for (const [x, y, dx, dy] of [
      [c.x, c.y, -1, -1],
      [right, c.y, 1, -1],
      [c.x, bottom, -1, 1],
      [right, bottom, 1, 1],
    ] as const) {
      // Along the horizontal edge, outwards in x; along the vertical edge, outwards in y.
      cutMarks.push({ from: { x: x + dx * offset, y }, to: { x: x + dx * end, y } });
      cutMarks.push({ from: { x, y: y + dy * offset }, to: { x, y: y + dy * end } });
    }
  }
  return { sheet, orientation: useLandscape ? 'landscape' : 'portrait', columns, rows, copies, cutMarks, cutMarkWidth: Math.max(1, Math.round(mmToPx(CUT_MARK_WIDTH_MM, dpi))) };
}
