import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type rescheduleRequest } from '@studio-gallery/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';
import type { ManagedBooking } from './get-managed-booking';
import { appointmentKeys } from './query-keys';

export type RescheduleRequest = z.input<typeof rescheduleRequest>;

/** POST /ex/appointments/manage/{token}/reschedule {datetime, calendarId}: moves the booking (403/409 after the cutoff or when taken). */
export async function rescheduleBooking(token: string, body: RescheduleRequest): Promise<ManagedBooking> {
  return api.post<ManagedBooking>(`/ex/appointments/manage/${encodeURIComponent(token)}/reschedule`, body);
}

export function useRescheduleBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RescheduleRequest) => rescheduleBooking(token, body),
    onSuccess: (booking) => {
      queryClient.setQueryData(appointmentKeys.managed(token), booking);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.invite(booking.inviteId) });
    },
    onSettled: () => {
      // Moved or beaten to it: free slots and free days have changed either way.
      void queryClient.invalidateQueries({ queryKey: [...appointmentKeys.all, 'times'] });
      void queryClient.invalidateQueries({ queryKey: [...appointmentKeys.all, 'days'] });
    },
  });
}
