import { describe, expect, it } from 'vitest';
import { couponExpiresAt, hasAtMostDecimals, isIsoDate, studioCouponRequest, studioPricesRequest, studioSettingsMessages } from './studio-settings';

describe('the studio settings rules (prices, coupons)', () => {
  it('counts decimals despite binary floats', () => {
    for (const ok of [0, 9.95, 19.99, 8.25, 0.1 + 0.2, 1234.5, 100]) expect(hasAtMostDecimals(ok, 2), String(ok)).toBe(true);
    for (const bad of [9.999, 8.125, 0.001]) expect(hasAtMostDecimals(bad, 2), String(bad)).toBe(false);
  });

  it('takes prices, turnaround and tax within their bounds', () => {
    expect(studioPricesRequest.safeParse({ touchUpPrice: 0, backgroundPrice: 10_000, turnaroundHours: 720, taxPercent: 100 }).success).toBe(true);
    const first = (values: Record<string, unknown>) =>
      studioPricesRequest.safeParse({ touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 8.25, ...values }).error?.issues[0]?.message;
    expect(first({ touchUpPrice: null })).toBe(studioSettingsMessages.priceRequired);
    expect(first({ backgroundPrice: 9.991 })).toBe(studioSettingsMessages.priceInvalid);
    expect(first({ turnaroundHours: 0 })).toBe(studioSettingsMessages.turnaroundInvalid);
    expect(first({ turnaroundHours: 24.5 })).toBe(studioSettingsMessages.turnaroundInvalid);
    expect(first({ taxPercent: 8.875 })).toBe(studioSettingsMessages.taxInvalid);
    expect(first({ taxPercent: Number.NaN })).toBe(studioSettingsMessages.taxInvalid);
  });

  it('upper-cases coupon codes and checks percent, date and max uses', () => {
    expect(studioCouponRequest.parse({ code: ' spring_26-a ', percent: 12.5 })).toEqual({ code: 'SPRING_26-A', percent: 12.5, active: true });
    const first = (values: Record<string, unknown>) => studioCouponRequest.safeParse({ code: 'OK', percent: 10, ...values }).error?.issues[0]?.message;
    expect(first({ code: 'a b' })).toBe(studioSettingsMessages.couponCodeInvalid);
    expect(first({ code: 'x'.repeat(65) })).toBe(studioSettingsMessages.couponCodeInvalid);
    expect(first({ percent: 0.5 })).toBe(studioSettingsMessages.couponPercentInvalid);
    expect(first({ expiresOn: '2026-02-29' })).toBe(studioSettingsMessages.couponExpiryInvalid);
    expect(first({ maxUses: -1 })).toBe(studioSettingsMessages.couponMaxUsesInvalid);
    expect(first({ expiresOn: null, maxUses: null })).toBeUndefined();
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(couponExpiresAt('2026-12-31').toISOString()).toBe('2026-12-31T23:59:59.999Z');
  });
});
