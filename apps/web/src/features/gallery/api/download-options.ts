import { queryOptions, useQuery } from '@tanstack/react-query';
import { type downloadOptionsResponse, type DownloadOptionsResponse, type GalleryPhoto } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { getGalleryViewer, viewerHeaders, type GalleryViewer } from '../../../lib/viewer';
import { galleryQueryRoot } from './get-gallery-page';

/** GET /ex/images/download-options: the sizes the viewer's photos may be downloaded at; with a photo's URL, that photo's. */
export function getDownloadOptions(signal?: AbortSignal, photoUrl?: string) {
  return api.get<Answer<typeof downloadOptionsResponse>>('/ex/images/download-options', {
    headers: viewerHeaders(),
    signal,
    query: photoUrl ? { url: photoUrl } : undefined,
  });
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

/**
 * One photo's download sizes (issue 24 §7): the server names each in pixels and offers Full resolution
 * only when the photo's original is larger than High Resolution. Undefined until the answer comes.
 */
export function usePhotoDownloadOptions(photo: GalleryPhoto): DownloadOptionsResponse | undefined {
  const viewer = getGalleryViewer();
  const { data } = useQuery({
    queryKey: [...galleryQueryRoot, 'download-options', viewerKey(viewer), photo.id] as const,
    // Signed URLs change daily; the photo (its id) does not, so the key leaves the URL out.
    queryFn: ({ signal }) => getDownloadOptions(signal, photo.url),
    enabled: viewer.kind !== 'none',
    staleTime: 5 * 60_000,
  });
  return data;
}
