import { queryOptions, useQuery } from '@tanstack/react-query';
import { servicePricesResponse } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** GET /ServicePrice/GetServicePrices: the studio's service prices (dollars) and turnaround (hours). */
export async function getServicePrices() {
  return servicePricesResponse.parse(await api.get<unknown>('/ServicePrice/GetServicePrices'));
}

export const servicePricesQueryOptions = () =>
  queryOptions({ queryKey: ['service-prices'] as const, queryFn: getServicePrices, staleTime: 5 * 60_000 });

export function useServicePrices(enabled = true) {
  return useQuery({ ...servicePricesQueryOptions(), enabled });
}
