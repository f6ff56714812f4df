import { useMutation, useQuery } from '@tanstack/react-query';
import type { StudioAppointmentType, StudioAppointmentTypeRequest, StudioAppointmentTypes } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';
import { useInvalidateAfterChange } from './invalidate';
import { studioBookingKeys } from './query-keys';

export type { StudioAppointmentType, StudioAppointmentTypes };

/** GET /studio/appointment-types: the types and calendars (inactive ones too with includeInactive). */
export function useStudioAppointmentTypes(includeInactive: boolean) {
  return useQuery({
    queryKey: studioBookingKeys.types(includeInactive),
    queryFn: ({ signal }) => api.get<StudioAppointmentTypes>('/studio/appointment-types', { query: { includeInactive: String(includeInactive) }, signal }),
  });
}

function useTypeMutation<Variables>(mutationFn: (variables: Variables) => Promise<StudioAppointmentType>) {
  const invalidate = useInvalidateAfterChange(studioBookingKeys.allTypes());
  return useMutation({ mutationFn, onSuccess: invalidate });
}

/** POST /studio/appointment-types; a price is for admins (403 for staff). */
export function useCreateAppointmentType() {
  return useTypeMutation((values: StudioAppointmentTypeRequest) => api.post<StudioAppointmentType>('/studio/appointment-types', values));
}

export function useUpdateAppointmentType() {
  return useTypeMutation(({ id, values }: { id: number; values: StudioAppointmentTypeRequest }) => api.put<StudioAppointmentType>(`/studio/appointment-types/${id}`, values));
}

export function useSetAppointmentTypeActive() {
  return useTypeMutation(({ id, active }: { id: number; active: boolean }) =>
    api.post<StudioAppointmentType>(`/studio/appointment-types/${id}/${active ? 'activate' : 'deactivate'}`),
  );
}
