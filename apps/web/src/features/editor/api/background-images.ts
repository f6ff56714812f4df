import { useQuery } from '@tanstack/react-query';
import type { backgroundImagesResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /background/background-images/by-client/{client}: the studio's backdrops (only enabled ones), else five built-ins. */
export function useBackgroundImages(clientId: number | null) {
  return useQuery({
    queryKey: ['background-images', clientId],
    queryFn: () => api.get<Answer<typeof backgroundImagesResponse>>(`/background/background-images/by-client/${clientId}`),
    enabled: clientId !== null,
    staleTime: 5 * 60_000,
  });
}

/** A backdrop's picture (same origin, our media route). */
export async function loadBackgroundPicture(url: string): Promise<Blob> {
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) throw new Error(`backdrop ${url}: HTTP ${response.status}`);
  return response.blob();
}
