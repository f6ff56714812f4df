import { describe, expect, it } from 'vitest';
import { crownFromLandmarks, crownFromPersonMask, faceCentre, faceFromMesh, LANDMARK_CROWN_OFFSET, largestFirst, MESH_INDEX, MESH_POINT_COUNT, rollDegrees, scaleFace, type PersonMask } from './face-landmarks';

/** A 468-point mesh: everything at the face's middle except the points the code reads. */
function makeMesh({ left = { x: 80, y: 100 }, right = { x: 120, y: 104 }, forehead = { x: 100, y: 50 }, chin = { x: 100, y: 200 } } = {}): number[][] {
  const mesh = Array.from({ length: MESH_POINT_COUNT }, () => [100, 120, 0]);
  // Eye outlines: a small ring around each centre (the person's right eye is on the picture's left).
  MESH_INDEX.personRightEye.forEach((index, i) => (mesh[index] = [left.x + 6 * Math.cos(i), left.y + 3 * Math.sin(i), 0]));
  MESH_INDEX.personLeftEye.forEach((index, i) => (mesh[index] = [right.x + 6 * Math.cos(i), right.y + 3 * Math.sin(i), 0]));
  mesh[MESH_INDEX.forehead] = [forehead.x, forehead.y, 0];
  mesh[MESH_INDEX.chin] = [chin.x, chin.y, 0];
  mesh[0] = [60, 120, 0];
  mesh[1] = [140, 120, 0];
  return mesh;
}

/** A 200x260 mask: person from row `top` down between columns 40 and 160, background elsewhere. */
function makeMask(top: number): PersonMask & { data: Uint8Array } {
  const width = 200;
  const height = 260;
  const data = new Uint8Array(width * height);
  for (let y = Math.max(0, top); y < height; y++) for (let x = 40; x <= 160; x++) data[y * width + x] = 255;
  return { width, height, data };
}

describe('faceFromMesh', () => {
  it('reads the eyes (by their place in the picture), chin, forehead, box and roll', () => {
    const face = faceFromMesh(makeMesh(), 0.9);
    expect(face.leftEye.x).toBeCloseTo(80, 0);
    expect(face.rightEye.x).toBeCloseTo(120, 0);
    expect(face.chin).toEqual({ x: 100, y: 200 });
    expect(face.forehead).toEqual({ x: 100, y: 50 });
    expect(face.box).toEqual({ x: 60, y: 50, width: 80, height: 150 });
    expect(face.rollDegrees).toBeCloseTo(rollDegrees(face.leftEye, face.rightEye), 12);
    expect(face.rollDegrees).toBeGreaterThan(5);
    expect(face.rollDegrees).toBeLessThan(6.5);
    expect(face.confidence).toBe(0.9);
  });

  it('names the eyes by position even in a mirrored mesh', () => {
    const face = faceFromMesh(makeMesh({ left: { x: 120, y: 100 }, right: { x: 80, y: 100 } }), 1);
    expect(face.leftEye.x).toBeLessThan(face.rightEye.x);
  });

  it('takes the crown from the person mask when there is one', () => {
    const face = faceFromMesh(makeMesh(), 1, makeMask(20));
    expect(face.crownMethod).toBe('person-mask');
    // The mask steps from 0 (row 19) to 255 (row 20): half way is the top edge of row 20.
    expect(face.crown.y).toBeCloseTo(20, 6);
  });

  it('falls back to the landmark estimate without a mask, or when the mask misses the forehead', () => {
    const expected = 50 - (200 - 50) * LANDMARK_CROWN_OFFSET;
    expect(faceFromMesh(makeMesh(), 1).crown.y).toBeCloseTo(expected, 9);
    const missing = faceFromMesh(makeMesh(), 1, makeMask(120));
    expect(missing.crownMethod).toBe('landmarks');
    expect(missing.crown.y).toBeCloseTo(expected, 9);
  });

  it('refuses a mesh without the 468 points', () => {
    expect(() => faceFromMesh([[1, 2]], 1)).toThrow(/468/);
  });
});

describe('crownFromPersonMask', () => {
  const face = { box: { x: 60, y: 50, width: 80, height: 150 }, forehead: { x: 100, y: 50 } };

  it('puts the crown at y 0 when the head reaches the top edge (cut off)', () => {
    expect(crownFromPersonMask(makeMask(0), face)?.y).toBe(0);
    expect(crownFromPersonMask(makeMask(-30), face)?.y).toBe(0);
  });

  it('reads a soft edge at sub-pixel precision', () => {
    const mask = makeMask(30);
    // Row 29 at 191 (three quarters): half way (127.5) lies a quarter of a pixel into row 29's centre.
    for (let x = 40; x <= 160; x++) mask.data[29 * mask.width + x] = 191;
    const crown = crownFromPersonMask(mask, face);
    expect(crown?.y).toBeCloseTo(29.5 - (191 - 127.5) / 191, 6);
  });

  it('ignores a single stray column (a low percentile, not the minimum)', () => {
    const mask = makeMask(40);
    for (let y = 5; y < 40; y++) mask.data[y * mask.width + 100] = 255;
    expect(crownFromPersonMask(mask, face)?.y).toBeCloseTo(40, 6);
  });
});

describe('helpers', () => {
  it('crownFromLandmarks follows a tilted face', () => {
    const crown = crownFromLandmarks({ x: 110, y: 50 }, { x: 100, y: 150 });
    expect(crown.x).toBeCloseTo(110 + 10 * LANDMARK_CROWN_OFFSET, 9);
    expect(crown.y).toBeCloseTo(50 - 100 * LANDMARK_CROWN_OFFSET, 9);
  });

  it('scaleFace scales every point and the box, keeping the angle', () => {
    const face = faceFromMesh(makeMesh(), 1, makeMask(20));
    const big = scaleFace(face, 4);
    expect(big.box).toEqual({ x: 240, y: 200, width: 320, height: 600 });
    expect(big.crown.y).toBeCloseTo(face.crown.y * 4, 9);
    expect(big.rollDegrees).toBe(face.rollDegrees);
    expect(faceCentre(big)).toEqual({ x: 400, y: 500 });
  });

  it('largestFirst sorts by box area', () => {
    const small = faceFromMesh(makeMesh(), 1);
    const large = scaleFace(small, 2);
    expect(largestFirst([small, large])[0]).toBe(large);
  });
});
