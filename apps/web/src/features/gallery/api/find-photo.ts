import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type GalleryFlag, type GalleryPhoto, type PagedPhotosResponse, type photoResponse } from '@studio-gallery/contract';
import { api, isApiError, type Answer } from '../../../lib/api-client';
import { getGalleryViewer, isCurrentViewer, viewerHeaders, type GalleryViewer } from '../../../lib/viewer';
import { getGalleryPage, galleryQueryRoot } from './get-gallery-page';

/** Pages of 100 looked through per tab before giving up (a gallery of 2,000 photos). */
const MAX_PAGES = 20;
const FLAGS: readonly GalleryFlag[] = ['All', 'Skip'];

function isPage(data: unknown): data is PagedPhotosResponse {
  return typeof data === 'object' && data !== null && Array.isArray((data as PagedPhotosResponse).items);
}

/** A photo of the gallery pages already loaded (the customer came from the gallery), if any. */
export function photoFromCache(queryClient: QueryClient, photoId: number): GalleryPhoto | null {
  for (const [, data] of queryClient.getQueriesData({ queryKey: galleryQueryRoot })) {
    const hit = isPage(data) ? data.items.find((p) => p.id === photoId) : undefined;
    if (hit) return hit;
  }
  return null;
}

/**
 * One photo of the viewer's gallery by id, with its session: the legacy routes carry only the photo's
 * URL (which names the photo, not its session). The gallery pages (GET /sessions/GetUserSessionsPage
 * or /sessions/getSessionImages), 100 photos a page, the Photos tab and then the Skip tab; null when
 * it is not the viewer's.
 */
export async function findPhoto(viewer: GalleryViewer, photoId: number, signal?: AbortSignal): Promise<GalleryPhoto | null> {
  for (const flag of FLAGS) {
    for (let page = 1; page <= MAX_PAGES; page += 1) {
      const answer = await getGalleryPage(viewer, { page, pageSize: MAX_PAGE_SIZE, flag, search: '' }, signal);
      const hit = answer.items.find((p) => p.id === photoId);
      if (hit) return hit;
      if (page >= answer.totalPages) break;
    }
  }
  return null;
}

/** GET /ex/images/photo?url=…: the photo one of its media URLs names, if the viewer may see it; else null. */
export async function photoByUrl(url: string, signal?: AbortSignal): Promise<GalleryPhoto | null> {
  try {
    return await api.get<Answer<typeof photoResponse>>('/ex/images/photo', { query: { url }, headers: viewerHeaders(), signal });
  } catch (error) {
    if (isApiError(error) && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

/**
 * The photo a legacy route names, in the viewer's gallery: from the pages already loaded when it is
 * there, else by its media URL (one call), else — a link with only an id — by paging the gallery.
 * null: not the viewer's photo.
 */
export function useFindPhoto({ id: photoId, url }: { id: number | null; url?: string | null }) {
  const queryClient = useQueryClient();
  const viewer = useMemo(() => getGalleryViewer(), []);
  const who = viewer.kind === 'user' ? `user:${viewer.userId}` : viewer.kind === 'visitor' ? `code:${viewer.code}` : 'none';
  return useQuery({
    queryKey: [...galleryQueryRoot, 'photo', who, photoId, url ?? null] as const,
    queryFn: ({ signal }) => {
      if (photoId === null) return null;
      const cached = photoFromCache(queryClient, photoId);
      if (cached) return cached;
      return url ? photoByUrl(url, signal) : findPhoto(viewer, photoId, signal);
    },
    enabled: () => photoId !== null && isCurrentViewer(viewer),
    staleTime: 60_000,
    retry: false,
  });
}
