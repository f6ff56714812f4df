import { commerceMessages } from '@studio-gallery/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutBody, cartItem, checkout, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/** The Stripe provider, its SDK pointed at a local stand-in of Stripe's API, and the signed webhook. */

const WEBHOOK_SECRET = 'whsec_test_studio_gallery';
const PUBLISHABLE_KEY = 'pk_test_studio_gallery';

let stripe: StripeStandIn;
let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let items: CheckoutBody['items'];

beforeAll(async () => {
  stripe = await startStripeStandIn();
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_studio_gallery',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
  });
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Able' });
  bob = await t.createUser();
  const shoot = await importTestShoot(t, alice.email, { count: 2 });
  items = [cartItem(shoot.photoIds[0]!, shoot.session.id, 'TOUCHUPSERVICE', 10), cartItem(shoot.photoIds[1]!, shoot.session.id, 'BACKGROUNDSERVICE', 9)];
  await setStudioPrices(t);
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const refused = (message: string) => ({ message });

/**
 * Checks out a new cart (of a new shoot): the same cart checked out again would answer its open
 * payment (commerce-races.test.ts), and each test here starts its own. `items` is that cart.
 */
async function startPayment() {
  const shoot = await importTestShoot(t, alice.email, { count: 2 });
  items = [cartItem(shoot.photoIds[0]!, shoot.session.id, 'TOUCHUPSERVICE', 10), cartItem(shoot.photoIds[1]!, shoot.session.id, 'BACKGROUNDSERVICE', 9)];
  const response = await checkout(t, alice, { grossTotal: 1900, userEmail: alice.email, items });
  expect(response.status).toBe(200);
  return response.body as { clientSecret: string; paymentId: string; amount: number };
}

