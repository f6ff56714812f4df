import { orderedPhotosResponse } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Issue 24 §6 over HTTP: which photos already have a service in one of the caller's orders (the
 * service modal warns with the order number before the same photo is paid for twice).
 */

let t: TestApp;
let dana: TestUser;
let eve: TestUser;
let photos: number[];
let sessionId: number;

const ordered = (user: TestUser, serviceType: string, photoIds: string) =>
  t.request('GET', `/api/SpecialRequest/ordered-photos?serviceType=${serviceType}&photoIds=${photoIds}`, { token: user.token });

async function order(user: TestUser, photoIds: number[], serviceType: 'TOUCHUPSERVICE' | 'BACKGROUNDSERVICE', price: number): Promise<number> {
  const items = photoIds.map((id) => cartItem(id, sessionId, serviceType, price));
  const paid = await payWithTestCard(t, user, { grossTotal: price * 100 * photoIds.length, userEmail: user.email, items });
  const created = await t.request('POST', '/api/SpecialRequest', {
    token: user.token,
    body: { transactionId: paid.transaction.id, totalPrice: price * photoIds.length, orderDetails: items },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.order.id as number;
}

beforeAll(async () => {
  t = await startTestApp();
  await setStudioPrices(t);
  dana = await t.createUser({ firstName: 'Dana' });
  eve = await t.createUser({ firstName: 'Eve' });
  const shoot = await importTestShoot(t, dana.email, { count: 3, name: 'Dana one', seed: 4100 });
  photos = shoot.photoIds;
  sessionId = shoot.session.id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('GET /SpecialRequest/ordered-photos', () => {
  it('names the order of each photo that already has the service, ordered then delivered', async () => {
    const [a, b, c] = photos as [number, number, number];
    expect((await ordered(dana, 'TOUCHUPSERVICE', `${a},${b},${c}`)).body).toEqual({ items: [] });

    const first = await order(dana, [a], 'TOUCHUPSERVICE', 10);
    const response = await ordered(dana, 'TOUCHUPSERVICE', `${a},${b},${c}`);
    expect(response.status).toBe(200);
    expect(orderedPhotosResponse.parse(response.body)).toEqual({
      items: [{ photoId: a, serviceType: 'TOUCHUPSERVICE', orderId: first, orderNumber: `SP-${first}`, status: 'ordered' }],
    });
    // Another service is another matter.
    expect((await ordered(dana, 'BACKGROUNDSERVICE', `${a}`)).body).toEqual({ items: [] });

    await t.db.kysely.updateTable('special_request_items').set({ delivered_at: new Date().toISOString() }).where('special_request_id', '=', first).execute();
    expect((await ordered(dana, 'TOUCHUPSERVICE', `${a}`)).body.items).toEqual([
      { photoId: a, serviceType: 'TOUCHUPSERVICE', orderId: first, orderNumber: `SP-${first}`, status: 'delivered' },
    ]);
  });

  it('shows nobody else’s orders, and refuses bad input with 400 and a message', async () => {
    expect((await ordered(eve, 'TOUCHUPSERVICE', `${photos[0]}`)).body).toEqual({ items: [] });
    for (const [type, ids] of [['TOUCHUPSERVICE', 'abc'], ['TOUCHUPSERVICE', ''], ['RETOUCH', '1'], ['TOUCHUPSERVICE', Array.from({ length: 101 }, (_, i) => i + 1).join(',')]]) {
      const response = await ordered(dana, type!, ids!);
      expect(response.status, `${type} ${ids}`).toBe(400);
      expect(response.body.message).toEqual(expect.any(String));
    }
    expect((await t.request('GET', `/api/SpecialRequest/ordered-photos?serviceType=TOUCHUPSERVICE&photoIds=1`)).status).toBe(401);
  });
});
