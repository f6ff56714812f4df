import { commerceMessages, computeCartTotals, messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PricingRepository } from '../src/modules/commerce/pricing.repository';
import { type CheckoutBody, cartItem, checkout, createCoupon, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/** Commerce over HTTP with the built-in test provider (no Stripe keys): prices, coupons, checkout, orders. */

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let aliceSession: { id: number; code: string };
let alicePhotos: number[];
let bobPhotos: number[];
const STUDIO_EMAIL = 'retouch-studio@example.com';

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Able' });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker' });
  const shoot = await importTestShoot(t, alice.email, { count: 4, retouchedEvery: 4 });
  aliceSession = { id: shoot.session.id, code: shoot.session.code };
  alicePhotos = shoot.photoIds;
  bobPhotos = (await importTestShoot(t, bob.email, { count: 2 })).photoIds;
  await setStudioPrices(t, { providerEmail: STUDIO_EMAIL });
});
afterAll(async () => {
  await t?.close();
});

/** Touch-up for Alice's first two photos, background for the third: $10 + $10 + $9. */
function aliceCart(tax = 0) {
  return [
    cartItem(alicePhotos[0]!, aliceSession.id, 'TOUCHUPSERVICE', 10, tax),
    cartItem(alicePhotos[1]!, aliceSession.id, 'TOUCHUPSERVICE', 10, tax),
    cartItem(alicePhotos[2]!, aliceSession.id, 'BACKGROUNDSERVICE', 9, tax),
  ];
}
function aliceCheckout(changes: Partial<CheckoutBody> = {}): CheckoutBody {
  return { grossTotal: 2900, userEmail: alice.email, items: aliceCart(), ...changes };
}
const refused = (message: string) => ({ message });

describe('prices, tax, service providers', () => {
  it('GET /api/ServicePrice/GetServicePrices answers the default provider prices in dollars, signed out too', async () => {
    const response = await t.request('GET', '/api/ServicePrice/GetServicePrices');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' });
  });

  it('answers null for a price the studio has not set, and checkout refuses that service', async () => {
    await setStudioPrices(t, { backgroundCents: null });
    try {
      const prices = await t.request('GET', '/api/ServicePrice/GetServicePrices');
      expect(prices.body.backgroundServicePrice).toBeNull();
      const response = await checkout(t, alice, aliceCheckout({ items: [cartItem(alicePhotos[2]!, aliceSession.id, 'BACKGROUNDSERVICE', null)], grossTotal: 0 }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.pricesNotSet));
    } finally {
      await setStudioPrices(t);
    }
  });

  it('GET /api/TaxDetail/GetTaxDetail/0 answers the percentage; unknown ids 404', async () => {
    expect((await t.request('GET', '/api/TaxDetail/GetTaxDetail/0')).body).toEqual({ id: 0, taxValue: 0 });
    await setStudioPrices(t, { taxBasisPoints: 825 });
    try {
      expect((await t.request('GET', '/api/TaxDetail/GetTaxDetail/0')).body).toEqual({ id: 0, taxValue: 8.25 });
    } finally {
      await setStudioPrices(t);
    }
    expect((await t.request('GET', '/api/TaxDetail/GetTaxDetail/7')).status).toBe(404);
  });

  it('documents every commerce and order call in the OpenAPI document', async () => {
    const paths = Object.keys((await t.request('GET', '/api/docs/json')).body.paths);
    for (const route of [
      '/api/ServicePrice/GetServicePrices',
      '/api/TaxDetail/GetTaxDetail/{id}',
      '/api/ex/service-providers',
      '/api/discount/GetDiscountDetails/{code}',
      '/api/transaxtions/config',
      '/api/transaxtions/checkout',
      '/api/transaxtions/test-payments/confirm',
      '/api/transaxtions',
      '/api/transaxtions/webhook',
      '/api/SpecialRequest',
      '/api/SpecialRequest/{id}',
    ]) {
      expect(paths, route).toContain(route);
    }
  });

  it('GET /api/ex/service-providers?isDefault.equals=true lists the default provider', async () => {
    const response = await t.request('GET', '/api/ex/service-providers?isDefault.equals=true');
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(1);
    expect(response.body[0]).toMatchObject({ isDefault: true, allowedTurnAround: 72 });
    expect((await t.request('GET', '/api/ex/service-providers?isDefault.equals=false')).body).toEqual([]);
  });
});

