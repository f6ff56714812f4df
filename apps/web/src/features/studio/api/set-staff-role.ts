import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StudioStaffRequest, studioStaffResult } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

export type StudioStaffResult = Answer<typeof studioStaffResult>;

/**
 * POST /studio/staff {email, role} (admins only): gives a user a studio role, or invites a new one
 * by mail; role 'customer' takes the studio away.
 */
export async function setStaffRole(values: StudioStaffRequest): Promise<StudioStaffResult> {
  return api.post<StudioStaffResult>('/studio/staff', values);
}

export function useSetStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setStaffRole,
    // The list changes, and the change is a new entry of the activity log.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioKeys.staff() }),
        queryClient.invalidateQueries({ queryKey: studioKeys.activityAll() }),
        queryClient.invalidateQueries({ queryKey: studioKeys.today() }),
      ]),
  });
}
