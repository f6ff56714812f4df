import type { SkinGate } from './renderer';
import type { DetectedFace } from './face-detection';

/**
 * Where skin-tone changes may apply: an ellipse over the face that reaches down to the neck, so the
 * hue-selective skin adjustment leaves orange clothes and warm walls alone (docs/editor.md).
 */
export function skinGateFor(face: DetectedFace | null, image: { width: number; height: number }): SkinGate | null {
  if (!face) return null;
  const { box } = face;
  return {
    cx: (box.x + box.width / 2) / image.width,
    cy: (box.y + box.height * 0.75) / image.height,
    rx: (box.width * 0.8) / image.width,
    ry: (box.height * 1.25) / image.height,
  };
}
