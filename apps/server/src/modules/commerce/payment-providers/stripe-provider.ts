import Stripe from 'stripe';
import type { CreatePaymentInput, CreatedPayment, PaymentProvider, ProviderPayment, ProviderPaymentStatus } from './payment-provider';

export interface StripeProviderOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | null;
  /** A local stand-in of Stripe's API (tests, e2e): http(s)://host:port. */
  apiUrl: string | null;
}

/** The SDK's host/port/protocol options for STRIPE_API_URL. */
export function stripeClientOptions(apiUrl: string | null): ConstructorParameters<typeof Stripe>[1] {
  const base = { maxNetworkRetries: 1, timeout: 20_000, telemetry: false };
  if (!apiUrl) return base;
  const url = new URL(apiUrl);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...base, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

function statusOf(intent: Stripe.PaymentIntent): ProviderPaymentStatus {
  if (intent.status === 'succeeded') return 'succeeded';
  if (intent.status === 'canceled') return 'canceled';
  if (intent.status === 'requires_payment_method' && intent.last_payment_error) return 'failed';
  return 'pending';
}

/** What the provider interface reports for a PaymentIntent (with latest_charge expanded or not). */
export function providerPaymentOf(intent: Stripe.PaymentIntent): ProviderPayment {
  const charge = typeof intent.latest_charge === 'object' && intent.latest_charge !== null ? intent.latest_charge : null;
  return {
    id: intent.id,
    status: statusOf(intent),
    amountCents: intent.status === 'succeeded' ? (intent.amount_received ?? intent.amount) : intent.amount,
    currency: intent.currency,
    cardBrand: charge?.payment_method_details?.card?.brand ?? null,
    receiptUrl: charge?.receipt_url ?? null,
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe PaymentIntents in USD cents, card only (Stripe Elements' card form in the browser). */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  readonly testMode: boolean;
  readonly webhookSecret: string | null;
  private readonly stripe: Stripe;

  constructor(options: StripeProviderOptions) {
    this.stripe = new Stripe(options.secretKey, stripeClientOptions(options.apiUrl));
    this.publishableKey = options.publishableKey;
    this.testMode = options.secretKey.startsWith('sk_test_');
    this.webhookSecret = options.webhookSecret;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const intent = await this.stripe.paymentIntents.create(
      {
        amount: input.amountCents,
        currency: input.currency,
        // Card only (Stripe Elements' card form); no automatic payment methods.
        allowed_payment_method_types: ['card'],
        automatic_payment_methods: { enabled: false },
        receipt_email: input.receiptEmail,
        metadata: { userId: String(input.userId), paymentId: String(input.paymentRowId) },
      },
      { idempotencyKey: `studio-gallery-payment-${input.paymentRowId}` },
    );
    if (!intent.client_secret) throw new Error(`Stripe returned no client secret for ${intent.id}`);
    return { id: intent.id, clientSecret: intent.client_secret };
  }

  async retrievePayment(id: string): Promise<ProviderPayment | null> {
    try {
      const intent = await this.stripe.paymentIntents.retrieve(id, { expand: ['latest_charge'] });
      return providerPaymentOf(intent);
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
      throw error;
    }
  }

  async cancelPayment(id: string): Promise<ProviderPayment | null> {
    try {
      return providerPaymentOf(await this.stripe.paymentIntents.cancel(id));
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if (error.statusCode === 404) return null;
      // Not cancellable (succeeded, processing, or cancelled already): what it is now.
      return this.retrievePayment(id);
    }
  }

  /** The verified event, or null when the signature (checked on the raw body) is wrong. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event | null {
    if (!this.webhookSecret || !signature) return null;
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.webhookSecret);
    } catch {
      return null;
    }
  }
}
