import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { studioJobsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

export type StudioJobs = Answer<typeof studioJobsResponse>;
export type StudioFailedJobItem = StudioJobs['failed']['items'][number];
/** A mail of the outbox not delivered yet (pending or failed). */
export type StudioUndeliveredMailItem = StudioJobs['mails']['items'][number];

export interface StudioJobsPage {
  page: number;
  pageSize: number;
}

/** Query keys of the background jobs screen. */
export const studioJobsKeys = {
  all: () => ['studio', 'jobs'] as const,
  page: (query: StudioJobsPage) => ['studio', 'jobs', query] as const,
};

/** GET /studio/jobs?page&pageSize: counts per state, a page of the failed jobs, and the undelivered mails. */
export async function getStudioJobs(query: StudioJobsPage, signal?: AbortSignal): Promise<StudioJobs> {
  return api.get<StudioJobs>('/studio/jobs', { query: { page: query.page, pageSize: query.pageSize }, signal });
}

/** Refreshed every 10 s while the screen is open: jobs move on their own. */
export const studioJobsQueryOptions = (query: StudioJobsPage) =>
  queryOptions({
    queryKey: studioJobsKeys.page(query),
    queryFn: ({ signal }) => getStudioJobs(query, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });

export function useStudioJobs(query: StudioJobsPage) {
  return useQuery(studioJobsQueryOptions(query));
}
