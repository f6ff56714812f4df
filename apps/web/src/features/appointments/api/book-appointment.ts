import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type BookAppointmentRequest, type bookedAppointment } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { appointmentKeys } from './query-keys';

export type BookedAppointment = Answer<typeof bookedAppointment>;

/** POST /ex/invites/Appointment: books a slot for the invite; 409 {message} when it was just taken. */
export async function bookAppointment(body: BookAppointmentRequest): Promise<BookedAppointment> {
  return api.post<BookedAppointment>('/ex/invites/Appointment', body);
}

export function useBookAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookAppointment,
    onSettled: (_data, _error, body) => {
      // Booked or beaten to it: the day's slots and the month's free days have changed either way.
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.timesOf(Number(body.appointmentTypeID), Number(body.calendarId)) });
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.daysOf(Number(body.appointmentTypeID), Number(body.calendarId)) });
      // A 409 may also mean the invite was booked meanwhile (another tab): the screen then says so.
      void queryClient.invalidateQueries({ queryKey: appointmentKeys.invite(body.activationKey) });
    },
  });
}
