// Issue 15's acceptance journey in real Chromium. The studio at desktop size: staff sign in → create a
// company with a host name and an accent colour → its branded login shows on that host → import three
// employees by CSV (a bad row refused with its line number, nothing imported until fixed) → invite
// them in bulk → upload a shoot of 30 photos for one of them, one connection dropped and resumed →
// the import job. The employee at phone size (a second browser context): sees the gallery, favourites
// two → staff see it in the customer's timeline → the employee orders a touch-up → staff deliver by
// upload → the employee sees the Retouched tab → the company export ZIP holds one photo per employee
// and the CSV of names.
import fs from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type Page } from '@playwright/test';
import { readZip } from '../apps/server/test/support/zip';
import { baseURL, readMail, snap, uniqueEmail } from './support';
import { addToCart, payForCartInTestMode, toast } from './support/checkout';
import { activateFromInvitation, importShoot, portraitFolder } from './support/shoot';
import { signInToStudio } from './support/studio';

const PHOTOS = Array.from({ length: 30 }, (_, i) => `Team-${String(i + 1).padStart(2, '0')}`);

/** A screen of the studio's navigation, by its exact name. */
function openStudioScreen(studio: Page, name: string) {
  return studio.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name, exact: true }).click();
}

function tab(page: Page, name: string, count: number) {
  return page.getByRole('tab', { name: new RegExp(`^${name}\\s*${count}$`) });
}

