import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { StudioInvite, StudioInviteRequest } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';
import { useInvalidateAfterChange } from './invalidate';
import { studioBookingKeys } from './query-keys';

export type { StudioInvite };

/** GET /studio/appointment-invites: a page of invites, newest first, with their status. */
export function useStudioInvites(page: number, pageSize: number) {
  return useQuery({
    queryKey: studioBookingKeys.invites(page, pageSize),
    queryFn: ({ signal }) => api.get<{ items: StudioInvite[]; total: number }>('/studio/appointment-invites', { query: { page, pageSize }, signal }),
    placeholderData: keepPreviousData,
  });
}

function useInviteMutation<Variables>(mutationFn: (variables: Variables) => Promise<StudioInvite>) {
  const invalidate = useInvalidateAfterChange(studioBookingKeys.allInvites());
  return useMutation({ mutationFn, onSuccess: invalidate });
}

/** POST /studio/appointment-invites: creates the invite and mails its link. */
export function useCreateInvite() {
  return useInviteMutation((values: StudioInviteRequest) => api.post<StudioInvite>('/studio/appointment-invites', values));
}

export function useResendInvite() {
  return useInviteMutation((id: string) => api.post<StudioInvite>(`/studio/appointment-invites/${encodeURIComponent(id)}/resend`));
}

export function useRevokeInvite() {
  return useInviteMutation((id: string) => api.post<StudioInvite>(`/studio/appointment-invites/${encodeURIComponent(id)}/revoke`));
}
