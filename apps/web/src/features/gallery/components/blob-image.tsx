import { useEffect, useRef, type ImgHTMLAttributes } from 'react';

/** An <img> showing a Blob through an object URL, revoked when the blob changes or on unmount. */
export function BlobImage({ blob, ...props }: { blob: Blob } & Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'>) {
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    if (!img) return undefined;
    const url = URL.createObjectURL(blob);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  return <img ref={ref} {...props} />;
}
