// Issue 24 §3 and §4 in real Chromium against the real server:
// §3 a booking the customer cancels from the mail's link is no dead end: the same invite books again
//    (its page says the earlier booking was cancelled), and the studio's /studio/invites shows each
//    state — "Cancelled by the customer", then "Booked" — with the invite's history;
// §4 rescheduling opens the date picker on the month of the booking being moved (here next month),
//    not on today's month.
// Each test has its own customer; desktop and phone book at different demo locations (one person per
// Headshot slot). The server's clock is real: days are chosen from today.
import { expect, test, type Page } from '@playwright/test';
import { appointmentMessages } from '@studio-gallery/contract';
import { findLink, readMail, snap, uniqueEmail } from './support';
import { DEMO_LOCATIONS, addDays, chicagoDay, datePicker, dayLabel, pathOf, pickFreeDay, slotButtons } from './support/booking';
import { runStudio } from './support/shoot';
import { signInToStudio } from './support/studio';

const LOCATIONS = DEMO_LOCATIONS;

async function invite(prefix: string): Promise<{ email: string; invitePath: string }> {
  const email = uniqueEmail(prefix);
  const invited = runStudio(['invite', '--email', email, '--type', 'Headshot', '--name', 'Rita Rebook']);
  expect(invited.status, invited.stderr).toBe(0);
  const mail = await readMail(email, 'Book your Headshot');
  return { email, invitePath: pathOf(findLink(mail, '/appointment?id=')) };
}

/** On the booking screen: location, the first free day from `from`, its first slot, Book Now. */
async function book(page: Page, location: string, from: string): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Book your Headshot' })).toBeVisible();
  await page.getByRole('radio', { name: new RegExp(`^${location}, `) }).click();
  const day = await pickFreeDay(page, from);
  await slotButtons(page).first().click();
  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  return day;
}

/** The first day of the month after today's (on the studio's calendar). */
function firstOfNextMonth(): string {
  const [y, m] = chicagoDay(new Date()).split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
}

test('a customer who cancelled books again from the same invite; the studio sees it cancelled, then booked, with the history (issue 24 §3)', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const location = LOCATIONS[testInfo.project.name === 'phone' ? 1 : 0];
  const { email, invitePath } = await invite('rebook');

  await page.goto(invitePath);
  await book(page, location, addDays(chicagoDay(new Date()), 2));
  const confirmation = await readMail(email, /^Booked: your Headshot/);

  // Cancel from the mail's link.
  await page.goto(pathOf(findLink(confirmation, '&manage=')));
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment cancelled' })).toBeVisible();
  await expect(page.getByText(appointmentMessages.bookAgain)).toBeVisible();
  await snap(page, 'rebook-cancelled');

  // The studio sees what happened: cancelled by the customer, not "Open".
  const studio = await page.context().browser()!.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInToStudio(studio);
  await studio.goto('/studio/invites');
  const row = studio.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Cancelled by the customer', { exact: true }).first()).toBeVisible();
  await expect(row.getByRole('listitem')).toHaveCount(3);
  await snap(studio, 'rebook-studio-cancelled');

  // The invite's link is not a dead end: it says so and books again.
  await page.goto(invitePath);
  await expect(page.getByText(/^Your appointment of .* was cancelled\./)).toBeVisible();
  await expect(page.getByText('Invitation cancelled')).toHaveCount(0);
  await snap(page, 'rebook-invite-again');
  await book(page, location, addDays(chicagoDay(new Date()), 2));
  await readMail(email, /^Booked: your Headshot/);

  await studio.reload();
  await expect(row.getByText('Booked', { exact: true })).toBeVisible();
  await expect(row.getByRole('listitem')).toHaveText([/^Sent /, /^Booked .* · for /, /^Cancelled by the customer .* · for /, /^Booked .* · for /]);
  await snap(studio, 'rebook-studio-booked');
  await studio.close();
});

test('rescheduling opens on the month of the booking (issue 24 §4)', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const location = LOCATIONS[testInfo.project.name === 'phone' ? 1 : 0];
  const { email, invitePath } = await invite('reschedule-month');

  // Booked next month (the picker turned forward by hand).
  await page.goto(invitePath);
  const day = await book(page, location, firstOfNextMonth());
  const confirmation = await readMail(email, /^Booked: your Headshot/);

  await page.goto(pathOf(findLink(confirmation, '&manage=')));
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText('Checking free days…')).toHaveCount(0);
  // Its month is shown without turning a page: the booked day is on it.
  await expect(datePicker(page).getByRole('button', { name: dayLabel(day), exact: true })).toBeVisible();
  await snap(page, 'reschedule-opens-on-booking-month');
});
