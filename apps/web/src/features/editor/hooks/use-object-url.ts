import { useEffect, useState } from 'react';

/** An object URL for a blob, revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return;
    const url = URL.createObjectURL(blob);
    let live = true;
    // Set from a microtask: the URL is an external resource this effect owns, published once made.
    void Promise.resolve().then(() => live && setEntry({ blob, url }));
    return () => {
      live = false;
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return entry && entry.blob === blob ? entry.url : null;
}
