// Proves the harness end to end: real server + built web app + Chromium, demo data, axe, screenshots.
import { expect, test } from '@playwright/test';
import { demoCustomer, expectNoSeriousA11yViolations, snap } from './support';

test('demo customer signs in and lands on the photoshoot', async ({ page }) => {
  await page.goto('/login');

  // By accessible name: the visible labels carry a required-field asterisk ("Email *") that is
  // hidden from assistive technology, so the inputs' names are exactly "Email" and "Password".
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  const password = page.getByRole('textbox', { name: 'Password', exact: true });
  const login = page.getByRole('button', { name: 'Login', exact: true });
  await expect(email).toBeVisible();
  await expect(password).toBeVisible();
  await expect(login).toBeVisible();

  // Screenshot first, so a failing accessibility check still leaves the screen to look at.
  await snap(page, 'login');
  await expectNoSeriousA11yViolations(page);

  await email.fill(demoCustomer.email);
  await password.fill(demoCustomer.password);
  await login.click();

  await expect(page).toHaveURL(/\/main(?:[/?#]|$)/);
  await expect(page.getByText('Your Photoshoot').filter({ visible: true }).first()).toBeVisible();

  await snap(page, 'main');
  await expectNoSeriousA11yViolations(page);
});
