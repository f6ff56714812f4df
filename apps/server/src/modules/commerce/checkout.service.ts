import { createHash, randomUUID } from 'node:crypto';
import {
  type CheckoutResponse,
  type PaymentConfig,
  type TransactionRecord,
  commerceMessages,
  type CartItem,
  MIN_PAYMENT_CENTS,
  PAYMENT_CURRENCY,
  isValidCardNumber,
  normalizeEmail,
  testCards,
} from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Clock } from '../../clock';
import type { PaymentRow, TransactionRow } from '../../db/schema';
import { NotFoundError, PaymentDeclinedError, ServiceUnavailableError, ValidationError } from '../../errors';
import type { OrdersService } from '../orders/orders.service';
import type { CreatedPayment, PaymentProvider, ProviderPayment } from './payment-providers/payment-provider';
import { StripePaymentProvider, providerPaymentOf } from './payment-providers/stripe-provider';
import { NoCouponUseLeftError, type PaymentsRepository } from './payments.repository';
import type { PricedCart, PricingService } from './pricing.service';

/**
 * How long a checkout's payment stays open unpaid. Until then the same cart checked out again answers
 * the same payment, and the payment holds its coupon's use; after it, the next checkout of that cart or
 * coupon ends the payment (cancelled at the provider first) and releases the use.
 */
export const PAYMENT_HOLD_MINUTES = 30;

/**
 * The idempotency key of a checkout: the priced cart (who, which photos with which services at which
 * prices and tax, which coupon, how much, with which provider), not the request.
 */
export function cartKeyOf(userId: number, priced: PricedCart, provider: PaymentProvider['name']): string {
  const items = priced.items
    .map((item) => [item.imageid, item.serviceType, item.priceCents, item.taxBasisPoints] as const)
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  const key = { v: 1, provider, userId, items, couponId: priced.coupon?.id ?? null, amount: priced.totals.totalCents, currency: PAYMENT_CURRENCY };
  return createHash('sha256').update(JSON.stringify(key)).digest('hex');
}

export interface CheckoutCommand {
  grossTotal: number;
  userEmail?: string | null;
  items: CartItem[];
  couponCode?: string | null;
}

export interface TransactionCommand {
  paymentType: string;
  referenceId: string;
  cardBrand?: string | null;
  receiptUrl?: string | null;
  grossTotal: number;
  total: number;
}

export interface TestCardCommand {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

function toTransactionRecord(row: TransactionRow): TransactionRecord {
  return {
    id: row.id,
    referenceId: row.reference_id,
    paymentType: row.payment_type,
    cardBrand: row.card_brand,
    receiptUrl: row.receipt_url,
    grossTotal: Number(row.gross_total_cents),
    total: Number(row.total_cents),
    createdAt: row.created_at,
  };
}

function brandOfNumber(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'unknown';
}

/** MM/YY, not before the current month. */
function isValidExpiry(expiry: string, now: Date): boolean {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry);
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  return year * 12 + month >= now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}

/**
 * Checkout (spec §4 "Checkout", §5): the server prices the cart, starts the card payment for exactly
 * that amount, records the transaction only once the provider confirms it, and completes the order
 * from Stripe's webhook when the browser does not. One priced cart has one open payment, which holds
 * one use of its coupon until it is paid (the use is spent) or ended unpaid (the use is released).
 */
