import { editorMessages, PASSPORT_DOCUMENTS, type PassportDocument } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import type { DetectedFace } from './face-landmarks';
import type { PixelRect, Size } from './geometry';
import {
  checkPassport,
  framePassport,
  MAX_ROLL_DEGREES,
  mmToPx,
  PASSPORT_NOTICE,
  passportOk,
  passportPixelSize,
  passportSpec,
  printSheetLayout,
  pxToMm,
  type PassportRule,
  type PassportRuleResult,
} from './passport';

/**
 * A frontal face: crown, chin and eyes on a vertical line through `centreX`, the eyes 47 % of the head
 * above the chin (about where they are on the test portrait), the mesh box from the hairline down.
 */
function makeFace({ centreX = 1500, crownY = 800, headPx = 1000, rollDegrees = 0 }: { centreX?: number; crownY?: number; headPx?: number; rollDegrees?: number } = {}): DetectedFace {
  const chinY = crownY + headPx;
  const eyeY = chinY - 0.47 * headPx;
  const eyeHalfGap = 0.13 * headPx;
  const tilt = Math.tan((rollDegrees * Math.PI) / 180) * eyeHalfGap;
  const foreheadY = crownY + 0.35 * headPx;
  return {
    box: { x: centreX - 0.29 * headPx, y: foreheadY, width: 0.58 * headPx, height: chinY - foreheadY },
    leftEye: { x: centreX - eyeHalfGap, y: eyeY - tilt },
    rightEye: { x: centreX + eyeHalfGap, y: eyeY + tilt },
    chin: { x: centreX, y: chinY },
    crown: { x: centreX, y: crownY },
    forehead: { x: centreX, y: foreheadY },
    rollDegrees,
    confidence: 0.98,
    crownMethod: 'person-mask',
  };
}

const PHOTO: Size = { width: 3000, height: 4000 };

function ruleOf(results: PassportRuleResult[], rule: PassportRule): PassportRuleResult {
  const found = results.find((r) => r.rule === rule);
  if (!found) throw new Error(`no result for ${rule}`);
  return found;
}

function failed(results: PassportRuleResult[]): PassportRule[] {
  return results.filter((r) => !r.ok).map((r) => r.rule);
}

/** A crop of the document's aspect whose height puts the face's head at `headMm`, centred on the face. */
function cropForHead(face: DetectedFace, document: PassportDocument, headMm: number, topMarginShare = 0.4): PixelRect {
  const spec = passportSpec(document);
  const headPx = face.chin.y - face.crown.y;
  const height = (headPx * spec.heightMm) / headMm;
  const width = (height * spec.widthMm) / spec.heightMm;
  return { x: face.chin.x - width / 2, y: face.crown.y - (height - headPx) * topMarginShare, width, height };
}

describe('mm and pixels', () => {
  it('converts at 600 dpi by default and at any dpi', () => {
    expect(mmToPx(25.4)).toBeCloseTo(600, 12);
    expect(pxToMm(600)).toBeCloseTo(25.4, 12);
    expect(mmToPx(35)).toBeCloseTo(826.77, 2);
    expect(mmToPx(45)).toBeCloseTo(1062.99, 2);
    expect(mmToPx(25.4, 300)).toBeCloseTo(300, 12);
    expect(pxToMm(mmToPx(31.5, 1200), 1200)).toBeCloseTo(31.5, 12);
  });

  it('sizes each document at 600 dpi, rounded up', () => {
    expect(passportPixelSize('uk')).toEqual({ width: 827, height: 1063 });
    expect(passportPixelSize('schengen')).toEqual({ width: 827, height: 1063 });
    expect(passportPixelSize('us')).toEqual({ width: 1200, height: 1200 });
    expect(passportPixelSize('us', 300)).toEqual({ width: 600, height: 600 });
  });

  it('knows the three documents', () => {
    expect(PASSPORT_DOCUMENTS.map((d) => passportSpec(d).sizeLabel)).toEqual(['35x45 mm', '35x45 mm', '2x2 in']);
    expect(passportSpec('us').headMm.min).toBeCloseTo(25.4, 12);
    expect(passportSpec('us').headMm.max).toBeCloseTo(34.925, 12);
    expect(passportSpec('us').eyeLineFromBottomMm).toEqual({ min: 28.575, max: 34.925 });
    // Schengen: 70-80 % of the 45 mm height.
    expect(passportSpec('schengen').headMm.min / 45).toBeGreaterThanOrEqual(0.7);
    expect(passportSpec('schengen').headMm.max / 45).toBeLessThanOrEqual(0.8);
  });

  it("gives the editor's passport notice", () => {
    expect(PASSPORT_NOTICE).toBe(editorMessages.passportNoRetouch);
  });
});

