import { type ServiceType, type SpecialRequestOrder, type UserOrder, formatOrderNumber, serviceLabels, toDollars } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Database, SpecialRequestItemRow, SpecialRequestRow, SpecialRequestStatus } from '../../db/schema';
import type { PricedCartItem } from '../commerce/pricing.service';
import { type Executor, inTransaction } from '../../db/transaction';

export interface NewOrder {
  userId: number;
  paymentId: number | null;
  transactionId: number | null;
  serviceProviderId: number | null;
  itemPriceCents: number;
  taxCents: number;
  discountHundredths: number;
  discountCents: number;
  totalCents: number;
  couponCode: string | null;
  dueAt: Date;
}

export interface OrderCustomerRow {
  email: string;
  firstName: string;
  lastName: string;
}

/** Thrown inside the insert when a free order's coupon ran out meanwhile (rolls the insert back). */
export class CouponUsedUpError extends Error {}

type OrderRow = SpecialRequestRow & { card_brand: string | null };

function toOrder(row: OrderRow, items: SpecialRequestItemRow[]): SpecialRequestOrder {
  return {
    id: row.id,
    orderId: formatOrderNumber(row.id),
    orderDate: row.created_at,
    status: row.status,
    dueAt: row.due_at,
    deliveredAt: row.delivered_at,
    transactionId: row.transaction_id,
    itemPrice: toDollars(Number(row.item_price_cents)),
    tax: toDollars(Number(row.tax_cents)),
    discountPercentage: Number(row.discount_hundredths) / 100,
    discount: toDollars(Number(row.discount_cents)),
    totalPrice: toDollars(Number(row.total_cents)),
    couponCode: row.coupon_code,
    cardBrand: row.card_brand,
    items: items.map((item) => ({
      imageid: item.photo_id,
      name: item.name,
      serviceType: item.service_type,
      sessionid: item.session_id,
      price: toDollars(Number(item.price_cents)),
      tax: toDollars(Number(item.tax_cents)),
      delivered: item.delivered_at !== null,
    })),
  };
}

/** "Professional touch-up ×2, Background replacement ×1" */
export function servicesSummary(items: readonly { service_type: SpecialRequestItemRow['service_type'] }[]): string {
  const counts = new Map<SpecialRequestItemRow['service_type'], number>();
  for (const item of items) counts.set(item.service_type, (counts.get(item.service_type) ?? 0) + 1);
  return [...counts].map(([type, count]) => `${serviceLabels[type]} ×${count}`).join(', ');
}