export class CheckoutService {
  constructor(
    private readonly pricing: PricingService,
    private readonly payments: PaymentsRepository,
    private readonly provider: PaymentProvider,
    private readonly orders: OrdersService,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  get providerName(): PaymentProvider['name'] {
    return this.provider.name;
  }

  config(): PaymentConfig {
    return { provider: this.provider.name, publishableKey: this.provider.publishableKey, testMode: this.provider.testMode };
  }

  async checkout(userId: number, command: CheckoutCommand): Promise<CheckoutResponse> {
    const email = await this.payments.userEmail(userId);
    const given = command.userEmail?.trim() ?? '';
    if (!email || given === '' || normalizeEmail(given) !== email) throw new ValidationError(commerceMessages.emailRequiredForPayment);

    const priced = await this.pricing.priceCart(userId, command.items, command.couponCode);
    const total = priced.totals.totalCents;
    if (command.grossTotal !== total) throw new ValidationError(commerceMessages.cartChanged);
    if (total === 0) throw new ValidationError(commerceMessages.freeOrderNoPayment);
    if (total <= MIN_PAYMENT_CENTS) throw new ValidationError(commerceMessages.minimumPayment);

    const cartKey = cartKeyOf(userId, priced, this.provider.name);
    const limitedCoupon = priced.coupon && priced.coupon.max_uses !== null ? priced.coupon.id : null;
    await this.endExpiredPayments(await this.payments.findExpiredOpen({ cartKey, couponId: limitedCoupon }, this.clock()));

    const now = this.clock();
    let opened;
    try {
      opened = await this.payments.openPayment(
        {
          userId,
          provider: this.provider.name,
          providerPaymentId: `pending_${randomUUID()}`,
          amountCents: total,
          currency: PAYMENT_CURRENCY,
          items: priced.items,
          couponId: priced.coupon?.id ?? null,
          couponCode: priced.coupon?.code ?? null,
          itemPriceCents: priced.totals.itemPriceCents,
          taxCents: priced.totals.taxCents,
          discountHundredths: Math.round(priced.totals.discountPercentage * 100),
          discountCents: priced.totals.discountCents,
          cartKey,
          expiresAt: new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000),
        },
        now,
      );
    } catch (error) {
      if (error instanceof NoCouponUseLeftError) throw new ValidationError(commerceMessages.couponInvalid);
      throw error;
    }
    const { payment, created } = opened;
    const provided =
      payment.client_secret !== null ? { id: payment.provider_payment_id, clientSecret: payment.client_secret } : await this.startProviderPayment(payment, email, created);
    return {
      clientSecret: provided.clientSecret,
      paymentId: provided.id,
      provider: this.provider.name,
      publishableKey: this.provider.publishableKey,
      amount: total,
      currency: PAYMENT_CURRENCY,
    };
  }

  /**
   * Creates the provider's payment for an open payment row that has none yet and attaches it; when
   * concurrent checkouts of the cart race here, the first attached one is everyone's answer (Stripe's
   * idempotency key is the row, so they all get the same PaymentIntent anyway). When the provider
   * cannot be reached, the request that opened the payment ends it and releases its coupon use.
   */
  private async startProviderPayment(payment: PaymentRow, receiptEmail: string, opened: boolean): Promise<CreatedPayment> {
    const attached = async (): Promise<CreatedPayment | null> => {
      const row = await this.payments.findById(payment.id);
      return row?.client_secret ? { id: row.provider_payment_id, clientSecret: row.client_secret } : null;
    };
    let created: CreatedPayment;
    try {
      created = await this.provider.createPayment({
        amountCents: Number(payment.amount_cents),
        currency: PAYMENT_CURRENCY,
        paymentRowId: payment.id,
        userId: payment.user_id,
        receiptEmail,
      });
    } catch (error) {
      this.log.error({ err: error, paymentId: payment.id }, 'the payment provider refused to create a payment');
      if (opened) await this.payments.endPayment(payment.id, { status: 'failed', failureMessage: commerceMessages.paymentUnavailable }, this.clock(), { onlyIfUnattached: true });
      const other = await attached();
      if (other) return other;
      throw new ServiceUnavailableError(commerceMessages.paymentUnavailable, { cause: error });
    }
    if (await this.payments.attachProviderPayment(payment.id, created.id, created.clientSecret, this.clock())) return created;
    const other = await attached();
    if (other) return other;
    // Ended meanwhile (its opener could not reach the provider).
    throw new ServiceUnavailableError(commerceMessages.paymentUnavailable);
  }

