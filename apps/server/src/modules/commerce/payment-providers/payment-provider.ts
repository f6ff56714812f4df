import type { PaymentProviderName } from '@studio-gallery/contract';

export interface CreatePaymentInput {
  /** USD cents. */
  amountCents: number;
  currency: 'usd';
  /** The payments row this is for: the idempotency key and metadata name it. */
  paymentRowId: number;
  userId: number;
  receiptEmail: string;
}

export interface CreatedPayment {
  /** The provider's payment id (Stripe: the PaymentIntent id). */
  id: string;
  clientSecret: string;
}

/** 'failed': the last attempt was declined (another may follow); 'canceled': it can no longer be paid. */
export type ProviderPaymentStatus = 'pending' | 'succeeded' | 'failed' | 'canceled';

/** What the provider says about a payment now. */
export interface ProviderPayment {
  id: string;
  status: ProviderPaymentStatus;
  amountCents: number;
  currency: string;
  cardBrand: string | null;
  receiptUrl: string | null;
  failureMessage: string | null;
}

/** A card payment provider: Stripe, or the built-in test provider. */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Stripe's publishable key; null for the test provider. */
  readonly publishableKey: string | null;
  readonly testMode: boolean;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Null when the provider does not know the payment. */
  retrievePayment(id: string): Promise<ProviderPayment | null>;
  /**
   * Makes sure the payment can no longer be paid, and says what it is now: 'canceled', or 'succeeded'
   * (or 'pending' while Stripe is processing it) when it was too late. Null when the provider does not
   * know it. Throws when the provider cannot be asked.
   */
  cancelPayment(id: string): Promise<ProviderPayment | null>;
}
