import { queryOptions, useQuery } from '@tanstack/react-query';
import { type corporateClientsResponse, type CorporateClient } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { brandingRequest } from './branding-request';

/**
 * The host's studio (or the default), first item (see brandingRequest). The first call may adopt the
 * request index.html's preload script already sent (src/lib/early-response.ts).
 */
export async function getBranding(host: string): Promise<CorporateClient | null> {
  const { path, query } = brandingRequest(host);
  const list = await api.get<Answer<typeof corporateClientsResponse>>(path, { query, adoptEarlyResponse: 'branding' });
  return list[0] ?? null;
}

export const brandingQueryOptions = (host: string = window.location.host) =>
  queryOptions({
    queryKey: ['branding', host],
    queryFn: () => getBranding(host),
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useBrandingQuery() {
  return useQuery(brandingQueryOptions());
}
