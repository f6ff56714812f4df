import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type pagedPhotosResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { galleryPageRequest, type GalleryPageParams } from './gallery-page-request';
import { isCurrentViewer, type GalleryViewer } from '../../../lib/viewer';

export type { GalleryPageParams };

/**
 * The gallery page of spec §4 (see galleryPageRequest). `adoptEarlyResponse`: the route loader's first
 * request may take over the one index.html's preload script already sent (src/lib/early-response.ts).
 */
export async function getGalleryPage(viewer: GalleryViewer, params: GalleryPageParams, signal?: AbortSignal, adoptEarlyResponse = false) {
  const request = galleryPageRequest(viewer, params);
  if (!request) throw new Error('Not signed in');
  return api.get<Answer<typeof pagedPhotosResponse>>(request.path, { query: request.query, signal, adoptEarlyResponse: adoptEarlyResponse ? 'gallery-page' : undefined });
}

/** Every gallery query starts with this key; mutations invalidate it. */
export const galleryQueryRoot = ['gallery'] as const;

export const galleryPageQueryKey = (viewer: GalleryViewer, params: GalleryPageParams) =>
  [...galleryQueryRoot, viewer.kind === 'user' ? `user:${viewer.userId}` : viewer.kind === 'visitor' ? `code:${viewer.code}` : 'none', params] as const;

export const galleryPageQueryOptions = (viewer: GalleryViewer, params: GalleryPageParams) =>
  queryOptions({
    queryKey: galleryPageQueryKey(viewer, params),
    queryFn: ({ signal }) => getGalleryPage(viewer, params, signal),
    // Read at each fetch: not for a viewer who has since logged out (the page is leaving).
    enabled: () => isCurrentViewer(viewer),
    placeholderData: keepPreviousData,
    // Media URLs are signed and expire; refetch well before that.
    staleTime: 60_000,
  });

export function useGalleryPage(viewer: GalleryViewer, params: GalleryPageParams) {
  return useQuery(galleryPageQueryOptions(viewer, params));
}
