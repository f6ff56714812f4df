import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { studioBookingsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys, type StudioBookingsParams } from './query-keys';

export type StudioBookings = Answer<typeof studioBookingsResponse>;
export type StudioCalendarWeek = StudioBookings['calendars'][number];
export type StudioBookingItem = StudioCalendarWeek['days'][number]['bookings'][number];

/**
 * GET /studio/bookings?from&days: every calendar's bookings, day by day. The screen asks for all
 * calendars and shows the chosen one: the answer is also the list of calendars to choose from.
 */
export async function getStudioBookings(query: StudioBookingsParams, signal?: AbortSignal): Promise<StudioBookings> {
  return api.get<StudioBookings>('/studio/bookings', {
    query: { from: query.from, days: query.days },
    signal,
  });
}

export const studioBookingsQueryOptions = (query: StudioBookingsParams) =>
  queryOptions({
    queryKey: studioKeys.bookings(query),
    queryFn: ({ signal }) => getStudioBookings(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStudioBookings(query: StudioBookingsParams, enabled = true) {
  return useQuery({ ...studioBookingsQueryOptions(query), enabled });
}
