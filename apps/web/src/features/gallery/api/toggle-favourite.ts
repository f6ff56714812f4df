import { useMutation, useQueryClient } from '@tanstack/react-query';
import { galleryMessages, type photoResponse, type GalleryPhoto } from '@studio-gallery/contract';
import { api, errorMessage, isApiError, isUnexpectedFailure, type Answer } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { galleryQueryRoot } from './get-gallery-page';
import { viewerHeaders } from '../../../lib/viewer';

export const FAVOURITE_FAILED = 'Favorite update failed. Please try again.';

/** POST /sessions/UpdateFavouritePhoto {sessionId, photoId}: toggles the favourite mark. */
export async function toggleFavourite(photo: Pick<GalleryPhoto, 'id' | 'sessionId'>) {
  return api.post<Answer<typeof photoResponse>>('/sessions/UpdateFavouritePhoto', { sessionId: photo.sessionId, photoId: photo.id }, { headers: viewerHeaders() });
}

export function useToggleFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleFavourite,
    onSuccess: () => {
      notifySuccess(galleryMessages.favouriteUpdated);
    },
    onError: (error) => {
      // 5xx and network failures already got the generic toast from the client.
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      // 400 (and a visitor's 403 "You can update Favorite after logging in") carry the server's message.
      notifyError(isApiError(error) && (error.status === 400 || error.status === 403) ? errorMessage(error, FAVOURITE_FAILED) : FAVOURITE_FAILED);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: galleryQueryRoot }),
  });
}
