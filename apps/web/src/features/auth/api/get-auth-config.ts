import { queryOptions, useQuery } from '@tanstack/react-query';
import { type authConfigResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /auth/config: whether Google sign-in is offered (its client id, or null). */
export async function getAuthConfig() {
  return api.get<Answer<typeof authConfigResponse>>('/auth/config');
}

export const authConfigQueryOptions = () =>
  queryOptions({ queryKey: ['auth-config'], queryFn: getAuthConfig, staleTime: Infinity });

export function useAuthConfig() {
  return useQuery(authConfigQueryOptions());
}
