// Issue 15 §4 in real Chromium: the studio admin sets up booking from the dashboard — a calendar with
// weekday hours and a closed day, an appointment type with its price — invites a customer, sees the
// invite listed, and the customer opens the mailed link on the booking page.
import { expect, test } from '@playwright/test';
import { findLink, readMail, snap, uniqueEmail } from './support';
import { signInToStudio } from './support/studio';

test.skip(({ isMobile }) => isMobile, 'The studio screens are checked at desktop size');

/** YYYY-MM-DD `days` from today (UTC). */
function dateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

test('the studio creates a calendar, sets its hours, adds an appointment type, sends an invite and sees it listed', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const calendarName = `Rooftop ${suffix}`;
  const typeName = `Team portrait ${suffix}`;
  const email = uniqueEmail('studio-invite');

  await signInToStudio(page);
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Calendars' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Calendars' })).toBeVisible();

  // A new calendar.
  const newCalendar = page.getByRole('form', { name: 'New calendar' });
  await newCalendar.getByLabel('Name').fill(calendarName);
  await newCalendar.getByLabel('Location').fill('500 W Madison St, Chicago');
  await newCalendar.getByRole('button', { name: 'Create calendar' }).click();
  const card = page.getByRole('region', { name: calendarName });
  await expect(card).toBeVisible();
  await expect(card.getByText('500 W Madison St, Chicago · America/Chicago')).toBeVisible();

  // Monday 9–17 with a lunch break, copied to Tuesday to Friday.
  const hours = card.getByRole('form', { name: `Opening hours of ${calendarName}` });
  await hours.getByRole('button', { name: 'Add hours on Monday' }).click();
  await hours.getByLabel('Monday closes (range 1)').fill('12:00');
  await hours.getByRole('button', { name: 'Add hours on Monday' }).click();
  await hours.getByLabel('Monday opens (range 2)').fill('13:00');
  await hours.getByLabel('Monday closes (range 2)').fill('17:00');
  await hours.getByRole('button', { name: 'Copy Monday to Tue–Fri' }).click();
  await hours.getByRole('button', { name: 'Save opening hours' }).click();
  await expect(page.getByText(`Opening hours of ${calendarName} saved.`)).toBeVisible();
  await expect(hours.getByLabel('Friday closes (range 2)')).toHaveValue('17:00');

  // A closed day.
  const closedDay = dateIn(20);
  const exception = card.getByRole('form', { name: `Add an exception to ${calendarName}` });
  await exception.getByLabel('Date').fill(closedDay);
  await exception.getByRole('button', { name: 'Add exception' }).click();
  await expect(card.getByRole('list', { name: `Exceptions of ${calendarName}` }).getByText('Closed all day')).toBeVisible();
  // And a Saturday-style extra opening, 10:00–12:00.
  await exception.getByLabel('Date').fill(dateIn(21));
  await exception.getByText('Open at').click();
  await exception.getByLabel('That day closes (range 1)').fill('12:00');
  await exception.getByRole('button', { name: 'Add exception' }).click();
  await expect(card.getByRole('list', { name: `Exceptions of ${calendarName}` }).getByText('Open 10:00–12:00')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await snap(page, 'studio-calendars');

  // An appointment type with a price (an admin's).
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Appointment types' }).click();
  const newType = page.getByRole('form', { name: 'New appointment type' });
  await newType.getByLabel('Name').fill(typeName);
  await newType.getByLabel('Duration (minutes)').fill('30');
  await newType.getByLabel('Price').fill('75');
  await newType.getByRole('button', { name: 'Create appointment type' }).click();
  const typeRow = page.getByRole('table', { name: 'Appointment types' }).getByRole('row').filter({ hasText: typeName });
  await expect(typeRow).toContainText('30 min');
  await expect(typeRow).toContainText('$75.00');
  await expect(typeRow).toContainText('Active');
  await snap(page, 'studio-appointment-types');

  // An invite for that type at that calendar.
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Invites' }).click();
  const inviteForm = page.getByRole('form', { name: 'New invite' });
  await inviteForm.getByLabel('Customer email').fill(email);
  await inviteForm.getByLabel('Name (optional)').fill('Grace Booker');
  await inviteForm.getByRole('combobox', { name: 'Appointment type' }).click();
  await page.getByRole('option', { name: `${typeName} (30 min)` }).click();
  await inviteForm.getByRole('combobox', { name: 'Calendars' }).click();
  await page.getByRole('option', { name: new RegExp(`^${calendarName}`) }).click();
  // A multi-select stays open for more choices.
  await page.keyboard.press('Escape');
  await inviteForm.getByRole('button', { name: 'Send invite' }).click();
  await expect(page.getByText(`Invite mailed to ${email}`)).toBeVisible();
  const shownLink = (await inviteForm.getByText('/appointment?id=').textContent())!.trim();
  const row = page.getByRole('table', { name: 'Invites' }).getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Grace Booker');
  await expect(row).toContainText(typeName);
  await expect(row).toContainText(calendarName);
  await expect(row).toContainText('Open');
  await snap(page, 'studio-invites');

  // The mailed link is the one shown; the customer opens it on the booking page.
  const mail = await readMail(email, `Book your ${typeName}`);
  const link = findLink(mail, '/appointment?id=');
  expect(link).toBe(shownLink);
  const customer = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  const url = new URL(link);
  await customer.goto(`${url.pathname}${url.search}`);
  await expect(customer.getByRole('heading', { level: 1, name: `Book your ${typeName}` })).toBeVisible();
  await customer.close();

  // The week view offers the new calendar.
  await page.getByRole('navigation', { name: 'Studio' }).getByRole('link', { name: 'Bookings' }).click();
  await page.getByRole('combobox', { name: 'Calendar' }).click();
  await expect(page.getByRole('option', { name: calendarName })).toBeVisible();
});
