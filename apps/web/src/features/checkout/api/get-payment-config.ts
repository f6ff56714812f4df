import { queryOptions, useQuery } from '@tanstack/react-query';
import { type paymentConfigResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /transaxtions/config: which card form to show (Stripe, or the built-in test provider). */
export async function getPaymentConfig() {
  return api.get<Answer<typeof paymentConfigResponse>>('/transaxtions/config');
}

export const paymentConfigQueryOptions = () =>
  queryOptions({ queryKey: ['payment-config'] as const, queryFn: getPaymentConfig, staleTime: 5 * 60_000 });

export function usePaymentConfig(enabled = true) {
  return useQuery({ ...paymentConfigQueryOptions(), enabled });
}
