import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { StudioCouponRequest, studioCoupon, studioCouponsResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { studioActivityKeys, studioSettingsKeys } from './query-keys';

export type StudioCoupon = Answer<typeof studioCoupon>;
export type StudioCoupons = Answer<typeof studioCouponsResponse>;

/** GET /studio/coupons (admins): every coupon with its uses, newest first. */
export function getStudioCoupons(signal?: AbortSignal): Promise<StudioCoupons> {
  return api.get<StudioCoupons>('/studio/coupons', { signal });
}

export function useStudioCoupons() {
  return useQuery({ queryKey: studioSettingsKeys.coupons(), queryFn: ({ signal }) => getStudioCoupons(signal) });
}

/** POST /studio/coupons (admins): 409 when the code is taken. */
export function createStudioCoupon(values: StudioCouponRequest): Promise<StudioCoupon> {
  return api.post<StudioCoupon>('/studio/coupons', values);
}

/** POST /studio/coupons/{id}/activate | deactivate (admins). */
export function setStudioCouponActive({ id, active }: { id: number; active: boolean }): Promise<StudioCoupon> {
  return api.post<StudioCoupon>(`/studio/coupons/${id}/${active ? 'activate' : 'deactivate'}`);
}

function useCouponMutation<Variables>(mutationFn: (variables: Variables) => Promise<StudioCoupon>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: studioSettingsKeys.coupons() }),
        queryClient.invalidateQueries({ queryKey: studioActivityKeys.all }),
        queryClient.invalidateQueries({ queryKey: studioActivityKeys.today }),
      ]),
  });
}

export function useCreateStudioCoupon() {
  return useCouponMutation(createStudioCoupon);
}

export function useSetStudioCouponActive() {
  return useCouponMutation(setStudioCouponActive);
}
