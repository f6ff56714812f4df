import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type FavouritesExportFormat,
  type customerInviteResult,
  type customerTimelineResponse,
  type studioCustomerDetail,
  type studioRenamedPhoto,
  type studioRenamedSession,
  favouritesFileName,
} from '@studio-gallery/contract';
import { api, apiRequest, type Answer } from '../../../lib/api-client';
import { saveBlobAs } from '../../../lib/file';
import { studioKeys } from './query-keys';

export type StudioCustomerDetail = Answer<typeof studioCustomerDetail>;
export type StudioCustomerSession = StudioCustomerDetail['sessions'][number];
export type CustomerTimelinePage = Answer<typeof customerTimelineResponse>;
export type CustomerTimelineEvent = CustomerTimelinePage['items'][number];
export type CustomerInviteResult = Answer<typeof customerInviteResult>;

/** Query keys of a customer's page (under the studio's customers, so the list refreshes with it). */
export const customerKeys = {
  all: (id: number) => ['studio', 'customer', id] as const,
  detail: (id: number) => ['studio', 'customer', id, 'detail'] as const,
  timeline: (id: number, page: number, pageSize: number) => ['studio', 'customer', id, 'timeline', { page, pageSize }] as const,
};

/** GET /studio/customers/{id}: the customer with their sessions. */
export function getStudioCustomer(id: number, signal?: AbortSignal): Promise<StudioCustomerDetail> {
  return api.get<StudioCustomerDetail>(`/studio/customers/${id}`, { signal });
}

export function useStudioCustomer(id: number) {
  return useQuery(queryOptions({ queryKey: customerKeys.detail(id), queryFn: ({ signal }) => getStudioCustomer(id, signal) }));
}

/** GET /studio/customers/{id}/timeline?page&pageSize: what the customer did, newest first. */
export function getCustomerTimeline(id: number, page: number, pageSize: number, signal?: AbortSignal): Promise<CustomerTimelinePage> {
  return api.get<CustomerTimelinePage>(`/studio/customers/${id}/timeline`, { query: { page, pageSize }, signal });
}

export function useCustomerTimeline(id: number, page: number, pageSize: number) {
  return useQuery(
    queryOptions({
      queryKey: customerKeys.timeline(id, page, pageSize),
      queryFn: ({ signal }) => getCustomerTimeline(id, page, pageSize, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** After a change: the customer's page, the customers list and the activity log (each change is logged). */
export function useRefreshCustomer(customerId: number) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: customerKeys.all(customerId) }),
      queryClient.invalidateQueries({ queryKey: ['studio', 'customers'] }),
      queryClient.invalidateQueries({ queryKey: studioKeys.activityAll() }),
    ]);
}

/** POST /studio/customers/{id}/invite {sessionId}: the invitation again, or "your photos are ready". */
export function useInviteCustomer(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: (sessionId: number) => api.post<CustomerInviteResult>(`/studio/customers/${customerId}/invite`, { sessionId }),
    onSuccess: refresh,
  });
}

/** PUT /studio/sessions/{id} {name} */
export function useRenameSession(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: ({ sessionId, name }: { sessionId: number; name: string }) => api.put<Answer<typeof studioRenamedSession>>(`/studio/sessions/${sessionId}`, { name }),
    onSuccess: refresh,
  });
}

/** DELETE /studio/sessions/{id}: the session with its photos. */
export function useDeleteSession(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: (sessionId: number) => apiRequest<void>(`/studio/sessions/${sessionId}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

/** PUT /studio/photos/{id} {name} */
export function renameStudioPhoto(photoId: number, name: string) {
  return api.put<Answer<typeof studioRenamedPhoto>>(`/studio/photos/${photoId}`, { name });
}

/** DELETE /studio/photos/{id} */
export function deleteStudioPhoto(photoId: number) {
  return apiRequest<void>(`/studio/photos/${photoId}`, { method: 'DELETE' });
}

/** GET /studio/sessions/{id}/favourites.txt?format, saved as a file (the call needs the bearer token). */
export async function downloadFavourites(session: Pick<StudioCustomerSession, 'id' | 'name'>, format: FavouritesExportFormat): Promise<void> {
  const blob = await api.get<Blob>(`/studio/sessions/${session.id}/favourites.txt`, { query: { format }, responseType: 'blob' });
  saveBlobAs(blob, favouritesFileName(session.name, format));
}

export function useDownloadFavourites() {
  return useMutation({ mutationFn: ({ session, format }: { session: Pick<StudioCustomerSession, 'id' | 'name'>; format: FavouritesExportFormat }) => downloadFavourites(session, format) });
}
