import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { type AvailableDays } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export interface AvailableDaysParams {
  appointmentTypeId: number;
  calendarId: number;
  /** YYYY-MM */
  month: string;
}

/** POST /ex/invites/GetAvailableDays: the days of a month with a free slot (one call per visible month). */
export async function getAvailableDays(params: AvailableDaysParams, signal?: AbortSignal): Promise<AvailableDays> {
  const answer = await api.post<AvailableDays | undefined>('/ex/invites/GetAvailableDays', params, { signal });
  return answer ?? { month: params.month, timeZone: '', days: [] };
}

export const availableDaysQueryOptions = (params: AvailableDaysParams) =>
  queryOptions({
    queryKey: appointmentKeys.days(params.appointmentTypeId, params.calendarId, params.month),
    queryFn: ({ signal }) => getAvailableDays(params, signal),
    staleTime: 30_000,
  });

export function useAvailableDays(params: AvailableDaysParams | null) {
  return useQuery({
    ...availableDaysQueryOptions(params ?? { appointmentTypeId: 0, calendarId: 0, month: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
