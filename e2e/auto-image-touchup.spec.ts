// The legacy preset flow (spec §2 /AutoImageTouchup, §4 "Legacy preset") in real Chromium, desktop and
// phone: a signed-in customer opens /AutoImageTouchup for a portrait (the public-domain astronaut) →
// three samples the server made from it → Apply without a choice says to choose → "Retouch + studio
// grey" → Apply → back on /main with a toast, the photo marked Edited. Escape goes to /main. A
// session-code visitor is asked to log in instead.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { PHOTO_PRESETS, presetMessages } from '@studio-gallery/contract';
import { snap, uniqueEmail } from './support';
import { e2eDir } from './support/env';
import { activateFromInvitation, runStudio } from './support/shoot';

const ASTRONAUT = path.join(e2eDir, 'fixtures', 'astronaut.jpg');
const DEMO_VISITOR_CODE = 'DemoTeamHeadshots-2026-StudioGallery-Visitor';

test('a customer applies a preset: three samples, a choice first, then the photo is saved as edited', async ({ page }) => {
  test.setTimeout(180_000);
  // A customer of their own (not the demo customer, whose photos other specs look at), with a real portrait.
  const email = uniqueEmail('presets');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-e2e-presets-'));
  await sharp(ASTRONAUT).resize(1024, 1024).jpeg({ quality: 90 }).toFile(path.join(folder, 'Portrait.jpg'));
  const imported = runStudio(['import', folder, '--email', email, '--name', 'Preset Day']);
  fs.rmSync(folder, { recursive: true, force: true });
  expect(imported.status, imported.stderr).toBe(0);
  await activateFromInvitation(page, email);

  // The legacy link carries the photo's URL (as the gallery's links do).
  const thumbnail = page.getByRole('button', { name: 'Preview Portrait' }).first().locator('img').first();
  const imgUrl = await thumbnail.getAttribute('src');
  expect(imgUrl).toMatch(/\/api\/photo-media\/\d+\//);
  await page.goto(`/AutoImageTouchup?imgUrl=${encodeURIComponent(imgUrl!)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible();

  // Three samples, made on the server from the photo.
  const cards = page.getByRole('radio');
  await expect(cards).toHaveCount(3, { timeout: 60_000 });
  for (const preset of PHOTO_PRESETS) {
    const sample = page.getByRole('img', { name: `${preset.name} sample` });
    await expect(sample).toBeVisible();
    await expect(sample).toHaveAttribute('src', /^data:image\/jpeg;base64,/);
    await expect.poll(() => sample.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(100);
  }
  await snap(page, 'auto-image-touchup');

  // Apply without a choice: the message, inline.
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: presetMessages.selectPresetFirst })).toBeVisible();
  await snap(page, 'auto-image-touchup-choose-first');

  const grey = page.getByRole('radio', { name: /Retouch \+ studio grey/ });
  await grey.click();
  await expect(grey).toBeChecked();
  await expect(page.getByText(presetMessages.selectPresetFirst)).toBeHidden();
  await snap(page, 'auto-image-touchup-chosen');

  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/\/main$/, { timeout: 60_000 });
  await expect(page.getByText(presetMessages.presetApplied)).toBeVisible();
  await expect(page.getByText('Edited', { exact: true }).first()).toBeVisible();
  await snap(page, 'auto-image-touchup-applied');

  // Escape goes back to the gallery.
  await page.goto(`/AutoImageTouchup?imgUrl=${encodeURIComponent(imgUrl!)}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Presets' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/main$/);
});

test('a visitor with a session code is asked to log in instead of seeing presets', async ({ page }) => {
  const q = Buffer.from(JSON.stringify({ code: DEMO_VISITOR_CODE })).toString('base64');
  await page.goto(`/?q=${encodeURIComponent(q)}`);
  await page.goto('/main');
  const thumbnail = page.getByRole('button', { name: /^Preview / }).first().locator('img').first();
  const imgUrl = await thumbnail.getAttribute('src');
  expect(imgUrl).toMatch(/\/api\/photo-media\/\d+\//);

  await page.goto(`/AutoImageTouchup?imgUrl=${encodeURIComponent(imgUrl!)}`);
  await expect(page.getByText(presetMessages.presetsNeedLogin)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('radio')).toHaveCount(0);
  await snap(page, 'auto-image-touchup-visitor');
});
