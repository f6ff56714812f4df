import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateBulkInviteRequest, bulkInvite, companyExportLink, studioAppointmentOptions, studioOrdersResponse, StudioOrderFilter } from '@studio-gallery/contract';
import { keepPreviousData } from '@tanstack/react-query';
import { env } from '../../../config/env';
import { api, type Answer } from '../../../lib/api-client';
import { buildApiUrl } from '../../../lib/api-url';
import { companyKeys } from './companies';

export type BulkInvite = Answer<typeof bulkInvite>;
export type AppointmentOptions = Answer<typeof studioAppointmentOptions>;
export type CompanyExportLink = Answer<typeof companyExportLink>;
export type CompanyOrdersPage = Answer<typeof studioOrdersResponse>;
export type CompanyOrderRow = CompanyOrdersPage['items'][number];

/** How often a running bulk invite is polled. */
export const BULK_INVITE_POLL_MS = 1000;

export const companyInviteKeys = {
  appointmentOptions: ['studio', 'appointment-types'] as const,
  bulk: (companyId: number, bulkId: number) => ['studio', 'companies', 'invites', companyId, bulkId] as const,
  orders: (companyId: number, query: { status: StudioOrderFilter; page: number; pageSize: number }) => ['studio', 'companies', 'orders', companyId, query] as const,
};

/** GET /studio/appointment-types: the types and calendars a booking invite can be for. */
export function useAppointmentOptions(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: companyInviteKeys.appointmentOptions,
      queryFn: ({ signal }) => api.get<AppointmentOptions>('/studio/appointment-types', { signal }),
      enabled,
    }),
  );
}

/** POST /studio/companies/{id}/invites: the bulk invite, queued as a job. */
export function useCreateBulkInvite(companyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateBulkInviteRequest) => api.post<BulkInvite>(`/studio/companies/${companyId}/invites`, request),
    onSuccess: (created) => {
      queryClient.setQueryData(companyInviteKeys.bulk(companyId, created.id), created);
      return queryClient.invalidateQueries({ queryKey: companyKeys.activity });
    },
  });
}

export const isFinished = (bulk: Pick<BulkInvite, 'status'>) => bulk.status === 'done' || bulk.status === 'failed';

/** GET /studio/companies/{id}/invites/{bulkId}, polled until the job is done (or failed). */
export function useBulkInvite(companyId: number, bulkId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: companyInviteKeys.bulk(companyId, bulkId ?? 0),
      queryFn: ({ signal }) => api.get<BulkInvite>(`/studio/companies/${companyId}/invites/${bulkId}`, { signal }),
      enabled: bulkId !== null,
      refetchInterval: (query) => (query.state.data && isFinished(query.state.data) ? false : BULK_INVITE_POLL_MS),
    }),
  );
}

/**
 * POST /studio/companies/{id}/export: a link signed for 5 minutes, then the browser goes to it (the
 * ZIP comes as an attachment, so the page stays). A link carries no bearer token: that is what it is for.
 */
export async function downloadCompanyExport(companyId: number, navigate: (url: string) => void = (url) => window.location.assign(url)): Promise<void> {
  const link = await api.post<CompanyExportLink>(`/studio/companies/${companyId}/export`, {});
  navigate(buildApiUrl(env.apiBaseUrl, link.url.replace(/^\/api(?=\/)/, '')));
}

/** GET /studio/companies/{id}/orders: the retouch orders of the company's employees. */
export function useCompanyOrders(companyId: number, query: { status: StudioOrderFilter; page: number; pageSize: number }) {
  return useQuery(
    queryOptions({
      queryKey: companyInviteKeys.orders(companyId, query),
      queryFn: ({ signal }) => api.get<CompanyOrdersPage>(`/studio/companies/${companyId}/orders`, { query, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}
