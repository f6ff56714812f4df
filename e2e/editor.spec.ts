// The photo editor of issue 12 in real Chromium (WebGL2 through SwiftShader), desktop and phone: open
// Edit → tools disabled until the photo has loaded → every slider moves the canvas's pixels the way it
// should → undo / redo → compare → reset → passport preset on a real portrait (the public-domain
// astronaut) passes its check; on a photo with the head cut off the check names the rule → a circle
// crop downloads as a PNG with transparent corners → close → saving overlay → the grid shows the edited
// version with its mark → the _hr download has the edit at 1600x2400 → reopening restores the recipe →
// revert → the original is back.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { editorMessages } from '@studio-gallery/contract';
import { snap, uniqueEmail } from './support';
import { e2eDir } from './support/env';
import { downloadHighResolution } from './support/downloads';
import { activateFromInvitation, runStudio } from './support/shoot';

const ASTRONAUT = path.join(e2eDir, 'fixtures', 'astronaut.jpg');
const DEMO_VISITOR_CODE = 'DemoTeamHeadshots-2026-StudioGallery-Visitor';
const BACKDROP = { r: 62, g: 64, b: 70 };

// WebGL2 in headless Chromium needs SwiftShader; the config's --disable-gpu stays for the other specs.
test.use({
  launchOptions: {
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  },
});

/**
 * The astronaut, six times larger (a studio original has ~4500 px; the passport check wants 600 dpi),
 * on a 2:3 frame with room above the head.
 */
async function portraitPhotos(folder: string): Promise<void> {
  const face = await sharp(ASTRONAUT).resize(3072, 3072).toBuffer();
  await sharp(face).extend({ top: 640, bottom: 896, left: 0, right: 0, background: BACKDROP }).jpeg({ quality: 88 }).toFile(path.join(folder, 'Portrait.jpg'));
  // The same picture with the top of the head cut off by the frame.
  const cut = await sharp(ASTRONAUT).extract({ left: 0, top: 70, width: 512, height: 442 }).resize(3072, 2652).toBuffer();
  await sharp(cut).extend({ top: 0, bottom: 1956, left: 0, right: 0, background: BACKDROP }).jpeg({ quality: 88 }).toFile(path.join(folder, 'HeadCut.jpg'));
}

interface Stats {
  mean: [number, number, number];
  stdev: number;
  dark: number;
}

/** Mean colour, luminance spread and the darkest percentile of an element's pixels as shown. */
async function pixelStats(target: Locator): Promise<Stats> {
  const png = await target.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let red = 0;
  let green = 0;
  let blue = 0;
  const luma: number[] = [];
  for (let i = 0; i < data.length; i += info.channels) {
    red += data[i]!;
    green += data[i + 1]!;
    blue += data[i + 2]!;
    luma.push(0.2126 * data[i]! + 0.7152 * data[i + 1]! + 0.0722 * data[i + 2]!);
  }
  const n = luma.length;
  const meanLuma = luma.reduce((a, b) => a + b, 0) / n;
  const stdev = Math.sqrt(luma.reduce((a, b) => a + (b - meanLuma) ** 2, 0) / n);
  luma.sort((a, b) => a - b);
  return { mean: [red / n, green / n, blue / n], stdev, dark: luma[Math.floor(n * 0.02)]! };
}

/** Fine-grained noise: the mean difference between horizontally neighbouring pixels. */
async function roughness(target: Locator): Promise<number> {
  const png = await target.screenshot({ animations: 'disabled' });
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let total = 0;
  for (let y = 0; y < info.height; y++) for (let x = 1; x < info.width; x++) total += Math.abs(data[y * info.width + x]! - data[y * info.width + x - 1]!);
  return total / (info.height * (info.width - 1));
}

async function moveSlider(page: Page, label: string, steps: number): Promise<void> {
  const thumb = page.getByRole('slider', { name: label });
  await thumb.focus();
  for (let i = 0; i < Math.abs(steps); i++) await thumb.press(steps > 0 ? 'ArrowRight' : 'ArrowLeft');
}