/** What the browser's Stripe.js does: confirm the intent with the publishable key and the client secret. */
function confirmInBrowser(paymentId: string, clientSecret: string, cardNumber: string) {
  return fetch(`${stripe.url}/v1/payment_intents/${paymentId}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_secret: clientSecret, 'payment_method_data[type]': 'card', 'payment_method_data[card][number]': cardNumber }),
  });
}

function recordTransaction(user: TestUser, paymentId: string, amount = 1900) {
  return t.request('POST', '/api/transaxtions', { token: user.token, body: { paymentType: 'Stripe', referenceId: paymentId, grossTotal: amount, total: amount } });
}

function sendWebhook(payload: string, signature: string | null) {
  return t.request('POST', '/api/transaxtions/webhook', {
    rawBody: payload,
    contentType: 'application/json; charset=utf-8',
    headers: signature === null ? {} : { 'stripe-signature': signature },
  });
}

function signed(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function paymentRow(paymentId: string) {
  return t.db.kysely.selectFrom('payments').selectAll().where('provider_payment_id', '=', paymentId).executeTakeFirstOrThrow();
}

describe('Stripe provider', () => {
  it('is used when the keys are set; the test provider and its confirm call are not', async () => {
    expect((await t.request('GET', '/api/transaxtions/config')).body).toEqual({ provider: 'stripe', publishableKey: PUBLISHABLE_KEY, testMode: true });
    const confirm = await t.request('POST', '/api/transaxtions/test-payments/confirm', {
      token: alice.token,
      body: { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(confirm.status).toBe(404);
  });

  it('creates a card-only PaymentIntent in USD cents for the server-priced amount, once per payment row', async () => {
    const started = await startPayment();
    const intent = stripe.intents.get(started.paymentId);
    expect(intent).toMatchObject({ amount: 1900, currency: 'usd', client_secret: started.clientSecret, receipt_email: alice.email, payment_method_types: ['card'] });
    const row = await paymentRow(started.paymentId);
    expect(row).toMatchObject({ provider: 'stripe', status: 'pending', amount_cents: 1900, user_id: alice.id });
    expect(intent?.metadata).toEqual({ userId: String(alice.id), paymentId: String(row.id) });
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && r.body.metadata && (r.body.metadata as Record<string, string>).paymentId === String(row.id));
    expect(create?.idempotencyKey).toBe(`studio-gallery-payment-${row.id}`);
    expect(create?.body.automatic_payment_methods).toEqual({ enabled: 'false' });
  });

  it('records the transaction only after Stripe says the payment succeeded, for the same amount', async () => {
    const started = await startPayment();
    expect((await recordTransaction(alice, started.paymentId)).body).toEqual(refused(commerceMessages.paymentNotSucceeded));

    const declined = await confirmInBrowser(started.paymentId, started.clientSecret, '4000000000000002');
    expect(declined.status).toBe(402);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe(commerceMessages.cardDeclined);
    expect((await recordTransaction(alice, started.paymentId)).body).toEqual(refused(commerceMessages.paymentNotSucceeded));

    expect((await confirmInBrowser(started.paymentId, started.clientSecret, '4242424242424242')).status).toBe(200);
    expect((await recordTransaction(bob, started.paymentId)).status).toBe(404);
    const recorded = await recordTransaction(alice, started.paymentId);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toMatchObject({ referenceId: started.paymentId, cardBrand: 'visa', grossTotal: 1900, total: 1900 });
    expect(recorded.body.receiptUrl).toContain(started.paymentId);
    expect((await paymentRow(started.paymentId)).status).toBe('succeeded');

    const order = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: { transactionId: recorded.body.id, totalPrice: 19, orderDetails: items } });
    expect(order.status).toBe(200);
    expect(order.body.order).toMatchObject({ totalPrice: 19, cardBrand: 'visa', status: 'PENDING' });
  });

  it('refuses a payment Stripe took for another amount', async () => {
    const started = await startPayment();
    stripe.markSucceeded(started.paymentId);
    stripe.setAmount(started.paymentId, 100);
    const response = await recordTransaction(alice, started.paymentId);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(refused(commerceMessages.paymentAmountMismatch));
  });
});

describe('POST /api/transaxtions/webhook', () => {
  it('refuses a bad, missing or foreign signature and a changed body with 400, changing nothing', async () => {
    const started = await startPayment();
    stripe.markSucceeded(started.paymentId);
    const event = stripe.event('payment_intent.succeeded', started.paymentId);
    const good = signed(event);
    const attempts = [
      sendWebhook(good.payload, null),
      sendWebhook(good.payload, 't=1,v1=deadbeef'),
      sendWebhook(good.payload, signed(event, 'whsec_someone_else').signature),
      sendWebhook(good.payload.replace('"livemode":false', '"livemode":true'), good.signature),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.webhookSignatureInvalid));
    }
    expect((await paymentRow(started.paymentId)).status).toBe('pending');
    const row = await paymentRow(started.paymentId);
    expect(await t.db.kysely.selectFrom('transactions').select('id').where('payment_id', '=', row.id).execute()).toEqual([]);
  });

  it('completes the order from a signed payment_intent.succeeded, once, and the browser then gets the same order', async () => {
    const before = (await t.request('GET', '/api/SpecialRequest', { token: alice.token })).body.length;
    const started = await startPayment();
    stripe.markSucceeded(started.paymentId);
    const { payload, signature } = signed(stripe.event('payment_intent.succeeded', started.paymentId));
    const responses = await Promise.all([sendWebhook(payload, signature), sendWebhook(payload, signature), sendWebhook(payload, signature)]);
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ received: true });
    }
    const orders = (await t.request('GET', '/api/SpecialRequest', { token: alice.token })).body;
    expect(orders).toHaveLength(before + 1);
    expect(orders[0]).toMatchObject({ totalPrice: 19, cardBrand: 'visa' });
    expect((await paymentRow(started.paymentId)).status).toBe('succeeded');

    // The browser comes back late: same transaction, same order.
    const recorded = await recordTransaction(alice, started.paymentId);
    expect(recorded.body.id).toBe(orders[0].transactionId);
    const order = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: { transactionId: recorded.body.id, totalPrice: 19, orderDetails: items } });
    expect(order.body.order.id).toBe(orders[0].id);
    expect((await t.request('GET', '/api/SpecialRequest', { token: alice.token })).body).toHaveLength(before + 1);
  });

  it('marks a payment failed from payment_intent.payment_failed, with Stripe\'s message', async () => {
    const started = await startPayment();
    stripe.markFailed(started.paymentId, commerceMessages.cardInsufficientFunds);
    const { payload, signature } = signed(stripe.event('payment_intent.payment_failed', started.paymentId));
    expect((await sendWebhook(payload, signature)).status).toBe(200);
    expect(await paymentRow(started.paymentId)).toMatchObject({ status: 'failed', failure_message: commerceMessages.cardInsufficientFunds });
    expect((await recordTransaction(alice, started.paymentId)).body).toEqual(refused(commerceMessages.paymentNotSucceeded));
  });

  it('ignores events for payments it does not know, and other event types', async () => {
    const foreign = signed({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_unknown', object: 'payment_intent' } } });
    expect((await sendWebhook(foreign.payload, foreign.signature)).status).toBe(200);
    const other = signed({ id: 'evt_2', object: 'event', type: 'charge.refunded', data: { object: { id: 'ch_1', object: 'charge' } } });
    expect((await sendWebhook(other.payload, other.signature)).status).toBe(200);
  });
});

describe('content security policy with Stripe on', () => {
  it("lets the web app load Stripe.js and call Stripe's API (here the stand-in), and nothing more", async () => {
    // A document's header (the API document's page here: this app serves no web build).
    const response = await fetch(`${t.baseUrl}/api/docs/`);
    expect(response.headers.get('content-type')).toContain('text/html');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/js\.stripe\.com/);
    expect(csp).toContain(`connect-src 'self' https://accounts.google.com/gsi/ ${new URL(stripe.url).origin}`);
  });
});
