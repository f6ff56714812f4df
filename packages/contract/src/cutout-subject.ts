/**
 * Which part of the model's person mask is the subject (issue 22 §1), at the refinement's working size:
 * the connected component(s) holding the detected face and the body below it are kept, islands (other
 * people, an emblem or a pillar beside the head) are dropped, holes inside the silhouette are filled.
 * Also the subject's crop for the model's second pass and how that pass is merged with the first.
 */

/** A rectangle in pixels of some grid (the photo's, or the working size's). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const SUBJECT = {
  /** A mask pixel at or above this is person. */
  threshold: 0.5,
  /** A component whose top is below the chin is body when it reaches within this many face widths of the face's centre, horizontally. */
  bodyReach: 2,
  /** The crop around the subject: this share of its size added on each side. */
  cropMargin: 0.06,
  /** The crop is at most this many times as tall as wide (head, shoulders, upper body). */
  cropMaxAspect: 1.3,
  /** A second pass only when the crop is at most this share of the photo (else it adds no pixels). */
  cropMaxShare: 0.6,
  /** Blend from the first pass to the crop's over this share of the crop's size at its inner borders. */
  cropRamp: 0.05,
} as const;

/**
 * Connected components of the pixels where `on` is 1 (8-connected when `eight`, else 4-connected): a
 * label per pixel (0 off, 1.. components) and per component its area and bounding box.
 */
export function labelComponents(
  on: Uint8Array,
  w: number,
  h: number,
  eight: boolean,
): { labels: Int32Array; area: number[]; box: { x0: number; y0: number; x1: number; y1: number }[]; touchesBorder: boolean[] } {
  const labels = new Int32Array(w * h);
  const area: number[] = [0];
  const box: { x0: number; y0: number; x1: number; y1: number }[] = [{ x0: 0, y0: 0, x1: 0, y1: 0 }];
  const touchesBorder: boolean[] = [false];
  const stack = new Int32Array(w * h);
  let next = 0;
  for (let start = 0; start < w * h; start++) {
    if (on[start] !== 1 || labels[start] !== 0) continue;
    next += 1;
    let top = 0;
    stack[top++] = start;
    labels[start] = next;
    let count = 0;
    let x0 = w;
    let y0 = h;
    let x1 = -1;
    let y1 = -1;
    let border = false;
    while (top > 0) {
      const i = stack[--top]!;
      const x = i % w;
      const y = (i - x) / w;
      count += 1;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
      if (x === 0 || y === 0 || x === w - 1 || y === h - 1) border = true;
      for (let dy = -1; dy <= 1; dy++) {
        const ny = y + dy;
        if (ny < 0 || ny >= h) continue;
        for (let dx = -1; dx <= 1; dx++) {
          if ((dx === 0 && dy === 0) || (!eight && dx !== 0 && dy !== 0)) continue;
          const nx = x + dx;
          if (nx < 0 || nx >= w) continue;
          const j = ny * w + nx;
          if (on[j] === 1 && labels[j] === 0) {
            labels[j] = next;
            stack[top++] = j;
          }
        }
      }
    }
    area.push(count);
    box.push({ x0, y0, x1, y1 });
    touchesBorder.push(border);
  }
  return { labels, area, box, touchesBorder };
}

/**
 * The subject as a 0/1 mask: the components holding the face (the one nearest its centre when the
 * face sits on none), those below the chin within SUBJECT.bodyReach face widths (the body when an arm
 * or a bag cut it off), holes filled. Without a face: the largest component.
 */
