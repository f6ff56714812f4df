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
import { bearerAuth, errorResponses } from './responses';

export interface CommerceRoutesOptions {
  pricing: PricingService;
  checkout: CheckoutService;
}

/** Prices, tax, coupons, checkout, test payments and transactions (docs/api.md "Commerce"). */
export const commerceRoutes: FastifyPluginAsyncZod<CommerceRoutesOptions> = async (app, { pricing, checkout }) => {
  const tags = ['commerce'];

  app.get(
    '/ServicePrice/GetServicePrices',
    { schema: { tags, summary: "The studio's service prices (dollars; null when not set) and turnaround (hours)", response: { 200: servicePricesResponse, ...errorResponses } } },
    async () => pricing.servicePrices(),
  );

  app.get(
    '/TaxDetail/GetTaxDetail/:id',
    { schema: { tags, summary: 'A tax rate as a percentage (id 0: the studio sales tax)', params: taxDetailParams, response: { 200: taxDetailResponse, ...errorResponses } } },
    async (request) => pricing.taxDetail(request.params.id),
  );

  app.get(
    '/ex/service-providers',
    {
      schema: { tags, summary: 'Service providers (who retouches)', querystring: serviceProvidersQuery, response: { 200: serviceProvidersResponse, ...errorResponses } },
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
      schema: {
        tags,
        summary: 'A coupon by code (case-insensitive); 204 when unknown, expired or used up',
        security: bearerAuth,
        params: discountCodeParams,
        response: { 200: discountDetailsResponse, 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => (await pricing.discountDetails(request.params.code)) ?? reply.code(204).send(null),
  );

  app.get(
    '/transaxtions/config',
    { schema: { tags, summary: 'Which card payment provider the browser uses', response: { 200: paymentConfigResponse, ...errorResponses } } },
    async () => checkout.config(),
  );

  app.post(
    '/transaxtions/checkout',
    {
      onRequest: [app.requireUser],
      schema: {
        tags,
        summary: 'Price the cart on the server and start a card payment for exactly that amount',
        security: bearerAuth,
        body: checkoutRequest,
        response: { 200: checkoutResponse, ...errorResponses },
      },
    },
    async (request) => checkout.checkout(currentUserId(request), request.body),
  );

  if (checkout.providerName === 'test') {
    app.post(
      '/transaxtions/test-payments/confirm',
      {
        onRequest: [app.requireUser, app.authRateLimit],
        schema: {
          tags,
          summary: "Built-in test provider only: confirm a payment with one of Stripe's test cards (402 when declined)",
          security: bearerAuth,
          body: testCardConfirmRequest,
          response: { 200: testCardConfirmResponse, ...errorResponses },
        },
      },
      async (request) => checkout.confirmTestCard(currentUserId(request), request.body),
    );
  }

  app.post(
    '/transaxtions',
    {
      onRequest: [app.requireUser],
      schema: {
        tags,
        summary: 'Record the transaction of a payment the provider confirms succeeded (once per payment)',
        security: bearerAuth,
        body: transactionRequest,
        response: { 200: transactionResponse, ...errorResponses },
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
      schema: {
        tags: ['commerce'],
        summary: 'Stripe webhook (Stripe-Signature checked on the raw body): payment_intent.succeeded / payment_failed',
        response: { 200: z.object({ received: z.literal(true) }), ...errorResponses },
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
