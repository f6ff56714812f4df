// Issue 12 §5, "the gallery around the editor", tried as a new customer would, phone first: the
// selection bar only while photos are selected (two rows of photos fit a phone), toasts that cover no
// control and don't stack up, focus back on the photo after the preview, the legacy multi-photo share
// and single-photo touch-up routes, the edited mark and Revert to original, the counts, the version
// on Help & FAQs, a logout without a 401.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { commerceMessages, editorMessages, galleryMessages, messages } from '@studio-gallery/contract';
import { baseURL, expectNoSeriousA11yViolations, snap, uniqueEmail } from './support';
import { e2eDir } from './support/env';
import { activateWithPassword, importShoot, signInToGallery } from './support/shoot';

const PHOTOS = ['Sam-01', 'Sam-02', 'Sam-03', 'Sam-04', 'Sam-05', 'Sam-06', 'Sam-07'];
const RETOUCHED = ['Sam-01'];
const PASSWORD = 'Phone-Pass-2026';
const VERSION = (JSON.parse(fs.readFileSync(path.join(e2eDir, '..', 'package.json'), 'utf8')) as { version: string }).version;

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, `${locator.toString()} has a box`).not.toBeNull();
  return found!;
}

function toast(page: Page, text: string): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: text });
}

/** The toast showing `text` is on screen, alone (a new one takes the place of the last), and covers none of `controls`. */
async function expectToastClearOf(page: Page, text: string, controls: Locator[]): Promise<void> {
  const shown = toast(page, text);
  await expect(shown).toBeVisible();
  await expect(shown).toBeInViewport({ ratio: 1 });
  await expect(page.locator('.mantine-Notification-root').filter({ visible: true })).toHaveCount(1);
  const toastBox = await box(shown);
  for (const control of controls) {
    const controlBox = await box(control);
    expect(overlaps(toastBox, controlBox), `the "${text}" toast ${JSON.stringify(toastBox)} covers ${control.toString()} ${JSON.stringify(controlBox)}`).toBe(false);
  }
}

/** Records every toast text the page shows (a toast may come and go between two checks). */
async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const node of Array.from(document.querySelectorAll('.mantine-Notification-description:not([data-recorded])'))) {
        node.setAttribute('data-recorded', '');
        seen.push(node.textContent ?? '');
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

const toastsSeen = (page: Page) => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts);

/** Rows of photo cards wholly visible between the top bar and what is fixed at the bottom of the screen. */
async function visibleRows(page: Page): Promise<number> {
  return page.evaluate(() => {
    const top = document.querySelector('header')!.getBoundingClientRect().bottom;
    const fixed = Array.from(document.querySelectorAll('[data-phone-nav], [data-selection-bar]'))
      .map((el) => el.getBoundingClientRect())
      .filter((r) => r.height > 0 && r.top < window.innerHeight && r.top > window.innerHeight / 2);
    const bottom = Math.min(window.innerHeight, ...fixed.map((r) => r.top));
    const rows = new Set<number>();
    for (const card of Array.from(document.querySelectorAll('[data-testid="photo-card"]'))) {
      const r = card.getBoundingClientRect();
      if (r.top >= top - 1 && r.bottom <= bottom + 1) rows.add(Math.round(r.top));
    }
    return rows.size;
  });
}

/** Scrolls so the grid's first row starts just under the top bar. */
async function scrollGridToTop(page: Page): Promise<void> {
  await page.getByTestId('photo-card').first().evaluate((card) => {
    const header = document.querySelector('header')!.getBoundingClientRect().bottom;
    window.scrollBy(0, card.getBoundingClientRect().top - header - 8);
  });
}

let email = '';

