import { queryOptions, useQuery } from '@tanstack/react-query';
import { corporateClientsResponse, type CorporateClient } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

/** GET /corporate-clients?baseUrl.equals={host}: the host's studio (or the default), first item. */
export async function getBranding(host: string): Promise<CorporateClient | null> {
  const data = await api.get<unknown>('/corporate-clients', { query: { 'baseUrl.equals': host } });
  const list = corporateClientsResponse.parse(data);
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
