// Issue 4's journeys in real Chromium, desktop and phone. Test mode (no Stripe keys): touch-up for
// two photos and background for one → cart → coupon → a declined card, then 4242… → order placed →
// Recent Orders, /main/orders and Bill & Invoices show it → the studio's deliver command → the
// retouched photos in the Retouched tab. And the same purchase through the Stripe path, against the
// second server in Stripe mode whose Stripe API is a local stand-in (Stripe.js answered locally too).
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { commerceMessages } from '@studio-gallery/contract';
import { readMail, snap, stripeServer, uniqueEmail } from './support';
import { addToCart, fillCard, toast } from './support/checkout';
import { fakeStripeJs } from './support/fake-stripe-js';
import { activateFromInvitation, importShoot, portraitFolder, runStudio } from './support/shoot';

const PHOTOS = ['Jo-01', 'Jo-02', 'Jo-03', 'Jo-04'];
const ALREADY_RETOUCHED = ['Jo-04'];

function tab(page: Page, name: string, count: number) {
  return page.getByRole('tab', { name: new RegExp(`^${name}\\s*${count}$`) });
}

/** The order number the success dialog or orders page shows, e.g. SP-3. */
async function latestOrderNumber(page: Page): Promise<string> {
  // Relative to the page's own server: the Stripe journey runs on the second one.
  await page.goto(new URL('/main/orders', page.url()).href);
  const heading = page.getByRole('heading', { level: 2, name: /^SP-\d+$/ }).first();
  await expect(heading).toBeVisible();
  return (await heading.textContent())!.trim();
}

test('a customer orders retouching with a coupon, pays in test mode, and the studio delivers', async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('buyer');
  await importShoot(email, PHOTOS, ALREADY_RETOUCHED, { sessionName: 'Retouch Order Shoot' });
  await activateFromInvitation(page, email);
  await expect(tab(page, 'Retouched', 1)).toBeVisible();

  // Touch-up for two photos, background for a third; the cart badge counts three.
  await addToCart(page, ['Jo-01', 'Jo-02'], 'Touch-up');
  await addToCart(page, ['Jo-03'], 'Background');
  const cartButton = page.getByRole('button', { name: 'Cart', exact: true });
  await expect(cartButton).toHaveAccessibleDescription(/3 items/);

  // Cart review: $10 + $10 + $9, no sales tax; WELCOME10 takes 10 % off the total.
  await cartButton.click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByRole('button', { name: /^Remove Jo-01/ })).toBeVisible();
  await expect(cart.getByText('$29.00').first()).toBeVisible();
  await expect(cart.getByRole('button', { name: 'Apply' })).toBeDisabled();
  await cart.getByRole('textbox', { name: 'Coupon code' }).fill('SPRING25');
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, commerceMessages.couponInactive)).toBeVisible();
  await cart.getByRole('textbox', { name: 'Coupon code' }).fill('WELCOME10');
  await cart.getByRole('button', { name: 'Apply' }).click();
  await expect(toast(page, commerceMessages.couponApplied(10))).toBeVisible();
  await expect(cart.getByText('$26.10').first()).toBeVisible();
  await snap(page, 'cart');
  await cart.getByRole('button', { name: 'Pay Now' }).click();

  // Test mode: a declined card says why and gives the form back; 4242… pays.
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('Test mode')).toBeVisible();
  const pay = payment.getByRole('button', { name: /^Pay/ }).last();
  await expect(pay).toBeDisabled();
  await fillCard(payment, '4000 0000 0000 0002');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(payment.getByText(commerceMessages.paymentFailed(commerceMessages.cardDeclined))).toBeVisible();
  await expect(payment.getByRole('textbox', { name: 'Card number' })).toBeEditable();
  await snap(page, 'payment-declined');
  await payment.getByRole('textbox', { name: 'Card number' }).fill('4242 4242 4242 4242');
  await expect(pay).toBeEnabled();
  await pay.click();

  const success = page.getByRole('dialog', { name: 'Order placed' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await expect(success.getByText(/72 hours/).first()).toBeVisible();
  await snap(page, 'order-placed');
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(toast(page, commerceMessages.specialRequestCreated)).toBeVisible();
  await expect(cartButton).toHaveAccessibleDescription('0 items');

  // The order: on /main/orders (pending), in the sidebar's Recent Orders, in Bill & Invoices.
  const orderNumber = await latestOrderNumber(page);
  const order = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderNumber }) });
  await expect(order.getByText('PENDING', { exact: true })).toBeVisible();
  await expect(order.getByText('$26.10')).toBeVisible();
  await snap(page, 'orders');
  if (testInfo.project.name === 'desktop') {
    await expect(page.getByRole('region', { name: 'Recent Orders' }).getByText(new RegExp(`^${orderNumber} ·`))).toBeVisible();
  }
  await page.goto('/settings');
  await page.getByRole('tab', { name: 'Bill & Invoices' }).click();
  await page.getByRole('link', { name: `Invoice ${orderNumber}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${orderNumber}` })).toBeVisible();
  await expect(page.getByText('$26.10').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await snap(page, 'invoice');

  // The studio delivers the three retouched files; they show in the Retouched tab.
  const delivery = await portraitFolder(['Jo-01', 'Jo-02', 'Jo-03'], 200);
  const delivered = runStudio(['deliver', orderNumber, delivery]);
  fs.rmSync(delivery, { recursive: true, force: true });
  expect(delivered.status, `deliver failed:\n${delivered.stderr}`).toBe(0);
  expect(delivered.stderr).toContain('The order is delivered; the customer was mailed.');

  await page.goto('/main/retouched');
  await expect(tab(page, 'Retouched', 4)).toBeVisible();
  for (const name of ['Jo-01', 'Jo-02', 'Jo-03']) await expect(page.getByRole('img', { name }).first()).toBeVisible();
  await page.goto('/main/orders');
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderNumber }) }).getByText('DELIVERED', { exact: true })).toBeVisible();
});

