import {
  type CartItem,
  type CartTotals,
  type DiscountDetails,
  type ServicePrices,
  type ServiceType,
  type TaxDetail,
  commerceMessages,
  computeCartTotals,
  rateToBasisPoints,
  toCents,
  toDollars,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { CouponRow, ServiceProviderRow } from '../../db/schema';
import { NotFoundError, ValidationError } from '../../errors';
import { type PricingRepository, STUDIO_TAX_ID } from './pricing.repository';

/** One cart item as the server priced it: what a payment row keeps (cart_json) and the order holds. */
export interface PricedCartItem {
  imageid: number;
  sessionid: number;
  name: string;
  serviceType: ServiceType;
  priceCents: number;
  taxBasisPoints: number;
  taxCents: number;
}

export interface PricedCart {
  items: PricedCartItem[];
  provider: ServiceProviderRow;
  taxBasisPoints: number;
  coupon: CouponRow | null;
  totals: CartTotals;
}

/** Why a coupon cannot be used now, or null when it can. */
export function couponProblem(coupon: CouponRow, now: Date): 'inactive' | 'expired' | 'used-up' | null {
  if (coupon.expires_at !== null && new Date(coupon.expires_at).getTime() <= now.getTime()) return 'expired';
  if (coupon.max_uses !== null && Number(coupon.used_count) >= Number(coupon.max_uses)) return 'used-up';
  if (Number(coupon.is_active) !== 1) return 'inactive';
  return null;
}

/** Prices, tax and coupons as the customer sees them, and the server's pricing of a cart. */
export class PricingService {
  constructor(
    private readonly repository: PricingRepository,
    private readonly clock: Clock,
  ) {}

  async servicePrices(): Promise<ServicePrices> {
    const provider = await this.repository.defaultProvider();
    const dollars = (cents: number | null | undefined) => (cents === null || cents === undefined ? null : toDollars(Number(cents)));
    return {
      touchServicePrice: dollars(provider?.touch_up_price_cents),
      backgroundServicePrice: dollars(provider?.background_price_cents),
      allowedTurnAround: provider ? Number(provider.turnaround_hours) : 0,
      currency: 'USD',
    };
  }

  /** The default service provider: who retouches, at which prices and turnaround. */
  defaultProvider(): Promise<ServiceProviderRow | null> {
    return this.repository.defaultProvider();
  }

  async taxDetail(id: number): Promise<TaxDetail> {
    const basisPoints = await this.repository.taxBasisPoints(id);
    if (basisPoints === null) throw new NotFoundError('Tax detail not found.');
    return { id, taxValue: basisPoints / 100 };
  }

  async serviceProviders(isDefault: boolean | null) {
    const rows = await this.repository.listProviders(isDefault);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      isDefault: Number(row.is_default) === 1,
      allowedTurnAround: Number(row.turnaround_hours),
    }));
  }

  /**
   * GET /discount/GetDiscountDetails/{code}: null (204) for unknown, expired or used-up codes; uses
   * held by other customers' open payments count as used (the caller's own do not: their checkout of
   * the same cart answers the payment that holds it).
   */
  async discountDetails(code: string, userId: number): Promise<DiscountDetails | null> {
    const coupon = await this.repository.findCoupon(code);
    if (!coupon) return null;
    const now = this.clock();
    const problem = couponProblem(coupon, now);
    if (problem === 'expired' || problem === 'used-up') return null;
    if (coupon.max_uses !== null && Number(coupon.reserved_count) > 0) {
      const held = await this.repository.heldUsesByOthers(coupon.id, userId, now);
      if (Number(coupon.used_count) + held >= Number(coupon.max_uses)) return null;
    }
    return { code: coupon.code, isActive: problem === null, discountPercentage: Number(coupon.discount_hundredths) / 100 };
  }

  /** A coupon usable now; refuses with the spec's messages. */
  async usableCoupon(code: string | null | undefined): Promise<CouponRow | null> {
    if (!code || code.trim() === '') return null;
    const coupon = await this.repository.findCoupon(code);
    if (!coupon) throw new ValidationError(commerceMessages.couponInvalid);
    const problem = couponProblem(coupon, this.clock());
    if (problem === 'inactive') throw new ValidationError(commerceMessages.couponInactive);
    if (problem) throw new ValidationError(commerceMessages.couponInvalid);
    return coupon;
  }

  /**
   * Prices the caller's cart from the database: the photos must be the caller's live photos, each
   * once; prices from the default provider, tax from tax_details 0, the coupon checked. Then the
   * browser's own prices and tax rates must equal the server's, else the cart changed.
   */
  async priceCart(userId: number, items: readonly CartItem[], couponCode: string | null | undefined): Promise<PricedCart> {
    if (items.length === 0) throw new ValidationError(commerceMessages.cartEmpty);
    const ids = items.map((item) => item.imageid);
    if (new Set(ids).size !== ids.length) throw new ValidationError(commerceMessages.cartDuplicatePhoto);

    const photos = new Map((await this.repository.orderablePhotos(userId, ids)).map((photo) => [photo.id, photo]));
    const provider = await this.repository.defaultProvider();
    const taxBasisPoints = (await this.repository.taxBasisPoints(STUDIO_TAX_ID)) ?? 0;

    const priced: PricedCartItem[] = [];
    for (const item of items) {
      const photo = photos.get(item.imageid);
      if (!photo) throw new ValidationError(commerceMessages.photoNotOrderable);
      if (item.serviceType === 'TOUCHUPSERVICE' && photo.isRetouched) throw new ValidationError(commerceMessages.alreadyRetouched);
      const price = item.serviceType === 'TOUCHUPSERVICE' ? provider?.touch_up_price_cents : provider?.background_price_cents;
      if (!provider || price === null || price === undefined) throw new ValidationError(commerceMessages.pricesNotSet);
      const priceCents = Number(price);
      priced.push({
        imageid: photo.id,
        sessionid: photo.sessionId,
        name: photo.name,
        serviceType: item.serviceType,
        priceCents,
        taxBasisPoints,
        taxCents: computeCartTotals([{ priceCents, taxBasisPoints }]).taxCents,
      });
    }
    if (!provider) throw new ValidationError(commerceMessages.pricesNotSet);

    const clientChanged = items.some(
      (item, index) => toCents(item.price ?? -1) !== priced[index]?.priceCents || rateToBasisPoints(item.tax) !== taxBasisPoints,
    );
    if (clientChanged) throw new ValidationError(commerceMessages.cartChanged);

    const coupon = await this.usableCoupon(couponCode);
    const totals = computeCartTotals(priced, coupon ? Number(coupon.discount_hundredths) / 100 : 0);
    return { items: priced, provider, taxBasisPoints, coupon, totals };
  }
}
