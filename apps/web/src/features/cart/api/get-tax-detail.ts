import { queryOptions, useQuery } from '@tanstack/react-query';
import { type taxDetailResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /TaxDetail/GetTaxDetail/0: the tax percentage; a cart item's `tax` is taxValue / 100. */
export async function getTaxDetail() {
  return api.get<Answer<typeof taxDetailResponse>>('/TaxDetail/GetTaxDetail/0');
}

export const taxDetailQueryOptions = () =>
  queryOptions({ queryKey: ['tax-detail'] as const, queryFn: getTaxDetail, staleTime: 5 * 60_000 });

export function useTaxDetail() {
  return useQuery(taxDetailQueryOptions());
}

/** taxValue (percent) as the cart item's rate. */
export function taxRateOf(taxValue: number): number {
  return taxValue / 100;
}