describe('framePassport then checkPassport: a well-placed face passes', () => {
  for (const document of PASSPORT_DOCUMENTS) {
    it(document, () => {
      const face = makeFace();
      const crop = framePassport(face, PHOTO, document);
      const spec = passportSpec(document);
      expect(crop.width / crop.height).toBeCloseTo(spec.widthMm / spec.heightMm, 9);
      // The head at the middle of the range, the face centred.
      const headMm = ((face.chin.y - face.crown.y) / crop.height) * spec.heightMm;
      expect(headMm).toBeCloseTo((spec.headMm.min + spec.headMm.max) / 2, 9);
      expect(crop.x + crop.width / 2).toBeCloseTo(face.chin.x, 9);
      const results = checkPassport(face, crop, document, { imageSize: PHOTO });
      expect(failed(results)).toEqual([]);
      expect(passportOk(results)).toBe(true);
      expect(results.map((r) => r.rule)).toEqual(document === 'us' ? ['whole-head', 'head-height', 'eye-line', 'level', 'centred', 'resolution'] : ['whole-head', 'head-height', 'level', 'centred', 'resolution']);
    });
  }

  it('US: the eye line goes to the middle of its range, 31.75 mm from the bottom', () => {
    const face = makeFace();
    const crop = framePassport(face, PHOTO, 'us');
    const eyeY = (face.leftEye.y + face.rightEye.y) / 2;
    expect(((crop.y + crop.height - eyeY) / crop.height) * 50.8).toBeCloseTo(31.75, 9);
    expect(ruleOf(checkPassport(face, crop, 'us'), 'eye-line').message).toBe('Eyes are 31.8 mm from the bottom (28.6-34.9 mm (1 1/8 to 1 3/8 in))');
  });

  it('US: a crown high above the eyes moves the crop up, within the eye-line range', () => {
    // Tall hair: crown 0.75 of the head above the eyes' level instead of 0.53.
    const face = { ...makeFace(), crown: { x: 1500, y: 800 - 600 } };
    const crop = framePassport(face, PHOTO, 'us');
    expect(face.crown.y).toBeGreaterThan(crop.y);
    const results = checkPassport(face, crop, 'us');
    expect(ruleOf(results, 'eye-line').ok).toBe(true);
    expect(ruleOf(results, 'whole-head').ok).toBe(true);
  });

  it('UK/Schengen standard position: 40 % of the free height above the crown', () => {
    const face = makeFace();
    const crop = framePassport(face, PHOTO, 'uk');
    const headPx = face.chin.y - face.crown.y;
    expect(face.crown.y - crop.y).toBeCloseTo((crop.height - headPx) * 0.4, 9);
  });
});

describe('head height (chin to crown) at the edges of the range', () => {
  const face = makeFace();
  for (const [document, min, max] of [
    ['uk', 29, 34],
    ['schengen', 32, 36],
    ['us', 25.4, 34.925],
  ] as const) {
    it(`${document}: ${min} and ${max} mm pass, just outside fails with the measurement and the range`, () => {
      expect(ruleOf(checkPassport(face, cropForHead(face, document, min), document), 'head-height').ok).toBe(true);
      expect(ruleOf(checkPassport(face, cropForHead(face, document, max), document), 'head-height').ok).toBe(true);
      const small = ruleOf(checkPassport(face, cropForHead(face, document, min - 0.06), document), 'head-height');
      expect(small.ok).toBe(false);
      expect(small.message).toMatch(/^Head is too small: \d+(\.\d)? mm from chin to crown, needs /);
      const large = ruleOf(checkPassport(face, cropForHead(face, document, max + 0.06), document), 'head-height');
      expect(large.ok).toBe(false);
      expect(large.message).toMatch(/^Head is too large: /);
      expect(large.fixableByCropping).toBe(true);
    });
  }

  it('words a too small head as the spec example does', () => {
    const result = ruleOf(checkPassport(face, cropForHead(face, 'uk', 26), 'uk'), 'head-height');
    expect(result.message).toBe('Head is too small: 26 mm from chin to crown, needs 29-34 mm. Zoom in');
    // Rounded down: 28.96 mm never reads as "29 mm".
    expect(ruleOf(checkPassport(face, cropForHead(face, 'uk', 28.96), 'uk'), 'head-height').message).toContain('28.9 mm');
  });
});