async function apiToken(request: APIRequestContext): Promise<{ token: string; userId: number }> {
  const signIn = await request.post('/api/authenticate', { data: { username: email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);
  const { id_token: token } = (await signIn.json()) as { id_token: string };
  const me = (await (await request.get('/api/account', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number };
  return { token, userId: me.id };
}

/** Signs in through the login screen (a fresh session per test) and waits for the photos. */
function openGallery(page: Page): Promise<void> {
  return signInToGallery(page, email, PASSWORD);
}

test.beforeAll(async ({ playwright }) => {
  // One shoot per project run: the studio imports it, the customer activates from the mail and sets
  // a password, so that each test can sign in afresh (one of them logs out).
  email = uniqueEmail('phone');
  await importShoot(email, PHOTOS, RETOUCHED, { sessionName: 'Phone Shoot' });
  const request = await playwright.request.newContext({ baseURL: baseURL() });
  await activateWithPassword(request, email, PASSWORD);
  await request.dispose();
});

test('phone: no selection bar until a photo is selected, two rows of photos fit, the search hint fits', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone layout');
  await openGallery(page);

  await expect(page.getByRole('group', { name: 'Selection' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
  await scrollGridToTop(page);
  expect(await visibleRows(page), 'rows of photos on screen with nothing selected').toBeGreaterThanOrEqual(2);

  // The search placeholder fits its field.
  const search = page.getByRole('textbox', { name: 'Search photos' });
  const fit = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, room };
  });
  expect(fit.text, `the placeholder (${fit.text}px) fits the field (${fit.room}px)`).toBeLessThanOrEqual(fit.room);
  // Each card offers Edit (the photo itself previews on a phone).
  await expect(page.getByRole('button', { name: 'Edit Sam-02' })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, 'phone-gallery', { fullPage: false });

  // Selecting shows the bar: compact, one row, above the phone menu; still two rows of photos.
  await page.getByRole('checkbox', { name: 'Select Sam-01' }).check();
  await page.getByRole('checkbox', { name: 'Select Sam-02' }).check();
  const bar = page.getByRole('group', { name: 'Selection' });
  await expect(bar).toBeVisible();
  await expect(bar).toContainText('2');
  const barBox = await box(bar);
  const navBox = await box(page.getByRole('navigation', { name: 'Gallery' }));
  expect(barBox.height).toBeLessThanOrEqual(60);
  expect(barBox.y + barBox.height).toBeLessThanOrEqual(navBox.y + 1);
  for (const name of ['Download', 'Share', 'Touch-up', 'Background']) {
    const button = await box(bar.getByRole('button', { name, exact: true }));
    expect(button.y, `${name} sits in the bar's one row`).toBeGreaterThanOrEqual(barBox.y);
    expect(button.y + button.height).toBeLessThanOrEqual(barBox.y + barBox.height);
  }
  await scrollGridToTop(page);
  expect(await visibleRows(page), 'rows of photos on screen with the selection bar').toBeGreaterThanOrEqual(2);
  await snap(page, 'phone-gallery-selected', { fullPage: false });
  await bar.getByRole('button', { name: 'Clear selection' }).click();
  await expect(bar).toHaveCount(0);

  // The phone menu is the spec's (Recent, Favorites, Retouched, Shared, Downloads: issue 24 §1); Help &
  // FAQs (with the version) and the orders are in the drawer.
  await expect(page.getByRole('navigation', { name: 'Gallery' }).getByRole('link')).toHaveText(['Recent', 'Favorites', 'Retouched', 'Shared', 'Downloads']);
  await page.getByRole('button', { name: 'Show navigation' }).click();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'Help & FAQs' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Help & FAQs' })).toBeVisible();
  await expect(page.getByText(`Version ${VERSION}`)).toBeVisible();
  await page.getByRole('button', { name: 'Show navigation' }).click();
  await page.getByRole('navigation', { name: 'Sidebar' }).getByRole('link', { name: 'View all orders' }).click();
  await expect(page).toHaveURL(/\/main\/orders$/);
});

test('the header counts what the Photos tab counts and names the skipped photos', async ({ page }) => {
  await openGallery(page);
  await expect(page.getByText(`${PHOTOS.length} photos`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Skip Sam-07' }).click();
  await expect(page.getByText(`${PHOTOS.length - 1} photos · 1 skipped`, { exact: true })).toBeVisible();
  await expect(page.getByRole('tab', { name: new RegExp(`^Photos\\s*${PHOTOS.length - 1}$`) })).toBeVisible();
  await page.getByRole('tab', { name: /^Skip\s*1$/ }).click();
  await page.getByRole('button', { name: 'UnSkip Sam-07' }).click();
  await expect(page.getByText(`${PHOTOS.length} photos`, { exact: true })).toBeVisible();
});

test('toasts cover no control (a dialog’s close button, the cart, the selection bar) and a repeat replaces itself', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  await openGallery(page);
  const cart = page.getByRole('button', { name: 'Cart', exact: true });

  // In the share dialog: Copy URL twice → one toast, clear of the dialog's title and close button.
  await page.getByRole('checkbox', { name: 'Select Sam-02' }).check();
  const bar = page.getByRole('group', { name: 'Selection' });
  await bar.getByRole('button', { name: 'Share', exact: true }).click();
  const share = page.getByRole('dialog', { name: 'Share photos' });
  await share.getByRole('button', { name: 'Copy URL of Sam-02' }).click();
  await expectToastClearOf(page, 'URL copied to clipboard!', [share.getByRole('button', { name: 'Close' }), share.getByRole('heading', { name: 'Share photos' }), share.getByRole('button', { name: 'Copy URL of Sam-02' })]);
  await share.getByRole('button', { name: 'Copy URL of Sam-02' }).click();
  await expect(toast(page, 'URL copied to clipboard!')).toHaveCount(1);
  await snap(page, 'toast-share-dialog', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(share).toBeHidden();

  // On the page, with photos selected: clear of the cart, the selection bar and the phone menu.
  await page.getByRole('button', { name: 'Mark Sam-03 as favorite' }).click();
  const fixedControls = [cart, ...(await bar.getByRole('button').all())];
  const phoneMenu = page.getByRole('navigation', { name: 'Gallery' });
  if (await phoneMenu.isVisible()) fixedControls.push(...(await phoneMenu.getByRole('link').all()));
  await expectToastClearOf(page, galleryMessages.favouriteUpdated, fixedControls);
  await snap(page, 'toast-gallery-selected', { fullPage: false });

  // In the preview: clear of its close button, its menus and its arrows.
  await page.getByRole('button', { name: 'Preview Sam-04' }).first().click();
  const preview = page.getByRole('dialog', { name: 'Sam-04' });
  await expect(preview.getByRole('img', { name: 'Sam-04' })).toBeVisible();
  await preview.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /Social Media Resolution/ }).click();
  await downloading;
  await expectToastClearOf(page, 'Image downloaded successfully.', [
    preview.getByRole('button', { name: 'Close preview' }),
    preview.getByRole('button', { name: 'Download' }),
    preview.getByRole('button', { name: 'Actions' }),
    preview.getByRole('button', { name: 'Previous photo' }),
    preview.getByRole('button', { name: 'Next photo' }),
  ]);
  await snap(page, 'toast-preview', { fullPage: false });
});

test('Escape from the preview leaves focus on the card of the photo it showed', async ({ page }) => {
  await openGallery(page);
  // The first preview of the page (its dialog's code mounts then).
  await page.getByRole('button', { name: 'Preview Sam-03' }).first().click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('img', { name: 'Sam-03' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  const focusedCard = () => page.evaluate(() => document.activeElement?.closest('[data-testid="photo-card"]')?.querySelector('img')?.alt ?? null);
  await expect.poll(focusedCard).toBe('Sam-03');

  // Paging on in the preview: focus goes to the photo shown last.
  await page.keyboard.press('Enter');
  await expect(preview.getByRole('img', { name: 'Sam-03' })).toBeVisible();
  await preview.getByRole('button', { name: 'Next photo' }).click();
  await expect(preview.getByRole('img', { name: 'Sam-04' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  await expect.poll(focusedCard).toBe('Sam-04');
});

test('"Please select at least one photo." never shows while photos are selected', async ({ page }) => {
  await recordToasts(page);
  await openGallery(page);
  await page.getByRole('checkbox', { name: 'Select Sam-01' }).check();
  await page.getByRole('checkbox', { name: 'Select Sam-02' }).check();
  const bar = page.getByRole('group', { name: 'Selection' });
  for (const [service, title] of [
    ['Touch-up', 'Professional touch-up'],
    ['Background', 'Background replacement'],
  ] as const) {
    await bar.getByRole('button', { name: service, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
  await bar.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Share photos' })).toBeVisible();
  await page.keyboard.press('Escape');
  const zipping = page.waitForEvent('download');
  await bar.getByRole('button', { name: 'Download', exact: true }).click();
  await zipping;
  await expect(toast(page, 'Successfully downloaded 2 photos.')).toBeVisible();
  expect(await toastsSeen(page)).not.toContain(galleryMessages.zipNeedsSelection);
  expect(await toastsSeen(page)).not.toContain(galleryMessages.noImagesToShare);
});

test('/ImageShareMultiple shares the photos last chosen; /ImageTouchup?imgUrl=… finds the photo by its URL', async ({ page }) => {
  await openGallery(page);
  // Nothing chosen yet: a clear empty state.
  await page.goto('/ImageShareMultiple');
  await expect(page.getByText(galleryMessages.noImagesToShare)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to gallery' })).toBeVisible();

  await page.goto('/main');
  await page.getByRole('checkbox', { name: 'Select Sam-05' }).check();
  await page.getByRole('checkbox', { name: 'Select Sam-06' }).check();
  await page.goto('/ImageShareMultiple');
  const share = page.getByRole('dialog', { name: 'Share photos' });
  await expect(share.getByRole('button', { name: 'Copy URL of Sam-05' })).toBeVisible();
  await expect(share.getByRole('button', { name: 'Copy URL of Sam-06' })).toBeVisible();
  await expect(share.getByRole('link', { name: 'Share Sam-05 on LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
  await snap(page, 'image-share-multiple', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/main$/);

  // A touch-up link carrying only the photo's URL (no session id, not among the photos last chosen).
  const { token, userId } = await apiToken(page.request);
  const answer = await page.request.get(`/api/sessions/GetUserSessionsPage?userId=${userId}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const photo = ((await answer.json()) as { items: { name: string; url: string }[] }).items.find((p) => p.name === 'Sam-04')!;
  await page.evaluate(() => localStorage.removeItem('orderSessions'));
  await page.goto(`/ImageTouchup?imgUrl=${encodeURIComponent(photo.url)}`);
  const touchup = page.getByRole('dialog', { name: 'Professional touch-up' });
  await expect(touchup.getByText('Sam-04')).toBeVisible();
  await expect(page.getByText(galleryMessages.incorrectUrl)).toHaveCount(0);
  await touchup.getByRole('button', { name: 'Add to cart' }).click();
  await expect(toast(page, commerceMessages.itemAddedToCart)).toBeVisible();
  await snap(page, 'image-touchup-by-url', { fullPage: false });
});

test('an edited photo is marked, and Revert to original brings the original back', async ({ page }) => {
  await openGallery(page);
  // An edit saved as the editor saves it (its own journey is the editor's spec).
  const { token, userId } = await apiToken(page.request);
  const list = await page.request.get(`/api/sessions/GetUserSessionsPage?userId=${userId}&pageSize=100`, { headers: { authorization: `Bearer ${token}` } });
  const photo = ((await list.json()) as { items: { id: number; name: string }[] }).items.find((p) => p.name === 'Sam-06')!;
  const jpeg = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#3a6ea5' } }).jpeg().toBuffer();
  const saved = await page.request.post('/api/ex/images/save-edited-image', {
    headers: { authorization: `Bearer ${token}` },
    data: { photoId: photo.id, imageBase64: jpeg.toString('base64'), contentType: 'image/jpeg' },
  });
  expect(saved.status(), await saved.text()).toBe(200);

  await page.reload();
  // By its caption: on a phone the card's picture loads only once scrolled to.
  const card = page.getByTestId('photo-card').filter({ hasText: 'Sam-06' });
  await expect(card.getByText('Edited', { exact: true })).toBeVisible();
  await expect(page.getByTestId('photo-card').filter({ hasText: 'Sam-05' }).getByText('Edited', { exact: true })).toHaveCount(0);
  await card.getByRole('button', { name: 'Preview Sam-06' }).first().click();
  const preview = page.getByRole('dialog', { name: 'Sam-06' });
  await expect(preview.getByText('Edited', { exact: true })).toBeVisible();
  await preview.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await snap(page, 'edited-preview-actions', { fullPage: false });
  await page.getByRole('menuitem', { name: 'Revert to original' }).click();
  await expect(toast(page, editorMessages.editReverted)).toBeVisible();
  await expect(preview.getByText('Edited', { exact: true })).toHaveCount(0);
  await preview.getByRole('button', { name: 'Actions' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Revert to original' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.keyboard.press('Escape');
  await expect(card.getByText('Edited', { exact: true })).toHaveCount(0);
});

test('notification switches confirm the save; logout leaves no 401 behind', async ({ page }) => {
  await openGallery(page);
  await page.goto('/settings?tab=notification');
  const emailSwitch = page.getByRole('switch', { name: /Email notifications/ });
  await expect(emailSwitch).toBeVisible();
  await emailSwitch.click({ force: true });
  await expect(toast(page, messages.notificationSettingsSaved)).toBeVisible();
  await snap(page, 'settings-notification-saved', { fullPage: false });
  await emailSwitch.click({ force: true });

  await page.goto('/main');
  await expect(page.getByTestId('photo-card').first().getByRole('img')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const failures: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401) failures.push(`${response.status()} ${response.url()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(message.text());
  });
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  expect(failures).toEqual([]);
});