function expectSlider(page: Page, label: string, value: string) {
  return expect(page.getByRole('slider', { name: label })).toHaveAttribute('aria-valuenow', value);
}

/** The High Resolution download of a photo: name, size and mean luminance. */
async function highResolution(page: Page, name: string) {
  const { file, name: fileName } = await downloadHighResolution(page, name);
  const { width, height } = await sharp(file).metadata();
  const { channels } = await sharp(file).stats();
  return {
    name: fileName,
    size: { width, height },
    luma: 0.2126 * channels[0]!.mean + 0.7152 * channels[1]!.mean + 0.0722 * channels[2]!.mean,
  };
}

/** Picks a segmented-control option (its radio input is visually hidden behind the label). */
function choose(scope: Locator, name: string) {
  return scope.locator('label').filter({ hasText: new RegExp(`^${name.replace(/[/()]/g, '\\$&')}$`) }).click();
}

const luma = (s: Stats) => 0.2126 * s.mean[0] + 0.7152 * s.mean[1] + 0.0722 * s.mean[2];
const chroma = (s: Stats) => Math.max(...s.mean) - Math.min(...s.mean);

test('a customer edits a photo: sliders, undo, compare, passport check, circle crop, saved as an edited version, reverted', async ({ page }) => {
  test.setTimeout(300_000);
  const email = uniqueEmail('editor');
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-e2e-editor-'));
  await portraitPhotos(folder);
  const imported = runStudio(['import', folder, '--email', email, '--name', 'Editor Day']);
  fs.rmSync(folder, { recursive: true, force: true });
  expect(imported.status, imported.stderr).toBe(0);
  await activateFromInvitation(page, email);

  const original = await highResolution(page, 'Portrait');
  expect(original.name).toMatch(/^Portrait.*_hr\.jpg$/);

  // The photo arrives late: every tool waits for it.
  let releasePhoto: () => void = () => undefined;
  const photoHeld = new Promise<void>((resolve) => (releasePhoto = resolve));
  await page.route('**/api/ex/images/getImageBinary**', async (route) => {
    await photoHeld;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Edit Portrait' }).first().click();
  const editor = page.getByRole('dialog', { name: 'Edit photo' });
  await expect(editor).toBeVisible();
  const toolsEntry = editor.getByRole('button', { name: /Light, Color & Effects/ });
  await expect(toolsEntry).toBeDisabled();
  await expect(editor.getByRole('button', { name: /^Crop/ })).toBeDisabled();
  await expect(editor.getByRole('button', { name: 'Compare' })).toBeDisabled();
  releasePhoto();
  await expect(toolsEntry).toBeEnabled({ timeout: 30_000 });
  await expect(editor.getByRole('button', { name: /Replace Background/ })).toBeEnabled();
  await expect(editor.getByRole('button', { name: /AI Retouch/ })).toBeEnabled();
  const canvas = editor.getByTestId('edit-preview');
  await expect(canvas).toBeVisible();

  // Every slider moves the picture the way its name says.
  await toolsEntry.click();
  const base = await pixelStats(canvas);
  const checks: [string, number, (after: Stats) => void][] = [
    ['Exposure', 10, (after) => expect(luma(after)).toBeGreaterThan(luma(base) + 8)],
    ['Contrast', 10, (after) => expect(after.stdev).toBeGreaterThan(base.stdev + 3)],
    ['Fade', 10, (after) => expect(after.dark).toBeGreaterThan(base.dark + 5)],
    ['Saturation', 10, (after) => expect(chroma(after)).toBeGreaterThan(chroma(base) + 2)],
    ['Temperature', 10, (after) => expect(after.mean[0] - after.mean[2]).toBeGreaterThan(base.mean[0] - base.mean[2] + 4)],
    ['Tint', 10, (after) => expect((after.mean[0] + after.mean[2]) / 2 - after.mean[1]).toBeGreaterThan((base.mean[0] + base.mean[2]) / 2 - base.mean[1] + 2)],
  ];
  for (const [label, steps, expectMoved] of checks) {
    await moveSlider(page, label, steps);
    await expect(async () => expectMoved(await pixelStats(canvas))).toPass({ timeout: 10_000 });
    await moveSlider(page, label, -steps);
  }
  // Skin tone acts on the face only (the gate needs the face found); grain adds fine noise.
  const faceBefore = await pixelStats(canvas);
  await moveSlider(page, 'Skin tone', 20);
  await expect(async () => {
    const after = await pixelStats(canvas);
    expect(Math.abs(after.mean[0] - faceBefore.mean[0]) + Math.abs(after.mean[2] - faceBefore.mean[2])).toBeGreaterThan(0.3);
  }).toPass({ timeout: 30_000 });
  await moveSlider(page, 'Skin tone', -20);
  const smooth = await roughness(canvas);
  await moveSlider(page, 'Grain', 10);
  await expect(async () => expect(await roughness(canvas)).toBeGreaterThan(smooth * 1.1)).toPass({ timeout: 10_000 });
  await moveSlider(page, 'Grain', -10);

  // Exposure +1.0, then undo / redo with the buttons and the keyboard.
  await moveSlider(page, 'Exposure', 10);
  await expectSlider(page, 'Exposure', '1');
  await snap(page, 'editor-tools');
  await editor.getByRole('button', { name: 'Undo' }).click();
  await expectSlider(page, 'Exposure', '0.9');
  await editor.getByRole('button', { name: 'Redo' }).click();
  await expectSlider(page, 'Exposure', '1');
  await page.keyboard.press('ControlOrMeta+z');
  await expectSlider(page, 'Exposure', '0.9');
  await page.keyboard.press('Shift+ControlOrMeta+z');
  await expectSlider(page, 'Exposure', '1');
  const bright = await pixelStats(canvas);

  // Compare: while held, the original.
  const compare = editor.getByRole('button', { name: 'Compare' });
  await compare.dispatchEvent('pointerdown');
  await expect(editor.getByText('Original', { exact: true })).toBeVisible();
  await expect(async () => expect(Math.abs(luma(await pixelStats(canvas)) - luma(base))).toBeLessThan(3)).toPass({ timeout: 10_000 });
  await compare.dispatchEvent('pointerup');
  await expect(async () => expect(Math.abs(luma(await pixelStats(canvas)) - luma(bright))).toBeLessThan(3)).toPass({ timeout: 10_000 });

  // Reset sets every slider to 0; undo brings exposure back.
  await editor.getByRole('button', { name: 'Reset' }).click();
  await expectSlider(page, 'Exposure', '0');
  await page.keyboard.press('ControlOrMeta+z');
  await expectSlider(page, 'Exposure', '1');

  // Passport: framed on the face, and the check passes.
  await editor.getByRole('button', { name: 'Back' }).click();
  await editor.getByRole('button', { name: /^Crop/ }).click();
  await expect(editor.getByTestId('crop-stage')).toBeVisible();
  await choose(editor, 'Passport');
  const check = editor.getByTestId('passport-check');
  await expect(check).toBeVisible({ timeout: 60_000 });
  await expect(check).toHaveAttribute('data-ok', 'true');
  await expect(editor.getByText(editorMessages.passportNoRetouch)).toBeVisible();
  await snap(page, 'editor-passport');
  // The 4x6 in print sheet at 600 dpi: eight 35x45 mm copies with cut marks.
  // A 600 dpi sheet of a 3072x4608 original is the heaviest render here (SwiftShader, 2 cores): room beyond the 15 s default.
  const sheetDownloading = page.waitForEvent('download', { timeout: 60_000 });
  await editor.getByRole('button', { name: 'Download 4x6 in print sheet' }).click();
  const sheet = await sheetDownloading;
  const sheetSize = await sharp(await sheet.path()).metadata();
  expect([sheetSize.width, sheetSize.height].sort()).toEqual([2400, 3600]);
  for (const document of ['Schengen visa / ICAO passport', 'US passport / visa']) {
    await choose(editor, document);
    await expect(check).toHaveAttribute('data-ok', 'true');
  }

  // Circle: the downloaded copy is a PNG whose corners are transparent.
  await choose(editor, 'Circle');
  const downloading = page.waitForEvent('download');
  await editor.getByRole('button', { name: 'Download copy' }).click();
  const copy = await downloading;
  expect(copy.suggestedFilename()).toBe('edited-Portrait.png');
  const circle = sharp(await copy.path());
  const circleMeta = await circle.metadata();
  expect(circleMeta.format).toBe('png');
  expect(circleMeta.hasAlpha).toBe(true);
  const { data: circlePixels, info: circleInfo } = await circle.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const alphaAt = (x: number, y: number) => circlePixels[(y * circleInfo.width + x) * 4 + 3];
  expect(alphaAt(2, 2)).toBe(0);
  expect(alphaAt(circleInfo.width - 3, circleInfo.height - 3)).toBe(0);
  expect(alphaAt(Math.floor(circleInfo.width / 2), Math.floor(circleInfo.height / 2))).toBe(255);

  // Close: the saving overlay, then the grid shows the edited version with its mark.
  await editor.getByRole('button', { name: 'Close editor' }).click();
  await expect(page.getByTestId('saving-overlay')).toBeVisible();
  await snap(page, 'editor-saving');
  await expect(editor).toBeHidden({ timeout: 60_000 });
  await expect(page.getByText('Edited', { exact: true }).first()).toBeVisible();
  await snap(page, 'gallery-edited');

  // The High Resolution download is the edit at 1600x2400: brighter (exposure +1, white outside the
  // circle) than the original's.
  const preview = page.getByRole('dialog', { name: /Portrait/ });
  const edited = await highResolution(page, 'Portrait');
  expect(edited.name).toMatch(/^edited-Portrait.*_hr\.jpg$/);
  expect(edited.size).toEqual({ width: 1600, height: 2400 });
  expect(edited.luma).toBeGreaterThan(original.luma + 20);

  // Reopening Edit restores the recipe on the original: the circle and exposure +1.0.
  await page.getByRole('button', { name: 'Edit Portrait' }).first().click();
  await expect(toolsEntry).toBeEnabled({ timeout: 30_000 });
  await toolsEntry.click();
  await expectSlider(page, 'Exposure', '1');
  await editor.getByRole('button', { name: 'Back' }).click();
  await editor.getByRole('button', { name: /^Crop/ }).click();
  await expect(editor.getByRole('radio', { name: 'Circle' })).toBeChecked();
  // Nothing changed: closing (Escape) saves nothing. The page does not scroll under the editor.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('saving-overlay')).toHaveCount(0);

  // Revert to original from the preview's Actions menu.
  await page.getByRole('button', { name: 'Preview Portrait' }).first().click();
  await preview.getByRole('button', { name: /Actions/ }).click();
  await page.getByRole('menuitem', { name: 'Revert to original' }).click();
  await expect(page.getByText(editorMessages.editReverted).first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByText('Edited', { exact: true })).toHaveCount(0);

  // A photo with the top of the head cut off: the passport check says which rule fails.
  await page.getByRole('button', { name: 'Edit HeadCut' }).first().click();
  await expect(toolsEntry).toBeEnabled({ timeout: 30_000 });
  await editor.getByRole('button', { name: /^Crop/ }).click();
  await choose(editor, 'Passport');
  await expect(check).toBeVisible({ timeout: 60_000 });
  await expect(check).toHaveAttribute('data-ok', 'false');
  await expect(check.locator('[data-rule="whole-head"][data-ok="false"]')).toContainText(/top of the head is cut off/i);
  await snap(page, 'editor-passport-head-cut');
});

test('a session-code visitor edits and downloads a copy but cannot save into the gallery', async ({ page }) => {
  test.setTimeout(120_000);
  const q = Buffer.from(JSON.stringify({ code: DEMO_VISITOR_CODE })).toString('base64');
  await page.goto(`/?q=${encodeURIComponent(q)}`);
  await page.goto('/main');
  const edit = page.getByRole('button', { name: /^Edit / }).first();
  await expect(edit).toBeVisible();
  const name = ((await edit.getAttribute('aria-label')) ?? '').replace(/^Edit /, '');
  await edit.click();
  const editor = page.getByRole('dialog', { name: 'Edit photo' });
  await expect(editor.getByText(editorMessages.saveEditsNeedsLogin, { exact: false }).first()).toBeVisible();
  const tools = editor.getByRole('button', { name: /Light, Color & Effects/ });
  await expect(tools).toBeEnabled({ timeout: 30_000 });
  await tools.click();
  await moveSlider(page, 'Exposure', 5);
  await editor.getByRole('button', { name: 'Close editor' }).click();
  const leaving = editor.getByRole('alertdialog', { name: editorMessages.saveEditsNeedsLogin });
  await expect(leaving).toBeVisible();
  await snap(page, 'editor-visitor-leaving');
  const downloading = page.waitForEvent('download');
  await leaving.getByRole('button', { name: 'Download edited copy' }).click();
  expect((await downloading).suggestedFilename()).toBe(`edited-${name}.jpg`);
  await leaving.getByRole('button', { name: 'Discard changes' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId('saving-overlay')).toHaveCount(0);
  await expect(page.getByText('Edited', { exact: true })).toHaveCount(0);
});

test("the demo's portraits are of a real face: the crop frames it and the passport check measures it", async ({ page }) => {
  test.setTimeout(300_000);
  const q = Buffer.from(JSON.stringify({ code: DEMO_VISITOR_CODE })).toString('base64');
  await page.goto(`/?q=${encodeURIComponent(q)}`);
  await page.goto('/main');
  const edits = page.getByRole('button', { name: /^Edit / });
  await expect(edits.first()).toBeVisible();
  const names = (await edits.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))).map((label) => label.replace(/^Edit /, ''));
  expect(names).toHaveLength(6);
  const editor = page.getByRole('dialog', { name: 'Edit photo' });
  for (const [index, name] of names.entries()) {
    await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click();
    const crop = editor.getByRole('button', { name: /^Crop/ });
    await expect(crop).toBeEnabled({ timeout: 30_000 });
    await crop.click();
    await expect(editor.getByText('Finding your face to frame the crop…')).toBeHidden({ timeout: 90_000 });
    // Issue 22: every demo photo was a drawing, "No faces detected in the image" and a centred crop.
    await expect(editor.getByText(editorMessages.noFaces)).toHaveCount(0);
    await expect(editor.getByText('The crop is centred on the photo instead.')).toHaveCount(0);
    await choose(editor, 'Passport');
    const check = editor.getByTestId('passport-check');
    await expect(check, `${name}: the passport check measures the face`).toBeVisible({ timeout: 30_000 });
    // Framed on the face: the whole head in the crop, its height to the document's rule. (The demo's
    // 800x1200 photos are too small for 600 dpi: the resolution rule says so.)
    for (const rule of ['whole-head', 'head-height']) await expect(check.locator(`[data-rule="${rule}"]`), `${name}: ${rule}`).toHaveAttribute('data-ok', 'true');
    await expect(check.locator('[data-rule="resolution"]')).toHaveAttribute('data-ok', 'false');
    if (index === 0) await snap(page, 'editor-demo-passport');
    await page.keyboard.press('Escape');
    // The passport preset is an edit: a visitor is asked before it is dropped.
    const leaving = editor.getByRole('alertdialog', { name: editorMessages.saveEditsNeedsLogin });
    await leaving.getByRole('button', { name: 'Discard changes' }).click();
    await expect(editor).toBeHidden();
  }
});