describe('eye line (US: 1 1/8 to 1 3/8 in from the bottom)', () => {
  const face = makeFace();
  const eyeY = (face.leftEye.y + face.rightEye.y) / 2;
  const cropWithEyesAt = (fromBottomMm: number): PixelRect => {
    const crop = framePassport(face, PHOTO, 'us');
    const pxPerMm = crop.height / 50.8;
    return { ...crop, y: eyeY + fromBottomMm * pxPerMm - crop.height };
  };

  it('passes at both ends of the range', () => {
    expect(ruleOf(checkPassport(face, cropWithEyesAt(28.6), 'us'), 'eye-line').ok).toBe(true);
    expect(ruleOf(checkPassport(face, cropWithEyesAt(34.9), 'us'), 'eye-line').ok).toBe(true);
  });

  it('fails below and above it, saying where the eyes must be', () => {
    const low = ruleOf(checkPassport(face, cropWithEyesAt(27), 'us'), 'eye-line');
    expect(low.ok).toBe(false);
    expect(low.message).toBe('Eyes must be 28.6-34.9 mm (1 1/8 to 1 3/8 in) from the bottom: they are 27 mm. Move the crop down');
    const high = ruleOf(checkPassport(face, cropWithEyesAt(35.2), 'us'), 'eye-line');
    expect(high.ok).toBe(false);
    expect(high.message).toContain('they are 35.2 mm. Move the crop up');
  });

  it('UK and Schengen have no eye-line rule', () => {
    for (const document of ['uk', 'schengen'] as const) expect(checkPassport(face, framePassport(face, PHOTO, document), document).some((r) => r.rule === 'eye-line')).toBe(false);
  });
});

describe('photos that cannot make a passport photo, and why', () => {
  it('a head too small in pixels: only the 600 dpi rule fails, and it says the photo is too small', () => {
    // A 512 px snapshot with a 160 px head: framing works, but the crop has about 230 px for 1063.
    const face = makeFace({ centreX: 256, crownY: 16, headPx: 160 });
    for (const document of PASSPORT_DOCUMENTS) {
      const results = checkPassport(face, framePassport(face, { width: 512, height: 512 }, document), document, { imageSize: { width: 512, height: 512 } });
      expect(failed(results)).toEqual(['resolution']);
      const resolution = ruleOf(results, 'resolution');
      expect(resolution.message).toMatch(/^The photo is too small for a 600 dpi print: the crop is \d+x\d+ px, needs at least (827x1063|1200x1200) px/);
      expect(resolution.fixableByCropping).toBe(false);
    }
  });

  it('a zoomed-out crop: the head is too small, fixable by zooming in', () => {
    const face = makeFace();
    const results = checkPassport(face, cropForHead(face, 'schengen', 28), 'schengen', { imageSize: PHOTO });
    expect(failed(results)).toEqual(['head-height']);
    expect(ruleOf(results, 'head-height')).toMatchObject({ message: 'Head is too small: 28 mm from chin to crown, needs 32-36 mm. Zoom in', fixableByCropping: true });
  });

  it('the top of the head cut off by the photo itself (the crown at its top edge)', () => {
    const face = makeFace({ crownY: 0, headPx: 900 });
    for (const document of PASSPORT_DOCUMENTS) {
      const results = checkPassport(face, framePassport(face, PHOTO, document), document, { imageSize: PHOTO });
      const whole = ruleOf(results, 'whole-head');
      expect(whole.ok).toBe(false);
      expect(whole.message).toMatch(/^The top of the head is cut off in the photo itself/);
      expect(whole.fixableByCropping).toBe(false);
      expect(ruleOf(results, 'head-height').ok).toBe(false);
    }
  });

  it('the top of the head cut off by the crop: move it up', () => {
    const face = makeFace();
    const crop = framePassport(face, PHOTO, 'uk');
    const results = checkPassport(face, { ...crop, y: face.crown.y + 20 }, 'uk', { imageSize: PHOTO });
    expect(ruleOf(results, 'whole-head')).toMatchObject({ ok: false, message: 'The top of the head is cut off: move the crop up or make it larger', fixableByCropping: true });
  });

  it('the chin cut off by the crop', () => {
    const face = makeFace();
    const crop = framePassport(face, PHOTO, 'uk');
    const results = checkPassport(face, { ...crop, y: face.chin.y - 10 - crop.height }, 'uk');
    expect(ruleOf(results, 'whole-head').message).toBe('The chin is cut off: move the crop down or make it larger');
  });

  for (const document of PASSPORT_DOCUMENTS) {
    it(`${document}: a tilted head (7°) fails the level rule, which cropping cannot fix`, () => {
      const face = makeFace({ rollDegrees: 7 });
      const results = checkPassport(face, framePassport(face, PHOTO, document), document, { imageSize: PHOTO });
      expect(failed(results)).toEqual(['level']);
      expect(ruleOf(results, 'level')).toMatchObject({
        message: `Head is tilted 7°: keep it level (at most ${MAX_ROLL_DEGREES}°). Cropping cannot fix this: use a photo with the head upright`,
        fixableByCropping: false,
      });
      // Either way round.
      const other = makeFace({ rollDegrees: -7 });
      expect(ruleOf(checkPassport(other, framePassport(other, PHOTO, document), document), 'level').ok).toBe(false);
      const slight = makeFace({ rollDegrees: 4 });
      expect(ruleOf(checkPassport(slight, framePassport(slight, PHOTO, document), document), 'level').ok).toBe(true);
    });
  }

  it('a head filling the photo: the largest crop that fits, and the head is too large in a photo framed too tightly', () => {
    const tight = { width: 1200, height: 1300 };
    const face = makeFace({ centreX: 600, crownY: 100, headPx: 1100 });
    const crop = framePassport(face, tight, 'uk');
    expect(crop.height).toBeCloseTo(1300, 9);
    expect(crop.y).toBe(0);
    const head = ruleOf(checkPassport(face, crop, 'uk', { imageSize: tight }), 'head-height');
    expect(head.ok).toBe(false);
    expect(head.message).toContain('The photo is framed too tightly');
    expect(head.fixableByCropping).toBe(false);
  });

  it('a face near the edge of the photo cannot be centred', () => {
    const face = makeFace({ centreX: 300 });
    const crop = framePassport(face, PHOTO, 'schengen');
    expect(crop.x).toBe(0);
    const centred = ruleOf(checkPassport(face, crop, 'schengen', { imageSize: PHOTO }), 'centred');
    expect(centred.ok).toBe(false);
    expect(centred.message).toMatch(/^The face is \d+(\.\d)? mm left of centre and too close to the left edge of the photo/);
    expect(centred.fixableByCropping).toBe(false);
  });
});

