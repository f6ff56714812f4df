import { EMPTY_RECIPE } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot, testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The studio's retouch order queue (issue 15 §4) over HTTP against a real database: due times and
 * overdue first, an order's photos with the customer's edit recipe, and delivery by uploading the
 * retouched files one by one from the browser — matched by name, checked by content, the order
 * delivered and the customer mailed by the last file, each upload in the activity log.
 */

let t: TestApp;
let staff: TestUser;
let dana: TestUser;
let session: { id: number };
let photoIds: number[];

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createUser({ firstName: 'Rita', lastName: 'Retoucher', role: 'staff' });
  dana = await t.createUser({ firstName: 'Dana', lastName: 'Doe', email: 'dana.doe@example.com' });
  const shoot = await importTestShoot(t, dana.email, { count: 4, name: 'Dana headshots', seed: 5100 });
  session = { id: shoot.session.id };
  photoIds = shoot.photoIds;
  await setStudioPrices(t, { turnaroundHours: 48 });
});
afterAll(async () => {
  await t?.close();
});

async function placeOrder(photos: { index: number; service: 'TOUCHUPSERVICE' | 'BACKGROUNDSERVICE' }[]): Promise<number> {
  const items = photos.map(({ index, service }) => cartItem(photoIds[index]!, session.id, service, service === 'TOUCHUPSERVICE' ? 10 : 9));
  const gross = items.reduce((sum, item) => sum + Number(item.price) * 100, 0);
  const paid = await payWithTestCard(t, dana, { grossTotal: gross, userEmail: dana.email, items });
  const created = await t.request('POST', '/api/SpecialRequest', { token: dana.token, body: { transactionId: paid.transaction.id, totalPrice: gross / 100, orderDetails: items } });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.order.id as number;
}

