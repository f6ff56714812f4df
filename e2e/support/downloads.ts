import { expect, type Page } from '@playwright/test';

/**
 * Downloads a photo at High Resolution from its preview (Download → High Resolution) and closes the
 * preview: the suggested file name and the file's path.
 */
export async function downloadHighResolution(page: Page, name: string): Promise<{ file: string; name: string }> {
  await page.getByRole('button', { name: `Preview ${name}` }).first().click();
  const preview = page.getByRole('dialog', { name: new RegExp(name) });
  await preview.getByRole('button', { name: /Download/ }).first().click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: /High Resolution/ }).click();
  const download = await downloading;
  const file = await download.path();
  await page.keyboard.press('Escape');
  await expect(preview).toBeHidden();
  return { file, name: download.suggestedFilename() };
}
