import type { Kysely } from 'kysely';
import { type CouponRow, type Database, type ServiceProviderRow, fromFlag, toFlag } from '../../db/schema';

/** The studio's tax row (GET /TaxDetail/GetTaxDetail/0). */
export const STUDIO_TAX_ID = 0;

/** A photo as checkout needs it: whose, which session, whether it is already retouched. */
export interface OrderablePhoto {
  id: number;
  sessionId: number;
  name: string;
  isRetouched: boolean;
}

export interface NewServiceProvider {
  name: string;
  email?: string | null;
  isDefault: boolean;
  touchUpPriceCents: number | null;
  backgroundPriceCents: number | null;
  turnaroundHours: number;
}

export interface NewCoupon {
  code: string;
  discountHundredths: number;
  isActive?: boolean;
  expiresAt?: Date | null;
  maxUses?: number | null;
  usedCount?: number;
}

/** Prices, tax, service providers, coupons and the photos a cart may name. */
export class PricingRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The default service provider (lowest id when several are flagged). */
  async defaultProvider(): Promise<ServiceProviderRow | null> {
    const row = await this.db
      .selectFrom('service_providers')
      .selectAll()
      .where('is_default', '=', toFlag(true))
      .orderBy('id')
      .executeTakeFirst();
    return row ?? null;
  }

  async listProviders(isDefault: boolean | null): Promise<ServiceProviderRow[]> {
    let query = this.db.selectFrom('service_providers').selectAll().orderBy('id');
    if (isDefault !== null) query = query.where('is_default', '=', toFlag(isDefault));
    return query.execute();
  }

  async insertProvider(provider: NewServiceProvider, now: Date): Promise<ServiceProviderRow> {
    return this.db
      .insertInto('service_providers')
      .values({
        name: provider.name,
        email: provider.email ?? null,
        is_default: toFlag(provider.isDefault),
        touch_up_price_cents: provider.touchUpPriceCents,
        background_price_cents: provider.backgroundPriceCents,
        turnaround_hours: provider.turnaroundHours,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async updateProviderPrices(id: number, prices: Pick<NewServiceProvider, 'touchUpPriceCents' | 'backgroundPriceCents' | 'turnaroundHours'>): Promise<void> {
    await this.db
      .updateTable('service_providers')
      .set({
        touch_up_price_cents: prices.touchUpPriceCents,
        background_price_cents: prices.backgroundPriceCents,
        turnaround_hours: prices.turnaroundHours,
      })
      .where('id', '=', id)
      .execute();
  }

  /** Tax rate in basis points, or null for an unknown id. */
  async taxBasisPoints(id: number): Promise<number | null> {
    const row = await this.db.selectFrom('tax_details').select('tax_basis_points').where('id', '=', id).executeTakeFirst();
    return row ? Number(row.tax_basis_points) : null;
  }

  async saveTax(id: number, basisPoints: number, now: Date): Promise<void> {
    const values = { tax_basis_points: basisPoints, updated_at: now.toISOString() };
    await this.db
      .insertInto('tax_details')
      .values({ id, ...values })
      .onConflict((conflict) => conflict.column('id').doUpdateSet(values))
      .execute();
  }

  /** Case-insensitive: codes are stored upper-cased. */
  async findCoupon(code: string): Promise<CouponRow | null> {
    const row = await this.db.selectFrom('coupons').selectAll().where('code', '=', code.trim().toUpperCase()).executeTakeFirst();
    return row ?? null;
  }

  async insertCoupon(coupon: NewCoupon, now: Date): Promise<CouponRow> {
    return this.db
      .insertInto('coupons')
      .values({
        code: coupon.code.trim().toUpperCase(),
        discount_hundredths: coupon.discountHundredths,
        is_active: toFlag(coupon.isActive ?? true),
        expires_at: coupon.expiresAt ? coupon.expiresAt.toISOString() : null,
        max_uses: coupon.maxUses ?? null,
        used_count: coupon.usedCount ?? 0,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every coupon, newest first (the studio's coupon screen). */
  listCoupons(): Promise<CouponRow[]> {
    return this.db.selectFrom('coupons').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  async findCouponById(id: number): Promise<CouponRow | null> {
    return (await this.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** Switches a coupon on or off; null for an unknown id. */
  async setCouponActive(id: number, active: boolean): Promise<CouponRow | null> {
    return (await this.db.updateTable('coupons').set({ is_active: toFlag(active) }).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
  }

  /**
   * Uses of a coupon held by open payments of other customers that have not run out of time (an
   * expired one is released by the next checkout of the coupon).
   */
  async heldUsesByOthers(couponId: number, userId: number, now: Date): Promise<number> {
    const row = await this.db
      .selectFrom('coupon_reservations')
      .innerJoin('payments', 'payments.id', 'coupon_reservations.payment_id')
      .select((eb) => eb.fn.countAll<number | string>().as('held'))
      .where('coupon_reservations.coupon_id', '=', couponId)
      .where('payments.user_id', '!=', userId)
      .where((eb) => eb.or([eb('payments.expires_at', 'is', null), eb('payments.expires_at', '>', now.toISOString())]))
      .executeTakeFirst();
    return Number(row?.held ?? 0);
  }

  async couponUsedCount(id: number): Promise<number | null> {
    const row = await this.db.selectFrom('coupons').select('used_count').where('id', '=', id).executeTakeFirst();
    return row ? Number(row.used_count) : null;
  }

  /** The caller's live photos among `ids` (others', deleted ones and those of archived sessions are simply absent). */
  async orderablePhotos(userId: number, ids: readonly number[]): Promise<OrderablePhoto[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('photos')
      .innerJoin('photo_sessions', 'photo_sessions.id', 'photos.session_id')
      .select(['photos.id', 'photos.session_id', 'photos.name', 'photos.is_retouched'])
      .where('photos.user_id', '=', userId)
      .where('photos.id', 'in', [...ids])
      .where('photos.deleted_at', 'is', null)
      .where('photo_sessions.archived_at', 'is', null)
      .execute();
    return rows.map((row) => ({ id: row.id, sessionId: row.session_id, name: row.name, isRetouched: fromFlag(Number(row.is_retouched)) }));
  }
}
