import { queryOptions, useQuery } from '@tanstack/react-query';
import { type inviteSchedule } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export type InviteSchedule = Answer<typeof inviteSchedule>;

/** GET /ex/invites/schedule/{id}: the invite behind /appointment?id=…, or null (204: no invite). */
export async function getInviteSchedule(inviteId: string, signal?: AbortSignal): Promise<InviteSchedule | null> {
  const invite = await api.get<InviteSchedule | undefined>(`/ex/invites/schedule/${encodeURIComponent(inviteId)}`, { signal });
  return invite ?? null;
}

export const inviteScheduleQueryOptions = (inviteId: string) =>
  queryOptions({ queryKey: appointmentKeys.invite(inviteId), queryFn: ({ signal }) => getInviteSchedule(inviteId, signal) });

export function useInviteSchedule(inviteId: string | null) {
  return useQuery({ ...inviteScheduleQueryOptions(inviteId ?? ''), enabled: Boolean(inviteId) });
}