test('a studio runs a corporate headshot day from the browser', async ({ page: studio, browser }, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the studio at desktop size; the employee runs at phone size inside this test');
  test.setTimeout(480_000);
  const stamp = Date.now().toString(36);
  const company = `Acme ${stamp}`;
  const host = `acme-${stamp}.localhost`;
  const accent = '#0b7285';
  const employees = [
    { first: 'Ava', last: 'Anders', email: uniqueEmail('ava') },
    { first: 'Ben', last: 'Brooks', email: uniqueEmail('ben') },
    { first: 'Cleo', last: 'Cruz', email: uniqueEmail('cleo') },
  ];
  const [ava, ben, cleo] = employees as [(typeof employees)[number], (typeof employees)[number], (typeof employees)[number]];

  await test.step('staff create a company with a host name and an accent colour', async () => {
    await signInToStudio(studio);
    await openStudioScreen(studio, 'Companies');
    const form = studio.getByRole('form', { name: 'New company' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill(company);
    await form.getByRole('textbox', { name: 'Host name (optional)' }).fill(host);
    await form.getByRole('button', { name: 'Create company' }).click();
    await expect(studio.getByRole('heading', { level: 1, name: company })).toBeVisible();
    const branding = studio.getByRole('form', { name: 'Branding' });
    await branding.getByRole('textbox', { name: 'Accent colour', exact: true }).fill(accent);
    await branding.getByRole('button', { name: 'Save branding' }).click();
    await expect(toast(studio, `${company} saved.`)).toBeVisible();
    await snap(studio, 'journey-company-branding');
  });

  await test.step('the branded login shows on the company host', async () => {
    const port = new URL(baseURL()).port;
    const branded = await browser.newPage();
    await branded.goto(`http://${host}:${port}/login`);
    await expect(branded.getByText(company).first()).toBeVisible();
    const brand6 = await branded.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-brand-6').trim().toLowerCase());
    expect(brand6).toBe(accent);
    await snap(branded, 'journey-branded-login');
    await branded.close();
  });

  await test.step('staff import three employees by CSV: a bad row is refused with its line number, nothing imported until fixed', async () => {
    await studio.getByRole('tab', { name: 'Employees' }).click();
    const header = 'First name,Last name,Email,Phone';
    const good = employees.map((e) => `${e.first},${e.last},${e.email},`);
    const input = studio.locator('input[name="employees-csv"]');
    await input.setInputFiles({ name: 'employees.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...good, 'Dan,Doe,not-an-email,'].join('\n')) });
    const rows = studio.getByRole('table', { name: 'Rows of the file' });
    const bad = rows.getByRole('row').filter({ hasText: 'not-an-email' });
    await expect(bad.getByRole('cell').first()).toHaveText('5');
    await expect(bad.getByText(/email/i).last()).toBeVisible();
    // Nothing is imported without a choice: only "Import the 3 valid rows and skip line 5" is offered.
    await expect(studio.getByRole('button', { name: 'Import 3 employees' })).toHaveCount(0);
    await expect(studio.getByRole('button', { name: 'Import the 3 valid rows and skip line 5' })).toBeVisible();
    await snap(studio, 'journey-csv-bad-row');
    await input.setInputFiles({ name: 'employees-fixed.csv', mimeType: 'text/csv', buffer: Buffer.from([header, ...good].join('\n')) });
    await studio.getByRole('button', { name: 'Import 3 employees' }).click();
    await expect(studio.getByRole('status').filter({ hasText: '3 employees from employees-fixed.csv' })).toBeVisible();
  });

  await test.step('staff invite the three employees to book a headshot day, with a progress bar', async () => {
    await studio.getByRole('button', { name: 'Invite employees' }).click();
    const dialog = studio.getByRole('dialog', { name: 'Invite employees' });
    await dialog.getByRole('radio', { name: /Book a headshot day/ }).check();
    await dialog.getByRole('combobox', { name: 'Appointment type' }).click();
    await studio.getByRole('option', { name: /^Headshot \(/ }).click();
    await dialog.getByRole('button', { name: 'Invite 3 employees' }).click();
    await expect(dialog.getByRole('progressbar', { name: 'Invites sent' })).toBeVisible();
    await expect(dialog.getByText('Done: 3 of 3 booking invites sent.')).toBeVisible({ timeout: 30_000 });
    await snap(studio, 'journey-bulk-invite');
    await dialog.getByRole('button', { name: 'Close' }).click();
    for (const person of employees) {
      const mail = await readMail(person.email, 'Book your Headshot');
      expect(mail.links.some((link) => link.includes('/appointment?id='))).toBe(true);
    }
  });

  await test.step('staff upload a shoot of 30 photos for an employee; a dropped connection resumes', async () => {
    await openStudioScreen(studio, 'Shoots');
    await studio.getByRole('link', { name: 'Upload a shoot' }).click();
    const form = studio.getByRole('form', { name: 'New shoot upload' });
    await form.getByRole('button', { name: 'Continue to the photos' }).click();
    await expect(form.getByText('Enter a valid email')).toBeVisible();
    await form.getByRole('textbox', { name: 'Customer email' }).fill(ava.email);
    await form.getByRole('textbox', { name: 'Session name' }).fill(`${company} headshot day`);
    await form.getByRole('button', { name: 'Continue to the photos' }).click();
    await expect(studio.getByRole('heading', { level: 1, name: `${company} headshot day` })).toBeVisible();

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
      await expect(studio.getByRole('list', { name: 'Files' }).getByRole('listitem')).toHaveCount(30);
      await expect(studio.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
      await expect(studio.getByRole('heading', { name: '30 of 30 files uploaded' })).toBeVisible({ timeout: 120_000 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    await studio.unroute('**/api/studio/uploads/*');
    expect(dropped).toBe(true);
    expect(heads.length, 'tus asked the server for its offset after the drop').toBeGreaterThan(0);
    await snap(studio, 'journey-shoot-uploaded');
    await studio.getByRole('button', { name: 'Import the photos' }).click();
    await expect(studio.getByText(`Done: 30 new photos in “${company} headshot day”`, { exact: false })).toBeVisible({ timeout: 120_000 });
    await snap(studio, 'journey-shoot-imported');
  });

  // The two other employees were photographed too (imported by the studio's command, with a retouch).
  await importShootFor(ben.email, 'Ben-01', company);
  await importShootFor(cleo.email, 'Cleo-01', company);

  const phone = await browser.newContext({
    baseURL: baseURL(),
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: devices['Pixel 7']?.userAgent,
    locale: 'en-US',
    timezoneId: 'America/Chicago',
  });
  const employee = await phone.newPage();

  await test.step('the employee (phone) sees the gallery and favourites two photos', async () => {
    await activateFromInvitation(employee, ava.email);
    await expect(tab(employee, 'Photos', 30)).toBeVisible();
    await employee.getByRole('button', { name: 'Mark Team-01 as favorite' }).click();
    await expect(tab(employee, 'Favorites', 1)).toBeVisible();
    await employee.getByRole('button', { name: 'Mark Team-02 as favorite' }).click();
    await expect(tab(employee, 'Favorites', 2)).toBeVisible();
    await snap(employee, 'journey-employee-gallery');
  });

  await test.step("staff see the employee's favourites in the customer's timeline", async () => {
    await openStudioScreen(studio, 'Customers');
    await studio.getByRole('textbox', { name: 'Search customers' }).fill(ava.email);
    await studio.getByRole('textbox', { name: 'Search customers' }).press('Enter');
    await studio.getByRole('link', { name: `${ava.first} ${ava.last}` }).click();
    const activity = studio.getByRole('list', { name: 'Customer activity' });
    await expect(activity.getByText(/Favourited Team-01/)).toBeVisible();
    await expect(activity.getByText(/Favourited Team-02/)).toBeVisible();
    await snap(studio, 'journey-customer-timeline');
  });

  let orderNumber = '';
  await test.step('the employee orders a touch-up', async () => {
    await addToCart(employee, ['Team-01'], 'Touch-up');
    await payForCartInTestMode(employee);
    await employee.goto('/main/orders');
    const heading = employee.getByRole('heading', { level: 2, name: /^SP-\d+$/ }).first();
    await expect(heading).toBeVisible();
    orderNumber = (await heading.textContent())!.trim();
  });

  await test.step('staff deliver the retouched file by upload', async () => {
    await openStudioScreen(studio, 'Orders');
    await studio.getByRole('link', { name: orderNumber }).click();
    const folder = await portraitFolder(['Team-01'], 200);
    try {
      await studio.locator('input[name="retouched-files"]').setInputFiles(path.join(folder, 'Team-01.jpg'));
      await expect(studio.getByText('Every photo has its retouched file. The customer was mailed.')).toBeVisible({ timeout: 30_000 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
    await snap(studio, 'journey-order-delivered');
    await readMail(ava.email, `Your retouched photos are ready (order ${orderNumber})`);
  });

  await test.step('the employee sees the Retouched tab', async () => {
    await employee.goto('/main/retouched');
    await expect(tab(employee, 'Retouched', 1)).toBeVisible();
    await expect(employee.getByRole('img', { name: 'Team-01' }).first()).toBeVisible();
    await snap(employee, 'journey-employee-retouched');
  });

  await test.step("the company export ZIP holds one photo per employee and the CSV of names", async () => {
    await openStudioScreen(studio, 'Companies');
    await studio.getByRole('table', { name: 'Companies' }).getByRole('link', { name: company }).click();
    await studio.getByRole('tab', { name: 'Employees' }).click();
    const downloading = studio.waitForEvent('download');
    await studio.getByRole('button', { name: 'Export photos (ZIP)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const entries = readZip(fs.readFileSync(await download.path()));
    const photos = entries.filter((entry) => entry.name.endsWith('.jpg')).map((entry) => entry.name).sort();
    expect(photos).toEqual(['Anders_Ava.jpg', 'Brooks_Ben.jpg', 'Cruz_Cleo.jpg']);
    for (const photo of entries.filter((entry) => entry.name.endsWith('.jpg'))) expect(photo.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const csv = entries.find((entry) => entry.name === 'employees.csv')!.data.toString('utf8');
    for (const person of employees) expect(csv).toContain(person.email);
    expect(csv).toContain('Team-01');
  });

  await phone.close();
});

/** `npm run studio -- import` of one photo (with its retouch) for an employee. */
async function importShootFor(email: string, name: string, company: string): Promise<void> {
  await importShoot(email, [name], [name], { sessionName: `${company} headshot day` });
}
