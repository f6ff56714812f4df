import { useMutation } from '@tanstack/react-query';
import { commerceMessages, type DiscountDetails } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

export type CouponLookup =
  | { kind: 'applied'; coupon: DiscountDetails }
  | { kind: 'invalid' | 'inactive' | 'failed'; message: string };

/**
 * GET /discount/GetDiscountDetails/{code}: 200 with the coupon, 204 when unknown or expired
 * (spec §8): the answer as one of applied / invalid / inactive / failed, never thrown.
 */
export async function lookupCoupon(code: string): Promise<CouponLookup> {
  let body: DiscountDetails | null | undefined | '';
  try {
    body = await api.get<DiscountDetails | null | undefined | ''>(`/discount/GetDiscountDetails/${encodeURIComponent(code.trim())}`);
  } catch {
    return { kind: 'failed', message: commerceMessages.somethingWentWrong };
  }
  if (body === undefined || body === null || body === '') return { kind: 'invalid', message: commerceMessages.couponInvalid };
  if (!body.isActive) return { kind: 'inactive', message: commerceMessages.couponInactive };
  return { kind: 'applied', coupon: body };
}

export function useCouponLookup() {
  return useMutation({ mutationFn: lookupCoupon });
}