describe('print sheet: 4x6 in at 600 dpi', () => {
  it('35x45 mm (UK, Schengen): 8 copies, 4 by 2 on a landscape sheet', () => {
    for (const document of ['uk', 'schengen'] as const) {
      const layout = printSheetLayout(document);
      expect(layout.sheet).toEqual({ width: 3600, height: 2400 });
      expect(layout.orientation).toBe('landscape');
      expect([layout.columns, layout.rows, layout.copies.length]).toEqual([4, 2, 8]);
    }
  });

  it('2x2 in (US): 2 copies (two 2 in copies and a gap are wider than 4 in)', () => {
    const layout = printSheetLayout('us');
    expect(layout.sheet).toEqual({ width: 2400, height: 3600 });
    expect([layout.columns, layout.rows, layout.copies.length]).toEqual([1, 2, 2]);
    expect(layout.copies[0]).toMatchObject({ width: 1200, height: 1200 });
  });

  for (const document of PASSPORT_DOCUMENTS) {
    it(`${document}: copies at the 600 dpi size, on the sheet, apart, with 8 cut marks each outside every copy`, () => {
      const layout = printSheetLayout(document);
      const size = passportPixelSize(document);
      for (const copy of layout.copies) {
        expect(copy).toMatchObject(size);
        expect(copy.x).toBeGreaterThan(0);
        expect(copy.y).toBeGreaterThan(0);
        expect(copy.x + copy.width).toBeLessThan(layout.sheet.width);
        expect(copy.y + copy.height).toBeLessThan(layout.sheet.height);
      }
      for (let i = 0; i < layout.copies.length; i++) {
        for (let j = i + 1; j < layout.copies.length; j++) {
          const a = layout.copies[i]!;
          const b = layout.copies[j]!;
          const apart = a.x + a.width + 70 <= b.x || b.x + b.width + 70 <= a.x || a.y + a.height + 70 <= b.y || b.y + b.height + 70 <= a.y;
          expect(apart).toBe(true);
        }
      }
      expect(layout.cutMarks).toHaveLength(layout.copies.length * 8);
      for (const mark of layout.cutMarks) {
        for (const p of [mark.from, mark.to]) {
          expect(p.x).toBeGreaterThanOrEqual(0);
          expect(p.y).toBeGreaterThanOrEqual(0);
          expect(p.x).toBeLessThanOrEqual(layout.sheet.width);
          expect(p.y).toBeLessThanOrEqual(layout.sheet.height);
        }
        const mid = { x: (mark.from.x + mark.to.x) / 2, y: (mark.from.y + mark.to.y) / 2 };
        for (const copy of layout.copies) {
          const inside = mid.x > copy.x && mid.x < copy.x + copy.width && mid.y > copy.y && mid.y < copy.y + copy.height;
          expect(inside).toBe(false);
        }
        expect(Math.hypot(mark.to.x - mark.from.x, mark.to.y - mark.from.y)).toBeGreaterThan(20);
      }
    });
  }
});
