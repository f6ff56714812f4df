import type { Kysely } from 'kysely';
import type { Database, PaymentProviderId, PaymentRow, TransactionRow } from '../../db/schema';
import type { PricedCartItem } from './pricing.service';

export interface NewPayment {
  userId: number;
  provider: PaymentProviderId;
  /** A placeholder until the provider answers (the column is unique and required). */
  providerPaymentId: string;
  amountCents: number;
  currency: string;
  items: PricedCartItem[];
  couponId: number | null;
  couponCode: string | null;
  itemPriceCents: number;
  taxCents: number;
  discountHundredths: number;
  discountCents: number;
  /** The priced cart's key (checkout.service.ts cartKeyOf): one open payment per key. */
  cartKey: string;
  /** When the payment, unpaid, is ended and its coupon use released. */
  expiresAt: Date;
}

export interface SucceededOutcome {
  cardBrand?: string | null;
  receiptUrl?: string | null;
}

export interface EndedOutcome {
  /** 'canceled': expired or cancelled at the provider; 'failed': the provider could not start it. */
  status: 'canceled' | 'failed';
  failureMessage: string;
}

/** Thrown by openPayment when the coupon has no use left to hold (nothing is written). */
export class NoCouponUseLeftError extends Error {}

/** The CHECK that keeps a coupon's spent + held uses within its limit (migration 2026-11-25-02). */
function isCouponLimitViolation(error: unknown): boolean {
  const { code, constraint, message } = (error ?? {}) as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23514') return constraint === 'coupons_uses_within_limit';
  return code === 'SQLITE_CONSTRAINT_CHECK' && typeof message === 'string' && message.includes('coupons_uses_within_limit');
}

export interface NewTransaction {
  userId: number;
  paymentId: number;
  paymentType: string;
  referenceId: string;
  cardBrand: string | null;
  receiptUrl: string | null;
  grossTotalCents: number;
  totalCents: number;
}

/** The cart a payment row holds. */
export function paymentItems(payment: Pick<PaymentRow, 'cart_json'>): PricedCartItem[] {
  const value: unknown = typeof payment.cart_json === 'string' ? JSON.parse(payment.cart_json) : payment.cart_json;
  return value as PricedCartItem[];
}

