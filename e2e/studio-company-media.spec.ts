// A company's pictures (issue 15 §2) in real Chromium: the studio admin opens a company, uploads an
// editor backdrop and a login slider picture, sees the login preview take the picture, and the
// company's host shows it on its login page (desktop, then phone size).
import { devices, expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { baseURL, snap } from './support';
import { signInToStudio } from './support/studio';

/** A generated picture: a two-colour gradient with a caption, as a file to drop. */
async function picture(name: string, size: { width: number; height: number }, colors: [string, string], caption: string) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <text x="50%" y="50%" font-family="sans-serif" font-size="${Math.round(size.width / 14)}" fill="white" text-anchor="middle">${caption}</text>
  </svg>`;
  return { name, mimeType: 'image/jpeg', buffer: await sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer() };
}

function openStudioScreen(studio: Page, name: string) {
  return studio.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name, exact: true }).click();
}

/** Signs in as the studio admin, creates a company with one host name and opens it. */
async function createCompanyWithHost(studio: Page, company: string, host: string): Promise<void> {
  await signInToStudio(studio);
  await openStudioScreen(studio, 'Companies');
  const form = studio.getByRole('form', { name: 'New company' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(company);
  await form.getByRole('textbox', { name: 'Host name (optional)' }).fill(host);
  await form.getByRole('button', { name: 'Create company' }).click();
  await expect(studio.getByRole('heading', { level: 1, name: company })).toBeVisible();
}

test('an admin gives a company its own backdrop and login picture, and its host shows the picture', async ({ page: studio, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the studio at desktop size; the company login also runs at phone size inside this test');
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const company = `Acme ${stamp}`;
  const host = `acme-${stamp}.localhost`;
  const slideTitle = `Acme team day ${stamp}`;

  await test.step('the admin creates and opens a company', async () => {
    await createCompanyWithHost(studio, company, host);
    await expect(studio.getByText('No backdrops of its own yet.')).toBeVisible();
  });

  await test.step('uploads an editor backdrop, hides and shows it again', async () => {
    await studio.locator('input[name="backdrop-files"]').setInputFiles(await picture('Warm grey.jpg', { width: 1200, height: 1800 }, ['#d8d2c8', '#6b645c'], 'Backdrop'));
    const backdrops = studio.getByRole('list', { name: 'Backdrops' });
    await expect(backdrops.getByRole('img', { name: 'Warm grey' })).toBeVisible();
    const shown = backdrops.getByRole('switch', { name: 'Show Warm grey in the editor' });
    await expect(shown).toBeChecked();
    await shown.click({ force: true });
    await expect(shown).not.toBeChecked();
    await shown.click({ force: true });
    await expect(shown).toBeChecked();

    // A file that is not a picture, named .jpg: refused with the server's words, nothing added.
    await studio.locator('input[name="backdrop-files"]').setInputFiles({ name: 'notes.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('just some notes, not a picture') });
    await expect(studio.getByRole('alert').filter({ hasText: 'notes.jpg: Not an image' })).toBeVisible();
    await expect(backdrops.getByRole('listitem')).toHaveCount(1);
  });

  let slideUrl = '';
  await test.step('uploads a login slider picture with a title; the login preview shows it', async () => {
    const login = studio.getByRole('region', { name: 'Login slider' });
    await login.getByRole('textbox', { name: 'Title (optional)' }).fill(slideTitle);
    await login.getByRole('textbox', { name: 'Link (optional)' }).fill('https://acme.example/team');
    await studio.locator('input[name="slider-login-files"]').setInputFiles(await picture('team.jpg', { width: 1600, height: 1000 }, ['#0b7285', '#364fc7'], 'Acme team day'));
    const slide = login.getByRole('list', { name: 'Login slider in order' }).getByRole('img', { name: slideTitle });
    await expect(slide).toBeVisible();
    slideUrl = (await slide.getAttribute('src')) ?? '';
    expect(slideUrl).toMatch(/^\/api\/media\/sliders\/[0-9a-f]{32}\.jpg$/);
    await expect(studio.getByTestId('login-preview-picture')).toHaveAttribute('data-picture', slideUrl);
    await snap(studio, 'company-media-editor');
  });

  const port = new URL(baseURL()).port;
  await test.step("the company's host shows the picture on its login page", async () => {
    const branded = await browser.newPage();
    await branded.goto(`http://${host}:${port}/login`);
    const shown = branded.getByRole('img', { name: slideTitle });
    await expect(shown).toBeVisible();
    await expect(shown).toHaveAttribute('src', slideUrl);
    await snap(branded, 'company-media-login');
    await branded.close();
  });

  await test.step('and at phone size', async () => {
    const phone = await browser.newContext({ ...devices['Pixel 7'] });
    const branded = await phone.newPage();
    await branded.goto(`http://${host}:${port}/login`);
    await expect(branded.getByRole('img', { name: slideTitle })).toHaveAttribute('src', slideUrl);
    await snap(branded, 'company-media-login-phone');
    await phone.close();
  });

  await test.step('the studio itself (the default company) is edited the same way', async () => {
    await openStudioScreen(studio, 'Companies');
    await studio.getByRole('link', { name: 'Studio Gallery', exact: true }).click();
    await expect(studio.getByRole('heading', { level: 1, name: 'Studio Gallery' })).toBeVisible();
    const login = studio.getByRole('list', { name: 'Login slider in order' });
    await expect(login.getByRole('listitem').first()).toBeVisible();
    await expect(studio.getByRole('button', { name: /^Move .+ down$/ }).first()).toBeEnabled();
    await expect(studio.getByTestId('login-preview-picture')).toHaveAttribute('data-picture', /^\/api\/media\/sliders\//);
    await snap(studio, 'company-media-studio');
  });

  await test.step('another host keeps the studio’s pictures', async () => {
    const other = await browser.newPage();
    await other.goto(`http://other-${stamp}.localhost:${port}/login`);
    await expect(other.getByRole('img').first()).toBeVisible();
    await expect(other.getByRole('img', { name: slideTitle })).toHaveCount(0);
    await other.close();
  });
});

