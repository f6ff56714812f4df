// The customer's purchase steps, shared by the checkout journeys and the studio journey.
import { expect, type Locator, type Page } from '@playwright/test';
import { commerceMessages } from '@studio-gallery/contract';

export function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first();
}

/** Selects `names`, opens the selection bar's service button and adds them to the cart. */
export async function addToCart(page: Page, names: string[], service: 'Touch-up' | 'Background'): Promise<void> {
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: service, exact: true }).click();
  const dialog = page.getByRole('dialog', { name: service === 'Touch-up' ? 'Professional touch-up' : 'Background replacement' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/72 hours/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, commerceMessages.itemAddedToCart)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Added' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

export async function fillCard(scope: Locator, number: string): Promise<void> {
  await scope.getByRole('textbox', { name: 'Card number' }).fill(number);
  await scope.getByRole('textbox', { name: 'Expiry' }).fill('12 / 34');
  await scope.getByRole('textbox', { name: 'CVC' }).fill('123');
}

/** Cart → Pay Now → the test-mode card 4242… → Order placed → Done (test mode: no Stripe keys). */
export async function payForCartInTestMode(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cart', exact: true }).click();
  await page.getByRole('dialog', { name: 'Your Cart' }).getByRole('button', { name: 'Pay Now' }).click();
  const payment = page.getByRole('dialog', { name: 'Payment' });
  await fillCard(payment, '4242 4242 4242 4242');
  await payment.getByRole('button', { name: /^Pay/ }).last().click();
  const success = page.getByRole('dialog', { name: 'Order placed' });
  await expect(success).toBeVisible({ timeout: 20_000 });
  await success.getByRole('button', { name: 'Done' }).click();
  await expect(toast(page, commerceMessages.specialRequestCreated)).toBeVisible();
}
