import { queryOptions, useQuery } from '@tanstack/react-query';
import { servicePricesResponse } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/**
 * GET /ServicePrice/GetServicePrices for the FAQ's pricing answer. Same query key as the cart's
 * lookup of the same call, so both share one cached answer.
 */
export async function getServicePrices() {
  return servicePricesResponse.parse(await api.get<unknown>('/ServicePrice/GetServicePrices'));
}

export const faqServicePricesQueryOptions = () =>
  queryOptions({ queryKey: ['service-prices'] as const, queryFn: getServicePrices, staleTime: 5 * 60_000 });

export function useFaqServicePrices() {
  return useQuery(faqServicePricesQueryOptions());
}