// Issue 24 §5: a company's uploaded Banner, with no login pictures of its own, is what its host's
// login screen shows (it showed the studio's default slides), at desktop and phone size.
test("a company's banner shows on its host's login screen", async ({ page: studio, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the studio at desktop size; the company login runs at 1366 and 390 px inside this test');
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const company = `Banner Co ${stamp}`;
  const host = `banner-${stamp}.localhost`;

  await test.step('the admin creates a company and uploads its banner', async () => {
    await createCompanyWithHost(studio, company, host);
    const chooser = studio.waitForEvent('filechooser');
    await studio.getByRole('button', { name: 'Upload Banner' }).click();
    await (await chooser).setFiles(await picture('banner.jpg', { width: 2400, height: 1200 }, ['#c2255c', '#f59f00'], 'Banner Co'));
    await expect(studio.getByRole('img', { name: 'Banner', exact: true })).toBeVisible();
  });

  const port = new URL(baseURL()).port;
  for (const size of [{ name: 'desktop', viewport: { width: 1366, height: 900 } }, { name: 'phone', viewport: { width: 390, height: 844 } }]) {
    await test.step(`its host's login screen shows the banner, not the studio's pictures (${size.viewport.width} px)`, async () => {
      const context = await browser.newContext({ viewport: size.viewport });
      const branded = await context.newPage();
      await branded.goto(`http://${host}:${port}/login`);
      const banner = branded.getByRole('img', { name: `${company} banner` }).filter({ visible: true });
      await expect(banner).toHaveCount(1);
      await expect(banner).toHaveAttribute('data-picture', /^\/api\/media\/branding\//);
      await expect(branded.locator('img[src^="/api/media/sliders/"]')).toHaveCount(0);
      await snap(branded, `company-banner-login-${size.name}`);
      await context.close();
    });
  }
});
