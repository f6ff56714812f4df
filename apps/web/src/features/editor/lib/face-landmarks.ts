/**
 * From a face mesh (MediaPipe FaceMesh's 468 points, as @vladmandic/human returns them) and, when there
 * is one, a person mask (MediaPipe selfie segmentation) to the points the crop and passport code use.
 * Pure functions: the face worker runs them on its detections; the tests run them on made-up meshes.
 */
import { clamp, scalePoint, scaleRect, type PixelRect, type Point, type Size } from './geometry';

/** A face found in a photo, in pixels of the upright source photo. */
export interface DetectedFace {
  /** Bounding box of the face mesh: forehead (hairline) to chin, cheek to cheek. */
  box: PixelRect;
  /** Centre of the eye on the left of the picture (the person's right eye). */
  leftEye: Point;
  /** Centre of the eye on the right of the picture (the person's left eye). */
  rightEye: Point;
  /** Lowest point of the chin. */
  chin: Point;
  /**
   * Top of the head, hair included (what passport rules call the crown). From the person mask when
   * there is one (`crownMethod: 'person-mask'`), else estimated from the landmarks ('landmarks').
   * y 0 means the head reaches the photo's top edge: it is cut off.
   */
  crown: Point;
  /** Top of the face mesh, about the hairline in the middle of the forehead. */
  forehead: Point;
  /** Angle of the eye line in degrees: 0 level, positive when the right-hand eye is lower (clockwise). */
  rollDegrees: number;
  /** The detector's confidence, 0..1. */
  confidence: number;
  crownMethod: 'person-mask' | 'landmarks';
}

/** What detectFaces (face-detection.ts) resolves with; here so that code without the DOM can use it. */
export interface FaceResult {
  /** The faces found, largest first; never empty (no face is a FaceDetectionError 'no-faces'). */
  faces: DetectedFace[];
  /** The size of the photo given to detectFaces: the faces' coordinates are in its pixels. */
  imageSize: Size;
  /** The size of the downscaled copy the models saw. */
  detectionSize: Size;
  timings: {
    /** Downscaling the photo (createImageBitmap). */
    downscaleMs: number;
    /** Waiting for the models, 0 once they are loaded. */
    modelLoadMs: number;
    /** Detection in the worker (face, mesh, person mask). */
    detectMs: number;
    totalMs: number;
  };
}

export type FaceDetectionFailure = 'models-failed' | 'no-image' | 'no-faces' | 'detection-failed' | 'models-not-loaded';

/** MediaPipe FaceMesh indices (canonical face model, 468 points). */
export const MESH_INDEX = {
  /** Top of the face oval, mid-forehead. */
  forehead: 10,
  /** Bottom of the chin. */
  chin: 152,
  /** Outline of the person's right eye (on the left of a photo facing the camera). */
  personRightEye: [33, 7, 163, 144, 145, 153, 154, 155, 133, 173, 157, 158, 159, 160, 161, 246],
  /** Outline of the person's left eye. */
  personLeftEye: [263, 249, 390, 373, 374, 380, 381, 382, 362, 398, 384, 385, 386, 387, 388, 466],
} as const;

/** How many mesh points a full mesh has (without the 10 iris points the iris model would add). */
export const MESH_POINT_COUNT = 468;

/**
 * Crown estimate without a person mask (the fallback when the mask does not cover the forehead): the
 * forehead point moved up along the chin→forehead direction by this share of the chin-to-forehead
 * distance. Calibrated on the one test portrait (e2e/fixtures/astronaut.jpg: forehead point y 71.5,
 * chin 174.5, top of the hair 15.5, so 56 / 103 = 0.54; docs/editor.md, crop section). Hair volume
 * varies from person to person: treat it as an estimate. The person mask is what the editor uses.
 */
export const LANDMARK_CROWN_OFFSET = 0.54;

/** A person mask: one value per pixel, 0 (background) .. 255 (person), rows top to bottom. */
export interface PersonMask {
  width: number;
  height: number;
  data: ArrayLike<number>;
}

type MeshPoint = readonly number[];

function meshPoint(mesh: readonly MeshPoint[], index: number): Point {
  const p = mesh[index];
  if (!p || p.length < 2) throw new Error(`face mesh has no point ${index}`);
  return { x: p[0] ?? 0, y: p[1] ?? 0 };
}

function centroid(mesh: readonly MeshPoint[], indices: readonly number[]): Point {
  let x = 0;
  let y = 0;
  for (const i of indices) {
    const p = meshPoint(mesh, i);
    x += p.x;
    y += p.y;
  }
  return { x: x / indices.length, y: y / indices.length };
}

/** Bounding box of the mesh points. */
export function meshBox(mesh: readonly MeshPoint[]): PixelRect {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const p of mesh) {
    const x = p[0] ?? 0;
    const y = p[1] ?? 0;
    left = Math.min(left, x);
    right = Math.max(right, x);
    top = Math.min(top, y);
    bottom = Math.max(bottom, y);
  }
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/** The eye line's angle in degrees (see DetectedFace.rollDegrees). */
export function rollDegrees(leftEye: Point, rightEye: Point): number {
  return (Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x) * 180) / Math.PI;
}

