import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudioPricesRequest, studioPrices } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioActivityKeys, studioSettingsKeys } from './query-keys';

export type StudioPrices = Answer<typeof studioPrices>;

/** GET /studio/prices (admins): the retouching prices, turnaround and sales tax. */
export function getStudioPrices(signal?: AbortSignal): Promise<StudioPrices> {
  return api.get<StudioPrices>('/studio/prices', { signal });
}

export function useStudioPrices() {
  return useQuery({ queryKey: studioSettingsKeys.prices(), queryFn: ({ signal }) => getStudioPrices(signal) });
}

/** PUT /studio/prices (admins): sets them all; answers them as saved. */
export function updateStudioPrices(values: StudioPricesRequest): Promise<StudioPrices> {
  return api.put<StudioPrices>('/studio/prices', values);
}

export function useUpdateStudioPrices() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStudioPrices,
    onSuccess: (saved) => {
      queryClient.setQueryData(studioSettingsKeys.prices(), saved);
      // The customer's cart reads the prices and tax too (the studio user may open the gallery next).
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: studioActivityKeys.all }),
        queryClient.invalidateQueries({ queryKey: studioActivityKeys.today }),
        queryClient.invalidateQueries({ queryKey: ['service-prices'] }),
        queryClient.invalidateQueries({ queryKey: ['tax-detail'] }),
      ]);
    },
  });
}
