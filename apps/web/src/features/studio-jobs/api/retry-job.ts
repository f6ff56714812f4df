import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { studioJobRetryResult } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioJobsKeys } from './get-jobs';

export type StudioJobRetried = Answer<typeof studioJobRetryResult>;

/** POST /studio/jobs/{id}/retry: a failed job gets one more attempt, queued at once. */
export async function retryStudioJob(id: string): Promise<StudioJobRetried> {
  return api.post<StudioJobRetried>(`/studio/jobs/${encodeURIComponent(id)}/retry`);
}

export function useRetryStudioJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryStudioJob,
    // The counts and the failed list change, and the retry is a new entry of the activity log.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioJobsKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'activity'] }),
      ]),
  });
}
