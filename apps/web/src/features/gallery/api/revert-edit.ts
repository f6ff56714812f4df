import { useMutation, useQueryClient } from '@tanstack/react-query';
import { editorMessages, type photoResponse } from '@studio-gallery/contract';
import { api, errorMessage, isApiError, isUnexpectedFailure, type Answer } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { galleryQueryRoot } from './get-gallery-page';
import { viewerHeaders } from '../../../lib/viewer';

export const REVERT_FAILED = 'The original photo could not be restored. Please try again.';

/** POST /ex/images/revert-edit {photoId} (ours): drops the customer's edit; answers the photo as it is now. */
export async function revertEdit(photoId: number) {
  return api.post<Answer<typeof photoResponse>>('/ex/images/revert-edit', { photoId }, { headers: viewerHeaders() });
}

export function useRevertEdit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revertEdit,
    onSuccess: () => notifySuccess(editorMessages.editReverted),
    onError: (error) => {
      // 5xx and network failures already got the generic toast from the client.
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      // The server explains a refusal (a visitor: log in first; no edit to revert).
      notifyError(isApiError(error) && [400, 403, 404, 409].includes(error.status) ? errorMessage(error, REVERT_FAILED) : REVERT_FAILED);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryQueryRoot }),
  });
}
