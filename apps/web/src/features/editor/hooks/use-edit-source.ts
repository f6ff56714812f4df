import { useEffect, useState } from 'react';
import { useImageBinary } from '../../../lib/image-binary';

/**
 * The photo to edit, loaded as binary first (spec §4) and decoded upright at full resolution. Every
 * tool waits for `bitmap`; `failure` drives the image-load failure modal, `decodeFailed` the inline
 * "Failed to load image data".
 */
export function useEditSource(url: string | null) {
  const binary = useImageBinary(url);
  const [decoded, setDecoded] = useState<{ blob: Blob; bitmap: ImageBitmap } | null>(null);
  const [decodeFailedFor, setDecodeFailedFor] = useState<Blob | null>(null);

  useEffect(() => {
    const blob = binary.blob;
    if (!blob) return;
    let cancelled = false;
    createImageBitmap(blob, { imageOrientation: 'from-image', premultiplyAlpha: 'none' }).then(
      (bitmap) => {
        if (cancelled) bitmap.close();
        else setDecoded({ blob, bitmap });
      },
      () => {
        if (!cancelled) setDecodeFailedFor(blob);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [binary.blob]);

  useEffect(() => () => decoded?.bitmap.close(), [decoded]);

  const bitmap = decoded && decoded.blob === binary.blob ? decoded.bitmap : null;
  return {
    bitmap,
    /** The photo's file, once decoded (what the server's tools are sent). */
    blob: bitmap ? binary.blob : null,
    isLoading: binary.isLoading || (binary.blob !== null && bitmap === null && decodeFailedFor !== binary.blob),
    failure: binary.failure,
    decodeFailed: binary.blob !== null && decodeFailedFor === binary.blob,
    retry: binary.retry,
  };
}
