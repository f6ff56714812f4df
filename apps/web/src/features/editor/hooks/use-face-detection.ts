import { useEffect, useState } from 'react';
import { editorMessages } from '@studio-gallery/contract';
import type { DetectedFace } from '../lib/face-detection';

export type FaceStatus = 'idle' | 'detecting' | 'found' | 'failed';

/**
 * Finds the largest face once the photo is decoded, in a worker, with models from our own assets.
 * The crop and the skin gate use it; a failure keeps the spec's message and everything falls back to
 * the centre of the photo.
 */
export function useFaceDetection(bitmap: ImageBitmap | null) {
  const [result, setResult] = useState<{ for: ImageBitmap; face: DetectedFace | null; error: string | null } | null>(null);

  useEffect(() => {
    if (!bitmap) return;
    let cancelled = false;
    import('../lib/face-detection')
      .then(({ detectFaces }) => detectFaces(bitmap))
      .then(
        (result) => {
          if (cancelled) return;
          const face = result.faces[0] ?? null;
          setResult({ for: bitmap, face, error: face ? null : editorMessages.noFaces });
        },
        (error: unknown) => {
          if (!cancelled) setResult({ for: bitmap, face: null, error: error instanceof Error && error.message ? error.message : editorMessages.faceDetectionFailed });
        },
      );
    return () => {
      cancelled = true;
    };
  }, [bitmap]);

  const current = result && result.for === bitmap ? result : null;
  const status: FaceStatus = !bitmap ? 'idle' : !current ? 'detecting' : current.face ? 'found' : 'failed';
  return { status, face: current?.face ?? null, error: current?.error ?? null };
}
