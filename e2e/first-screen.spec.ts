// Issue 23 §2: a returning customer's gallery paints from the copy the app kept of it, before the app's
// code has arrived; the app then takes over with nothing moving, what was tapped meanwhile replayed.
// The app's start-up script is held back here (page.route) so that the copy's time on screen can be
// looked at; in real life it lasts until the copy's largest picture is painted and the app has run.
import { expect, test, type Page, type Route } from '@playwright/test';
import { storageKeys } from '@studio-gallery/contract';
import { baseURL, snap, uniqueEmail } from './support';
import { activateWithPassword, importShoot, signInToGallery } from './support/shoot';

const PHOTOS = ['Copy-01', 'Copy-02', 'Copy-03', 'Copy-04', 'Copy-05'];
const PASSWORD = 'Copy-Pass-2026';
let email = '';

test.beforeAll(async ({ playwright }) => {
  email = uniqueEmail('copy');
  await importShoot(email, PHOTOS, [], { sessionName: 'Copy Shoot' });
  const request = await playwright.request.newContext({ baseURL: baseURL() });
  await activateWithPassword(request, email, PASSWORD);
  await request.dispose();
});

/** The copy the app keeps once the gallery is idle (pictures loaded, a settling pause). */
async function storedCopy(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), storageKeys.firstScreen);
}

/** Holds the app's start-up script (index.html's boot script asks for it) until `release` is called. */
async function holdAppScript(page: Page): Promise<{ requested: Promise<void>; release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let markRequested = () => {};
  const requested = new Promise<void>((resolve) => (markRequested = resolve));
  const entry = await page.evaluate(() => (document.querySelector('script[type="module"][src*="/assets/index-"]') as HTMLScriptElement | null)?.getAttribute('src') ?? null);
  expect(entry, 'the boot script asked for the start-up script').toBeTruthy();
  await page.route(`**${entry!}`, async (route: Route) => {
    markRequested();
    await released;
    await route.continue();
  });
  return { requested, release };
}

/** Layout shifts from the page's start, with what moved. */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const shifts: string[] = [];
    (window as unknown as { __shifts: string[] }).__shifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; sources: { node?: Node | null }[] })[]) {
        shifts.push(`${entry.value.toFixed(5)} at ${Math.round(entry.startTime)} ms: ${entry.sources.map((source) => (source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : String(source.node))).join(' | ')}`);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** Opens /main with the app's start-up script held back: the page shows the copy until `release`. */
async function openWithAppHeld(page: Page): Promise<() => void> {
  const app = await holdAppScript(page);
  await page.goto('/main', { waitUntil: 'commit' });
  await app.requested;
  return app.release;
}

test('a returning customer sees their gallery before the app has run, and the app takes over in place', async ({ page }) => {
  await signInToGallery(page, email, PASSWORD);
  await expect.poll(() => storedCopy(page), { timeout: 15_000, message: 'the app keeps a copy of /main' }).not.toBeNull();
  const copy = JSON.parse((await storedCopy(page))!) as { html: string; pictures: string[] };
  expect(copy.html, 'ids and test ids are the live elements’ only').not.toMatch(/\sid="|data-testid=/);
  expect(copy.pictures, 'the largest picture in view is asked for first').toHaveLength(1);
  await recordShifts(page);

  // The copy: the customer's photos, painted, with the app's #root hidden and the copy out of the accessibility tree.
  let release = await openWithAppHeld(page);
  const shown = page.locator('#first-screen');
  await expect(page.locator('html')).toHaveAttribute('data-first-screen', '');
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute('aria-hidden', 'true');
  await expect(shown.locator('h1')).toHaveText('Your Photoshoot');
  const pictures = shown.locator('img[alt^="Copy-"]');
  await expect(pictures.first()).toBeVisible();
  await expect.poll(() => pictures.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  await expect(page.locator('#root')).toBeHidden();
  await snap(page, 'first-screen-copy', { fullPage: false });

  // The app takes over: the copy goes, nothing moves.
  release();
  await expect(shown).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveAttribute('data-first-screen');
  await expect(page.getByTestId('photo-card').first().getByRole('img')).toBeVisible();
  await page.waitForTimeout(500);
  // (The desktop's sidebar may still nudge a link by a hair when its orders arrive, ~0.0001 each, as
  // without the copy; a hand-over that moved the screen would score 0.1 to 1.)
  const shifts = await page.evaluate(() => (window as unknown as { __shifts: string[] }).__shifts);
  expect(shifts.reduce((sum, shift) => sum + Number.parseFloat(shift), 0), `nothing moved: ${shifts.join('\n')}`).toBeLessThan(0.001);
  await snap(page, 'first-screen-after-hand-over', { fullPage: false });

  // A tap on the copy (select the first photo) is replayed on the app once it has taken over.
  release = await openWithAppHeld(page);
  const firstName = (await pictures.first().getAttribute('alt'))!;
  await shown.locator(`input[aria-label="Select ${firstName}"]`).click();
  await expect(shown.locator(`input[aria-label="Select ${firstName}"]`), 'the copy itself does not change').not.toBeChecked();
  release();
  await expect(shown).toHaveCount(0);
  await expect(page.getByRole('checkbox', { name: `Select ${firstName}` }), 'the tap, replayed on the app').toBeChecked();
  await expect(page.getByRole('group', { name: 'Selection' })).toBeVisible();

  // Logging out forgets the copy with the rest of the session.
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await storedCopy(page)).toBeNull();
});

test('the copy is not shown to another customer, at another width, or on another screen', async ({ page }) => {
  await signInToGallery(page, email, PASSWORD);
  await expect.poll(() => storedCopy(page), { timeout: 15_000 }).not.toBeNull();

  // Another screen: straight to the app.
  await page.goto('/main/favourites');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);

  // Another band of widths (a phone's copy on a desktop, or the reverse): not shown.
  const { width, height } = page.viewportSize()!;
  await page.setViewportSize(width >= 768 ? { width: 390, height } : { width: 1280, height });
  await page.goto('/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  await page.setViewportSize({ width, height });

  // Another customer's copy on this browser: not shown (rewritten before the page's scripts run, so
  // that a copy the open page keeps meanwhile cannot undo it).
  await page.addInitScript((key) => {
    const stored = localStorage.getItem(key);
    if (stored) localStorage.setItem(key, JSON.stringify({ ...(JSON.parse(stored) as object), userId: '999999' }));
  }, storageKeys.firstScreen);
  const release = await openWithAppHeld(page);
  await expect(page.locator('#root')).toBeVisible();
  await expect(page.locator('#first-screen')).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
});
