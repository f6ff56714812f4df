import { useMutation, useQuery } from '@tanstack/react-query';
import type { CalendarExceptionRequest, DayHours, StudioCalendar, StudioCalendarRequest } from '@studio-gallery/contract';
import { api, apiRequest } from '../../../lib/api-client';
import { useInvalidateAfterChange } from './invalidate';
import { studioBookingKeys } from './query-keys';

export type { StudioCalendar };

/** GET /studio/calendars: every calendar with its week and upcoming exceptions. */
export function useStudioCalendars() {
  return useQuery({
    queryKey: studioBookingKeys.calendars(),
    queryFn: ({ signal }) => api.get<{ items: StudioCalendar[] }>('/studio/calendars', { signal }),
  });
}

function useCalendarMutation<Variables>(mutationFn: (variables: Variables) => Promise<StudioCalendar>) {
  const invalidate = useInvalidateAfterChange(studioBookingKeys.calendars(), studioBookingKeys.allTypes());
  return useMutation({ mutationFn, onSuccess: invalidate });
}

export function useCreateCalendar() {
  return useCalendarMutation((values: StudioCalendarRequest) => api.post<StudioCalendar>('/studio/calendars', values));
}

export function useUpdateCalendar() {
  return useCalendarMutation(({ id, values }: { id: number; values: StudioCalendarRequest }) => api.put<StudioCalendar>(`/studio/calendars/${id}`, values));
}

export function useSetCalendarActive() {
  return useCalendarMutation(({ id, active }: { id: number; active: boolean }) =>
    api.post<StudioCalendar>(`/studio/calendars/${id}/${active ? 'activate' : 'deactivate'}`),
  );
}

/** PUT /studio/calendars/{id}/hours: the whole week, replacing what it had. */
export function useSetCalendarHours() {
  return useCalendarMutation(({ id, days }: { id: number; days: DayHours[] }) => api.put<StudioCalendar>(`/studio/calendars/${id}/hours`, { days }));
}

export function useSetCalendarException() {
  return useCalendarMutation(({ id, exception }: { id: number; exception: CalendarExceptionRequest }) =>
    api.post<StudioCalendar>(`/studio/calendars/${id}/exceptions`, exception),
  );
}

export function useDeleteCalendarException() {
  return useCalendarMutation(({ id, date }: { id: number; date: string }) =>
    apiRequest<StudioCalendar>(`/studio/calendars/${id}/exceptions/${date}`, { method: 'DELETE' }),
  );
}
