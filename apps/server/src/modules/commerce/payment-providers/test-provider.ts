import { randomBytes } from 'node:crypto';
import type { PaymentsRepository } from '../payments.repository';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, ProviderPayment } from './payment-provider';

/**
 * The built-in test provider (no Stripe keys set): the payment lives only in the payments row, and
 * POST /transaxtions/test-payments/confirm plays Stripe's test cards against it.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test' as const;
  readonly publishableKey = null;
  readonly testMode = true;

  constructor(private readonly payments: PaymentsRepository) {}

  async createPayment(_input: CreatePaymentInput): Promise<CreatedPayment> {
    const id = `testpi_${randomBytes(12).toString('hex')}`;
    return { id, clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}` };
  }

  async retrievePayment(id: string): Promise<ProviderPayment | null> {
    const row = await this.payments.findByProviderPaymentId(id);
    if (!row || row.provider !== 'test') return null;
    return {
      id,
      status: row.status,
      amountCents: Number(row.amount_cents),
      currency: row.currency,
      cardBrand: row.card_brand,
      receiptUrl: row.receipt_url,
      failureMessage: row.failure_message,
    };
  }

  /** Nothing outside the payments row: ending the row (checkout.service.ts) is the cancellation. */
  async cancelPayment(id: string): Promise<ProviderPayment | null> {
    const payment = await this.retrievePayment(id);
    if (!payment || payment.status === 'succeeded') return payment;
    return { ...payment, status: 'canceled' };
  }
}
