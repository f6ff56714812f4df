import { queryOptions, useQuery } from '@tanstack/react-query';
import { type availableTimesResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export type TimeSlot = Answer<typeof availableTimesResponse>[number];

export interface AvailableTimesParams {
  appointmentTypeId: number;
  calendarId: number;
  /** YYYY-MM-DD */
  appointmentDate: string;
}

/** POST /ex/invites/GetAvailableTimes: the free slots of one day; 204 (none) answers []. */
export async function getAvailableTimes(params: AvailableTimesParams, signal?: AbortSignal): Promise<TimeSlot[]> {
  const slots = await api.post<TimeSlot[] | undefined>('/ex/invites/GetAvailableTimes', params, { signal });
  return slots ?? [];
}

export const availableTimesQueryOptions = (params: AvailableTimesParams) =>
  queryOptions({
    queryKey: appointmentKeys.times(params.appointmentTypeId, params.calendarId, params.appointmentDate),
    queryFn: ({ signal }) => getAvailableTimes(params, signal),
    staleTime: 15_000,
  });

export function useAvailableTimes(params: AvailableTimesParams | null) {
  return useQuery({
    ...availableTimesQueryOptions(params ?? { appointmentTypeId: 0, calendarId: 0, appointmentDate: '' }),
    enabled: params !== null,
  });
}
