import { useMutation, useQueryClient } from '@tanstack/react-query';
import { galleryMessages, type photoResponse } from '@studio-gallery/contract';
import { api, errorMessage, isApiError, isUnexpectedFailure, type Answer } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { galleryQueryRoot } from './get-gallery-page';
import { viewerHeaders } from '../../../lib/viewer';

export const SKIP_FAILED = 'Skip operation failed. Please try again.';

/** POST /ex/images/skip-image {photoId, value}: skip (true) or unskip (false). */
export async function skipPhoto({ photoId, value }: { photoId: number; value: boolean }) {
  return api.post<Answer<typeof photoResponse>>('/ex/images/skip-image', { photoId, value }, { headers: viewerHeaders() });
}

export function useSkipPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: skipPhoto,
    onSuccess: (_photo, { value }) => {
      notifySuccess(value ? galleryMessages.photoSkipped : galleryMessages.photoUnskipped);
    },
    onError: (error) => {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      // A refusal the server explains (visitors: log in first) is worth more than the generic text.
      notifyError(isApiError(error) && (error.status === 400 || error.status === 403) ? errorMessage(error, SKIP_FAILED) : SKIP_FAILED);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryQueryRoot }),
  });
}
