// The account journey of issue 2, in real Chromium against the real server, at desktop and phone size:
// sign up → activation mail → activate → gallery → log out → wrong password → forgot password →
// reset mail → set password → sign in → settings (profile photo, notifications, dark theme, change
// password) → log out. Every screen gets an axe check and a screenshot.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { messages } from '@studio-gallery/contract';
import { expectNoSeriousA11yViolations, readMail, snap, uniqueEmail } from './support';

const firstPassword = 'Sunny123';
const resetPassword = 'Bright456';

async function logOut(page: Page, email: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** Inputs by accessible name: Mantine's required asterisk is aria-hidden, so names are exact. */
function field(page: Page, name: string) {
  return page.getByRole('textbox', { name, exact: true });
}

function toastOrAlert(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first();
}

test('a new customer signs up, activates, resets a password and manages settings', async ({ page }) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('journey');

  // Login screen: validation messages of §5.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(toastOrAlert(page, messages.emailRequired)).toBeVisible();
  await expect(toastOrAlert(page, messages.passwordRequired)).toBeVisible();
  await field(page, 'Email').fill('not-an-email');
  await field(page, 'Email').blur();
  await expect(toastOrAlert(page, messages.emailInvalidLogin)).toBeVisible();
  await snap(page, 'login-validation');

  // Sign up, with the validation messages shown on blur.
  await page.getByRole('link', { name: 'Create An Account' }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await field(page, 'First Name').fill('Ada1');
  await field(page, 'First Name').blur();
  await expect(toastOrAlert(page, messages.firstNameLetters)).toBeVisible();
  await field(page, 'Password').fill('abc');
  await field(page, 'Password').blur();
  await expect(toastOrAlert(page, messages.passwordMin6)).toBeVisible();
  await field(page, 'First Name').fill('Ada');
  await field(page, 'Last Name').fill('Lovelace');
  await field(page, 'Email').fill(email);
  await field(page, 'Password').fill(firstPassword);
  await field(page, 'Confirm Password').fill('Different1');
  await field(page, 'Confirm Password').blur();
  await expect(toastOrAlert(page, messages.passwordsDoNotMatch)).toBeVisible();
  await field(page, 'Confirm Password').fill(firstPassword);
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'signup');
  await page.getByRole('button', { name: /create account|sign up/i }).click();
  await expect(toastOrAlert(page, messages.accountCreated)).toBeVisible();
  await snap(page, 'signup-success');

  // An inactive account cannot sign in yet.
  await page.goto('/login');
  await signIn(page, email, firstPassword);
  await expect(toastOrAlert(page, messages.accountNotActivated)).toBeVisible();

  // The activation mail's link; the terms box is required.
  const activation = await readMail(email, /activate/i);
  const activationLink = activation.links.find((l) => l.includes('/active-account/'));
  expect(activationLink, 'activation link in the mail').toBeTruthy();
  await page.goto(new URL(activationLink!).pathname);
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(toastOrAlert(page, messages.activationTermsRequired)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'activate');
  await page.getByLabel(/terms and conditions/i).check();
  await page.getByRole('button', { name: 'Activate' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await snap(page, 'activated');
  await page.getByRole('link', { name: 'Go To Gallery' }).or(page.getByRole('button', { name: 'Go To Gallery' })).click();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('heading', { name: 'Your Photoshoot' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'gallery-new-customer');

  // Log out; a wrong password is refused with the spec's message.
  await logOut(page, email);
  await signIn(page, email, 'Wrong-password1');
  await expect(toastOrAlert(page, messages.invalidCredentials)).toBeVisible();

  // Forgot password: unknown address, then the real one.
  await page.getByRole('link', { name: /forgot password/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await field(page, 'Email').fill('someone@example');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toastOrAlert(page, messages.forgotEmailInvalid)).toBeVisible();
  await field(page, 'Email').fill('nobody-here@studio-gallery.test');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(toastOrAlert(page, messages.emailNotRegistered)).toBeVisible();
  await field(page, 'Email').fill(email);
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'forgot-password');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await snap(page, 'forgot-password-success');

  // The reset mail's link → Set Password, with each validation message.
  const reset = await readMail(email, /password/i);
  const resetLink = reset.links.find((l) => l.includes('/reset/finish?key='));
  expect(resetLink, 'reset link in the mail').toBeTruthy();
  const url = new URL(resetLink!);
  await page.goto(url.pathname + url.search);
  await expect(page.getByRole('button', { name: 'Skip' })).toHaveCount(0);
  await field(page, 'New Password').fill('abc');
  await field(page, 'Confirm Password').fill('abc');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(toastOrAlert(page, messages.setPasswordLength)).toBeVisible();
  await field(page, 'New Password').fill('a-very-long-password-indeed');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(toastOrAlert(page, messages.setPasswordLength)).toBeVisible();
  await field(page, 'New Password').fill(resetPassword);
  await field(page, 'Confirm Password').fill('Bright457');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(toastOrAlert(page, messages.setPasswordMismatch)).toBeVisible();
  await field(page, 'Confirm Password').fill(resetPassword);
  // show/hide toggle reveals the typed password
  await page.getByRole('button', { name: /show password/i }).first().click();
  await expect(field(page, 'New Password')).toHaveAttribute('type', 'text');
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'set-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  await snap(page, 'set-password-success');

  // The old password no longer works; the new one does.
  await page.getByRole('link', { name: 'Go to Login Page' }).or(page.getByRole('button', { name: 'Go to Login Page' })).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, firstPassword);
  await expect(toastOrAlert(page, messages.invalidCredentials)).toBeVisible();
  await signIn(page, email, resetPassword);
  await expect(toastOrAlert(page, messages.validCredentials)).toBeVisible();
  await expect(page).toHaveURL(/\/main$/);

  // Settings → Profile Information with a photo.
  await page.goto('/settings');
  await expect(page.getByRole('tab', { name: 'Profile Information' })).toBeVisible();
  await expect(field(page, 'Email')).toHaveValue(email);
  await expect(field(page, 'Email')).not.toBeEditable();
  await field(page, 'First Name').fill('Augusta');
  await page.getByRole('textbox', { name: /contact number/i }).fill('+1 312 555 0100');
  const photo = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 120, g: 90, b: 200 } },
  })
    .png()
    .toBuffer();
  await page.locator('input[type="file"]').first().setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo });
  await page.getByRole('button', { name: /save/i }).first().click();
  await expect(toastOrAlert(page, messages.userDetailsUpdated)).toBeVisible();
  const avatar = page.getByRole('img', { name: /profile/i }).first();
  await expect(avatar).toHaveAttribute('src', /\/api\/media\//);
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Augusta');
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'settings-profile');

  // Notification switches are saved.
  await page.getByRole('tab', { name: 'Notification' }).click();
  const smsSwitch = page.getByRole('switch', { name: /sms/i });
  await expect(smsSwitch).toBeChecked();
  await smsSwitch.click({ force: true });
  await expect(smsSwitch).not.toBeChecked();
  await page.waitForLoadState('networkidle');
  await page.reload();
  await page.getByRole('tab', { name: 'Notification' }).click();
  await expect(page.getByRole('switch', { name: /sms/i })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: /email/i })).toBeChecked();
  await snap(page, 'settings-notification');

  // Dark theme is kept after a reload.
  await page.getByRole('tab', { name: 'Preference' }).click();
  await page.getByRole('radio', { name: /dark/i }).check({ force: true });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.getByRole('tab', { name: 'Preference' }).click();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'settings-preference-dark');

  // Security: a wrong current password is shown on its field.
  await page.getByRole('tab', { name: 'Security' }).click();
  await field(page, 'Current Password').fill('Not-my-password1');
  await field(page, 'New Password').fill('short');
  await field(page, 'New Password').blur();
  await expect(toastOrAlert(page, messages.newPasswordMin8)).toBeVisible();
  await field(page, 'New Password').fill('Evening789');
  await page.getByRole('textbox', { name: /confirm/i }).fill('Evening789');
  await page.getByRole('button', { name: /update password|change password|save/i }).click();
  const currentField = field(page, 'Current Password');
  await expect(currentField).toHaveAttribute('aria-invalid', 'true');
  await expect(toastOrAlert(page, messages.currentPasswordIncorrect)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'settings-security');

  // Bill & Invoices is empty for a new customer.
  await page.getByRole('tab', { name: 'Bill & Invoices' }).click();
  await expect(toastOrAlert(page, messages.noInvoices)).toBeVisible();
  await snap(page, 'settings-invoices');

  // Back to light for the remaining screenshots, then log out.
  await page.getByRole('tab', { name: 'Preference' }).click();
  await page.getByRole('radio', { name: /light/i }).check({ force: true });
  await logOut(page, email);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // Signed out, protected screens go to /login.
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/login$/);
});

test('help and FAQs show the studio answers', async ({ page }) => {
  await page.goto('/faq');
  await expect(page.getByRole('heading', { name: 'Help & FAQs' })).toBeVisible();
  await page.getByRole('button', { name: /how long are my photos kept/i }).click();
  await expect(page.getByText(/hosted for 1 year/i)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'faq');
});
