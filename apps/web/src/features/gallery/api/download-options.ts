import { queryOptions, useQuery } from '@tanstack/react-query';
import { type downloadOptionsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { getGalleryViewer, viewerHeaders, type GalleryViewer } from '../../../lib/viewer';
import { galleryQueryRoot } from './get-gallery-page';

/** GET /ex/images/download-options: the sizes the viewer's photos may be downloaded at. */
export function getDownloadOptions(signal?: AbortSignal) {
  return api.get<Answer<typeof downloadOptionsResponse>>('/ex/images/download-options', { headers: viewerHeaders(), signal });
}

const viewerKey = (viewer: GalleryViewer) => (viewer.kind === 'user' ? `user:${viewer.userId}` : viewer.kind === 'visitor' ? `code:${viewer.code}` : 'none');

export const downloadOptionsQueryOptions = (viewer: GalleryViewer, wanted = true) =>
  queryOptions({
    queryKey: [...galleryQueryRoot, 'download-options', viewerKey(viewer)] as const,
    queryFn: ({ signal }) => getDownloadOptions(signal),
    enabled: wanted && viewer.kind !== 'none',
    staleTime: 5 * 60_000,
  });

/**
 * Whether the viewer may download Full resolution (the photo owner's company decides, on the
 * server); false until the answer comes, or when it fails. `wanted` false: not asked yet.
 */
export function useAllowFullResolution(wanted = true): boolean {
  const { data } = useQuery(downloadOptionsQueryOptions(getGalleryViewer(), wanted));
  return data?.allowFullResolution === true;
}
