import { useEffect, useState } from 'react';
import { editorMessages } from '@studio-gallery/contract';
import { loadBackgroundPicture } from '../api/background-images';
import { retouchPortrait } from '../api/retouch-portrait';
import { BaseImageBuilder, BaseImageError, type BaseEdit, type BaseImageStep } from '../lib/base-image';

export type CutoutStatus = 'idle' | 'running' | 'ready' | 'failed';

function messageOf(error: unknown): { message: string; step: BaseImageStep | null } {
  return error instanceof BaseImageError ? { message: error.message, step: error.step } : { message: editorMessages.compositeFailed, step: null };
}

/**
 * The base picture the stage shows for the live edit (lib/base-image.ts), and the person cut-out,
 * which starts as soon as `wantCutout` (the background panel is open, or the edit has a background):
 * removal runs on entry while the rest of the editor stays usable.
 */
export function useBaseImage({ photo, blob, edit, wantCutout }: { photo: ImageBitmap | null; blob: Blob | null; edit: BaseEdit; wantCutout: boolean }) {
  // Made in an effect (not a memo) so that its cleanup and its creation pair up, StrictMode included.
  const [made, setMade] = useState<BaseImageBuilder | null>(null);
  useEffect(() => {
    if (!photo || !blob) return;
    const next = new BaseImageBuilder(photo, {
      cutOut: async (image) => (await import('../lib/face-detection')).cutOutPerson(image),
      retouch: async (retouch) => (await retouchPortrait({ image: blob, ...retouch })).blob,
      loadImage: loadBackgroundPicture,
    });
    let live = true;
    void Promise.resolve().then(() => live && setMade(next));
    return () => {
      live = false;
      next.dispose();
    };
  }, [photo, blob]);
  const builder = made && made.photo === photo ? made : null;

  const [attempt, setAttempt] = useState(0);
  const [cutout, setCutout] = useState<{ for: BaseImageBuilder; attempt: number; ok: boolean } | null>(null);
  useEffect(() => {
    if (!builder || !wantCutout) return;
    let cancelled = false;
    builder.cutout().then(
      () => !cancelled && setCutout({ for: builder, attempt, ok: true }),
      () => !cancelled && setCutout({ for: builder, attempt, ok: false }),
    );
    return () => {
      cancelled = true;
    };
  }, [builder, wantCutout, attempt]);
  const cutoutDone = cutout && cutout.for === builder && cutout.attempt === attempt ? cutout : null;
  const cutoutStatus: CutoutStatus = !builder || (!wantCutout && !cutoutDone) ? 'idle' : !cutoutDone ? 'running' : cutoutDone.ok ? 'ready' : 'failed';

  const key = JSON.stringify(edit);
  const [built, setBuilt] = useState<{ for: BaseImageBuilder; key: string; image: ImageBitmap | null; error: { message: string; step: BaseImageStep | null } | null } | null>(null);
  useEffect(() => {
    if (!builder) return;
    let cancelled = false;
    builder.build(JSON.parse(key) as BaseEdit).then(
      (image) => !cancelled && setBuilt({ for: builder, key, image, error: null }),
      (error: unknown) => !cancelled && setBuilt((last) => ({ for: builder, key, image: last?.for === builder ? last.image : null, error: messageOf(error) })),
    );
    return () => {
      cancelled = true;
    };
    // A failed cut-out tried again rebuilds the picture that waited on it.
  }, [builder, key, attempt]);

  const current = built && built.for === builder ? built : null;
  return {
    builder,
    /** What the stage shows: the latest base built (the previous one while the next is on its way). */
    base: current?.image ?? photo,
    building: builder !== null && (current === null || current.key !== key) && (edit.background !== null || edit.retouch !== null),
    error: current && current.key === key ? current.error : null,
    cutout: { status: cutoutStatus, retry: () => setAttempt((n) => n + 1) },
  };
}
