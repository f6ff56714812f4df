import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateShootRequest, shootFinished, type shootUpload, type shootUploadsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys, type StudioPage } from './query-keys';

export type StudioShoot = Answer<typeof shootUpload>;
export type StudioShootsPage = Answer<typeof shootUploadsResponse>;

/** How often an import in progress is asked about. */
export const SHOOT_POLL_MS = 1000;

export function useStudioShoots(query: StudioPage) {
  return useQuery(
    queryOptions({
      queryKey: studioKeys.shoots(query),
      queryFn: ({ signal }) => api.get<StudioShootsPage>('/studio/shoots', { query: { page: query.page, pageSize: query.pageSize }, signal }),
      placeholderData: keepPreviousData,
      // While an import runs, the list follows it.
      refetchInterval: (q) => (q.state.data?.items.some((shoot) => shoot.status === 'queued' || shoot.status === 'importing') ? SHOOT_POLL_MS * 2 : false),
    }),
  );
}

/** GET /studio/shoots/{id}, asked again every second while its import is queued or running. */
export function useStudioShoot(id: number) {
  return useQuery(
    queryOptions({
      queryKey: studioKeys.shoot(id),
      queryFn: ({ signal }) => api.get<StudioShoot>(`/studio/shoots/${id}`, { signal }),
      refetchInterval: (q) => (q.state.data && (q.state.data.status === 'queued' || q.state.data.status === 'importing') ? SHOOT_POLL_MS : false),
    }),
  );
}

export function useCreateShoot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateShootRequest) => api.post<StudioShoot>('/studio/shoots', body),
    onSuccess: (shoot) => {
      queryClient.setQueryData(studioKeys.shoot(shoot.id), shoot);
      void queryClient.invalidateQueries({ queryKey: studioKeys.shootsAll() });
    },
  });
}

export function useStartImport(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<StudioShoot>(`/studio/shoots/${id}/import`),
    onSuccess: (shoot) => {
      queryClient.setQueryData(studioKeys.shoot(id), shoot);
      void queryClient.invalidateQueries({ queryKey: studioKeys.shootsAll() });
    },
  });
}

export { shootFinished };
