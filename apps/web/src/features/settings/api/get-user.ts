import { queryOptions, useQuery } from '@tanstack/react-query';
import { userDetails } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** GET /users/{id}: the signed-in user's details. */
export async function getUser(userId: string) {
  return userDetails.parse(await api.get<unknown>(`/users/${encodeURIComponent(userId)}`));
}

export const userQueryKey = (userId: string) => ['user', userId] as const;

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userQueryKey(userId), queryFn: () => getUser(userId) });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
