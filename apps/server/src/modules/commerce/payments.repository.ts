import type { Kysely } from 'kysely';
import type { Database, PaymentProviderId, PaymentRow, PaymentStatus, TransactionRow } from '../../db/schema';
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
}

export interface PaymentOutcome {
  status: PaymentStatus;
  cardBrand?: string | null;
  receiptUrl?: string | null;
  failureMessage?: string | null;
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

/** Payments (one per checkout) and the transactions recorded for them (at most one per payment). */
export class PaymentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async userEmail(userId: number): Promise<string | null> {
    const row = await this.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
    return row?.email ?? null;
  }

  async insertPayment(payment: NewPayment, now: Date): Promise<PaymentRow> {
    return this.db
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
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async attachProviderPayment(id: number, providerPaymentId: string, clientSecret: string, now: Date): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({ provider_payment_id: providerPaymentId, client_secret: clientSecret, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
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
   * Records what the provider said. A succeeded payment stays succeeded (a late failure event or a
   * second confirmation does not undo it).
   */
  async updateOutcome(id: number, outcome: PaymentOutcome, now: Date): Promise<void> {
    await this.db
      .updateTable('payments')
      .set({
        status: outcome.status,
        ...(outcome.cardBrand !== undefined ? { card_brand: outcome.cardBrand } : {}),
        ...(outcome.receiptUrl !== undefined ? { receipt_url: outcome.receiptUrl } : {}),
        failure_message: outcome.status === 'failed' ? (outcome.failureMessage ?? null) : null,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .where('status', '!=', 'succeeded')
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
   * submission), returns that one with `created: false`. The coupon's use is counted only by the
   * call that created the transaction, in the same database transaction.
   */
  async insertTransactionOnce(transaction: NewTransaction, couponId: number | null, now: Date): Promise<{ row: TransactionRow; created: boolean }> {
    const inserted = await this.db.transaction().execute(async (trx) => {
      const row = await trx
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
        .executeTakeFirst();
      if (row && couponId !== null) {
        await trx
          .updateTable('coupons')
          .set((eb) => ({ used_count: eb('used_count', '+', 1) }))
          .where('id', '=', couponId)
          .execute();
      }
      return row ?? null;
    });
    if (inserted) return { row: inserted, created: true };
    const existing = await this.findTransactionByPayment(transaction.paymentId);
    if (!existing) throw new Error(`transaction for payment ${transaction.paymentId} neither inserted nor found`);
    return { row: existing, created: false };
  }
}
