import { queryOptions, useQuery } from '@tanstack/react-query';
import type { studioRevenueResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioSettingsKeys } from './query-keys';

export type StudioRevenue = Answer<typeof studioRevenueResponse>;

/** GET /studio/revenue?weeks: paid orders and revenue per ISO week, the current one last. */
export function getStudioRevenue(weeks: number, signal?: AbortSignal): Promise<StudioRevenue> {
  return api.get<StudioRevenue>('/studio/revenue', { query: { weeks }, signal });
}

export const studioRevenueQueryOptions = (weeks = 12) =>
  queryOptions({ queryKey: studioSettingsKeys.revenue(weeks), queryFn: ({ signal }) => getStudioRevenue(weeks, signal) });

export function useStudioRevenue(weeks = 12) {
  return useQuery(studioRevenueQueryOptions(weeks));
}