test('the same purchase pays through Stripe (local stand-ins of Stripe.js and its API)', async ({ page }) => {
  test.setTimeout(240_000);
  const stripe = stripeServer();
  const env = { DATA_DIR: stripe.dataDir, PUBLIC_URL: stripe.baseURL };
  await page.route('https://js.stripe.com/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: fakeStripeJs(stripe.stripeApiUrl) }),
  );

  const email = uniqueEmail('stripe');
  await importShoot(email, PHOTOS.slice(0, 2), [], { sessionName: 'Stripe Shoot', env });
  await activateFromInvitation(page, email, { dataDir: stripe.dataDir });
  expect(new URL(page.url()).origin).toBe(stripe.baseURL);

  await addToCart(page, ['Jo-01'], 'Touch-up');
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  const cart = page.getByRole('dialog', { name: 'Your Cart' });
  await expect(cart.getByText('$10.00').first()).toBeVisible();
  await cart.getByRole('button', { name: 'Pay Now' }).click();

  const payment = page.getByRole('dialog', { name: 'Payment' });
  await expect(payment.getByText('Test mode')).toHaveCount(0);
  const pay = payment.getByRole('button', { name: /^Pay/ }).last();
  await expect(payment.getByRole('textbox', { name: 'Card number' })).toBeVisible({ timeout: 20_000 });
  await expect(pay).toBeDisabled();
  await fillCard(payment, '4000000000000002');
  await expect(pay).toBeEnabled();
  await pay.click();
  await expect(payment.getByText(commerceMessages.paymentFailed(commerceMessages.cardDeclined))).toBeVisible();
  await fillCard(payment, '4242424242424242');
  await pay.click();

  const success = page.getByRole('dialog', { name: 'Order placed' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await success.getByRole('button', { name: 'Done' }).click();
  const orderNumber = await latestOrderNumber(page);
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderNumber }) }).getByText('$10.00').first()).toBeVisible();
  // The studio was told (its support address: the demo provider has none of its own).
  const studioMail = await readMail('support@studio-gallery.test', `New retouch order ${orderNumber}:`, { dataDir: stripe.dataDir });
  expect(studioMail.text).toContain('Jo-01');
});
