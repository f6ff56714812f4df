import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { studioCustomersResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys, type StudioCustomersParams } from './query-keys';

export type StudioCustomersPage = Answer<typeof studioCustomersResponse>;
export type StudioCustomerRow = StudioCustomersPage['items'][number];

/** GET /studio/customers?search&page&pageSize: customers matching the search (email or name). */
export async function getStudioCustomers(query: StudioCustomersParams, signal?: AbortSignal): Promise<StudioCustomersPage> {
  return api.get<StudioCustomersPage>('/studio/customers', {
    query: { search: query.search || undefined, page: query.page, pageSize: query.pageSize },
    signal,
  });
}

export const studioCustomersQueryOptions = (query: StudioCustomersParams) =>
  queryOptions({
    queryKey: studioKeys.customers(query),
    queryFn: ({ signal }) => getStudioCustomers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useStudioCustomers(query: StudioCustomersParams) {
  return useQuery(studioCustomersQueryOptions(query));
}