describe('GET /api/discount/GetDiscountDetails/{code}', () => {
  it('answers a known code case-insensitively, and isActive false for a deactivated one', async () => {
    const active = await createCoupon(t, { discountPercentage: 12.5 });
    const response = await t.request('GET', `/api/discount/GetDiscountDetails/${active.code.toLowerCase()}`, { token: alice.token });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: active.code, isActive: true, discountPercentage: 12.5 });

    const inactive = await createCoupon(t, { isActive: false });
    const off = await t.request('GET', `/api/discount/GetDiscountDetails/${inactive.code}`, { token: alice.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ isActive: false, discountPercentage: 10 });
  });

  it('answers 204 with no body for unknown, expired and used-up codes', async () => {
    const expired = await createCoupon(t, { expiresAt: new Date(t.clock.now().getTime() - 60_000) });
    const usedUp = await createCoupon(t, { maxUses: 2, usedCount: 2 });
    for (const code of ['NO-SUCH-CODE', expired.code, usedUp.code]) {
      const response = await t.request('GET', `/api/discount/GetDiscountDetails/${code}`, { token: alice.token });
      expect(response.status, code).toBe(204);
      expect(response.body).toBe('');
    }
  });

  it('needs a signed-in customer', async () => {
    const coupon = await createCoupon(t);
    expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`)).status).toBe(401);
    expect((await t.request('GET', `/api/discount/GetDiscountDetails/${coupon.code}`, { headers: { 'X-Session-Code': aliceSession.code } })).status).toBe(401);
  });
});

describe('POST /api/transaxtions/checkout', () => {
  it('prices the cart on the server and starts a test-mode payment for exactly that amount', async () => {
    const config = await t.request('GET', '/api/transaxtions/config');
    expect(config.body).toEqual({ provider: 'test', publishableKey: null, testMode: true });

    const response = await checkout(t, alice, aliceCheckout());
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ provider: 'test', publishableKey: null, amount: 2900, currency: 'usd' });
    expect(response.body.paymentId).toMatch(/^testpi_/);
    expect(response.body.clientSecret).toContain('_secret_');
  });

  it("accepts the spec's TOCHUPSERVICE spelling", async () => {
    const items = aliceCart();
    items[0] = { ...items[0]!, serviceType: 'TOCHUPSERVICE' };
    expect((await checkout(t, alice, aliceCheckout({ items }))).status).toBe(200);
  });

  it('refuses tampered prices, tax rates and totals', async () => {
    const cheap = aliceCart();
    cheap[0] = { ...cheap[0]!, price: 1 };
    const untaxed = aliceCart(0.05);
    for (const body of [
      aliceCheckout({ items: cheap, grossTotal: 2000 }),
      aliceCheckout({ items: untaxed, grossTotal: 3045 }),
      aliceCheckout({ grossTotal: 2800 }),
      aliceCheckout({ grossTotal: 2901 }),
    ]) {
      const response = await checkout(t, alice, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.cartChanged));
    }
  });

  it('charges tax per item, rounded half up, with the shared cart arithmetic', async () => {
    await setStudioPrices(t, { taxBasisPoints: 825 });
    try {
      const items = aliceCart(0.0825);
      const expected = computeCartTotals(
        [1000, 1000, 900].map((priceCents) => ({ priceCents, taxBasisPoints: 825 })),
        0,
      ).totalCents;
      expect(expected).toBe(2900 + 83 + 83 + 74);
      const response = await checkout(t, alice, aliceCheckout({ items, grossTotal: expected }));
      expect(response.status).toBe(200);
      expect(response.body.amount).toBe(expected);
      // The browser's old (untaxed) view of the cart is refused.
      expect((await checkout(t, alice, aliceCheckout())).body).toEqual(refused(commerceMessages.cartChanged));
    } finally {
      await setStudioPrices(t);
    }
  });

  it("refuses a missing, blank or someone else's email with the spec's message", async () => {
    for (const userEmail of [undefined, null, '', '   ', bob.email]) {
      const response = await checkout(t, alice, aliceCheckout({ userEmail }));
      expect(response.status, String(userEmail)).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.emailRequiredForPayment));
    }
    expect((await checkout(t, alice, aliceCheckout({ userEmail: alice.email.toUpperCase() }))).status).toBe(200);
  });

  it("refuses totals of $0.50 or less with the spec's message, and a zero total", async () => {
    await setStudioPrices(t, { touchUpCents: 50 });
    try {
      const one = [cartItem(alicePhotos[0]!, aliceSession.id, 'TOUCHUPSERVICE', 0.5)];
      const response = await checkout(t, alice, aliceCheckout({ items: one, grossTotal: 50 }));
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.minimumPayment));
    } finally {
      await setStudioPrices(t);
    }
    await setStudioPrices(t, { touchUpCents: 51 });
    try {
      const one = [cartItem(alicePhotos[0]!, aliceSession.id, 'TOUCHUPSERVICE', 0.51)];
      expect((await checkout(t, alice, aliceCheckout({ items: one, grossTotal: 51 }))).status).toBe(200);
    } finally {
      await setStudioPrices(t);
    }
    const free = await createCoupon(t, { discountPercentage: 100 });
    const zero = await checkout(t, alice, aliceCheckout({ couponCode: free.code, grossTotal: 0 }));
    expect(zero.status).toBe(400);
    expect(zero.body).toEqual(refused(commerceMessages.freeOrderNoPayment));
  });

  it('applies a coupon to the tax-inclusive total and refuses inactive, expired, used-up and unknown coupons', async () => {
    const ten = await createCoupon(t, { discountPercentage: 10 });
    const ok = await checkout(t, alice, aliceCheckout({ couponCode: ten.code.toLowerCase(), grossTotal: 2610 }));
    expect(ok.status).toBe(200);
    expect(ok.body.amount).toBe(2610);
    // Without the discount taken off, the total no longer matches.
    expect((await checkout(t, alice, aliceCheckout({ couponCode: ten.code }))).body).toEqual(refused(commerceMessages.cartChanged));

    const inactive = await createCoupon(t, { isActive: false });
    const expired = await createCoupon(t, { expiresAt: new Date(t.clock.now().getTime() - 1000) });
    const usedUp = await createCoupon(t, { maxUses: 1, usedCount: 1 });
    const cases: [string, string][] = [
      [inactive.code, commerceMessages.couponInactive],
      [expired.code, commerceMessages.couponInvalid],
      [usedUp.code, commerceMessages.couponInvalid],
      ['NOPE', commerceMessages.couponInvalid],
    ];
    for (const [couponCode, message] of cases) {
      const response = await checkout(t, alice, aliceCheckout({ couponCode, grossTotal: 2610 }));
      expect(response.status, couponCode).toBe(400);
      expect(response.body).toEqual(refused(message));
    }
  });

  it("refuses other customers' photos, unknown photos, duplicates and touch-up of a retouched photo", async () => {
    const others = await checkout(t, alice, aliceCheckout({ items: [cartItem(bobPhotos[0]!, aliceSession.id, 'TOUCHUPSERVICE', 10)], grossTotal: 1000 }));
    const unknown = await checkout(t, alice, aliceCheckout({ items: [cartItem(999_999, aliceSession.id, 'TOUCHUPSERVICE', 10)], grossTotal: 1000 }));
    for (const response of [others, unknown]) {
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.photoNotOrderable));
    }
    const twice = aliceCart();
    twice[1] = { ...twice[1]!, imageid: alicePhotos[0]! };
    expect((await checkout(t, alice, aliceCheckout({ items: twice }))).body).toEqual(refused(commerceMessages.cartDuplicatePhoto));

    const retouched = alicePhotos[3]!;
    const touchUp = await checkout(t, alice, aliceCheckout({ items: [cartItem(retouched, aliceSession.id, 'TOUCHUPSERVICE', 10)], grossTotal: 1000 }));
    expect(touchUp.body).toEqual(refused(commerceMessages.alreadyRetouched));
    const background = await checkout(t, alice, aliceCheckout({ items: [cartItem(retouched, aliceSession.id, 'BACKGROUNDSERVICE', 9)], grossTotal: 900 }));
    expect(background.status).toBe(200);
  });

  it('refuses signed-out callers and session-code visitors', async () => {
    const anonymous = await t.request('POST', '/api/transaxtions/checkout', { body: aliceCheckout() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(refused(messages.unauthorized));
    const visitor = await t.request('POST', '/api/transaxtions/checkout', { body: aliceCheckout(), headers: { 'X-Session-Code': aliceSession.code } });
    expect(visitor.status).toBe(401);
  });
});

describe('the test provider', () => {
  it("declines Stripe's decline test cards with their messages, then accepts 4242…", async () => {
    const started = await checkout(t, alice, aliceCheckout());
    const confirm = (cardNumber: string, expiry = '12/40', cvc = '123') =>
      t.request('POST', '/api/transaxtions/test-payments/confirm', { token: alice.token, body: { clientSecret: started.body.clientSecret, cardNumber, expiry, cvc } });

    const declines: [string, string][] = [
      ['4000 0000 0000 0002', commerceMessages.cardDeclined],
      ['4000000000009995', commerceMessages.cardInsufficientFunds],
      ['4000000000000069', commerceMessages.cardExpired],
      ['4000000000000127', commerceMessages.cardIncorrectCvc],
      ['4000000000000119', commerceMessages.cardProcessingError],
    ];
    for (const [number, message] of declines) {
      const response = await confirm(number);
      expect(response.status, number).toBe(402);
      expect(response.body).toEqual(refused(message));
    }
    expect((await confirm('4242424242424241')).body).toEqual(refused(commerceMessages.cardNumberInvalid));
    expect((await confirm('4242424242424242', '01/20')).body).toEqual(refused(commerceMessages.cardExpiryInvalid));
    expect((await confirm('4242424242424242', '13/40')).body).toEqual(refused(commerceMessages.cardExpiryInvalid));
    expect((await confirm('4242424242424242', '12/40', '12a')).status).toBe(400);

    // A declined payment records no transaction.
    const early = await t.request('POST', '/api/transaxtions', {
      token: alice.token,
      body: { referenceId: started.body.paymentId, grossTotal: 2900, total: 2900 },
    });
    expect(early.status).toBe(400);
    expect(early.body).toEqual(refused(commerceMessages.paymentNotSucceeded));

    const ok = await confirm('4242 4242 4242 4242');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ status: 'succeeded', paymentId: started.body.paymentId, cardBrand: 'visa' });
    // Confirming again answers the same success.
    expect((await confirm('4000000000000002')).status).toBe(200);
  });

  it("does not let another customer confirm someone's payment", async () => {
    const started = await checkout(t, alice, aliceCheckout());
    const response = await t.request('POST', '/api/transaxtions/test-payments/confirm', {
      token: bob.token,
      body: { clientSecret: started.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual(refused(commerceMessages.paymentNotFound));
  });

  it('has no webhook (Stripe is not configured)', async () => {
    const response = await t.request('POST', '/api/transaxtions/webhook', { body: { type: 'payment_intent.succeeded' }, headers: { 'stripe-signature': 't=1,v1=x' } });
    expect(response.status).toBe(404);
  });
});

describe('POST /api/transaxtions', () => {
  it('needs a succeeded payment of the right amount, owned by the caller', async () => {
    const started = await checkout(t, alice, aliceCheckout());
    const record = (user: TestUser, body: Record<string, unknown>) => t.request('POST', '/api/transaxtions', { token: user.token, body });
    const pending = await record(alice, { referenceId: started.body.paymentId, grossTotal: 2900, total: 2900 });
    expect(pending.body).toEqual(refused(commerceMessages.paymentNotSucceeded));

    await t.request('POST', '/api/transaxtions/test-payments/confirm', {
      token: alice.token,
      body: { clientSecret: started.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    const wrongAmount = await record(alice, { referenceId: started.body.paymentId, grossTotal: 100, total: 100 });
    expect(wrongAmount.status).toBe(400);
    expect(wrongAmount.body).toEqual(refused(commerceMessages.paymentAmountMismatch));
    for (const [user, referenceId] of [
      [bob, started.body.paymentId],
      [alice, 'testpi_nothing'],
    ] as const) {
      const response = await record(user, { referenceId, grossTotal: 2900, total: 2900 });
      expect(response.status).toBe(404);
      expect(response.body).toEqual(refused(commerceMessages.paymentNotFound));
    }

    const first = await record(alice, { paymentType: 'Stripe', referenceId: started.body.paymentId, cardBrand: 'amex', grossTotal: 2900, total: 2900 });
    expect(first.status).toBe(200);
    // The card brand is the provider's, not the browser's.
    expect(first.body).toMatchObject({ referenceId: started.body.paymentId, paymentType: 'Stripe', cardBrand: 'visa', grossTotal: 2900, total: 2900 });
    const again = await record(alice, { referenceId: started.body.paymentId, grossTotal: 2900, total: 2900 });
    expect(again.body).toEqual(first.body);
  });
});

describe('orders', () => {
  it('50 concurrent submissions of one payment create one transaction and one order, mailed once to the studio', async () => {
    const carol = await t.createUser({ firstName: 'Carol', lastName: 'Cole' });
    const shoot = await importTestShoot(t, carol.email, { count: 3 });
    const coupon = await createCoupon(t, { discountPercentage: 10 });
    const items = [
      cartItem(shoot.photoIds[0]!, shoot.session.id, 'TOUCHUPSERVICE', 10),
      cartItem(shoot.photoIds[1]!, shoot.session.id, 'TOUCHUPSERVICE', 10),
      cartItem(shoot.photoIds[2]!, shoot.session.id, 'BACKGROUNDSERVICE', 9),
    ];
    const started = await checkout(t, carol, { grossTotal: 2610, userEmail: carol.email, items, couponCode: coupon.code });
    expect(started.status).toBe(200);
    await t.request('POST', '/api/transaxtions/test-payments/confirm', {
      token: carol.token,
      body: { clientSecret: started.body.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' },
    });
    const studioMailsBefore = (await t.outbox()).filter((m) => m.to.includes(STUDIO_EMAIL)).length;

    const submissions = await Promise.all(
      Array.from({ length: 50 }, async () => {
        const transaction = await t.request('POST', '/api/transaxtions', {
          token: carol.token,
          body: { paymentType: 'Stripe', referenceId: started.body.paymentId, grossTotal: 2610, total: 2610 },
        });
        const order = await t.request('POST', '/api/SpecialRequest', {
          token: carol.token,
          body: { transactionId: transaction.body.id, totalPrice: 26.1, orderDetails: items },
        });
        return { transaction, order };
      }),
    );
    for (const { transaction, order } of submissions) {
      expect(transaction.status).toBe(200);
      expect(order.status).toBe(200);
    }
    expect(new Set(submissions.map((s) => s.transaction.body.id)).size).toBe(1);
    expect(new Set(submissions.map((s) => s.order.body.order.id)).size).toBe(1);
    const first = submissions[0]!.order.body;
    expect(first).toMatchObject({ success: true, massage: commerceMessages.specialRequestCreated, message: commerceMessages.specialRequestCreated });

    const list = await t.request('GET', '/api/SpecialRequest', { token: carol.token });
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    const order = list.body[0];
    expect(order).toMatchObject({
      id: first.order.id,
      orderId: `SP-${first.order.id}`,
      status: 'PENDING',
      transactionId: submissions[0]!.transaction.body.id,
      itemPrice: 29,
      tax: 0,
      discountPercentage: 10,
      discount: 2.9,
      totalPrice: 26.1,
      couponCode: coupon.code,
      cardBrand: 'visa',
      deliveredAt: null,
    });
    expect(new Date(order.dueAt).getTime() - new Date(order.orderDate).getTime()).toBe(72 * 3_600_000);
    expect(order.items.map((i: { imageid: number; serviceType: string; price: number }) => [i.imageid, i.serviceType, i.price])).toEqual([
      [shoot.photoIds[0], 'TOUCHUPSERVICE', 10],
      [shoot.photoIds[1], 'TOUCHUPSERVICE', 10],
      [shoot.photoIds[2], 'BACKGROUNDSERVICE', 9],
    ]);

    const transactions = await t.db.kysely.selectFrom('transactions').select('id').where('reference_id', '=', started.body.paymentId).execute();
    expect(transactions).toHaveLength(1);
    expect(await new PricingRepository(t.db.kysely).couponUsedCount(coupon.id)).toBe(1);
    const studioMails = (await t.outbox()).filter((m) => m.to.includes(STUDIO_EMAIL));
    expect(studioMails.length - studioMailsBefore).toBe(1);

    // The invoice list shows it too.
    const invoices = await t.request('GET', `/api/users/user-orders/details/${carol.id}`, { token: carol.token });
    expect(invoices.status).toBe(200);
    expect(invoices.body).toEqual([
      {
        id: first.order.id,
        firstName: 'Carol',
        lastName: 'Cole',
        email: carol.email,
        datetime: order.orderDate,
        type: 'Professional touch-up ×2, Background replacement ×1',
        priceSold: 26.1,
      },
    ]);
  });

  it("refuses an order whose items or total differ from the payment, and someone else's transaction", async () => {
    const paid = await payWithTestCard(t, alice, aliceCheckout());
    const submit = (user: TestUser, body: Record<string, unknown>) => t.request('POST', '/api/SpecialRequest', { token: user.token, body });
    const otherItems = [...aliceCart().slice(0, 2), cartItem(alicePhotos[2]!, aliceSession.id, 'TOUCHUPSERVICE', 10)];
    for (const body of [
      { transactionId: paid.transaction.id, totalPrice: 28, orderDetails: aliceCart() },
      { transactionId: paid.transaction.id, totalPrice: 29, orderDetails: otherItems },
      { transactionId: paid.transaction.id, totalPrice: 29, orderDetails: aliceCart().slice(0, 2) },
    ]) {
      const response = await submit(alice, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual(refused(commerceMessages.cartChanged));
    }
    const stolen = await submit(bob, { transactionId: paid.transaction.id, totalPrice: 29, orderDetails: aliceCart() });
    expect(stolen.status).toBe(404);
    const ok = await submit(alice, { transactionId: paid.transaction.id, totalPrice: 29, orderDetails: aliceCart() });
    expect(ok.status).toBe(200);
  });

  it("does not show a customer another customer's orders or invoices", async () => {
    const aliceOrders = await t.request('GET', '/api/SpecialRequest', { token: alice.token });
    expect(aliceOrders.body.length).toBeGreaterThan(0);
    const orderId = aliceOrders.body[0].id;
    expect((await t.request('GET', `/api/SpecialRequest/${orderId}`, { token: alice.token })).status).toBe(200);

    const peek = await t.request('GET', `/api/SpecialRequest/${orderId}`, { token: bob.token });
    const missing = await t.request('GET', '/api/SpecialRequest/999999', { token: bob.token });
    expect(peek.status).toBe(404);
    expect(peek.body).toEqual(missing.body);
    expect((await t.request('GET', '/api/SpecialRequest', { token: bob.token })).body).toEqual([]);
    const invoices = await t.request('GET', `/api/users/user-orders/details/${alice.id}`, { token: bob.token });
    expect(invoices.status).toBe(403);
    expect((await t.request('GET', `/api/users/user-orders/details/${bob.id}`, { token: bob.token })).body).toEqual([]);
  });

  it('creates a free order (100 % coupon) without payment, still checked by the server', async () => {
    const free = await createCoupon(t, { discountPercentage: 100, maxUses: 1 });
    const order = { transactionId: null, totalPrice: 0, orderDetails: aliceCart(), couponCode: free.code };
    const response = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: order });
    expect(response.status).toBe(200);
    expect(response.body.order).toMatchObject({ transactionId: null, itemPrice: 29, discountPercentage: 100, discount: 29, totalPrice: 0, cardBrand: null });
    expect(await new PricingRepository(t.db.kysely).couponUsedCount(free.id)).toBe(1);

    // The coupon's single use is gone.
    const again = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: { ...order, transactionId: 0 } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual(refused(commerceMessages.couponInvalid));
    // Without a coupon the order has a price.
    const priced = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: { ...order, couponCode: null } });
    expect(priced.status).toBe(400);
    expect(priced.body).toEqual(refused(commerceMessages.totalNotZero));
    // Tampered prices are refused here too.
    const half = await createCoupon(t, { discountPercentage: 100 });
    const cheap = aliceCart();
    cheap[0] = { ...cheap[0]!, price: 0 };
    const tampered = await t.request('POST', '/api/SpecialRequest', { token: alice.token, body: { ...order, orderDetails: cheap, couponCode: half.code } });
    expect(tampered.body).toEqual(refused(commerceMessages.cartChanged));
  });

  it('refuses signed-out callers and session-code visitors on every order call', async () => {
    const visitor = { 'X-Session-Code': aliceSession.code };
    const body = { transactionId: null, totalPrice: 0, orderDetails: aliceCart() };
    for (const [method, url, payload] of [
      ['POST', '/api/SpecialRequest', body],
      ['GET', '/api/SpecialRequest', undefined],
      ['GET', '/api/SpecialRequest/1', undefined],
      ['POST', '/api/transaxtions', { referenceId: 'x', grossTotal: 100, total: 100 }],
      ['POST', '/api/transaxtions/test-payments/confirm', { clientSecret: 'x', cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }],
    ] as const) {
      expect((await t.request(method, url, { body: payload })).status, url).toBe(401);
      expect((await t.request(method, url, { body: payload, headers: visitor })).status, url).toBe(401);
    }
  });
});
