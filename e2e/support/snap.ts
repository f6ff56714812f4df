// Screenshots for review: e2e/.artifacts/screenshots/<project>/<name>.png, full page, once the page
// has settled (network idle, web fonts, visible images decoded). Also attached to the HTML report.
import fs from 'node:fs';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { artifactsDir } from './env';

export async function snap(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<string> {
  await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
  await page.evaluate(async () => {
    await document.fonts.ready;
    const pending = Array.from(document.images).filter((img) => !img.complete && img.loading !== 'lazy');
    await Promise.race([
      Promise.all(
        pending.map(
          (img) =>
            new Promise((resolve) => {
              img.addEventListener('load', resolve, { once: true });
              img.addEventListener('error', resolve, { once: true });
            }),
        ),
      ),
      new Promise((resolve) => setTimeout(resolve, 5_000)),
    ]);
  });

  // A fixed header is drawn where it sat at the scroll position; full-page shots start from the top.
  await page.evaluate(() => window.scrollTo(0, 0));

  const project = test.info().project.name;
  const safeName = name.replace(/[^a-z0-9._-]+/gi, '-').replace(/^-+|-+$/g, '') || 'screen';
  const file = path.join(artifactsDir, 'screenshots', project, `${safeName}.png`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  await page.screenshot({ path: file, fullPage: options.fullPage ?? true, animations: 'disabled', caret: 'hide' });
  await test.info().attach(name, { path: file, contentType: 'image/png' });
  return file;
}
