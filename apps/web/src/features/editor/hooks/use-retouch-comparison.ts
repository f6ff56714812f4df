import { useEffect, useState } from 'react';
import type { AiRetouchResult } from './use-ai-retouch';
import type { BaseEdit, BaseImageBuilder } from '../lib/base-image';

/** The comparison pictures' long edge: the stage is never larger. */
const COMPARISON_LONG_EDGE = 1600;

async function pictureUrl(picture: ImageBitmap): Promise<string> {
  const scale = Math.min(1, COMPARISON_LONG_EDGE / Math.max(picture.width, picture.height));
  const canvas = new OffscreenCanvas(Math.max(1, Math.round(picture.width * scale)), Math.max(1, Math.round(picture.height * scale)));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D context');
  context.drawImage(picture, 0, 0, canvas.width, canvas.height);
  return URL.createObjectURL(await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.9 }));
}

/**
 * The AI retouch's before/after as the edit will look: the base picture now (its background included)
 * and the same with the new retouch, as object URLs (revoked when the result goes).
 */
export function useRetouchComparison(builder: BaseImageBuilder | null, edit: BaseEdit, result: AiRetouchResult | null) {
  const [comparison, setComparison] = useState<{ for: AiRetouchResult; before: string; after: string } | null>(null);
  const key = JSON.stringify(edit);
  useEffect(() => {
    if (!builder || !result) return;
    let live = true;
    const urls: string[] = [];
    builder.provideRetouched(result.recipe, result.blob);
    const current = JSON.parse(key) as BaseEdit;
    void Promise.all([builder.build(current), builder.build({ ...current, retouch: result.recipe })])
      .then((pictures) => Promise.all(pictures.map(pictureUrl)))
      .then(
        ([before, after]) => {
          urls.push(before!, after!);
          if (live) setComparison({ for: result, before: before!, after: after! });
        },
        // The plain photo and its retouch, when the edit's picture cannot be made.
        () => undefined,
      );
    return () => {
      live = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [builder, key, result]);
  return comparison && comparison.for === result ? comparison : null;
}