/**
 * Payments (one open payment per priced cart), the coupon uses they hold, and the transactions recorded
 * for them (at most one per payment).
 */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async userEmail(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email ?? null;
  }

  /**
   * The open payment of a priced cart: inserts it, holding one use of its coupon in the same database
   * transaction, or, when the cart has an open payment already (an earlier or concurrent checkout; the
   * unique cart_key decides), answers that one with `created: false`. NoCouponUseLeftError when the
   * coupon's limit leaves no use to hold: the database's CHECK refuses the hold, whatever the race.
   */
  async openPayment(payment: NewPayment, now: Date): Promise<{ payment: PaymentRow; created: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      let inserted: PaymentRow | null;
      try {
        inserted = await this.db.transaction().execute(async (trx) => {
          const row = await this.insertPaymentQuery(trx, payment, now)
            .onConflict((conflict) => conflict.column('cart_key').doNothing())
            .returningAll()
            .executeTakeFirst();
          if (row && payment.couponId !== null) {
            await trx.insertInto('coupon_reservations').values({ payment_id: row.id, coupon_id: payment.couponId, created_at: now.toISOString() }).execute();
          }
          return row ?? null;
        });
      } catch (error) {
        if (isCouponLimitViolation(error)) throw new NoCouponUseLeftError('no use of the coupon left', { cause: error });
        throw error;
      }
      if (inserted) return { payment: inserted, created: true };
      const open = await this.db.selectFrom('payments').selectAll().where('cart_key', '=', payment.cartKey).executeTakeFirst();
      if (open) return { payment: open, created: false };
      // The open payment ended between the two statements: open a new one.
    }
    throw new Error('checkout: no open payment for the cart could be inserted or found');
  }

  private insertPaymentQuery(db: Kysely<Database>, payment: NewPayment, now: Date) {
    return db
      .insertInto('payments')
      .values({
        user_id: payment.userId,
        provider: payment.provider,
        provider_payment_id: payment.providerPaymentId,
        client_secret: null,
        amount_cents: payment.amountCents,
        currency: payment.currency,
        status: 'pending',
        cart_json: JSON.stringify(payment.items),
        coupon_id: payment.couponId,
        coupon_code: payment.couponCode,
        item_price_cents: payment.itemPriceCents,
        tax_cents: payment.taxCents,
        discount_hundredths: payment.discountHundredths,
        discount_cents: payment.discountCents,
        card_brand: null,
        receipt_url: null,
        failure_message: null,
        cart_key: payment.cartKey,
        expires_at: payment.expiresAt.toISOString(),
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
  }

  /**
   * Attaches the provider's payment to a still-open row that has none yet; false when another request
   * attached one first (or the payment ended): then that row is the answer.
   */
  async attachProviderPayment(id: number, providerPaymentId: string, clientSecret: string, now: Date): Promise<boolean> {
    const result = await this.db
      .updateTable('payments')
      .set({ provider_payment_id: providerPaymentId, client_secret: clientSecret, updated_at: now.toISOString() })
      .where('id', '=', id)
      .where('client_secret', 'is', null)
      .where('cart_key', 'is not', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async findById(id: number): Promise<PaymentRow | null> {
    return (await this.db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByProviderPaymentId(providerPaymentId: string): Promise<PaymentRow | null> {
    return (await this.db.selectFrom('payments').selectAll().where('provider_payment_id', '=', providerPaymentId).executeTakeFirst()) ?? null;
  }

  async findByClientSecret(clientSecret: string): Promise<PaymentRow | null> {
    return (await this.db.selectFrom('payments').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst()) ?? null;
  }

  /**
   * A declined attempt: the payment stays open for another card (as a Stripe PaymentIntent does), and
   * keeps its coupon use. A succeeded or ended payment is left as it is.
   */
  async recordDeclined(id: number, outcome: { cardBrand?: string | null; failureMessage: string }, now: Date): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({
        status: 'failed',
        ...(outcome.cardBrand !== undefined ? { card_brand: outcome.cardBrand } : {}),
        failure_message: outcome.failureMessage,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'failed'])
      .execute();
  }

  /**
   * The payment succeeded: marks it so once (false when it was succeeded or ended already), closes its
   * cart key, and in the same database transaction turns its held coupon use into a spent one. A
   * payment from before holds existed spends a use only while one is left.
   */
  async markSucceeded(id: number, outcome: SucceededOutcome, now: Date): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .updateTable('payments')
        .set({
          status: 'succeeded',
          cart_key: null,
          ...(outcome.cardBrand !== undefined ? { card_brand: outcome.cardBrand } : {}),
          ...(outcome.receiptUrl !== undefined ? { receipt_url: outcome.receiptUrl } : {}),
          failure_message: null,
          updated_at: now.toISOString(),
        })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'failed'])
        .returning('coupon_id')
        .executeTakeFirst();
      if (!row) return false;
      if (row.coupon_id !== null) {
        // Release the hold first, then spend: spent + held never passes the limit, even between the two.
        const held = await trx.deleteFrom('coupon_reservations').where('payment_id', '=', id).executeTakeFirst();
        let spend = trx
          .updateTable('coupons')
          .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
          .where('id', '=', row.coupon_id);
        if (Number(held.numDeletedRows) === 0) {
          spend = spend.where((eb) => eb.or([eb('max_uses', 'is', null), eb(eb('used_count', '+', eb.ref('reserved_count')), '<', eb.ref('max_uses'))]));
        }
        await spend.execute();
      }
      return true;
    });
  }

  /**
   * Ends an open, unpaid payment (expired, cancelled at the provider, or never started there) and
   * releases its coupon use, in one database transaction. False when it was paid or ended already, or
   * (with `onlyIfUnattached`) when a provider payment was attached to it meanwhile.
   */
  async endPayment(id: number, outcome: EndedOutcome, now: Date, options: { onlyIfUnattached?: boolean } = {}): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      let end = trx
        .updateTable('payments')
        .set({ status: outcome.status, cart_key: null, failure_message: outcome.failureMessage, updated_at: now.toISOString() })
        .where('id', '=', id)
        .where('status', 'in', ['pending', 'failed'])
        .where('cart_key', 'is not', null);
      if (options.onlyIfUnattached) end = end.where('client_secret', 'is', null);
      const ended = await end.executeTakeFirst();
      if (Number(ended.numUpdatedRows) !== 1) return false;
      await trx.deleteFrom('coupon_reservations').where('payment_id', '=', id).execute();
      return true;
    });
  }

  /**
   * Open payments past their time that this checkout needs ended: the one of the same cart, and those
   * holding a use of the (limited) coupon. At most `limit`, oldest first.
   */
  async findExpiredOpen(filter: { cartKey: string; couponId: number | null }, now: Date, limit = 20): Promise<PaymentRow[]> {
    return this.db
      .selectFrom('payments')
      .selectAll()
      .where('cart_key', 'is not', null)
      .where('status', 'in', ['pending', 'failed'])
      .where('expires_at', '<=', now.toISOString())
      .where((eb) =>
        filter.couponId === null
          ? eb('cart_key', '=', filter.cartKey)
          : eb.or([
              eb('cart_key', '=', filter.cartKey),
              eb('id', 'in', eb.selectFrom('coupon_reservations').select('payment_id').where('coupon_id', '=', filter.couponId)),
            ]),
      )
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async findTransactionByPayment(paymentId: number): Promise<TransactionRow | null> {
    return (await this.db.selectFrom('transactions').selectAll().where('payment_id', '=', paymentId).executeTakeFirst()) ?? null;
  }

  async findTransaction(id: number): Promise<TransactionRow | null> {
    return (await this.db.selectFrom('transactions').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /**
   * Inserts the payment's transaction once: when one exists already (an earlier or concurrent
   * submission), returns that one with `created: false`. (The coupon's use was spent when the payment
   * succeeded: markSucceeded.)
   */
  async insertTransactionOnce(transaction: NewTransaction, now: Date): Promise<{ row: TransactionRow; created: boolean }> {
    const inserted =
      (await this.db
        .insertInto('transactions')
        .values({
          user_id: transaction.userId,
          payment_id: transaction.paymentId,
          payment_type: transaction.paymentType,
          reference_id: transaction.referenceId,
          card_brand: transaction.cardBrand,
          receipt_url: transaction.receiptUrl,
          gross_total_cents: transaction.grossTotalCents,
          total_cents: transaction.totalCents,
          created_at: now.toISOString(),
        })
        .onConflict((conflict) => conflict.doNothing())
        .returningAll()
        .executeTakeFirst()) ?? null;
    if (inserted) return { row: inserted, created: true };
    const existing = await this.findTransactionByPayment(transaction.paymentId);
    if (!existing) throw new Error(`transaction for payment ${transaction.paymentId} neither inserted nor found`);
    return { row: existing, created: false };
  }
}
