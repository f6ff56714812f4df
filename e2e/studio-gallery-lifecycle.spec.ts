// Issue 15 §3 in real Chromium: the gallery lifecycle. Staff see when a session expires, archive it
// (confirmed); the customer then sees the message instead of their photos; staff restore it and the
// photos are back.
import { expect, test } from '@playwright/test';
import { snap, uniqueEmail } from './support';
import { activateFromInvitation, importShoot } from './support/shoot';
import { signInToStudio } from './support/studio';

const ARCHIVED = 'This gallery has been archived. Contact the studio to restore it.';

test('staff archive a session, the customer sees the message, staff restore it', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('lifecycle');
  await importShoot(email, ['Kim-01', 'Kim-02'], [], { sessionName: 'Kim Headshots' });
  await activateFromInvitation(page, email);
  await expect(page.getByRole('img', { name: 'Kim-01' }).first()).toBeVisible();

  const studio = await browser.newPage({ viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.name === 'phone' });
  await signInToStudio(studio);
  await studio.goto('/studio/customers');
  await studio.getByRole('textbox', { name: 'Search customers' }).fill(email);
  const customers = studio.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row')).toHaveCount(2);
  await customers.getByRole('link').first().click();

  const card = studio.getByRole('listitem', { name: 'Kim Headshots' });
  await expect(card.getByText(/^Expires \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await snap(studio, 'studio-gallery-lifecycle-live');

  await card.getByRole('button', { name: 'Change expiry' }).click();
  const expiryDialog = studio.getByRole('dialog', { name: 'Change the expiry' });
  await expiryDialog.getByRole('button', { name: /Online until/ }).click();
  await snap(studio, 'studio-gallery-lifecycle-date-picker');
  await studio.keyboard.press('Escape');
  await expiryDialog.getByRole('button', { name: 'Cancel' }).click();

  await card.getByRole('button', { name: 'Archive' }).click();
  const confirm = studio.getByRole('dialog', { name: 'Archive this gallery?' });
  await snap(studio, 'studio-gallery-lifecycle-archive-confirm');
  await confirm.getByRole('button', { name: 'Archive gallery' }).click();
  await expect(card.getByText(/^Archived on /)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Restore' })).toBeVisible();
  await snap(studio, 'studio-gallery-lifecycle-archived');

  await page.reload();
  await expect(page.getByText(ARCHIVED)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Kim-01' })).toHaveCount(0);
  await snap(page, 'gallery-archived');

  await card.getByRole('button', { name: 'Restore' }).click();
  await studio.getByRole('dialog', { name: 'Restore this gallery?' }).getByRole('button', { name: 'Restore gallery' }).click();
  await expect(card.getByText(/^Expires \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await studio.close();

  await page.reload();
  await expect(page.getByRole('img', { name: 'Kim-01' }).first()).toBeVisible();
});