  /**
   * Ends open payments past PAYMENT_HOLD_MINUTES and releases their coupon uses: each is first
   * cancelled at the provider, so it cannot be paid after its use went to someone else. One the
   * provider says succeeded (or is still processing), or that cannot be cancelled now, keeps its use.
   */
  private async endExpiredPayments(expired: PaymentRow[]): Promise<void> {
    await Promise.all(expired.map((payment) => this.endExpiredPayment(payment)));
  }

  private async endExpiredPayment(payment: PaymentRow): Promise<boolean> {
    if (payment.client_secret !== null && payment.provider === this.provider.name) {
      let remote;
      try {
        remote = await this.provider.cancelPayment(payment.provider_payment_id);
      } catch (error) {
        this.log.warn({ err: error, paymentId: payment.id }, 'an expired payment could not be cancelled at the provider; its coupon use stays held');
        return false;
      }
      if (remote && remote.status !== 'canceled') return false;
    }
    return this.payments.endPayment(payment.id, { status: 'canceled', failureMessage: commerceMessages.paymentExpired }, this.clock());
  }

  /** The built-in test provider's card form: Stripe's test cards, with Stripe's messages. */
  async confirmTestCard(userId: number, command: TestCardCommand): Promise<{ status: 'succeeded'; paymentId: string; cardBrand: string }> {
    const payment = await this.payments.findByClientSecret(command.clientSecret);
    if (!payment || payment.user_id !== userId || payment.provider !== 'test') throw new NotFoundError(commerceMessages.paymentNotFound);
    if (payment.status === 'succeeded') {
      return { status: 'succeeded', paymentId: payment.provider_payment_id, cardBrand: payment.card_brand ?? 'unknown' };
    }
    if (payment.status === 'canceled') throw new ValidationError(commerceMessages.paymentExpired);
    if (payment.expires_at !== null && new Date(payment.expires_at).getTime() <= this.clock().getTime()) {
      await this.endExpiredPayment(payment);
      throw new ValidationError(commerceMessages.paymentExpired);
    }
    const digits = command.cardNumber.replace(/[\s-]/g, '');
    if (!isValidCardNumber(digits)) throw new ValidationError(commerceMessages.cardNumberInvalid);
    if (!isValidExpiry(command.expiry, this.clock())) throw new ValidationError(commerceMessages.cardExpiryInvalid);
    if (!/^\d{3,4}$/.test(command.cvc)) throw new ValidationError(commerceMessages.cardIncorrectCvc);

    const card = testCards.find((candidate) => candidate.number === digits);
    const cardBrand = card?.brand ?? brandOfNumber(digits);
    if (card && card.outcome === 'declined') {
      await this.payments.recordDeclined(payment.id, { cardBrand, failureMessage: card.message }, this.clock());
      throw new PaymentDeclinedError(card.message);
    }
    if (!(await this.payments.markSucceeded(payment.id, { cardBrand, receiptUrl: null }, this.clock()))) {
      // A concurrent confirmation paid it, or it was ended meanwhile.
      const current = await this.payments.findById(payment.id);
      if (current?.status !== 'succeeded') throw new ValidationError(commerceMessages.paymentExpired);
      return { status: 'succeeded', paymentId: current.provider_payment_id, cardBrand: current.card_brand ?? cardBrand };
    }
    return { status: 'succeeded', paymentId: payment.provider_payment_id, cardBrand };
  }

