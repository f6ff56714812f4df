import { queryOptions, useQuery } from '@tanstack/react-query';
import { type managedBooking } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export type ManagedBooking = Answer<typeof managedBooking>;

/** GET /ex/appointments/manage/{token}: the booking behind the mail's reschedule/cancel link. */
export async function getManagedBooking(token: string, signal?: AbortSignal): Promise<ManagedBooking> {
  return api.get<ManagedBooking>(`/ex/appointments/manage/${encodeURIComponent(token)}`, { signal });
}

export const managedBookingQueryOptions = (token: string) =>
  queryOptions({ queryKey: appointmentKeys.managed(token), queryFn: ({ signal }) => getManagedBooking(token, signal) });

export function useManagedBooking(token: string | null) {
  return useQuery({ ...managedBookingQueryOptions(token ?? ''), enabled: Boolean(token) });
}
