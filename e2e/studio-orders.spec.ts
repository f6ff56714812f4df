// Issue 15 §4 in real Chromium: a customer's paid retouch order reaches the studio's queue; a staff
// member (a second browser context) opens it, sees the photos with the customer's edit, drops the
// retouched files — one named after no photo is refused before it is sent, the others go up with
// their progress — and the order is delivered; the customer's Retouched tab shows them.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { storageKeys } from '@studio-gallery/contract';
import { readMail, snap, uniqueEmail } from './support';
import { signInToStudio } from './support/studio';
import { activateFromInvitation, importShoot, portraitFolder } from './support/shoot';

const PHOTOS = ['Kim-01', 'Kim-02', 'Kim-03'];

/** The customer pays for a touch-up of two photos through the API (the UI path is checkout.spec's). */
async function placeOrder(request: APIRequestContext, page: Page, email: string): Promise<string> {
  const { token, userId } = await page.evaluate((keys) => ({ token: localStorage.getItem(keys.token), userId: localStorage.getItem(keys.userId) }), {
    token: storageKeys.token,
    userId: storageKeys.userId,
  });
  const headers = { authorization: `Bearer ${token}` };
  const photos = await request.get(`/api/sessions/GetUserSessionsPage?userId=${userId}&pageSize=36&flag=All`, { headers });
  expect(photos.ok()).toBe(true);
  const items = ((await photos.json()) as { items: { id: number; sessionId: number; name: string }[] }).items
    .filter((photo) => photo.name === 'Kim-01' || photo.name === 'Kim-02')
    .map((photo) => ({ imageid: photo.id, image: `/media/${photo.id}.jpg`, name: photo.name, price: 10, tax: 0, serviceType: 'TOUCHUPSERVICE', sessionid: photo.sessionId }));
  expect(items).toHaveLength(2);
  const started = await request.post('/api/transaxtions/checkout', { headers, data: { grossTotal: 2000, userEmail: email, items } });
  expect(started.ok(), await started.text()).toBe(true);
  const payment = (await started.json()) as { clientSecret: string; paymentId: string; amount: number };
  const confirmed = await request.post('/api/transaxtions/test-payments/confirm', {
    headers,
    data: { clientSecret: payment.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123' },
  });
  expect(confirmed.ok(), await confirmed.text()).toBe(true);
  const transaction = await request.post('/api/transaxtions', {
    headers,
    data: { paymentType: 'Stripe', referenceId: payment.paymentId, cardBrand: 'visa', grossTotal: payment.amount, total: payment.amount },
  });
  expect(transaction.ok(), await transaction.text()).toBe(true);
  const order = await request.post('/api/SpecialRequest', { headers, data: { transactionId: ((await transaction.json()) as { id: number }).id, totalPrice: 20, orderDetails: items } });
  expect(order.ok(), await order.text()).toBe(true);
  return ((await order.json()) as { order: { orderId: string } }).order.orderId;
}

test('the studio delivers a retouch order by upload and the customer sees the Retouched tab', async ({ page, browser, request }, testInfo) => {
  test.setTimeout(240_000);
  const email = uniqueEmail('retouch');
  await importShoot(email, PHOTOS, [], { sessionName: 'Kim Headshots' });
  await activateFromInvitation(page, email);
  const orderNumber = await placeOrder(request, page, email);

  // Staff sign in on the same /login and land in the studio.
  const studio = await browser.newPage({ viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.name === 'phone' });
  await signInToStudio(studio);
  await studio.goto('/studio/orders');
  const queue = studio.getByRole('table', { name: 'Retouch orders' });
  const row = queue.getByRole('row').filter({ has: studio.getByRole('link', { name: orderNumber }) });
  await expect(row.getByText('To deliver')).toBeVisible();
  await expect(row.getByText('0 of 2')).toBeVisible();
  await snap(studio, 'studio-orders');

  await row.getByRole('link', { name: orderNumber }).click();
  await expect(studio.getByRole('heading', { level: 1, name: `Order ${orderNumber}` })).toBeVisible();
  await expect(studio.getByRole('listitem', { name: 'Kim-01' })).toBeVisible();
  await expect(studio.getByRole('listitem', { name: 'Kim-02' }).getByRole('link', { name: 'Original' })).toHaveAttribute('href', /\/api\/photo-media\//);
  await expect(studio.getByRole('img', { name: 'Kim-01, as the customer sees it' })).toHaveJSProperty('complete', true);

  // The retouched files: one named after no ordered photo, and the two photos (one in other case).
  const folder = await portraitFolder(['Kim-01', 'kim-02', 'Holiday'], 120);
  try {
    await studio.locator('input[type="file"]').setInputFiles(['Holiday', 'Kim-01', 'kim-02'].map((name) => path.join(folder, `${name}.jpg`)));
    const uploads = studio.getByRole('list', { name: 'Uploads' });
    await expect(uploads.getByRole('listitem', { name: 'Holiday.jpg' }).getByRole('alert')).toHaveText(/No photo of this order is named “holiday”/);
    await expect(uploads.getByText('Delivered as Kim-01')).toBeVisible({ timeout: 30_000 });
    await expect(uploads.getByText('Delivered as Kim-02')).toBeVisible({ timeout: 30_000 });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  await expect(studio.getByText('Every photo has its retouched file. The customer was mailed.')).toBeVisible();
  await expect(studio.getByRole('heading', { name: 'Photos (2 of 2 delivered)' })).toBeVisible();
  await snap(studio, 'studio-order-delivered', { fullPage: true });

  const mail = await readMail(email, `Your retouched photos are ready (order ${orderNumber})`);
  expect(mail.links.some((link) => link.endsWith('/main/retouched'))).toBe(true);

  await studio.goto('/studio/activity');
  await expect(studio.getByText(orderNumber).first()).toBeVisible();
  await studio.close();

  await page.goto('/main/retouched');
  for (const name of ['Kim-01', 'Kim-02']) await expect(page.getByRole('img', { name }).first()).toBeVisible();
  await snap(page, 'customer-retouched-after-studio-delivery');
});
