import { useMutation } from '@tanstack/react-query';
import { commerceMessages, discountDetailsResponse, type DiscountDetails } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';

export type CouponLookup =
  | { kind: 'applied'; coupon: DiscountDetails }
  | { kind: 'invalid' | 'inactive' | 'failed'; message: string };

/**
 * GET /discount/GetDiscountDetails/{code}: 200 with the coupon, 204 when unknown or expired
 * (spec §8): the answer as one of applied / invalid / inactive / failed, never thrown.
 */
export async function lookupCoupon(code: string): Promise<CouponLookup> {
  let body: unknown;
  try {
    body = await api.get<unknown>(`/discount/GetDiscountDetails/${encodeURIComponent(code.trim())}`);
  } catch {
    return { kind: 'failed', message: commerceMessages.somethingWentWrong };
  }
  if (body === undefined || body === null || body === '') return { kind: 'invalid', message: commerceMessages.couponInvalid };
  const parsed = discountDetailsResponse.safeParse(body);
  if (!parsed.success) return { kind: 'failed', message: commerceMessages.somethingWentWrong };
  if (!parsed.data.isActive) return { kind: 'inactive', message: commerceMessages.couponInactive };
  return { kind: 'applied', coupon: parsed.data };
}

export function useCouponLookup() {
  return useMutation({ mutationFn: lookupCoupon });
}
