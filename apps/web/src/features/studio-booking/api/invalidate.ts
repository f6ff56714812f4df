import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { studioActivityKeys } from './query-keys';

/** After a change: refetch what it changed, and the activity log (every change is an entry). */
export function useInvalidateAfterChange(...keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [...keys, ...Object.values(studioActivityKeys)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