export function selectSubject(mask: Float32Array, w: number, h: number, face: Rect | null): Uint8Array {
  const on = new Uint8Array(w * h);
  for (let i = 0; i < on.length; i++) on[i] = mask[i]! >= SUBJECT.threshold ? 1 : 0;
  const { labels, area, box } = labelComponents(on, w, h, true);
  const keep = new Uint8Array(area.length);
  if (area.length > 1) {
    if (face) {
      const fx0 = Math.max(0, Math.floor(face.x));
      const fy0 = Math.max(0, Math.floor(face.y));
      const fx1 = Math.min(w - 1, Math.ceil(face.x + face.width));
      const fy1 = Math.min(h - 1, Math.ceil(face.y + face.height));
      for (let y = fy0; y <= fy1; y++) for (let x = fx0; x <= fx1; x++) keep[labels[y * w + x]!] = 1;
      keep[0] = 0;
      const cx = face.x + face.width / 2;
      const cy = face.y + face.height / 2;
      if (!keep.some((k) => k === 1)) {
        let best = 0;
        let bestDistance = Number.POSITIVE_INFINITY;
        for (let i = 0; i < labels.length; i++) {
          const label = labels[i]!;
          if (label === 0) continue;
          const d = Math.hypot((i % w) - cx, Math.floor(i / w) - cy);
          if (d < bestDistance) {
            bestDistance = d;
            best = label;
          }
        }
        keep[best] = 1;
      }
      const chin = face.y + face.height;
      const reach = SUBJECT.bodyReach * face.width;
      for (let label = 1; label < area.length; label++) {
        const b = box[label]!;
        if (b.y0 >= chin && b.x1 >= cx - reach && b.x0 <= cx + reach) keep[label] = 1;
      }
    } else {
      let largest = 1;
      for (let label = 2; label < area.length; label++) if (area[label]! > area[largest]!) largest = label;
      keep[largest] = 1;
    }
  }
  const subject = new Uint8Array(w * h);
  for (let i = 0; i < subject.length; i++) subject[i] = keep[labels[i]!] === 1 ? 1 : 0;
  // Holes: background components (4-connected) that do not reach the border.
  const off = new Uint8Array(w * h);
  for (let i = 0; i < off.length; i++) off[i] = subject[i] === 1 ? 0 : 1;
  const holes = labelComponents(off, w, h, false);
  for (let i = 0; i < subject.length; i++) {
    const label = holes.labels[i]!;
    if (label !== 0 && !holes.touchesBorder[label]) subject[i] = 1;
  }
  return subject;
}

/**
 * The model's soft mask limited to the subject: 0 in dropped components (and their soft rim outside
 * the subject's reach), at least the threshold in filled holes, as is elsewhere.
 */
export function applySubject(mask: Float32Array, subject: Uint8Array, w: number, h: number, reach: number): Float32Array {
  // Near the subject = within `reach` px of it (a box dilation through a running count).
  const near = dilate(subject, w, h, reach);
  const out = new Float32Array(mask.length);
  for (let i = 0; i < out.length; i++) {
    if (subject[i] === 1) out[i] = Math.max(mask[i]!, SUBJECT.threshold);
    else out[i] = near[i] === 1 ? Math.min(mask[i]!, SUBJECT.threshold - 1e-3) : 0;
  }
  return out;
}

/** Box dilation of a 0/1 mask by r (separable running counts). */
export function dilate(on: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    let count = 0;
    const row = y * w;
    for (let x = 0; x <= Math.min(r, w - 1); x++) count += on[row + x]!;
    for (let x = 0; x < w; x++) {
      rows[row + x] = count > 0 ? 1 : 0;
      if (x + r + 1 < w) count += on[row + x + r + 1]!;
      if (x - r >= 0) count -= on[row + x - r]!;
    }
  }
  const out = new Uint8Array(w * h);
  const counts = new Int32Array(w);
  for (let y = 0; y <= Math.min(r, h - 1); y++) for (let x = 0; x < w; x++) counts[x] = counts[x]! + rows[y * w + x]!;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) out[y * w + x] = counts[x]! > 0 ? 1 : 0;
    if (y + r + 1 < h) for (let x = 0; x < w; x++) counts[x] = counts[x]! + rows[(y + r + 1) * w + x]!;
    if (y - r >= 0) for (let x = 0; x < w; x++) counts[x] = counts[x]! - rows[(y - r) * w + x]!;
  }
  return out;
}

