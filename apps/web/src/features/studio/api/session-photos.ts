import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { studioSessionPhotos } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { deleteStudioPhoto, renameStudioPhoto } from './customer';
import { studioKeys } from './query-keys';

export type StudioSessionPhotos = Answer<typeof studioSessionPhotos>;
export type StudioSessionPhoto = StudioSessionPhotos['photos'][number];

const sessionPhotosKey = (sessionId: number) => ['studio', 'session', sessionId, 'photos'] as const;

/** GET /studio/sessions/{id}/photos: the session's live photos with what the customer marked. */
export function useSessionPhotos(sessionId: number) {
  return useQuery(
    queryOptions({
      queryKey: sessionPhotosKey(sessionId),
      queryFn: ({ signal }) => api.get<StudioSessionPhotos>(`/studio/sessions/${sessionId}/photos`, { signal }),
    }),
  );
}

/** After a rename or delete: this page, the customer's page (its counts) and the activity log. */
function useRefreshSessionPhotos(sessionId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionPhotosKey(sessionId) }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'customer'] }),
      queryClient.invalidateQueries({ queryKey: studioKeys.activityAll() }),
    ]);
}

export function useRenamePhoto(sessionId: number) {
  const refresh = useRefreshSessionPhotos(sessionId);
  return useMutation({ mutationFn: ({ photoId, name }: { photoId: number; name: string }) => renameStudioPhoto(photoId, name), onSuccess: refresh });
}

export function useDeletePhoto(sessionId: number) {
  const refresh = useRefreshSessionPhotos(sessionId);
  return useMutation({ mutationFn: (photoId: number) => deleteStudioPhoto(photoId), onSuccess: refresh });
}
