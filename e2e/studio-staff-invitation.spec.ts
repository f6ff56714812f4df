// Issue 24 §10 in real Chromium: an admin adds a new staff member by email; the invitation they get is
// a studio member's (what the dashboard is, how to set a password), not a customer's "Your photos
// from … are ready"; its link activates the account, sets a password and leads to the studio.
import { expect, test } from '@playwright/test';
import { readMail, snap, uniqueEmail } from './support';
import { signInToStudio } from './support/studio';

test('a new staff member gets a studio invitation, sets a password and opens the dashboard', async ({ page, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the studio at desktop size; the new member activates at phone size inside this test');
  test.setTimeout(120_000);
  const email = uniqueEmail('staff');
  const password = 'Studio-Staff-42';

  await test.step('the admin adds a new address as staff', async () => {
    await signInToStudio(page);
    await page.goto('/studio/staff');
    const form = page.getByRole('form', { name: 'Add staff' });
    await form.getByRole('textbox', { name: 'Email' }).fill(email);
    await form.getByRole('button', { name: /^Add/ }).click();
    await expect(page.getByText(`Invitation sent to ${email} (staff).`)).toBeVisible();
  });

  const mail = await readMail(email, /studio dashboard/);
  await test.step("the mail is a studio member's invitation, not a customer's", async () => {
    expect(mail.subject).toMatch(/^You're invited to the .+ studio dashboard$/);
    expect(mail.text).toMatch(/added you to its studio dashboard as a member of staff/);
    expect(mail.text).toMatch(/choose your password/);
    expect(mail.text).not.toMatch(/Your photos|are ready in your gallery|favourite, download and share/);
  });

  await test.step('the link activates the account, a password is set, and the studio opens (390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const phone = await context.newPage();
    const link = new URL(mail.links.find((l) => l.includes('/active-account/'))!);
    await phone.goto(`${link.pathname}${link.search}`);
    await expect(phone.getByRole('heading', { name: 'Activate your account' })).toBeVisible();
    await phone.getByLabel(/terms and conditions/i).check();
    await phone.getByRole('button', { name: 'Activate' }).click();
    await expect(phone.getByText('The studio dashboard is ready for you.')).toBeVisible();
    await expect(phone.getByText('Your photos are waiting for you.')).toHaveCount(0);
    await snap(phone, 'staff-invitation-activated');
    await phone.getByRole('link', { name: 'Set Your Password' }).click();
    await phone.getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
    await phone.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
    await phone.getByRole('button', { name: 'Save Password' }).click();
    await expect(phone.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
    await context.close();
  });

  await test.step('the new member signs in and lands on the studio dashboard', async () => {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const desk = await context.newPage();
    await desk.goto('/login');
    await desk.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
    await desk.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await desk.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(desk).toHaveURL(/\/studio$/);
    await snap(desk, 'staff-invitation-dashboard');
    await context.close();
  });
});
