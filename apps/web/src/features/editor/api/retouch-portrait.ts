import type { RetouchControls, RetouchPortraitRequest, retouchPortraitResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { readFileAsBase64 } from '../../../lib/file';

export interface RetouchPortraitInput extends RetouchControls {
  image: Blob;
  /** 0 (unchanged) to 1 (strongest); the contract's RETOUCH_DEFAULT_STRENGTH is 0.5. */
  strength: number;
  signal?: AbortSignal;
}

export interface RetouchPortraitResult {
  /** The retouched JPEG (the source itself, re-encoded, when no face was found). */
  blob: Blob;
  /** editorMessages.portraitRetouched, or editorMessages.retouchNoFace when the image is unchanged. */
  message: string;
}

function blobFromBase64(base64: string, type: string): Blob {
  const binary = atob(base64.replace(/^data:[^,]*,/, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type });
}

/**
 * POST /ex/images/retouch-portrait (spec §4 "AI retouch", §7): the free one-click retouch, with the
 * strength and any controls given (issue 22; the server fills in the rest). Throws
 * ApiError on failure (403 for session-code visitors), or the abort error when `signal` aborts.
 */
export async function retouchPortrait({ image, signal, ...settings }: RetouchPortraitInput): Promise<RetouchPortraitResult> {
  const body: RetouchPortraitRequest = { ImageBase64: await readFileAsBase64(image), ...settings };
  signal?.throwIfAborted();
  const answer = await api.post<Answer<typeof retouchPortraitResponse>>('/ex/images/retouch-portrait', body, { signal });
  return { blob: blobFromBase64(answer.processedImageBase64, 'image/jpeg'), message: answer.message };
}
