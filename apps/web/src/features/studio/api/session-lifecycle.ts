import { useMutation } from '@tanstack/react-query';
import type { SessionExpiryRequest, SessionRestoreRequest, studioRenamedSession } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { useRefreshCustomer } from './customer';

type SessionAnswer = Answer<typeof studioRenamedSession>;

/** PUT /studio/sessions/{id}/expiry {expiresOn}: the last day the gallery is online. */
export function useSetSessionExpiry(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: ({ sessionId, expiresOn }: { sessionId: number } & SessionExpiryRequest) => api.put<SessionAnswer>(`/studio/sessions/${sessionId}/expiry`, { expiresOn }),
    onSuccess: refresh,
  });
}

/** POST /studio/sessions/{id}/archive: its photos are no longer shown to the customer (files kept). */
export function useArchiveSession(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: (sessionId: number) => api.post<SessionAnswer>(`/studio/sessions/${sessionId}/archive`),
    onSuccess: refresh,
  });
}

/** POST /studio/sessions/{id}/restore {expiresOn?}: online again, until the day picked (default a year). */
export function useRestoreSession(customerId: number) {
  const refresh = useRefreshCustomer(customerId);
  return useMutation({
    mutationFn: ({ sessionId, expiresOn }: { sessionId: number } & SessionRestoreRequest) =>
      api.post<SessionAnswer>(`/studio/sessions/${sessionId}/restore`, expiresOn ? { expiresOn } : {}),
    onSuccess: refresh,
  });
}
