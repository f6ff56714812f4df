// Issue 15 §3 in real Chromium: staff open a customer's session from the customer's page, see its
// photos with what the customer marked, rename one and delete another; the customer's gallery
// follows at once.
import { expect, test } from '@playwright/test';
import { snap, uniqueEmail } from './support';
import { activateFromInvitation, importShoot } from './support/shoot';
import { signInToStudio } from './support/studio';

test('staff rename and delete single photos of a session; the customer sees the change', async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('photos');
  await importShoot(email, ['Lee-01', 'Lee-02', 'Lee-03'], [], { sessionName: 'Lee Headshots' });
  await activateFromInvitation(page, email);
  await expect(page.getByRole('img', { name: 'Lee-03' }).first()).toBeVisible();

  const studio = await browser.newPage({ viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.name === 'phone' });
  await signInToStudio(studio);
  await studio.goto('/studio/customers');
  await studio.getByRole('textbox', { name: 'Search customers' }).fill(email);
  const customers = studio.getByRole('table', { name: 'Customers' });
  await expect(customers.getByRole('row')).toHaveCount(2);
  await customers.getByRole('link').first().click();
  await studio.getByRole('listitem', { name: 'Lee Headshots' }).getByRole('link', { name: 'Photos' }).click();

  await expect(studio.getByRole('heading', { name: 'Lee Headshots' })).toBeVisible();
  await expect(studio.getByTestId('studio-photo')).toHaveCount(3);
  await expect(studio.getByRole('img', { name: 'Lee-01' })).toHaveJSProperty('complete', true);
  await snap(studio, 'studio-session-photos');

  await studio.getByRole('button', { name: 'Rename Lee-01' }).click();
  const name = studio.getByRole('textbox', { name: 'Name' });
  await name.fill('Lee best');
  await studio.getByRole('button', { name: 'Save' }).click();
  await expect(studio.getByRole('img', { name: 'Lee best' })).toBeVisible();

  await studio.getByRole('button', { name: 'Delete Lee-02' }).click();
  await studio.getByRole('button', { name: 'Delete photo' }).click();
  await expect(studio.getByTestId('studio-photo')).toHaveCount(2);
  await snap(studio, 'studio-session-photos-after-changes');
  await studio.close();

  await page.reload();
  await expect(page.getByRole('img', { name: 'Lee best' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Lee-02' })).toHaveCount(0);
});
