import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { studioMailRetryResult } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioJobsKeys } from './get-jobs';

export type StudioMailRetried = Answer<typeof studioMailRetryResult>;

/** POST /studio/jobs/mails/{id}/retry: an undelivered mail is sent again now (a failed one gets one more attempt). */
export async function retryStudioMail(id: number): Promise<StudioMailRetried> {
  return api.post<StudioMailRetried>(`/studio/jobs/mails/${id}/retry`);
}

export function useRetryStudioMail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryStudioMail,
    // The mail list and counts change, and the retry is a new entry of the activity log.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioJobsKeys.all() }),
        queryClient.invalidateQueries({ queryKey: ['studio', 'activity'] }),
      ]),
  });
}