  /**
   * POST /transaxtions: only after the provider says the caller's payment succeeded for exactly the
   * amount the server computed; once per payment (repeats answer the same transaction).
   */
  async recordTransaction(userId: number, command: TransactionCommand): Promise<TransactionRecord> {
    const payment = await this.payments.findByProviderPaymentId(command.referenceId);
    if (!payment || payment.user_id !== userId) throw new NotFoundError(commerceMessages.paymentNotFound);
    const amount = Number(payment.amount_cents);
    if (command.grossTotal !== amount || command.total !== amount) throw new ValidationError(commerceMessages.paymentAmountMismatch);

    const existing = await this.payments.findTransactionByPayment(payment.id);
    if (existing) return toTransactionRecord(existing);

    const remote = payment.provider === this.provider.name ? await this.provider.retrievePayment(payment.provider_payment_id) : null;
    if (!remote || remote.status !== 'succeeded') throw new ValidationError(commerceMessages.paymentNotSucceeded);
    if (remote.amountCents !== amount || remote.currency.toLowerCase() !== payment.currency) {
      throw new ValidationError(commerceMessages.paymentAmountMismatch);
    }
    const transaction = await this.recordSucceeded(payment, remote, command.paymentType);
    return toTransactionRecord(transaction);
  }

  private async recordSucceeded(payment: PaymentRow, remote: ProviderPayment, paymentType: string): Promise<TransactionRow> {
    const now = this.clock();
    await this.payments.markSucceeded(payment.id, { cardBrand: remote.cardBrand ?? payment.card_brand, receiptUrl: remote.receiptUrl }, now);
    const { row } = await this.payments.insertTransactionOnce(
      {
        userId: payment.user_id,
        paymentId: payment.id,
        paymentType,
        referenceId: payment.provider_payment_id,
        cardBrand: remote.cardBrand ?? payment.card_brand,
        receiptUrl: remote.receiptUrl,
        grossTotalCents: Number(payment.amount_cents),
        totalCents: Number(payment.amount_cents),
      },
      now,
    );
    return row;
  }

  /**
   * POST /transaxtions/webhook: Stripe's signed events. A succeeded payment is completed exactly
   * as the browser would (transaction, then order; both once), so the order exists even if the
   * browser closed; a failed one is marked failed with Stripe's message.
   */
  async handleStripeWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
    if (!(this.provider instanceof StripePaymentProvider) || !this.provider.webhookSecret) {
      throw new NotFoundError(commerceMessages.webhookNotConfigured);
    }
    const event = this.provider.verifyWebhook(rawBody, signature);
    if (!event) throw new ValidationError(commerceMessages.webhookSignatureInvalid);
    if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed' && event.type !== 'payment_intent.canceled') return;

    const intent = event.data.object as Stripe.PaymentIntent;
    const payment = await this.payments.findByProviderPaymentId(intent.id);
    if (!payment || payment.provider !== 'stripe') {
      this.log.warn({ paymentIntent: intent.id, type: event.type }, 'webhook for an unknown payment ignored');
      return;
    }
    if (event.type === 'payment_intent.payment_failed') {
      // The PaymentIntent takes another card: the payment stays open, with its coupon use.
      await this.payments.recordDeclined(payment.id, { failureMessage: intent.last_payment_error?.message ?? commerceMessages.cardDeclined }, this.clock());
      return;
    }
    if (event.type === 'payment_intent.canceled') {
      const remote = await this.provider.retrievePayment(intent.id);
      if (remote?.status === 'canceled') {
        await this.payments.endPayment(payment.id, { status: 'canceled', failureMessage: `Cancelled at Stripe (${intent.cancellation_reason ?? 'no reason given'}).` }, this.clock());
      }
      return;
    }
    const remote = (await this.provider.retrievePayment(intent.id)) ?? providerPaymentOf(intent);
    if (remote.status !== 'succeeded' || remote.amountCents !== Number(payment.amount_cents) || remote.currency.toLowerCase() !== payment.currency) {
      this.log.warn({ paymentIntent: intent.id, status: remote.status, amount: remote.amountCents }, 'webhook payment does not match its checkout');
      return;
    }
    const transaction = await this.recordSucceeded(payment, remote, 'Stripe');
    await this.orders.completePaidOrder(payment, transaction);
  }
}
