// The gallery journey of issue 3 in real Chromium, desktop and phone: the studio imports a shoot with
// the CLI → invitation mail → activate → counts match → favourite, skip, unskip → preview → download
// both sizes (pixel size and name checked) → ZIP of three (exactly those three) → share → the public
// shared-image page. And a session-code visitor who can view and download but not favourite.
import fs from 'node:fs';
import { expect, test, type Download, type Page } from '@playwright/test';
import sharp from 'sharp';
import { galleryMessages } from '@studio-gallery/contract';
import { readZip } from '../apps/server/test/support/zip';
import { baseURL, demoCustomer, expectNoSeriousA11yViolations, snap, uniqueEmail } from './support';
import { activateFromInvitation, importShoot } from './support/shoot';

const DEMO_VISITOR_CODE = 'DemoTeamHeadshots-2026-StudioGallery-Visitor';
const PHOTO_NAMES = ['Alex-01', 'Alex-02', 'Alex-03', 'Alex-04', 'Alex-05'];
const RETOUCHED_NAMES = ['Alex-01', 'Alex-02'];

function tab(page: Page, name: string, count: number) {
  return page.getByRole('tab', { name: new RegExp(`^${name}\\s*${count}$`) });
}

function toast(page: Page, text: string) {
  return page.getByText(text, { exact: true }).filter({ visible: true }).first();
}

async function savedImageSize(download: Download): Promise<{ width?: number; height?: number }> {
  const file = await download.path();
  return sharp(file).metadata();
}

