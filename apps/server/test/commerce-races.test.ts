import { commerceMessages } from '@studio-gallery/contract';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutBody, cartItem, checkout, createCoupon, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type StripeStandIn, startStripeStandIn } from './support/stripe-stand-in';
import { type ApiResponse, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Coupons and payments under races (docs/security.md): a coupon's use is held from checkout, under a
 * database constraint (used + held never exceeds the limit), and released when its payment is
 * cancelled or left unpaid for PAYMENT_HOLD_MINUTES; one priced cart has one open payment.
 */

const refused = (message: string) => ({ message });
/** Past the 30-minute hold of an unpaid payment. */
const PAST_THE_HOLD_HOURS = 31 / 60;

interface Shoot {
  user: TestUser;
  sessionId: number;
  photoIds: number[];
}

async function customerWithPhotos(t: TestApp, count: number): Promise<Shoot> {
  const user = await t.createUser();
  const shoot = await importTestShoot(t, user.email, { count });
  return { user, sessionId: shoot.session.id, photoIds: shoot.photoIds };
}

/** A touch-up ($10) of each given photo, with or without a 10 % coupon. */
function cartOf(shoot: Shoot, photoIds: number[], couponCode: string | null = null): CheckoutBody {
  const items = photoIds.map((id) => cartItem(id, shoot.sessionId, 'TOUCHUPSERVICE', 10));
  const gross = photoIds.length * 1000;
  return { grossTotal: couponCode ? gross - gross / 10 : gross, userEmail: shoot.user.email, items, couponCode };
}

async function couponCounts(t: TestApp, id: number) {
  const row = await t.db.kysely.selectFrom('coupons').select(['used_count', 'reserved_count']).where('id', '=', id).executeTakeFirstOrThrow();
  return { used: Number(row.used_count), held: Number(row.reserved_count) };
}

function paymentsOf(t: TestApp, userId: number) {
  return t.db.kysely.selectFrom('payments').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

function confirmTestCard(t: TestApp, user: TestUser, clientSecret: string, cardNumber = '4242424242424242') {
  return t.request('POST', '/api/transaxtions/test-payments/confirm', { token: user.token, body: { clientSecret, cardNumber, expiry: '12/40', cvc: '123' } });
}

function expectNoServerError(responses: ApiResponse[]) {
  for (const response of responses) expect(response.status, JSON.stringify(response.body)).toBeLessThan(500);
}

describe('with the test provider', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    await setStudioPrices(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('a one-use coupon', () => {
    it('used one after another: the second checkout is refused with "Invalid coupon or expired!", before and after the first is paid', async () => {
      const shoot = await customerWithPhotos(t, 3);
      const coupon = await createCoupon(t, { maxUses: 1 });

      const first = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[0]!], coupon.code));
      expect(first.status).toBe(200);
      expect(first.body.amount).toBe(900);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });

      // While the first payment is open, its use is held.
      const second = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[1]!], coupon.code));
      expect(second.status).toBe(400);
      expect(second.body).toEqual(refused(commerceMessages.couponInvalid));

      // Paid: the held use becomes a spent one, and the coupon stays refused.
      await confirmTestCard(t, shoot.user, first.body.clientSecret);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 1, held: 0 });
      const third = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[2]!], coupon.code));
      expect(third.status).toBe(400);
      expect(third.body).toEqual(refused(commerceMessages.couponInvalid));
      // The coupon lookup agrees.
      expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`, { token: shoot.user.token })).status).toBe(204);
    });

    it('10 checkouts of different carts at once: exactly one gets the discount, the other nine a 400, no 5xx', async () => {
      const shoot = await customerWithPhotos(t, 10);
      const coupon = await createCoupon(t, { maxUses: 1 });

      const responses = await Promise.all(shoot.photoIds.map((id) => checkout(t, shoot.user, cartOf(shoot, [id], coupon.code))));
      expectNoServerError(responses);
      const discounted = responses.filter((r) => r.status === 200);
      expect(discounted).toHaveLength(1);
      expect(discounted[0]!.body.amount).toBe(900);
      for (const response of responses.filter((r) => r.status !== 200)) {
        expect(response.status).toBe(400);
        expect(response.body).toEqual(refused(commerceMessages.couponInvalid));
      }
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });
      expect((await paymentsOf(t, shoot.user.id)).filter((p) => p.coupon_id === coupon.id)).toHaveLength(1);
    });

    it('a three-use coupon checked out 10 times at once by different customers: exactly three discounted checkouts', async () => {
      const coupon = await createCoupon(t, { maxUses: 3 });
      const shoots = await Promise.all(Array.from({ length: 10 }, () => customerWithPhotos(t, 1)));
      const responses = await Promise.all(shoots.map((shoot) => checkout(t, shoot.user, cartOf(shoot, shoot.photoIds, coupon.code))));
      expectNoServerError(responses);
      expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
      expect(responses.filter((r) => r.status === 400)).toHaveLength(7);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 3 });
    });
  });

  describe('one cart checked out again', () => {
    it('10 checkouts of the same cart at once answer one payment: the same paymentId and clientSecret', async () => {
      const shoot = await customerWithPhotos(t, 2);
      const coupon = await createCoupon(t, { maxUses: 1 });
      const body = cartOf(shoot, shoot.photoIds, coupon.code);

      const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(t, shoot.user, body)));
      for (const response of responses) {
        expect(response.status, JSON.stringify(response.body)).toBe(200);
        expect(response.body.amount).toBe(1800);
      }
      expect(new Set(responses.map((r) => r.body.paymentId)).size).toBe(1);
      expect(new Set(responses.map((r) => r.body.clientSecret)).size).toBe(1);
      expect(await paymentsOf(t, shoot.user.id)).toHaveLength(1);
      // One payment holds one use, however many times its cart was checked out.
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });
    });

    it('answers the open payment later too (items in any order); another cart, or the same cart once paid, gets a new payment', async () => {
      const shoot = await customerWithPhotos(t, 2);
      const body = cartOf(shoot, shoot.photoIds);
      const first = await checkout(t, shoot.user, body);
      const again = await checkout(t, shoot.user, { ...body, items: [...body.items].reverse() });
      expect(again.status).toBe(200);
      expect(again.body).toEqual(first.body);

      const smaller = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[0]!]));
      expect(smaller.status).toBe(200);
      expect(smaller.body.paymentId).not.toBe(first.body.paymentId);
      expect(smaller.body.amount).toBe(1000);

      // A declined card leaves the payment open for another card: still the same payment.
      expect((await confirmTestCard(t, shoot.user, first.body.clientSecret, '4000000000000002')).status).toBe(402);
      expect((await checkout(t, shoot.user, body)).body.paymentId).toBe(first.body.paymentId);

      await confirmTestCard(t, shoot.user, first.body.clientSecret);
      const afterPaying = await checkout(t, shoot.user, body);
      expect(afterPaying.status).toBe(200);
      expect(afterPaying.body.paymentId).not.toBe(first.body.paymentId);
    });

    it('another customer never gets someone else\'s payment', async () => {
      const coupon = await createCoupon(t);
      const [a, b] = await Promise.all([customerWithPhotos(t, 1), customerWithPhotos(t, 1)]);
      const [fromA, fromB] = await Promise.all([checkout(t, a.user, cartOf(a, a.photoIds, coupon.code)), checkout(t, b.user, cartOf(b, b.photoIds, coupon.code))]);
      expect(fromA.status).toBe(200);
      expect(fromB.status).toBe(200);
      expect(fromA.body.paymentId).not.toBe(fromB.body.paymentId);
    });
  });

  describe('releasing a held use', () => {
    it('a payment left unpaid past 30 minutes releases its use: the coupon works again, the old payment can no longer be paid', async () => {
      const holder = await customerWithPhotos(t, 1);
      const other = await customerWithPhotos(t, 1);
      const coupon = await createCoupon(t, { maxUses: 1 });
      const held = await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code));
      expect(held.status).toBe(200);
      // Held for someone else: the lookup and the checkout both refuse it; the holder's own lookup does not.
      expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`, { token: other.user.token })).status).toBe(204);
      expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`, { token: holder.user.token })).status).toBe(200);
      expect((await checkout(t, other.user, cartOf(other, other.photoIds, coupon.code))).body).toEqual(refused(commerceMessages.couponInvalid));

      t.clock.advanceHours(PAST_THE_HOLD_HOURS);
      expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`, { token: other.user.token })).status).toBe(200);
      const released = await checkout(t, other.user, cartOf(other, other.photoIds, coupon.code));
      expect(released.status).toBe(200);
      expect(released.body.amount).toBe(900);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });

      // The expired payment was cancelled: its card form is refused, and its cart starts a new payment.
      const late = await confirmTestCard(t, holder.user, held.body.clientSecret);
      expect(late.status).toBe(400);
      expect(late.body).toEqual(refused(commerceMessages.paymentExpired));
      const [expired] = await paymentsOf(t, holder.user.id);
      expect(expired).toMatchObject({ status: 'canceled', cart_key: null });
      // The coupon is now the other customer's; the holder's cart is refused it, and without it is a new payment.
      expect((await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code))).body).toEqual(refused(commerceMessages.couponInvalid));
      const fresh = await checkout(t, holder.user, cartOf(holder, holder.photoIds));
      expect(fresh.status).toBe(200);
      expect(fresh.body.paymentId).not.toBe(held.body.paymentId);
    });

    it('a payment confirmed past its 30 minutes is refused and releases its use at once', async () => {
      const shoot = await customerWithPhotos(t, 2);
      const coupon = await createCoupon(t, { maxUses: 1 });
      const held = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[0]!], coupon.code));
      t.clock.advanceHours(PAST_THE_HOLD_HOURS);
      expect((await confirmTestCard(t, shoot.user, held.body.clientSecret)).body).toEqual(refused(commerceMessages.paymentExpired));
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 0 });
      const paid = await payWithTestCard(t, shoot.user, cartOf(shoot, [shoot.photoIds[1]!], coupon.code));
      expect(paid.checkout.amount).toBe(900);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 1, held: 0 });
    });

    it('a declined card keeps the use for another card on the same payment; paying spends it once', async () => {
      const shoot = await customerWithPhotos(t, 2);
      const coupon = await createCoupon(t, { maxUses: 1 });
      const started = await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[0]!], coupon.code));
      expect((await confirmTestCard(t, shoot.user, started.body.clientSecret, '4000000000000002')).status).toBe(402);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });

      expect((await confirmTestCard(t, shoot.user, started.body.clientSecret)).status).toBe(200);
      const recorded = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.request('POST', '/api/transaxtions', {
            token: shoot.user.token,
            body: { paymentType: 'Test', referenceId: started.body.paymentId, grossTotal: 900, total: 900 },
          }),
        ),
      );
      for (const response of recorded) expect(response.status).toBe(200);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 1, held: 0 });
      expect((await checkout(t, shoot.user, cartOf(shoot, [shoot.photoIds[1]!], coupon.code))).body).toEqual(refused(commerceMessages.couponInvalid));
    });

    it('the database refuses more held and spent uses than the limit, whatever the code does', async () => {
      const coupon = await createCoupon(t, { maxUses: 1, usedCount: 1 });
      await expect(t.db.kysely.updateTable('coupons').set({ reserved_count: 1 }).where('id', '=', coupon.id).execute()).rejects.toThrow(/check/i);
      await expect(t.db.kysely.updateTable('coupons').set({ used_count: 2 }).where('id', '=', coupon.id).execute()).rejects.toThrow(/check/i);
      expect(await couponCounts(t, coupon.id)).toEqual({ used: 1, held: 0 });
    });
  });
});

