import { useMemo } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type GalleryFlag, type GalleryPhoto, type PagedPhotosResponse } from '@studio-gallery/contract';
import { getGalleryViewer, isCurrentViewer, type GalleryViewer } from '../../../lib/viewer';
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

/** The photo `photoId` of the viewer's gallery (from the loaded pages when it is there); null: not found. */
export function useFindPhoto(photoId: number | null) {
  const queryClient = useQueryClient();
  const viewer = useMemo(() => getGalleryViewer(), []);
  const who = viewer.kind === 'user' ? `user:${viewer.userId}` : viewer.kind === 'visitor' ? `code:${viewer.code}` : 'none';
  return useQuery({
    queryKey: [...galleryQueryRoot, 'photo', who, photoId] as const,
    queryFn: ({ signal }) => (photoId === null ? null : (photoFromCache(queryClient, photoId) ?? findPhoto(viewer, photoId, signal))),
    enabled: () => photoId !== null && isCurrentViewer(viewer),
    staleTime: 60_000,
    retry: false,
  });
}
