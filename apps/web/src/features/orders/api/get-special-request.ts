import { queryOptions, useQuery } from '@tanstack/react-query';
import { type specialRequestOrder } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { orderQueryRoots } from '../../../lib/order-queries';

/** GET /SpecialRequest/{id}: one of the caller's orders (the invoice page). */
export async function getSpecialRequest(id: number) {
  return api.get<Answer<typeof specialRequestOrder>>(`/SpecialRequest/${id}`);
}

export const specialRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: [orderQueryRoots.specialRequests, 'one', id] as const, queryFn: () => getSpecialRequest(id) });

export function useSpecialRequest(id: number | null) {
  return useQuery({ ...specialRequestQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
