// Issue 15 §3 in real Chromium: studio staff upload a shoot of 30 photos from the browser over tus,
// one connection dropped mid-way and resumed (HEAD for the server's offset, then the rest); the import
// runs as a background job whose progress the page follows; the customer, invited by mail, sees the
// photos in their gallery.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { snap, uniqueEmail } from './support';
import { activateFromInvitation, portraitFolder } from './support/shoot';

const STUDIO_ADMIN = { email: 'studio@studio-gallery.test', password: 'Studio1234' };
const PHOTOS = Array.from({ length: 30 }, (_, i) => `Team-${String(i + 1).padStart(2, '0')}`);

test('staff upload a shoot of 30 photos with a dropped connection resumed, and the customer sees them', async ({ page, browser }, testInfo) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('shoot');
  const studio = await browser.newPage({ viewport: page.viewportSize() ?? undefined, isMobile: testInfo.project.name === 'phone' });
  await studio.goto('/login');
  await studio.getByRole('textbox', { name: 'Email', exact: true }).fill(STUDIO_ADMIN.email);
  await studio.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDIO_ADMIN.password);
  await studio.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(studio).toHaveURL(/\/studio$/);

  await studio.goto('/studio/shoots');
  await studio.getByRole('link', { name: 'Upload a shoot' }).click();
  const form = studio.getByRole('form', { name: 'New shoot upload' });
  await form.getByRole('button', { name: 'Continue to the photos' }).click();
  await expect(form.getByText('Enter a valid email')).toBeVisible();
  await form.getByRole('textbox', { name: 'Customer email' }).fill(email);
  await form.getByRole('textbox', { name: 'First name' }).fill('Terry');
  await form.getByRole('textbox', { name: 'Last name' }).fill('Team');
  await form.getByRole('textbox', { name: 'Session name' }).fill('Team headshot day');
  await snap(studio, 'studio-shoot-new');
  await form.getByRole('button', { name: 'Continue to the photos' }).click();
  await expect(studio.getByRole('heading', { level: 1, name: 'Team headshot day' })).toBeVisible();

  // The connection drops during one file's upload: tus asks the server what it has and sends the rest.
  let dropped = false;
  const heads: string[] = [];
  await studio.route('**/api/studio/uploads/*', async (route) => {
    const request = route.request();
    if (request.method() === 'HEAD') heads.push(request.url());
    if (!dropped && request.method() === 'PATCH') {
      dropped = true;
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  const folder = await portraitFolder(PHOTOS);
  try {
    await studio.locator('input[name="photos"]').setInputFiles(PHOTOS.map((name) => path.join(folder, `${name}.jpg`)));
    const files = studio.getByRole('list', { name: 'Files' });
    await expect(files.getByRole('listitem')).toHaveCount(30);
    await expect(studio.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
    await expect(studio.getByRole('heading', { name: '30 of 30 files uploaded' })).toBeVisible({ timeout: 120_000 });
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
  expect(dropped).toBe(true);
  expect(heads.length, 'tus asked the server for its offset after the drop').toBeGreaterThan(0);
  await snap(studio, 'studio-shoot-uploaded');

  await studio.getByRole('button', { name: 'Import the photos' }).click();
  await expect(studio.getByText('Done: 30 new photos in “Team headshot day”', { exact: false })).toBeVisible({ timeout: 120_000 });
  await expect(studio.getByLabel('New photos: 30')).toBeVisible();
  await snap(studio, 'studio-shoot-imported');

  await studio.goto('/studio/shoots');
  const row = studio.getByRole('table', { name: 'Shoot uploads' }).getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Imported')).toBeVisible();
  await studio.close();

  // The customer: invited once the photos were in.
  await activateFromInvitation(page, email);
  await expect(page.getByRole('tab', { name: /^Photos\s*30$/ })).toBeVisible();
  await snap(page, 'customer-gallery-after-studio-upload');
});
