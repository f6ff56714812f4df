import { queryOptions, useQuery } from '@tanstack/react-query';
import { type calendarsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export type Calendar = Answer<typeof calendarsResponse>[number];

/** GET /invites/GetCalendarsByUser?ActivationKey: the calendars (locations) the invite may book. */
export async function getCalendars(inviteId: string, signal?: AbortSignal): Promise<Calendar[]> {
  const calendars = await api.get<Calendar[] | undefined>('/invites/GetCalendarsByUser', { query: { ActivationKey: inviteId }, signal });
  return calendars ?? [];
}

export const calendarsQueryOptions = (inviteId: string) =>
  queryOptions({ queryKey: appointmentKeys.calendars(inviteId), queryFn: ({ signal }) => getCalendars(inviteId, signal) });

export function useCalendars(inviteId: string, enabled = true) {
  return useQuery({ ...calendarsQueryOptions(inviteId), enabled });
}
