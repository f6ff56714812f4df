import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { studioOrderDetail, studioOrdersResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys, type StudioOrdersParams } from './query-keys';

export type StudioOrdersPage = Answer<typeof studioOrdersResponse>;
export type StudioOrderRow = StudioOrdersPage['items'][number];
export type StudioOrder = Answer<typeof studioOrderDetail>;

/** GET /studio/orders?status&page&pageSize: the retouch order queue. */
export function getStudioOrders(query: StudioOrdersParams, signal?: AbortSignal): Promise<StudioOrdersPage> {
  return api.get<StudioOrdersPage>('/studio/orders', { query: { status: query.status, page: query.page, pageSize: query.pageSize }, signal });
}

export function useStudioOrders(query: StudioOrdersParams) {
  return useQuery(
    queryOptions({
      queryKey: studioKeys.orders(query),
      queryFn: ({ signal }) => getStudioOrders(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** GET /studio/orders/{id}: one order with its photos. */
export function getStudioOrder(id: number, signal?: AbortSignal): Promise<StudioOrder> {
  return api.get<StudioOrder>(`/studio/orders/${id}`, { signal });
}

export function useStudioOrder(id: number) {
  return useQuery(queryOptions({ queryKey: studioKeys.order(id), queryFn: ({ signal }) => getStudioOrder(id, signal) }));
}
