import { queryOptions, useQuery } from '@tanstack/react-query';
import { type servicePricesResponse } from '@studio-gallery/contract';
import { api, type Answer } from './api-client';

/**
 * GET /ServicePrice/GetServicePrices: the studio's service prices (dollars) and turnaround (hours), the
 * one source of every price shown (cart, service modals, the FAQ's pricing answer). Shared here
 * because several features show it; one query key, one cached answer.
 */
export async function getServicePrices() {
  return api.get<Answer<typeof servicePricesResponse>>('/ServicePrice/GetServicePrices');
}

export const servicePricesQueryOptions = () =>
  queryOptions({ queryKey: ['service-prices'] as const, queryFn: getServicePrices, staleTime: 5 * 60_000 });

export function useServicePrices(enabled = true) {
  return useQuery({ ...servicePricesQueryOptions(), enabled });
}
