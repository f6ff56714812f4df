import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  checkoutRequest,
  checkoutResponse,
  discountCodeParams,
  discountDetailsResponse,
  paymentConfigResponse,
  serviceProvidersQuery,
  serviceProvidersResponse,
  servicePricesResponse,
  taxDetailParams,
  taxDetailResponse,
  testCardConfirmRequest,
  testCardConfirmResponse,
  transactionRequest,
  transactionResponse,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { CheckoutService } from '../../modules/commerce/checkout.service';
import type { PricingService } from '../../modules/commerce/pricing.service';
import { currentUserId } from '../../plugins/auth';

export interface CommerceRoutesOptions {
  pricing: PricingService;
  checkout: CheckoutService;
}

/** Prices, tax, coupons, checkout, test payments and transactions (docs/api.md "Commerce"). */
export const commerceRoutes: FastifyPluginAsyncZod<CommerceRoutesOptions> = async (app, { pricing, checkout }) => {
  const tags = ['commerce'];

  app.get(
    '/ServicePrice/GetServicePrices',
    {
      config: { operation: { operationId: 'getServicePrices', access: 'public', answers: { 200: 'The prices and turnaround' } } },
      schema: { tags, summary: "The studio's service prices (dollars; null when not set) and turnaround (hours)", response: { 200: servicePricesResponse } },
    },
    async () => pricing.servicePrices(),
  );

  app.get(
    '/TaxDetail/GetTaxDetail/:id',
    {
      config: {
        operation: { operationId: 'getTaxDetail', access: 'public', answers: { 200: 'The tax rate' }, errors: [404], sample: () => ({ params: { id: 0 } }) },
      },
      schema: { tags, summary: 'A tax rate as a percentage (id 0: the studio sales tax)', params: taxDetailParams, response: { 200: taxDetailResponse } },
    },
    async (request) => pricing.taxDetail(request.params.id),
  );

  app.get(
    '/ex/service-providers',
    {
      config: { operation: { operationId: 'listServiceProviders', access: 'public', answers: { 200: 'The providers (only the default with isDefault.equals=true)' } } },
      schema: { tags, summary: 'Service providers (who retouches)', querystring: serviceProvidersQuery, response: { 200: serviceProvidersResponse } },
    },
    async (request) => {
      const flag = request.query['isDefault.equals'];
      return pricing.serviceProviders(flag === undefined ? null : flag === 'true');
    },
  );

  app.get(
    '/discount/GetDiscountDetails/:code',
    {
      onRequest: [app.requireUser, app.authRateLimit],
      config: {
        operation: {
          operationId: 'getDiscountDetails',
          access: 'user',
          answers: { 200: 'The coupon: usable', 204: 'No usable coupon: unknown, expired or used up' },
          // Coupons belong to no customer: any signed-in customer may look one up (counted as a sign-in attempt).
          expect: { otherCustomer: 204 },
          sample: () => ({ params: { code: 'NO-SUCH-COUPON' } }),
        },
      },
      schema: {
        tags,
        summary: 'A coupon by code (case-insensitive); 204 when unknown, expired or used up',
        params: discountCodeParams,
        response: { 200: discountDetailsResponse, 204: z.null() },
      },
    },
    async (request, reply) => (await pricing.discountDetails(request.params.code, currentUserId(request))) ?? reply.code(204).send(null),
  );

  app.get(
    '/transaxtions/config',
    {
      config: { operation: { operationId: 'getPaymentConfig', access: 'public', answers: { 200: 'The provider and, for Stripe, its publishable key' } } },
      schema: { tags, summary: 'Which card payment provider the browser uses', response: { 200: paymentConfigResponse } },
    },
    async () => checkout.config(),
  );

  app.post(
    '/transaxtions/checkout',
    {
      onRequest: [app.requireUser],
      config: {
        operation: {
          operationId: 'startCheckout',
          access: 'user',
          answers: { 200: 'The payment to confirm in the card form' },
          errors: [503],
          // The first customer's photos and address: not the caller's, so the cart is refused.
          expect: { otherCustomer: 400 },
          sample: (r) => ({
            body: {
              grossTotal: 1000,
              userEmail: r.email,
              items: [{ imageid: r.photoId, image: r.photoUrl, name: 'photo', price: 10, tax: 0, serviceType: 'TOUCHUPSERVICE', sessionid: r.sessionId }],
            },
          }),
        },
      },
      schema: {
        tags,
        summary: 'Price the cart on the server and start a card payment for exactly that amount',
        description: "400 when the cart is not the caller's, changed against the studio's prices, or is below the minimum; 503 when the card provider is unreachable.",
        body: checkoutRequest,
        response: { 200: checkoutResponse },
      },
    },
    async (request) => checkout.checkout(currentUserId(request), request.body),
  );

  if (checkout.providerName === 'test') {
    app.post(
      '/transaxtions/test-payments/confirm',
      {
        onRequest: [app.requireUser, app.authRateLimit],
        config: {
          operation: {
            operationId: 'confirmTestPayment',
            access: 'user',
            answers: { 200: 'The payment succeeded' },
            errors: [402, 404],
            expect: { otherCustomer: 404 },
            sample: (r) => ({ body: { clientSecret: r.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' } }),
          },
        },
        schema: {
          tags,
          summary: "Built-in test provider only: confirm a payment with one of Stripe's test cards (402 when declined)",
          body: testCardConfirmRequest,
          response: { 200: testCardConfirmResponse },
        },
      },
      async (request) => checkout.confirmTestCard(currentUserId(request), request.body),
    );
  }

  app.post(
    '/transaxtions',
    {
      onRequest: [app.requireUser],
      config: {
        operation: {
          operationId: 'recordTransaction',
          access: 'user',
          answers: { 200: 'The transaction (the same one again for a payment already recorded)' },
          errors: [404],
          expect: { otherCustomer: 404 },
          sample: (r) => ({ body: { paymentType: 'Stripe', referenceId: r.paymentId, grossTotal: 1000, total: 1000 } }),
        },
      },
      schema: {
        tags,
        summary: 'Record the transaction of a payment the provider confirms succeeded (once per payment)',
        description: '400 when the provider has not confirmed the payment or the amounts differ from it.',
        body: transactionRequest,
        response: { 200: transactionResponse },
      },
    },
    async (request) => checkout.recordTransaction(currentUserId(request), request.body),
  );

  await app.register(stripeWebhookRoute, { checkout });
};

/**
 * Stripe's webhook. Its own plugin scope, so the raw-body JSON parser it needs (the signature is
 * over the exact bytes) applies to this route only.
 */
const stripeWebhookRoute: FastifyPluginAsyncZod<{ checkout: CheckoutService }> = async (app, { checkout }) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/transaxtions/webhook',
    {
      config: {
        operation: {
          operationId: 'receiveStripeWebhook',
          access: 'webhook',
          answers: { 200: 'Received' },
          errors: [400, 404, 413, 415],
          // Without Stripe configured (the matrix's app) there is no webhook: 404 whoever calls; with it, 400 without Stripe's signature.
          expect: { anonymous: 404, otherCustomer: 404, visitor: 404 },
          sample: () => ({ body: { type: 'payment_intent.succeeded' } }),
        },
      },
      schema: {
        tags: ['commerce'],
        summary: 'Stripe webhook (Stripe-Signature checked on the raw body): payment_intent.succeeded / payment_failed',
        description: '400 when the Stripe-Signature does not match the body; 404 when Stripe webhooks are not configured.',
        response: { 200: z.object({ received: z.literal(true) }) },
      },
    },
    async (request) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      await checkout.handleStripeWebhook(body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};
