import { useQuery } from '@tanstack/react-query';
import { type socialShareResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { viewerHeaders } from '../../../lib/viewer';

/** POST /Social {socialType, photoId}: records the share and answers the public /shared-image link. */
export async function sharePhoto(photoId: number, socialType = 'link') {
  return api.post<Answer<typeof socialShareResponse>>('/Social', { socialType, photoId }, { headers: viewerHeaders() });
}

/** The public links of the photos in the share modal, by photo id. */
export function useShareLinks(photoIds: number[], enabled: boolean) {
  return useQuery({
    queryKey: ['share-links', ...photoIds] as const,
    queryFn: async () => {
      const answers = await Promise.all(photoIds.map((id) => sharePhoto(id)));
      return new Map(answers.map((a) => [a.photoId, a.url] as const));
    },
    enabled: enabled && photoIds.length > 0,
    staleTime: 5 * 60_000,
  });
}

export const facebookShareUrl = (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
export const linkedInShareUrl = (url: string) => `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`;
