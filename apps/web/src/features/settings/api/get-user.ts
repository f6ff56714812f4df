import { queryOptions, useQuery } from '@tanstack/react-query';
import { type userDetails } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /users/{id}: the signed-in user's details. */
export async function getUser(userId: string) {
  return api.get<Answer<typeof userDetails>>(`/users/${encodeURIComponent(userId)}`);
}

export const userQueryKey = (userId: string) => ['user', userId] as const;

export const userQueryOptions = (userId: string) =>
  queryOptions({ queryKey: userQueryKey(userId), queryFn: () => getUser(userId) });

export function useUser(userId: string) {
  return useQuery(userQueryOptions(userId));
}
