import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ManagedBooking } from './get-managed-booking';
import { appointmentKeys } from './query-keys';

/** POST /ex/appointments/manage/{token}/cancel: frees the booking (status 'cancelled'); 403/409 after the cutoff. */
export async function cancelBooking(token: string): Promise<ManagedBooking> {
  return api.post<ManagedBooking>(`/ex/appointments/manage/${encodeURIComponent(token)}/cancel`);
}

export function useCancelBooking(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => cancelBooking(token),
    onSuccess: (booking) => {
      queryClient.setQueryData(appointmentKeys.managed(token), booking);
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.invite(booking.inviteId) });
    },
  });
}
