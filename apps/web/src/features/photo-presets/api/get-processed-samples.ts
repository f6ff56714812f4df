import { queryOptions, useQuery } from '@tanstack/react-query';
import type { processedSamplesResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

export const photoPresetsQueryRoot = ['photo-presets'] as const;

/** GET /Photos/GetProcessedSample/{imageId} (spec §7): every preset, each with a small JPEG sample (data: URL). */
export function getProcessedSamples(photoId: number, signal?: AbortSignal) {
  return api.get<Answer<typeof processedSamplesResponse>>(`/Photos/GetProcessedSample/${photoId}`, { signal });
}

/** The samples of a photo: made on the server in a few seconds, so kept while the photo is unchanged. */
export function processedSamplesQuery(photoId: number) {
  return queryOptions({
    queryKey: [...photoPresetsQueryRoot, 'samples', photoId] as const,
    queryFn: ({ signal }) => getProcessedSamples(photoId, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useProcessedSamples(photoId: number) {
  return useQuery(processedSamplesQuery(photoId));
}
