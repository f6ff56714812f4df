import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { ImageLoadTimeoutError, toImageLoadFailure } from './image-load-error';
import { viewerHeaders } from './viewer';

export const IMAGE_BINARY_TIMEOUT_MS = 30_000;

/** GET /ex/images/getImageBinary?url=… → the photo's bytes; a timeout throws ImageLoadTimeoutError. */
export async function getImageBinary(photoUrl: string, signal?: AbortSignal, timeoutMs = IMAGE_BINARY_TIMEOUT_MS): Promise<Blob> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort();
  signal?.addEventListener('abort', forwardAbort);
  try {
    return await api.get<Blob>('/ex/images/getImageBinary', {
      query: { url: photoUrl },
      headers: viewerHeaders(),
      signal: controller.signal,
      responseType: 'blob',
    });
  } catch (error) {
    if (timedOut) throw new ImageLoadTimeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}

/** The photo's bytes (shown with BlobImage, which owns the object URL), its failure, and a retry. */
export function useImageBinary(photoUrl: string | null) {
  const query = useQuery({
    queryKey: ['image-binary', photoUrl] as const,
    queryFn: ({ signal }) => getImageBinary(photoUrl ?? '', signal),
    enabled: Boolean(photoUrl),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const fetching = query.fetchStatus === 'fetching';
  const { error } = query;
  // One failure object per error, so a screen can tell a dismissed failure from a new one.
  const failure = useMemo(() => (error ? toImageLoadFailure(error) : null), [error]);
  return {
    blob: query.data ?? null,
    isLoading: fetching && !query.data,
    failure: fetching ? null : failure,
    retry: () => void query.refetch(),
  };
}
