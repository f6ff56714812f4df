import { queryOptions, useQuery } from '@tanstack/react-query';
import type { studioStaffResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioKeys } from './query-keys';

export type StudioStaffList = Answer<typeof studioStaffResponse>;
export type StudioStaffRow = StudioStaffList['items'][number];

/** GET /studio/staff (admins only): the studio's staff members and admins. */
export async function getStudioStaff(signal?: AbortSignal): Promise<StudioStaffList> {
  return api.get<StudioStaffList>('/studio/staff', { signal });
}

export const studioStaffQueryOptions = () =>
  queryOptions({ queryKey: studioKeys.staff(), queryFn: ({ signal }) => getStudioStaff(signal) });

export function useStudioStaff() {
  return useQuery(studioStaffQueryOptions());
}