describe('with Stripe', () => {
  const WEBHOOK_SECRET = 'whsec_test_races';
  let stripe: StripeStandIn;
  let t: TestApp;

  beforeAll(async () => {
    stripe = await startStripeStandIn();
    t = await startTestApp({
      STRIPE_SECRET_KEY: 'sk_test_races',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_races',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    });
    await setStudioPrices(t);
  });
  afterAll(async () => {
    await t?.close();
    await stripe?.close();
  });

  function sendWebhook(event: Record<string, unknown>) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
    return t.request('POST', '/api/transaxtions/webhook', { rawBody: payload, contentType: 'application/json', headers: { 'stripe-signature': signature } });
  }

  it('10 checkouts of one cart at once reuse one PaymentIntent', async () => {
    const shoot = await customerWithPhotos(t, 2);
    const before = stripe.intents.size;
    const responses = await Promise.all(Array.from({ length: 10 }, () => checkout(t, shoot.user, cartOf(shoot, shoot.photoIds))));
    for (const response of responses) expect(response.status).toBe(200);
    expect(new Set(responses.map((r) => r.body.paymentId)).size).toBe(1);
    expect(new Set(responses.map((r) => r.body.clientSecret)).size).toBe(1);
    expect(stripe.intents.size - before).toBe(1);
    expect(stripe.intents.get(responses[0]!.body.paymentId)?.client_secret).toBe(responses[0]!.body.clientSecret);
  });

  it('an unpaid PaymentIntent is cancelled at Stripe after 30 minutes before its coupon use goes to someone else', async () => {
    const holder = await customerWithPhotos(t, 1);
    const other = await customerWithPhotos(t, 1);
    const coupon = await createCoupon(t, { maxUses: 1 });
    const held = await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code));
    expect(held.status).toBe(200);
    expect((await checkout(t, other.user, cartOf(other, other.photoIds, coupon.code))).status).toBe(400);

    t.clock.advanceHours(PAST_THE_HOLD_HOURS);
    const released = await checkout(t, other.user, cartOf(other, other.photoIds, coupon.code));
    expect(released.status).toBe(200);
    expect(stripe.intents.get(held.body.paymentId)?.status).toBe('canceled');
    expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });
  });

  it('keeps the use of an expired PaymentIntent that Stripe says succeeded', async () => {
    const holder = await customerWithPhotos(t, 1);
    const other = await customerWithPhotos(t, 1);
    const coupon = await createCoupon(t, { maxUses: 1 });
    const held = await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code));
    stripe.markSucceeded(held.body.paymentId);
    t.clock.advanceHours(PAST_THE_HOLD_HOURS);
    // Not cancellable at Stripe: the use stays with the paid payment.
    expect((await checkout(t, other.user, cartOf(other, other.photoIds, coupon.code))).body).toEqual(refused(commerceMessages.couponInvalid));
    expect(stripe.intents.get(held.body.paymentId)?.status).toBe('succeeded');
    const recorded = await t.request('POST', '/api/transaxtions', {
      token: holder.user.token,
      body: { paymentType: 'Stripe', referenceId: held.body.paymentId, grossTotal: 900, total: 900 },
    });
    expect(recorded.status).toBe(200);
    expect(await couponCounts(t, coupon.id)).toEqual({ used: 1, held: 0 });
  });

  it('payment_intent.canceled releases the use; payment_intent.payment_failed (another card may follow) keeps it', async () => {
    const holder = await customerWithPhotos(t, 1);
    const coupon = await createCoupon(t, { maxUses: 1 });
    const held = await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code));

    stripe.markFailed(held.body.paymentId);
    expect((await sendWebhook(stripe.event('payment_intent.payment_failed', held.body.paymentId))).status).toBe(200);
    expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });

    stripe.markCanceled(held.body.paymentId);
    expect((await sendWebhook(stripe.event('payment_intent.canceled', held.body.paymentId))).status).toBe(200);
    expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 0 });
    const [payment] = await paymentsOf(t, holder.user.id);
    expect(payment).toMatchObject({ status: 'canceled', cart_key: null });
    // The same cart now starts a new PaymentIntent, and takes the use again.
    const again = await checkout(t, holder.user, cartOf(holder, holder.photoIds, coupon.code));
    expect(again.status).toBe(200);
    expect(again.body.paymentId).not.toBe(held.body.paymentId);
    expect(await couponCounts(t, coupon.id)).toEqual({ used: 0, held: 1 });
  });
});
