import { queryOptions, useQuery } from '@tanstack/react-query';
import { type userOrdersResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { orderQueryRoots } from '../../../lib/order-queries';

/** GET /users/user-orders/details/{userId}: the caller's orders (recent orders, invoices). */
export async function getUserOrders(userId: string) {
  return api.get<Answer<typeof userOrdersResponse>>(`/users/user-orders/details/${encodeURIComponent(userId)}`);
}

export const userOrdersQueryKey = (userId: string) => [orderQueryRoots.userOrders, userId] as const;

export const userOrdersQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userOrdersQueryKey(userId), queryFn: () => getUserOrders(userId) });

export function useUserOrders(userId: string | null) {
  return useQuery({ ...userOrdersQueryOptions(userId ?? ''), enabled: Boolean(userId) });
}
