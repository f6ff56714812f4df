import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { studioActivityResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys, type StudioPage } from './query-keys';

export type StudioActivityPage = Answer<typeof studioActivityResponse>;
export type StudioActivityEntry = StudioActivityPage['items'][number];

/** GET /studio/activity?page&pageSize: the activity log, newest first. */
export async function getStudioActivity(query: StudioPage, signal?: AbortSignal): Promise<StudioActivityPage> {
  return api.get<StudioActivityPage>('/studio/activity', { query: { page: query.page, pageSize: query.pageSize }, signal });
}

export const studioActivityQueryOptions = (query: StudioPage) =>
  queryOptions({
    queryKey: studioKeys.activity(query),
    queryFn: ({ signal }) => getStudioActivity(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStudioActivity(query: StudioPage) {
  return useQuery(studioActivityQueryOptions(query));
}
