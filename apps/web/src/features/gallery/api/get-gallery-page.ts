import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { pagedPhotosResponse, type GalleryFlag } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';
import type { GalleryViewer } from './viewer';

export interface GalleryPageParams {
  page: number;
  pageSize: number;
  flag: GalleryFlag;
  search: string;
}

/**
 * Loading rule (spec §4): a signed-in customer gets their photos (GET /sessions/GetUserSessionsPage),
 * a visitor the photos of the stored session code (GET /sessions/getSessionImages).
 */
export async function getGalleryPage(viewer: GalleryViewer, params: GalleryPageParams, signal?: AbortSignal) {
  const common = { page: params.page, pageSize: params.pageSize, flag: params.flag, searchKey: params.search || undefined };
  if (viewer.kind === 'user') {
    return pagedPhotosResponse.parse(
      await api.get<unknown>('/sessions/GetUserSessionsPage', { query: { userId: viewer.userId, ...common }, signal }),
    );
  }
  if (viewer.kind === 'visitor') {
    return pagedPhotosResponse.parse(
      await api.get<unknown>('/sessions/getSessionImages', { query: { couponcode: viewer.code, ...common }, signal }),
    );
  }
  throw new Error('Not signed in');
}

/** Every gallery query starts with this key; mutations invalidate it. */
export const galleryQueryRoot = ['gallery'] as const;

export const galleryPageQueryKey = (viewer: GalleryViewer, params: GalleryPageParams) =>
  [...galleryQueryRoot, viewer.kind === 'user' ? `user:${viewer.userId}` : viewer.kind === 'visitor' ? `code:${viewer.code}` : 'none', params] as const;

export const galleryPageQueryOptions = (viewer: GalleryViewer, params: GalleryPageParams) =>
  queryOptions({
    queryKey: galleryPageQueryKey(viewer, params),
    queryFn: ({ signal }) => getGalleryPage(viewer, params, signal),
    enabled: viewer.kind !== 'none',
    placeholderData: keepPreviousData,
    // Media URLs are signed and expire; refetch well before that.
    staleTime: 60_000,
  });

export function useGalleryPage(viewer: GalleryViewer, params: GalleryPageParams) {
  return useQuery(galleryPageQueryOptions(viewer, params));
}
