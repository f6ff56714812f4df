// The studio's side of journeys: the demo studio admin signs in on /login and lands on /studio.
import { expect, type Page } from '@playwright/test';

export const STUDIO_ADMIN = { email: 'studio@studio-gallery.test', password: 'Studio1234' } as const;

export async function signInToStudio(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(STUDIO_ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(STUDIO_ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/studio$/);
}
