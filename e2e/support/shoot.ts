// Studio-side helpers for journeys: generate portraits, run the studio's CLI as a studio would, and
// activate the invited customer from their mail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import sharp from 'sharp';
import { baseURL, dataDir, e2eDir } from './env';
import { readMail } from './mail';

const repoRoot = path.resolve(e2eDir, '..');

/** Portraits are 1200x1800 unless a size is asked for (smaller than the High Resolution download, 1600x2400). */
export interface PortraitSize {
  width: number;
  height: number;
}

export async function writePortrait(file: string, hue: number, size: PortraitSize = { width: 1200, height: 1800 }): Promise<void> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" viewBox="0 0 1200 1800" preserveAspectRatio="none">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${hue + 40},60%,35%)"/>
    </linearGradient></defs>
    <rect width="1200" height="1800" fill="url(#g)"/>
    <circle cx="600" cy="700" r="260" fill="hsl(${hue},30%,85%)"/>
    <rect x="300" y="1050" width="600" height="750" rx="280" fill="hsl(${hue + 180},35%,40%)"/>
  </svg>`;
  await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toFile(file);
}

/** A temporary folder of generated portraits named `<name>.jpg`. */
export async function portraitFolder(names: readonly string[], hueOffset = 0, size?: PortraitSize): Promise<string> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-e2e-photos-'));
  await Promise.all(names.map((name, i) => writePortrait(path.join(folder, `${name}.jpg`), i * 50 + hueOffset, size)));
  return folder;
}

/** `npm run studio -- <args>` against this run's data folder (or another server's, via env). */
export function runStudio(args: string[], env: Record<string, string> = {}) {
  return spawnSync(path.join(repoRoot, 'node_modules', '.bin', 'tsx'), ['apps/server/src/cli/studio.ts', ...args], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir(), PUBLIC_URL: baseURL(), DEMO_DATA: 'off', LOG_LEVEL: 'warn', ...env },
  });
}

/** The studio imports a shoot for `email` (with retouches for `retouchedNames`); returns the session code. */
export async function importShoot(
  email: string,
  photoNames: readonly string[],
  retouchedNames: readonly string[],
  options: { sessionName?: string; env?: Record<string, string>; size?: PortraitSize } = {},
): Promise<string> {
  const folder = await portraitFolder(photoNames, 0, options.size);
  const retouched = path.join(folder, 'retouched');
  fs.mkdirSync(retouched);
  await Promise.all(retouchedNames.map((name, i) => writePortrait(path.join(retouched, `${name}.jpg`), i * 50 + 20, options.size)));
  const result = runStudio(['import', folder, '--email', email, '--name', options.sessionName ?? 'Spring Headshots', '--retouched', retouched], options.env);
  fs.rmSync(folder, { recursive: true, force: true });
  expect(result.status, `import failed:\n${result.stderr}`).toBe(0);
  return result.stdout.trim();
}

/** Opens the invitation mail's activation link, accepts the terms and goes to the gallery. */
export async function activateFromInvitation(page: Page, email: string, options: { dataDir?: string } = {}): Promise<void> {
  const invitation = await readMail(email, /photo|gallery|invit/i, options.dataDir ? { dataDir: options.dataDir } : undefined);
  const activationLink = invitation.links.find((l) => l.includes('/active-account/'));
  expect(activationLink, 'activation link in the invitation').toBeTruthy();
  await page.goto(activationLink!);
  await page.getByLabel(/terms and conditions/i).check();
  await page.getByRole('button', { name: 'Activate' }).click();
  await page.getByRole('link', { name: 'Go To Gallery' }).or(page.getByRole('button', { name: 'Go To Gallery' })).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
}

/**
 * Activates an imported customer over the API (the invitation mail's code) and sets `password`, so
 * that each test can then sign in afresh through the login screen.
 */
export async function activateWithPassword(request: APIRequestContext, email: string, password: string): Promise<void> {
  const invitation = await readMail(email, /photo|gallery|invit/i);
  const activation = invitation.links.find((l) => l.includes('/active-account/'));
  expect(activation, 'activation link in the invitation').toBeTruthy();
  const code = decodeURIComponent(new URL(activation!).pathname.split('/').pop()!);
  const activated = await request.post('/api/active-galley-user', { data: { activationCode: code } });
  expect(activated.status()).toBe(200);
  const { setPasswordKey } = (await activated.json()) as { setPasswordKey?: string };
  expect(setPasswordKey, 'a fresh account has no password yet').toBeTruthy();
  const set = await request.post('/api/account/reset-password/finish', { data: { key: setPasswordKey, newPassword: password } });
  expect(set.status()).toBe(200);
}

/** Signs in through the login screen (a fresh session) and waits for the gallery's first photo. */
export async function signInToGallery(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
  await expect(page.getByTestId('photo-card').first().getByRole('img')).toBeVisible();
}
