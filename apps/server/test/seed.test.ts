import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../src/seed';
import { DEMO_CUSTOMER } from '../src/seed/demo-customer';
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
  const count = async (table: 'corporate_clients' | 'slider_images' | 'users') =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  return { studios: await count('corporate_clients'), sliders: await count('slider_images'), users: await count('users') };
}

describe('seeding', () => {
  it('creates the studio, ten slider pictures and the active demo customer', async () => {
    expect(await countRows()).toEqual({ studios: 1, sliders: 10, users: 1 });
    const token = await t.signIn(DEMO_CUSTOMER.email, DEMO_CUSTOMER.password);
    const account = await t.request('GET', '/api/account', { token });
    expect(account.body).toMatchObject({ email: 'demo@studio-gallery.test', firstName: 'Demo', lastName: 'Customer', activated: true });
  });

  it('adds nothing when run again', async () => {
    await seedDatabase({ db: t.db.kysely, storage: createStorage(t.config), demoData: true, clock: t.clock.now });
    expect(await countRows()).toEqual({ studios: 1, sliders: 10, users: 1 });
  });
});
