import { useMutation } from '@tanstack/react-query';
import { type downloadTokenResponse, type GalleryPhoto } from '@studio-gallery/contract';
import { env } from '../../../config/env';
import { api, isApiError, isUnexpectedFailure, type Answer } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { viewerHeaders } from '../../../lib/viewer';

export const IMAGE_DOWNLOADED = 'Image downloaded successfully.';
export const IMAGE_DOWNLOAD_FAILED = 'Failed to download the image. Please try again later.';

/**
 * The download sizes as the menus and the chooser name them: the two of spec §9, and Full resolution
 * (issue 15 §3, the FAQ's words) where the photo owner's company allows it (resolutionOptions).
 */
export const RESOLUTION_OPTIONS = [
  { value: 'hr', label: 'High Resolution', detail: '1600 × 2400', description: '1600 × 2400 px' },
  { value: 'sm', label: 'Social Media Resolution', detail: '1000 × 1500', description: '1000 × 1500 px' },
  { value: 'full', label: 'Full resolution (original, about 4500 px)', detail: null, description: 'The original file, about 4500 px at 300 dpi' },
] as const;
export type ResolutionOption = (typeof RESOLUTION_OPTIONS)[number];
export type ResolutionChoice = ResolutionOption['value'];

/** The sizes to offer: Full resolution only when the server says so (it refuses it otherwise anyway). */
export function resolutionOptions(allowFullResolution: boolean): ResolutionOption[] {
  return RESOLUTION_OPTIONS.filter((option) => option.value !== 'full' || allowFullResolution);
}

/** The PhotoResolution each choice is sent as. */
const PHOTO_RESOLUTION: Record<ResolutionChoice, string> = { hr: 'High Resolution', sm: 'Social Media', full: 'Full resolution' };

/** Clicks a temporary link: the browser saves the response (attachment) without leaving the page. */
export function saveFromUrl(href: string, fileName?: string): void {
  const link = document.createElement('a');
  link.href = href;
  if (fileName) link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/**
 * POST /ex/images/download-single-image-with-photoresolution → {hash, downloadImageName}, then
 * GET /ex/images/download/{hash} (a short-lived token; the retouched version when there is one).
 */
export async function downloadPhoto({ photo, resolution }: { photo: GalleryPhoto; resolution: ResolutionChoice }) {
  const token = await api.post<Answer<typeof downloadTokenResponse>>(
    '/ex/images/download-single-image-with-photoresolution',
    {
      SessionId: photo.sessionId,
      OriginalImageURL: photo.url,
      RetouchImageURL: photo.processedUrl,
      PhotoResolution: PHOTO_RESOLUTION[resolution],
    },
    { headers: viewerHeaders() },
  );
  saveFromUrl(`${env.apiBaseUrl}/ex/images/download/${encodeURIComponent(token.hash)}`, token.downloadImageName);
  return token;
}

export function useDownloadPhoto() {
  return useMutation({
    mutationFn: downloadPhoto,
    onSuccess: () => notifySuccess(IMAGE_DOWNLOADED),
    onError: (error) => {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      notifyError(IMAGE_DOWNLOAD_FAILED);
    },
  });
}