function upload(orderId: number, fileName: string, body: Buffer | string | null, options: { token?: string; contentType?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? staff.token}` };
  if (body !== null) headers['content-type'] = options.contentType ?? 'image/jpeg';
  return fetch(`${t.baseUrl}/api/studio/orders/${orderId}/files?fileName=${encodeURIComponent(fileName)}`, {
    method: 'PUT',
    headers,
    ...(body !== null ? { body: typeof body === 'string' ? body : new Uint8Array(body) } : {}),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as JsonBody }));
}

describe('the retouch order queue', () => {
  let first: number;
  let second: number;

  it('lists open orders by due time (the overdue first) with their photos, services and customer', async () => {
    first = await placeOrder([{ index: 0, service: 'TOUCHUPSERVICE' }]);
    t.clock.advanceHours(24);
    second = await placeOrder([
      { index: 1, service: 'TOUCHUPSERVICE' },
      { index: 2, service: 'BACKGROUNDSERVICE' },
    ]);
    // 49 hours after the first order: it is past its 48-hour turnaround, the second is not.
    t.clock.advanceHours(25);

    const queue = await t.request('GET', '/api/studio/orders?status=open', { token: staff.token });
    expect(queue.status).toBe(200);
    expect(queue.body.overdue).toBe(1);
    const ids = queue.body.items.map((o: JsonBody) => o.id);
    expect(ids.indexOf(first)).toBeLessThan(ids.indexOf(second));
    const firstRow = queue.body.items.find((o: JsonBody) => o.id === first);
    expect(firstRow).toMatchObject({ orderId: `SP-${first}`, status: 'PENDING', overdue: true, photos: 1, deliveredPhotos: 0, services: 'Professional touch-up ×1' });
    expect(firstRow.customer).toMatchObject({ email: 'dana.doe@example.com', firstName: 'Dana' });
    expect(Date.parse(firstRow.dueAt) - Date.parse(firstRow.createdAt)).toBe(48 * 3_600_000);
    const secondRow = queue.body.items.find((o: JsonBody) => o.id === second);
    expect(secondRow).toMatchObject({ overdue: false, photos: 2, totalPrice: 19 });

    const delivered = await t.request('GET', '/api/studio/orders?status=delivered', { token: staff.token });
    expect(delivered.body.items.map((o: JsonBody) => o.id)).not.toContain(first);
  });

  it("shows an order's photos: signed URLs that open, and the customer's edit recipe", async () => {
    const recipe = { ...EMPTY_RECIPE, values: { ...EMPTY_RECIPE.values, exposure: 0.5 }, background: { kind: 'colour', colour: '#868487', opacity: 100 } };
    const saved = await t.request('POST', '/api/ex/images/save-edited-image', {
      token: dana.token,
      body: { photoId: photoIds[1], imageBase64: (await testPhoto(5150)).toString('base64'), recipe },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const detail = await t.request('GET', `/api/studio/orders/${second}`, { token: staff.token });
    expect(detail.status).toBe(200);
    expect(detail.body.items).toHaveLength(2);
    const [edited, plain] = detail.body.items;
    expect(edited).toMatchObject({ photoName: 'IMG_0002', sessionName: 'Dana headshots', serviceType: 'TOUCHUPSERVICE', deliveredAt: null });
    expect(edited.editRecipe).toMatchObject({ values: { exposure: 0.5 }, background: { kind: 'colour', colour: '#868487' } });
    expect(edited.editedUrl).toBeTruthy();
    expect(plain).toMatchObject({ photoName: 'IMG_0003', serviceLabel: 'Background replacement', editRecipe: null, editedUrl: null });
    for (const url of [edited.thumbUrl, edited.originalUrl, edited.editedUrl]) {
      const file = await fetch(new URL(url, t.baseUrl));
      expect(file.status, url).toBe(200);
      expect(file.headers.get('content-type')).toMatch(/^image\//);
    }

    expect((await t.request('GET', '/api/studio/orders/999999', { token: staff.token })).status).toBe(404);
  });

  it('refuses a file that matches no photo, a non-image named .jpg, and an empty body, delivering nothing', async () => {
    const stray = await upload(first, 'someone-else.jpg', await testPhoto(5160));
    expect(stray.status).toBe(400);
    expect(stray.body.message).toBe(`No photo of order SP-${first} is named “someone-else”. Name each retouched file as its photo: IMG_0001.`);
    const text = await upload(first, 'IMG_0001.jpg', 'this is not a picture');
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('“IMG_0001.jpg” is not a JPEG, PNG, WebP or TIFF image.');
    const empty = await upload(first, 'IMG_0001.jpg', null);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/send the retouched file/);
    const json = await upload(first, 'IMG_0001.jpg', '{"a":1}', { contentType: 'application/json' });
    expect(json.status).toBe(400);

    const detail = await t.request('GET', `/api/studio/orders/${first}`, { token: staff.token });
    expect(detail.body).toMatchObject({ status: 'PENDING', deliveredPhotos: 0 });
  });

  it('delivers file by file: the last one marks the order delivered and mails the customer once; the Retouched tab shows them', async () => {
    const mailsBefore = (await t.outbox()).filter((mail) => mail.to.includes(dana.email)).length;
    const one = await upload(second, 'img_0002.PNG', await testPhoto(5170), { contentType: 'image/png' });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(one.body).toEqual({ photoName: 'IMG_0002', fileName: 'img_0002.PNG', complete: false, customerMailed: false, missing: ['IMG_0003'] });
    let detail = await t.request('GET', `/api/studio/orders/${second}`, { token: staff.token });
    expect(detail.body).toMatchObject({ status: 'PENDING', deliveredPhotos: 1 });

    const two = await upload(second, 'IMG_0003.jpg', await testPhoto(5171), { contentType: 'application/octet-stream' });
    expect(two.status, JSON.stringify(two.body)).toBe(200);
    expect(two.body).toMatchObject({ photoName: 'IMG_0003', complete: true, customerMailed: true, missing: [] });
    detail = await t.request('GET', `/api/studio/orders/${second}`, { token: staff.token });
    expect(detail.body).toMatchObject({ status: 'DELIVERED', deliveredPhotos: 2, overdue: false });
    expect(detail.body.deliveredAt).toBeTruthy();

    // Sending a file again replaces that retouch; the customer is not mailed twice.
    const again = await upload(second, 'IMG_0003.jpg', await testPhoto(5172));
    expect(again.body).toMatchObject({ complete: true, customerMailed: false });
    const mails = (await t.outbox()).filter((mail) => mail.to.includes(dana.email));
    expect(mails.length - mailsBefore).toBe(1);
    expect(mails.at(-1)!.subject).toContain(`SP-${second}`);

    const retouched = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${dana.id}&pageSize=36&flag=Retouched`, { token: dana.token });
    expect(retouched.body.items.map((p: JsonBody) => p.name)).toEqual(expect.arrayContaining(['IMG_0002', 'IMG_0003']));
    const order = await t.request('GET', `/api/SpecialRequest/${second}`, { token: dana.token });
    expect(order.body.status).toBe('DELIVERED');

    const queue = await t.request('GET', '/api/studio/orders?status=delivered', { token: staff.token });
    expect(queue.body.items[0]).toMatchObject({ id: second, status: 'DELIVERED' });

    const activity = await t.request('GET', '/api/studio/activity?pageSize=10', { token: staff.token });
    const deliveries = activity.body.items.filter((entry: JsonBody) => entry.action === 'order.deliver');
    expect(deliveries.map((entry: JsonBody) => entry.details.fileName)).toEqual(['IMG_0003.jpg', 'IMG_0003.jpg', 'img_0002.PNG']);
    expect(deliveries[0].actor).toMatchObject({ id: staff.id });
    expect(deliveries[0].subject).toBe(`SP-${second}`);
  }, 60_000);

  it('is for the studio only: the customer gets 403 and cannot deliver to their own order', async () => {
    expect((await t.request('GET', '/api/studio/orders', { token: dana.token })).status).toBe(403);
    expect((await t.request('GET', `/api/studio/orders/${first}`, { token: dana.token })).status).toBe(403);
    const own = await upload(first, 'IMG_0001.jpg', await testPhoto(5180), { token: dana.token });
    expect(own.status).toBe(403);
    expect((await t.request('GET', '/api/studio/orders')).status).toBe(401);
  });
});