/** Orders (special requests) and their items. */
export class OrdersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectOrders() {
    return this.db
      .selectFrom('special_requests')
      .leftJoin('transactions', 'transactions.id', 'special_requests.transaction_id')
      .selectAll('special_requests')
      .select('transactions.card_brand');
  }

  private async withItems(rows: OrderRow[]): Promise<SpecialRequestOrder[]> {
    if (rows.length === 0) return [];
    const items = await this.itemsOf(rows.map((row) => row.id));
    const byOrder = new Map<number, SpecialRequestItemRow[]>();
    for (const item of items) {
      const list = byOrder.get(item.special_request_id) ?? [];
      list.push(item);
      byOrder.set(item.special_request_id, list);
    }
    return rows.map((row) => toOrder(row, byOrder.get(row.id) ?? []));
  }

  /** The user's orders, newest first. */
  async listForUser(userId: number): Promise<SpecialRequestOrder[]> {
    const rows = await this.selectOrders().where('special_requests.user_id', '=', userId).orderBy('special_requests.id', 'desc').execute();
    return this.withItems(rows);
  }

  /** One order of the user's; null for unknown ids and other people's orders alike. */
  async findForUser(userId: number, id: number): Promise<SpecialRequestOrder | null> {
    const row = await this.selectOrders().where('special_requests.id', '=', id).where('special_requests.user_id', '=', userId).executeTakeFirst();
    return row ? ((await this.withItems([row]))[0] ?? null) : null;
  }

  /** The user's orders of `serviceType` for these photos, newest first, with whether each item was delivered. */
  orderedPhotos(userId: number, photoIds: readonly number[], serviceType: ServiceType) {
    return this.db
      .selectFrom('special_request_items as i')
      .innerJoin('special_requests as r', 'r.id', 'i.special_request_id')
      .select(['i.photo_id', 'r.id as order_id', 'i.delivered_at', 'r.status'])
      .where('r.user_id', '=', userId)
      .where('i.service_type', '=', serviceType)
      .where('i.photo_id', 'in', [...photoIds])
      .orderBy('r.id', 'desc')
      .execute();
  }

  /** Any order by id (studio tools). */
  async findOrder(id: number): Promise<SpecialRequestOrder | null> {
    const row = await this.selectOrders().where('special_requests.id', '=', id).executeTakeFirst();
    return row ? ((await this.withItems([row]))[0] ?? null) : null;
  }

  async findByTransaction(transactionId: number): Promise<SpecialRequestOrder | null> {
    const row = await this.selectOrders().where('special_requests.transaction_id', '=', transactionId).executeTakeFirst();
    return row ? ((await this.withItems([row]))[0] ?? null) : null;
  }

  /**
   * Inserts an order and its items. A paid order is unique per transaction (and payment): when it
   * exists already, nothing is written and `created` is false. A free order counts its coupon's use
   * in the same database transaction, only while the coupon has uses left (else CouponUsedUpError).
   */
  async insertOrderOnce(
    order: NewOrder,
    items: readonly PricedCartItem[],
    freeOrderCouponId: number | null,
    now: Date,
    /** Inside the transaction, once the order is in: what goes with it (its mail, queued in the outbox). */
    whenCreated?: (created: SpecialRequestOrder, within: { orders: OrdersRepository; trx: Executor }) => Promise<void>,
  ): Promise<{ order: SpecialRequestOrder; created: boolean }> {
    const insertedId = await inTransaction(this.db, async (trx) => {
      const row = await trx
        .insertInto('special_requests')
        .values({
          user_id: order.userId,
          payment_id: order.paymentId,
          transaction_id: order.transactionId,
          service_provider_id: order.serviceProviderId,
          status: 'PENDING' satisfies SpecialRequestStatus,
          item_price_cents: order.itemPriceCents,
          tax_cents: order.taxCents,
          discount_hundredths: order.discountHundredths,
          discount_cents: order.discountCents,
          total_cents: order.totalCents,
          coupon_code: order.couponCode,
          due_at: order.dueAt.toISOString(),
          delivered_at: null,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return null;
      await trx
        .insertInto('special_request_items')
        .values(
          items.map((item) => ({
            special_request_id: row.id,
            photo_id: item.imageid,
            session_id: item.sessionid,
            service_type: item.serviceType,
            name: item.name,
            price_cents: item.priceCents,
            tax_cents: item.taxCents,
            delivered_at: null,
          })),
        )
        .execute();
      if (freeOrderCouponId !== null) {
        const updated = await trx
          .updateTable('coupons')
          .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
          .where('id', '=', freeOrderCouponId)
          // Uses held by open payments count too (the CHECK coupons_uses_within_limit has the last word).
          .where((eb) => eb.or([eb('max_uses', 'is', null), eb(eb('used_count', '+', eb.ref('reserved_count')), '<', eb.ref('max_uses'))]))
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw new CouponUsedUpError();
      }
      if (whenCreated) {
        const orders = new OrdersRepository(trx);
        const created = await orders.findOrder(row.id);
        if (!created) throw new Error(`order ${row.id} vanished`);
        await whenCreated(created, { orders, trx });
      }
      return row.id;
    });
    if (insertedId !== null) {
      const created = await this.findOrder(insertedId);
      if (!created) throw new Error(`order ${insertedId} vanished`);
      return { order: created, created: true };
    }
    const existing = order.transactionId !== null ? await this.findByTransaction(order.transactionId) : null;
    if (!existing) throw new Error('order neither inserted nor found');
    return { order: existing, created: false };
  }

  /** The user's orders for the invoice list, newest first. */
  async listInvoiceOrders(userId: number): Promise<UserOrder[]> {
    const rows = await this.db
      .selectFrom('special_requests')
      .innerJoin('users', 'users.id', 'special_requests.user_id')
      .select([
        'special_requests.id',
        'special_requests.created_at',
        'special_requests.total_cents',
        'users.first_name',
        'users.last_name',
        'users.email',
      ])
      .where('special_requests.user_id', '=', userId)
      .orderBy('special_requests.id', 'desc')
      .execute();
    if (rows.length === 0) return [];
    const items = await this.itemsOf(rows.map((row) => row.id));
    return rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      datetime: row.created_at,
      type: servicesSummary(items.filter((item) => item.special_request_id === row.id)),
      priceSold: toDollars(Number(row.total_cents)),
    }));
  }

  /** The items of these orders, in the order they were added. */
  private itemsOf(orderIds: number[]): Promise<SpecialRequestItemRow[]> {
    return this.db.selectFrom('special_request_items').selectAll().where('special_request_id', 'in', orderIds).orderBy('id').execute();
  }

  async customer(userId: number): Promise<OrderCustomerRow | null> {
    const row = await this.db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('id', '=', userId).executeTakeFirst();
    return row ? { email: row.email, firstName: row.first_name, lastName: row.last_name } : null;
  }
}
