import { queryOptions, useQuery } from '@tanstack/react-query';
import { authConfigResponse } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** GET /auth/config: whether Google sign-in is offered (its client id, or null). */
export async function getAuthConfig() {
  return authConfigResponse.parse(await api.get<unknown>('/auth/config'));
}

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth-config'], queryFn: getAuthConfig, staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
