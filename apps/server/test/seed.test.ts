import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/seed';
import { DEMO_CUSTOMER } from '../src/seed/demo-customer';
import { DEMO_STUDIO_ADMIN } from '../src/seed/demo-studio-admin';
import { DEMO_VISITOR_SESSION_CODE } from '../src/seed/demo-gallery';
import { createStorage } from '../src/storage/create-storage';
import { type TestApp, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ DEMO_DATA: 'on' });
});
afterAll(async () => {
  await t?.close();
});

async function countRows() {
  const count = async (table: 'corporate_clients' | 'slider_images' | 'users' | 'photo_sessions' | 'photos' | 'service_providers' | 'tax_details' | 'coupons') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return {
    studios: await count('corporate_clients'),
    sliders: await count('slider_images'),
    // The demo customer, the demo studio admin and the owner of the session opened by code.
    users: await count('users'),
    sessions: await count('photo_sessions'),
    photos: await count('photos'),
    serviceProviders: await count('service_providers'),
    taxes: await count('tax_details'),
    coupons: await count('coupons'),
  };
}

const SEEDED = { studios: 1, sliders: 10, users: 3, sessions: 3, photos: 24 + 12 + 6, serviceProviders: 1, taxes: 1, coupons: 4 };

describe('seeding', () => {
  it('creates the studio, ten slider pictures and the active demo customer', async () => {
    expect(await countRows()).toEqual(SEEDED);
    const token = await t.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const account = await t.request('GET', '/api/account', { token });
    expect(account.body).toMatchObject({ email: 'demo@studio-gallery.test', firstName: 'Demo', lastName: 'Customer', activated: true, role: 'customer' });
    // The demo studio offers Full resolution downloads to its own customers (issue 15 §3).
    expect((await t.request('GET', '/api/ex/images/download-options', { token })).body).toMatchObject({ resolutions: ['sm', 'hr', 'full'], allowFullResolution: true });
  });

  it('creates the demo studio admin, who may use /api/studio', async () => {
    const token = await t.signIn(DEMO_STUDIO_ADMIN.email, DEMO_STUDIO_ADMIN.password);
    expect((await t.request('GET', '/api/account', { token })).body).toMatchObject({ email: 'studio@studio-gallery.test', role: 'admin' });
    const me = await t.request('GET', '/api/studio/me', { token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email: DEMO_STUDIO_ADMIN.email, role: 'admin' });
  });

  it("gives the demo customer two sessions with retouched photos, favourites and skips, and prints a visitor session's code", async () => {
    const token = await t.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const account = await t.request('GET', '/api/account', { token });
    const sessions = await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${account.body.id}`, { token });
    expect(sessions.body.sessionDetailsDtos.map((s: { name: string; photoCount: number }) => [s.name, s.photoCount])).toEqual([
      ['Outdoor session', 12],
      ['Studio portraits', 24],
    ]);
    const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${account.body.id}&pageSize=12`, { token });
    expect(page.body.items).toHaveLength(12);
    expect(page.body.totalRetouchedCount).toBeGreaterThan(0);
    expect(page.body.totalLikedCount).toBeGreaterThan(0);
    expect(page.body.totalSkipCount).toBeGreaterThan(0);

    const seeded = await seedDatabase({ db: t.db.kysely, storage: createStorage(t.config), demoData: true, clock: t.clock.now });
    expect(seeded.demoSessionCode).toBe(DEMO_VISITOR_SESSION_CODE);
    const visitor = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${seeded.demoSessionCode}`);
    expect(visitor.body.totalCount).toBe(6);
  });

  it("sets the studio's prices (touch-up $10, background $9, 72 hours), no sales tax, and demo coupons", async () => {
    const prices = await t.request('GET', '/api/ServicePrice/GetServicePrices');
    expect(prices.body).toEqual({ touchServicePrice: 10, backgroundServicePrice: 9, allowedTurnAround: 72, currency: 'USD' });
    expect((await t.request('GET', '/api/TaxDetail/GetTaxDetail/0')).body).toMatchObject({ taxValue: 0 });
    const token = await t.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    expect((await t.request('GET', '/api/discount/GetDiscountDetails/welcome10', { token })).body).toMatchObject({ isActive: true, discountPercentage: 10 });
    expect((await t.request('GET', '/api/discount/GetDiscountDetails/SPRING25', { token })).body).toMatchObject({ isActive: false });
    expect((await t.request('GET', '/api/discount/GetDiscountDetails/SUMMER2025', { token })).status).toBe(204);
  });

  it('adds nothing when run again', async () => {
    await seedDatabase({ db: t.db.kysely, storage: createStorage(t.config), demoData: true, clock: t.clock.now });
    expect(await countRows()).toEqual(SEEDED);
  });

  it('with demo data off, adds nothing and names the demo accounts left with their published passwords (server.ts warns)', async () => {
    const seeded = await seedDatabase({ db: t.db.kysely, storage: createStorage(t.config), demoData: false, clock: t.clock.now });
    expect(seeded.publishedDemoAccounts).toEqual([DEMO_STUDIO_ADMIN.email, DEMO_CUSTOMER.email]);
    expect(await countRows()).toEqual(SEEDED);
  });
});
