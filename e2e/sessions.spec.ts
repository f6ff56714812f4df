// Issue 11 §2 in real Chromium: sessions end on the server. Logout in one tab ends the session the
// other tab holds; "Sign out of all devices" ends the session of another browser (context) too.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { findLink, readMail, snap, uniqueEmail } from './support';

const PASSWORD = 'Session123';

/** A fresh, activated customer (sign-up + the activation link), so signing out touches no one else. */
async function newCustomer(request: APIRequestContext, prefix: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const signUp = await request.post('/api/register-galleryuser', { data: { firstName: 'Sam', lastName: 'Session', email, password: PASSWORD } });
  expect(signUp.status()).toBe(201);
  const code = findLink(await readMail(email, /activate/i), '/active-account/').split('/').pop() as string;
  const activation = await request.post('/api/active-galley-user', { data: { activationCode: decodeURIComponent(code) } });
  expect(activation.status()).toBe(200);
  return email;
}

async function signIn(page: Page, email: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
}

function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => window.localStorage.getItem('token'));
}

async function accountStatus(request: APIRequestContext, token: string): Promise<number> {
  return (await request.get('/api/account', { headers: { authorization: `Bearer ${token}` } })).status();
}

test('Logout in one tab ends the session in another tab on its next call', async ({ context, request }) => {
  test.setTimeout(150_000);
  const email = await newCustomer(request, 'two-tabs');
  const first = await context.newPage();
  await signIn(first, email);
  const token = (await storedToken(first)) as string;
  expect(token).toBeTruthy();

  const second = await context.newPage();
  await second.goto('/settings');
  await expect(second.getByRole('tab', { name: 'Security' })).toBeVisible();

  const loggedOut = first.waitForResponse((r) => r.url().endsWith('/api/account/logout') && r.request().method() === 'POST');
  await first.getByRole('button', { name: new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).click();
  await first.getByRole('menuitem', { name: 'Logout' }).click();
  expect((await loggedOut).status()).toBe(204);
  await expect(first).toHaveURL(/\/login$/);

  // The server has ended the token itself, not only this browser's copy of it.
  expect(await accountStatus(request, token)).toBe(401);

  // The other tab's next call lands on /login.
  await second.goto('/settings');
  await expect(second).toHaveURL(/\/login$/);
});

test('"Sign out of all devices" ends the session of another browser too', async ({ browser, request, baseURL, viewport }) => {
  test.setTimeout(150_000);
  const email = await newCustomer(request, 'all-devices');
  const laptop = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const phone = await browser.newContext({ baseURL, viewport });
  try {
    const onLaptop = await laptop.newPage();
    const onPhone = await phone.newPage();
    await signIn(onLaptop, email);
    await signIn(onPhone, email);
    const laptopToken = (await storedToken(onLaptop)) as string;

    await onPhone.goto('/settings');
    await onPhone.getByRole('tab', { name: 'Security' }).click();
    const button = onPhone.getByRole('button', { name: 'Sign out of all devices' });
    await expect(button).toBeVisible();
    await snap(onPhone, 'settings-security-sign-out-everywhere');
    await button.click();
    await expect(onPhone).toHaveURL(/\/login$/);

    // The laptop still holds its token in its own storage; the server refuses it.
    expect(await storedToken(onLaptop)).toBe(laptopToken);
    expect(await accountStatus(request, laptopToken)).toBe(401);
    await onLaptop.getByRole('link', { name: 'Settings' }).first().click();
    await expect(onLaptop).toHaveURL(/\/login$/);
    await snap(onLaptop, 'signed-out-everywhere-login');
  } finally {
    await laptop.close();
    await phone.close();
  }
});
