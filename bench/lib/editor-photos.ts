import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { repoRoot } from './server';

/** The photo sizes the editor benches measure: a delivered portrait and a studio original. */
export const EDITOR_PHOTO_SIZES = [
  { name: '1600x2400', width: 1600, height: 2400 },
  { name: '4500x6750', width: 4500, height: 6750 },
] as const;

/** The test portrait (e2e/fixtures/astronaut.jpg) at each size, as `<name>.jpg` → JPEG bytes. */
export async function astronautPhotos(): Promise<Record<string, Buffer>> {
  const fixture = path.join(repoRoot, 'e2e', 'fixtures', 'astronaut.jpg');
  const files: Record<string, Buffer> = {};
  for (const size of EDITOR_PHOTO_SIZES) {
    // The portrait fills the width; the rest of the 2:3 canvas is its grey backdrop.
    files[`${size.name}.jpg`] = await sharp(fixture)
      .resize(size.width, size.height, { fit: 'contain', position: 'top', background: { r: 200, g: 192, b: 190 }, kernel: 'lanczos3' })
      .jpeg({ quality: 90 })
      .toBuffer();
  }
  return files;
}

/** Debian's Chromium, headless, software rendering (as the editor benches have always run). */
export function launchBenchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
