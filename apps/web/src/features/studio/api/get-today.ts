import { queryOptions, useQuery } from '@tanstack/react-query';
import type { studioTodayResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

export type StudioToday = Answer<typeof studioTodayResponse>;

/** GET /studio/today: today's bookings, orders due and new activity (the studio's home screen). */
export async function getStudioToday(signal?: AbortSignal): Promise<StudioToday> {
  return api.get<StudioToday>('/studio/today', { signal });
}

export const studioTodayQueryOptions = () =>
  queryOptions({ queryKey: studioKeys.today(), queryFn: ({ signal }) => getStudioToday(signal) });

export function useStudioToday() {
  return useQuery(studioTodayQueryOptions());
}
