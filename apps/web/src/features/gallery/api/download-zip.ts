import { useMutation } from '@tanstack/react-query';
import type { GalleryPhoto } from '@studio-gallery/contract';
import { env } from '../../../config/env';
import { saveBlobAs } from '../../../lib/file';
import { getToken } from '../../../lib/session';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { viewerHeaders } from '../../../lib/viewer';

export const ZIP_FAILED = 'Failed to download the ZIP file. Please try again later.';
export const zipDownloaded = (n: number) => `Successfully downloaded ${n} photos.`;

/** The file name of a Content-Disposition header (RFC 6266: `filename*` wins). */
export function fileNameFromDisposition(header: string | null, fallback: string): string {
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name || fallback;
}

/** The version a single download would give: the retouched photo when there is one. */
export function downloadUrlOf(photo: GalleryPhoto): string {
  return photo.processedUrl ?? photo.url;
}

/** The sizes a ZIP is offered at: High Resolution (the default), or the originals where allowed. */
export type ZipResolution = 'hr' | 'full';

/**
 * POST /ex/images/download-selected-images-zip with the photos' URLs (and `resolution: 'full'` for
 * the originals); the ZIP arrives as a blob and is saved under the server's name.
 */
export async function downloadZip({ photos, resolution = 'hr' }: { photos: GalleryPhoto[]; resolution?: ZipResolution }): Promise<{ count: number; fileName: string }> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...viewerHeaders() };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${env.apiBaseUrl}/ex/images/download-selected-images-zip`, {
    method: 'POST',
    headers,
    body: JSON.stringify(resolution === 'hr' ? photos.map(downloadUrlOf) : { urls: photos.map(downloadUrlOf), resolution }),
  });
  if (!response.ok) throw new Error(`ZIP download failed (${response.status})`);
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('content-disposition'), 'photos.zip');
  saveBlobAs(blob, fileName);
  return { count: photos.length, fileName };
}

export function useDownloadZip() {
  return useMutation({
    mutationFn: downloadZip,
    onSuccess: ({ count }) => notifySuccess(zipDownloaded(count)),
    onError: () => notifyError(ZIP_FAILED),
  });
}