/**
 * The crop for the model's second pass (in the grid's pixels): the subject's bounding box with
 * SUBJECT.cropMargin, its height cut to SUBJECT.cropMaxAspect times its width from the top (head,
 * shoulders, upper body), always holding the face. Null when the crop would cover more than
 * SUBJECT.cropMaxShare of the grid (a second pass would see the same pixels) or the subject is empty.
 */
export function subjectCrop(subject: Uint8Array, w: number, h: number, face: Rect | null): Rect | null {
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (subject[y * w + x] !== 1) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      if (y > y1) y1 = y;
    }
  }
  if (x1 < 0) return null;
  if (face) {
    x0 = Math.min(x0, face.x);
    y0 = Math.min(y0, face.y);
    x1 = Math.max(x1, face.x + face.width);
    y1 = Math.max(y1, face.y + face.height);
  }
  const mw = (x1 - x0 + 1) * SUBJECT.cropMargin;
  const mh = (y1 - y0 + 1) * SUBJECT.cropMargin;
  const left = Math.max(0, Math.floor(x0 - mw));
  const right = Math.min(w, Math.ceil(x1 + 1 + mw));
  const top = Math.max(0, Math.floor(y0 - mh));
  const bottom = Math.min(h, Math.ceil(y1 + 1 + mh), top + Math.ceil((right - left) * SUBJECT.cropMaxAspect));
  const rect = { x: left, y: top, width: right - left, height: bottom - top };
  if (rect.width < 8 || rect.height < 8 || rect.width * rect.height > SUBJECT.cropMaxShare * w * h) return null;
  return rect;
}

/**
 * The first pass's mask (w x h) with the crop's pass laid over `rect` (same grid): the crop's values
 * inside, blended linearly into the first pass's over SUBJECT.cropRamp of the crop at its inner borders
 * (none at a border of the photo, where there is nothing to blend with).
 */
export function mergeCropMask(full: Float32Array, w: number, h: number, crop: { data: Float32Array; width: number; height: number }, rect: Rect): Float32Array {
  const out = Float32Array.from(full);
  const rampX = Math.max(1, rect.width * SUBJECT.cropRamp);
  const rampY = Math.max(1, rect.height * SUBJECT.cropRamp);
  const sx = crop.width / rect.width;
  const sy = crop.height / rect.height;
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    const cy = Math.min(crop.height - 1, Math.max(0, (y - rect.y + 0.5) * sy - 0.5));
    const cy0 = Math.floor(cy);
    const cy1 = Math.min(crop.height - 1, cy0 + 1);
    const fy = cy - cy0;
    const top = rect.y === 0 ? 1 : (y - rect.y + 0.5) / rampY;
    const bottom = rect.y + rect.height === h ? 1 : (rect.y + rect.height - y - 0.5) / rampY;
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      const cx = Math.min(crop.width - 1, Math.max(0, (x - rect.x + 0.5) * sx - 0.5));
      const cx0 = Math.floor(cx);
      const cx1 = Math.min(crop.width - 1, cx0 + 1);
      const fx = cx - cx0;
      const value =
        (crop.data[cy0 * crop.width + cx0]! * (1 - fx) + crop.data[cy0 * crop.width + cx1]! * fx) * (1 - fy) +
        (crop.data[cy1 * crop.width + cx0]! * (1 - fx) + crop.data[cy1 * crop.width + cx1]! * fx) * fy;
      const left = rect.x === 0 ? 1 : (x - rect.x + 0.5) / rampX;
      const right = rect.x + rect.width === w ? 1 : (rect.x + rect.width - x - 0.5) / rampX;
      const weight = Math.min(1, top, bottom, left, right);
      const i = y * w + x;
      out[i] = weight * value + (1 - weight) * full[i]!;
    }
  }
  return out;
}
