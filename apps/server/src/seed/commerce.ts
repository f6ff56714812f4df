import { type PricingRepository, STUDIO_TAX_ID } from '../modules/commerce/pricing.repository';

/** The studio's own retouching prices (issue 4): touch-up $10, background $9, 72-hour turnaround, no sales tax. */
export const DEFAULT_PRICES = { touchUpPriceCents: 1000, backgroundPriceCents: 900, turnaroundHours: 72, taxBasisPoints: 0 } as const;

/** Demo coupons, one per coupon state the cart shows. */
export const DEMO_COUPONS = [
  { code: 'WELCOME10', discountHundredths: 1000 },
  { code: 'FREERETOUCH', discountHundredths: 10_000 },
  { code: 'SPRING25', discountHundredths: 2500, isActive: false },
  { code: 'SUMMER2025', discountHundredths: 2000, expiresAt: new Date('2025-09-01T00:00:00Z') },
] as const;

/** The default service provider (the studio itself) with its prices, and the tax row, when missing. */
export async function seedStudioPricing(pricing: PricingRepository, studioName: string, now: Date): Promise<void> {
  if (!(await pricing.defaultProvider())) {
    await pricing.insertProvider(
      {
        name: studioName,
        email: null,
        isDefault: true,
        touchUpPriceCents: DEFAULT_PRICES.touchUpPriceCents,
        backgroundPriceCents: DEFAULT_PRICES.backgroundPriceCents,
        turnaroundHours: DEFAULT_PRICES.turnaroundHours,
      },
      now,
    );
  }
  if ((await pricing.taxBasisPoints(STUDIO_TAX_ID)) === null) await pricing.saveTax(STUDIO_TAX_ID, DEFAULT_PRICES.taxBasisPoints, now);
}

export async function seedDemoCoupons(pricing: PricingRepository, now: Date): Promise<void> {
  for (const coupon of DEMO_COUPONS) {
    if (!(await pricing.findCoupon(coupon.code))) await pricing.insertCoupon(coupon, now);
  }
}
