import {
  type StudioCoupon,
  type StudioCouponInput,
  type StudioPrices,
  type StudioPricesRequest,
  couponExpiresAt,
  dollarsToCents,
  percentToHundredths,
  studioSettingsMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { CouponRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, NotFoundError } from '../../errors';
import { type PricingRepository, STUDIO_TAX_ID } from '../commerce/pricing.repository';
import { couponProblem } from '../commerce/pricing.service';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';

/** The values of PUT /api/studio/prices after the contract's schema (numbers, validated). */
export type PricesInput = { [K in keyof StudioPricesRequest]-?: number };

/**
 * Prices, turnaround, sales tax and coupons (issue 15 §4), for the dashboard (admins) and the studio
 * CLI (`prices`, `coupon`; actor null). Input is validated by the contract's schemas first
 * (studioPricesRequest, studioCouponRequest); every change is recorded in the activity log.
 */
export class StudioSettingsService {
  constructor(
    private readonly pricing: PricingRepository,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  async prices(): Promise<StudioPrices> {
    const provider = await this.pricing.defaultProvider();
    const tax = (await this.pricing.taxBasisPoints(STUDIO_TAX_ID)) ?? 0;
    const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : Number(cents) / 100);
    return {
      touchUpPrice: dollars(provider?.touch_up_price_cents),
      backgroundPrice: dollars(provider?.background_price_cents),
      turnaroundHours: provider ? Number(provider.turnaround_hours) : 0,
      taxPercent: Number(tax) / 100,
    };
  }

  /** Sets every price, the turnaround and the sales tax (the studio's default provider and tax row 0). */
  async updatePrices(actor: ActivityActor, input: PricesInput): Promise<StudioPrices> {
    const now = this.clock();
    const provider = await this.pricing.defaultProvider();
    // The seed always creates the studio's provider; a database without one is broken.
    if (!provider) throw new Error('the studio has no default service provider');
    const before = await this.prices();
    const touchUpPriceCents = dollarsToCents(input.touchUpPrice);
    const backgroundPriceCents = dollarsToCents(input.backgroundPrice);
    const taxBasisPoints = percentToHundredths(input.taxPercent);
    await this.pricing.updateProviderPrices(provider.id, { touchUpPriceCents, backgroundPriceCents, turnaroundHours: input.turnaroundHours });
    await this.pricing.saveTax(STUDIO_TAX_ID, taxBasisPoints, now);
    const after = await this.prices();
    await this.activity.recordActivity(
      actor,
      'prices.update',
      'prices',
      { touchUpPriceCents, backgroundPriceCents, turnaroundHours: input.turnaroundHours, taxBasisPoints, before },
      now,
    );
    return after;
  }

  async coupons(): Promise<StudioCoupon[]> {
    const now = this.clock();
    return (await this.pricing.listCoupons()).map((row) => toStudioCoupon(row, now));
  }

  /** A new coupon; 409 when the code (upper-cased) is taken. */
  async createCoupon(actor: ActivityActor, input: StudioCouponInput): Promise<StudioCoupon> {
    const now = this.clock();
    const code = input.code.trim().toUpperCase();
    if (await this.pricing.findCoupon(code)) throw new ConflictError(studioSettingsMessages.couponCodeTaken);
    let row: CouponRow;
    try {
      row = await this.pricing.insertCoupon(
        {
          code,
          discountHundredths: percentToHundredths(input.percent),
          isActive: input.active,
          expiresAt: input.expiresOn ? couponExpiresAt(input.expiresOn) : null,
          maxUses: input.maxUses ?? null,
        },
        now,
      );
    } catch (error) {
      // Two creations of one code at once: the unique index decides.
      if (isUniqueViolation(error)) throw new ConflictError(studioSettingsMessages.couponCodeTaken);
      throw error;
    }
    await this.activity.recordActivity(
      actor,
      'coupon.create',
      code,
      { couponId: row.id, percent: input.percent, expires: input.expiresOn ?? null, maxUses: input.maxUses ?? null, active: input.active },
      now,
    );
    return toStudioCoupon(row, now);
  }

  /** Switches a coupon on or off (404 unknown); recorded only when it changes. */
  async setCouponActive(actor: ActivityActor, id: number, active: boolean): Promise<StudioCoupon> {
    const now = this.clock();
    const existing = await this.pricing.findCouponById(id);
    if (!existing) throw new NotFoundError(studioSettingsMessages.couponNotFound);
    if ((Number(existing.is_active) === 1) === active) return toStudioCoupon(existing, now);
    const row = await this.pricing.setCouponActive(id, active);
    if (!row) throw new NotFoundError(studioSettingsMessages.couponNotFound);
    await this.activity.recordActivity(actor, active ? 'coupon.activate' : 'coupon.deactivate', row.code, { couponId: row.id }, now);
    return toStudioCoupon(row, now);
  }
}

export function toStudioCoupon(row: CouponRow, now: Date): StudioCoupon {
  const problem = couponProblem(row, now);
  return {
    id: Number(row.id),
    code: row.code,
    percent: Number(row.discount_hundredths) / 100,
    active: Number(row.is_active) === 1,
    state: problem ?? 'active',
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at).toISOString(),
    maxUses: row.max_uses === null ? null : Number(row.max_uses),
    uses: Number(row.used_count),
    held: Number(row.reserved_count),
    createdAt: new Date(row.created_at).toISOString(),
  };
}