test('a customer imported by the studio proofs, downloads, zips and shares their photos', async ({ page, context }) => {
  test.setTimeout(240_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
  const email = uniqueEmail('shoot');

  const code = await importShoot(email, PHOTO_NAMES, RETOUCHED_NAMES);
  expect(code).toMatch(/^[A-Za-z0-9_-]{44}$/);

  // The invitation mail activates the account and opens the gallery.
  await activateFromInvitation(page, email);

  // Counts match the import: 5 photos, 2 retouched.
  await expect(tab(page, 'Photos', 5)).toBeVisible();
  await expect(tab(page, 'Original', 3)).toBeVisible();
  await expect(tab(page, 'Retouched', 2)).toBeVisible();
  await expect(tab(page, 'Favorites', 0)).toBeVisible();
  await expect(tab(page, 'Skip', 0)).toBeVisible();
  await expect(page.getByRole('img', { name: 'Alex-03' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await snap(page, 'gallery');

  // Nothing selected: no selection bar (its Download and Share come with the first selected photo).
  await expect(page.getByRole('group', { name: 'Selection' })).toHaveCount(0);

  // Favourite, skip, unskip.
  await page.getByRole('button', { name: 'Mark Alex-03 as favorite' }).click();
  await expect(toast(page, galleryMessages.favouriteUpdated)).toBeVisible();
  await expect(tab(page, 'Favorites', 1)).toBeVisible();
  await page.getByRole('button', { name: 'Skip Alex-04' }).click();
  await expect(toast(page, galleryMessages.photoSkipped)).toBeVisible();
  await expect(tab(page, 'Skip', 1)).toBeVisible();
  await expect(tab(page, 'Photos', 4)).toBeVisible();
  await tab(page, 'Skip', 1).click();
  await page.getByRole('button', { name: 'UnSkip Alex-04' }).click();
  await expect(toast(page, galleryMessages.photoUnskipped)).toBeVisible();
  await expect(tab(page, 'Skip', 0)).toBeVisible();
  await tab(page, 'Photos', 5).click();

  // Preview, and both download sizes from its menu.
  await page.getByRole('button', { name: 'Preview Alex-05' }).first().click();
  const preview = page.getByRole('dialog');
  await expect(preview.getByRole('img', { name: 'Alex-05' })).toBeVisible();
  await snap(page, 'preview');
  for (const [label, suffix, width, height] of [
    ['Social Media Resolution', '_sm', 1000, 1500],
    ['High Resolution', '_hr', 1600, 2400],
  ] as const) {
    await preview.getByRole('button', { name: 'Download' }).click();
    const downloading = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: new RegExp(label) }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(new RegExp(`^Alex-05${suffix}\\.jpe?g$`));
    expect(await savedImageSize(download)).toMatchObject({ width, height });
    await expect(toast(page, 'Image downloaded successfully.')).toBeVisible();
  }
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();

  // Select three → ZIP holding exactly those three.
  for (const name of ['Alex-01', 'Alex-03', 'Alex-05']) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  const zipping = page.waitForEvent('download');
  await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: 'Download' }).click();
  const zip = await zipping;
  expect(zip.suggestedFilename()).toMatch(/^\d{1,2} [A-Z][a-z]{2} \d{4} .+\.zip$/);
  const entries = readZip(fs.readFileSync(await zip.path()))
    .map((e) => e.name)
    .sort();
  expect(entries).toHaveLength(3);
  expect(entries.map((n) => n.replace(/(_retouched)?(_hr|_sm)?\.jpe?g$/, ''))).toEqual(['Alex-01', 'Alex-03', 'Alex-05']);
  // Like a single download, the ZIP carries the retouched version where the studio delivered one.
  expect(entries[0]).toMatch(/^Alex-01_retouched/);
  expect(entries.slice(1).some((n) => n.includes('_retouched'))).toBe(false);
  await expect(toast(page, 'Successfully downloaded 3 photos.')).toBeVisible();

  // Share the selection; the copied link opens the public page.
  await page.getByRole('group', { name: 'Selection' }).getByRole('button', { name: 'Share' }).click();
  const share = page.getByRole('dialog');
  await expect(share.getByRole('link', { name: 'Share Alex-01 on Facebook' })).toBeVisible();
  await share.getByRole('button', { name: 'Remove Alex-05 from the list' }).click();
  await expect(share.getByRole('button', { name: 'Copy URL of Alex-05' })).toHaveCount(0);
  await snap(page, 'share');
  await share.getByRole('button', { name: 'Copy URL of Alex-03' }).click();
  await expect(toast(page, 'URL copied to clipboard!')).toBeVisible();
  const sharedUrl = await page.evaluate(() => navigator.clipboard.readText());
  expect(sharedUrl).toContain('/shared-image?imgUrl=');
  await page.keyboard.press('Escape');

  const visitor = await context.browser()!.newPage();
  await visitor.goto(sharedUrl);
  await expect(visitor.getByRole('img').first()).toBeVisible();
  expect(await visitor.getByRole('img').first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await visitor.goto('/shared-image?imgUrl=https%3A%2F%2Fexample.com%2Fnot-ours.jpg');
  await expect(visitor.getByText('Content not found !')).toBeVisible();
  await visitor.close();
});

test('a visitor with a session code can view and download but must log in to favourite', async ({ page }) => {
  const q = Buffer.from(JSON.stringify({ code: DEMO_VISITOR_CODE })).toString('base64');
  await page.goto(`/?q=${encodeURIComponent(q)}`);
  await page.goto('/main');
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
  const first = page.getByRole('button', { name: /^Preview / }).first();
  await expect(first).toBeVisible();
  await snap(page, 'visitor-gallery');

  const name = ((await first.getAttribute('aria-label')) ?? '').replace(/^Preview /, '');
  await page.getByRole('button', { name: `Download ${name}` }).click();
  const chooser = page.getByRole('dialog');
  await chooser.getByRole('button', { name: 'Download' }).click();
  await expect(chooser.getByText(/choose|select/i).first()).toBeVisible();
  await chooser.getByRole('radio', { name: /Social Media Resolution/ }).check();
  const downloading = page.waitForEvent('download');
  await chooser.getByRole('button', { name: 'Download' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/_sm\.jpe?g$/);

  await page.getByRole('button', { name: `Mark ${name} as favorite` }).click();
  await expect(toast(page, galleryMessages.favouriteNeedsLogin)).toBeVisible();
});

test('the legacy photo routes open a photo, go back with Escape and arrows, and explain a photo that cannot load', async ({ page, request }) => {
  const signIn = await request.post('/api/authenticate', { data: { username: demoCustomer.email, password: demoCustomer.password } });
  const { id_token: token } = (await signIn.json()) as { id_token: string };
  const me = (await (await request.get('/api/account', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number };
  const pageOfPhotos = await request.get(`/api/sessions/GetUserSessionsPage?userId=${me.id}&pageSize=12`, { headers: { authorization: `Bearer ${token}` } });
  const photoUrl = ((await pageOfPhotos.json()) as { items: { url: string }[] }).items[0]!.url;

  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(demoCustomer.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(demoCustomer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/main(?:[/?#]|$)/);

  await page.goto(`/ImageShare?imgUrl=${encodeURIComponent(photoUrl)}`);
  await expect(page.getByRole('img', { name: 'Share photo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'LinkedIn' })).toHaveAttribute('href', /linkedin\.com/);
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\/ImageDetail\?imgUrl=/);
  await expect(page.getByRole('img', { name: 'Photo' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/main$/);

  // A URL whose signature was tampered with: the failure modal names the reason and offers Try Again.
  const tampered = photoUrl.replace(/sig=([^&]{4})/, 'sig=AAAA');
  expect(tampered).not.toBe(photoUrl);
  await page.goto(`/ImageDetail?imgUrl=${encodeURIComponent(tampered)}`);
  const failure = page.getByRole('dialog');
  await expect(failure).toBeVisible();
  await expect(failure.getByRole('heading')).toHaveText(/Incorrect URL|Image Not Found|Access Denied/);
  await expect(failure.getByRole('button', { name: 'Try Again' })).toBeVisible();
  await snap(page, 'image-load-failure');
  await failure.getByRole('button', { name: 'Close' }).last().click();
  await expect(failure).toBeHidden();
});
