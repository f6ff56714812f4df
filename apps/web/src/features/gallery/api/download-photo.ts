import { useMutation } from '@tanstack/react-query';
import { RENDITION_SIZES, type DownloadOptionsResponse, type downloadTokenResponse, type GalleryPhoto } from '@studio-gallery/contract';
import { env } from '../../../config/env';
import { api, isApiError, isUnexpectedFailure, type Answer } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { viewerHeaders } from '../../../lib/viewer';

export const IMAGE_DOWNLOADED = 'Image downloaded successfully.';
export const IMAGE_DOWNLOAD_FAILED = 'Failed to download the image. Please try again later.';

const pixels = (size: { width: number; height: number }) => `${size.width} × ${size.height}`;

/**
 * The download sizes as the menus and the chooser name them: the two of spec §9 at their exact sizes,
 * and Full resolution (issue 15 §3) where the server offers it: for one photo, named with the size of
 * its original (photoResolutionOptions); for a selection's ZIP, "the originals".
 */
export const RESOLUTION_OPTIONS = [
  { value: 'hr', label: 'High Resolution', detail: pixels(RENDITION_SIZES.hr), description: `${pixels(RENDITION_SIZES.hr)} px` },
  { value: 'sm', label: 'Social Media Resolution', detail: pixels(RENDITION_SIZES.sm), description: `${pixels(RENDITION_SIZES.sm)} px` },
  { value: 'full', label: 'Full resolution (originals)', detail: null, description: 'The original files, as the studio delivered them' },
] as const;
export type ResolutionChoice = (typeof RESOLUTION_OPTIONS)[number]['value'];
export interface ResolutionOption {
  value: ResolutionChoice;
  label: string;
  detail: string | null;
  description: string;
}

/**
 * One photo's choices, as the server answers them (issue 24 §7): each with its real pixel size, Full
 * resolution only when offered (an original larger than High Resolution), named with its size.
 * Until the answer comes: the two renditions.
 */
export function photoResolutionOptions(answer: DownloadOptionsResponse | undefined): ResolutionOption[] {
  const renditions = RESOLUTION_OPTIONS.filter((option) => option.value !== 'full');
  const full = answer?.resolutions.includes('full') ? answer.sizes.find((size) => size.resolution === 'full') : undefined;
  if (!full) return renditions;
  const size = pixels(full);
  return [...renditions, { value: 'full', label: `Full resolution (original, ${size} px)`, detail: null, description: `The original file, ${size} px` }];
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