/** The landmark-only crown estimate (see LANDMARK_CROWN_OFFSET). */
export function crownFromLandmarks(forehead: Point, chin: Point): Point {
  return { x: forehead.x + (forehead.x - chin.x) * LANDMARK_CROWN_OFFSET, y: forehead.y + (forehead.y - chin.y) * LANDMARK_CROWN_OFFSET };
}

/** Mask value above which a pixel counts as the person (half way). */
const PERSON_THRESHOLD = 127.5;
/** The middle share of the face box's width searched for the top of the head. */
const CROWN_BAND = 0.6;

/**
 * The top of the head from a person mask: in each column of the middle of the face, from the forehead
 * straight up while the mask says "person"; the crown is the highest of those tops (a low percentile,
 * so one stray column does not decide), at sub-pixel precision where the mask crosses half way. The
 * mask must have the same pixel grid as the points. Null when the mask does not cover the forehead
 * (then the landmark estimate is used).
 */
export function crownFromPersonMask(mask: PersonMask, face: { box: PixelRect; forehead: Point }): Point | null {
  const value = (x: number, y: number) => mask.data[y * mask.width + x] ?? 0;
  const bandLeft = clamp(Math.floor(face.box.x + (face.box.width * (1 - CROWN_BAND)) / 2), 0, mask.width - 1);
  const bandRight = clamp(Math.ceil(face.box.x + (face.box.width * (1 + CROWN_BAND)) / 2), 0, mask.width - 1);
  const startRow = clamp(Math.round(face.forehead.y), 0, mask.height - 1);
  const tops: Point[] = [];
  for (let x = bandLeft; x <= bandRight; x++) {
    if (value(x, startRow) < PERSON_THRESHOLD) continue;
    let y = startRow;
    while (y > 0 && value(x, y - 1) >= PERSON_THRESHOLD) y--;
    // Pixel centres sit at +0.5: the mask crosses half way between row y-1 (below) and row y (above).
    let top = 0;
    if (y > 0) {
      const inside = value(x, y);
      const outside = value(x, y - 1);
      top = y + 0.5 - (inside - PERSON_THRESHOLD) / Math.max(inside - outside, 1e-6);
    }
    tops.push({ x: x + 0.5, y: top });
  }
  if (tops.length < 3) return null;
  tops.sort((a, b) => a.y - b.y);
  return tops[Math.floor(tops.length * 0.05)] ?? null;
}

/**
 * A DetectedFace from one face's mesh (points in the pixels of the image the detector saw) and, when
 * there is one, the person mask of that same image.
 */
export function faceFromMesh(mesh: readonly MeshPoint[], confidence: number, mask?: PersonMask | null): DetectedFace {
  if (mesh.length < MESH_POINT_COUNT) throw new Error(`face mesh has ${mesh.length} points, expected ${MESH_POINT_COUNT}`);
  const personRight = centroid(mesh, MESH_INDEX.personRightEye);
  const personLeft = centroid(mesh, MESH_INDEX.personLeftEye);
  // Name the eyes by where they are in the picture, whatever the mesh calls them (a mirrored photo).
  const [leftEye, rightEye] = personRight.x <= personLeft.x ? [personRight, personLeft] : [personLeft, personRight];
  const forehead = meshPoint(mesh, MESH_INDEX.forehead);
  const chin = meshPoint(mesh, MESH_INDEX.chin);
  const box = meshBox(mesh.slice(0, MESH_POINT_COUNT));
  const fromMask = mask ? crownFromPersonMask(mask, { box, forehead }) : null;
  return {
    box,
    leftEye,
    rightEye,
    chin,
    crown: fromMask ?? crownFromLandmarks(forehead, chin),
    forehead,
    rollDegrees: rollDegrees(leftEye, rightEye),
    confidence: clamp(confidence, 0, 1),
    crownMethod: fromMask ? 'person-mask' : 'landmarks',
  };
}

/**
 * The same face in pixels of an image `factorX` times wider and `factorY` times taller (a downscaled
 * copy back to the source: its rounded size makes the two differ slightly).
 */
export function scaleFace(face: DetectedFace, factorX: number, factorY: number = factorX): DetectedFace {
  const leftEye = scalePoint(face.leftEye, factorX, factorY);
  const rightEye = scalePoint(face.rightEye, factorX, factorY);
  return {
    ...face,
    box: scaleRect(face.box, factorX, factorY),
    leftEye,
    rightEye,
    chin: scalePoint(face.chin, factorX, factorY),
    crown: scalePoint(face.crown, factorX, factorY),
    forehead: scalePoint(face.forehead, factorX, factorY),
    rollDegrees: rollDegrees(leftEye, rightEye),
  };
}

/** Largest face (by box area) first. */
export function largestFirst(faces: readonly DetectedFace[]): DetectedFace[] {
  return [...faces].sort((a, b) => b.box.width * b.box.height - a.box.width * a.box.height);
}

/** The point smart framing centres the crop on: the middle of the face box. */
export function faceCentre(face: Pick<DetectedFace, 'box'>): Point {
  return { x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 };
}
