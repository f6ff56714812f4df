import { queryOptions, useQuery } from '@tanstack/react-query';
import { type specialRequestListResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { orderQueryRoots } from '../../../lib/order-queries';

/** GET /SpecialRequest: the caller's orders, newest first. */
export async function getSpecialRequests() {
  return api.get<Answer<typeof specialRequestListResponse>>('/SpecialRequest');
}

export const specialRequestsQueryOptions = () =>
  queryOptions({ queryKey: [orderQueryRoots.specialRequests, 'list'] as const, queryFn: getSpecialRequests });

export function useSpecialRequests() {
  return useQuery(specialRequestsQueryOptions());
}
