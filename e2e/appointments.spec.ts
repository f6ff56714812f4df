// Issue 14 in real Chromium against the real server, at desktop and phone size:
// 1. the studio invites a customer (`studio -- invite`) → the invite mail → /appointment → location →
//    a free day in the date picker → a slot → Book Now → booked → the confirmation mail's .ics (parsed
//    with node-ical) starts at the slot shown, on the studio's wall clock → the invite link again says
//    "already booked" → the mail's manage link → move to another slot (mail with SEQUENCE 1) → cancel
//    with its confirm step (mail with METHOD:CANCEL);
// 2. a new customer opens the set-password link with the demo survey in `q` → answers it → sets a
//    password → signs in → the gallery.
// Each test has its own customer; the two projects book at different demo locations so their slots
// never collide. The server's clock is real: days are chosen from today.
import { expect, test } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { appointmentMessages, messages, surveyMessages } from '@studio-gallery/contract';
import { findAttachment, findLink, readMail, snap, uniqueEmail, type Mail } from './support';
import { DEMO_LOCATIONS, STUDIO_ZONE, addDays, chicagoDay, pathOf, pickFreeDay, slotButtons } from './support/booking';
import { runStudio } from './support/shoot';

const ZONE = STUDIO_ZONE;
const LOCATIONS = DEMO_LOCATIONS;

/** "9:20 AM" of `date` on the studio's wall clock (the slot buttons' label). */
function chicagoTime(date: Date): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: ZONE, hour: 'numeric', minute: '2-digit' }).format(date);
}

interface ParsedInvite {
  event: VEvent;
  method: string;
  raw: string;
}

function calendarOf(mail: Mail): ParsedInvite {
  const file = findAttachment(mail, 'appointment.ics');
  expect(file.contentType).toBe('text/calendar');
  const raw = file.content.toString('utf8');
  const data = ical.sync.parseICS(raw);
  const events = Object.values(data).filter((c): c is VEvent => c.type === 'VEVENT');
  expect(events, 'one VEVENT in the .ics').toHaveLength(1);
  const calendar = Object.values(data).find((c) => c.type === 'VCALENDAR') as { method?: string } | undefined;
  return { event: events[0]!, method: String(calendar?.method ?? ''), raw };
}

test('a customer books from an invite, gets the .ics, reschedules and cancels from the mail', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const email = uniqueEmail('booking');
  // One location per project: desktop and phone run at once and Headshot slots hold one person.
  const location = LOCATIONS[testInfo.project.name === 'phone' ? 1 : 0];

  const invited = runStudio(['invite', '--email', email, '--type', 'Headshot', '--name', 'Grace Hopper']);
  expect(invited.status, invited.stderr).toBe(0);
  const printed = invited.stdout.trim().split('\n').pop()!;
  expect(printed).toMatch(/\/appointment\?id=[\w-]{24}$/);

  // The invite mail carries the same link.
  const inviteMail = await readMail(email, 'Book your Headshot');
  const inviteLink = findLink(inviteMail, '/appointment?id=');
  expect(inviteLink).toBe(printed);
  await page.goto(pathOf(inviteLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Book your Headshot' })).toBeVisible();
  await expect(page.getByText('Choose a location')).toBeVisible();
  for (const name of LOCATIONS) await expect(page.getByRole('radio', { name: new RegExp(`^${name}, `) })).toBeVisible();
  await snap(page, 'appointment-location');

  // Location → a free day (two days on: beyond the 24-hour change cutoff) → a slot.
  await page.getByRole('radio', { name: new RegExp(`^${location}, `) }).click();
  await expect(page.getByRole('button', { name: 'Book Now' })).toBeDisabled();
  const day = await pickFreeDay(page, addDays(chicagoDay(new Date()), 2));
  const slot = slotButtons(page).first();
  await expect(slot).toBeVisible();
  const slotLabel = (await slot.textContent())!.trim();
  await slot.click();
  await expect(slot).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Times are in Central Time (America/Chicago)')).toBeVisible();
  await expect(page.getByLabel(/First name/)).toHaveValue('Grace');
  await expect(page.getByLabel(/Last name/)).toHaveValue('Hopper');
  await snap(page, 'appointment-date-time');

  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page.getByRole('heading', { name: "You're booked!" })).toBeVisible();
  await expect(page.getByText(appointmentMessages.booked)).toBeVisible();
  const bookedTime = page.getByTestId('booked-time');
  await expect(bookedTime).toContainText(`at ${slotLabel}`);
  await expect(page.getByTestId('booked-location')).toContainText(location);
  await expect(page.getByRole('link', { name: 'Add to calendar' })).toBeVisible();
  await snap(page, 'appointment-booked');

  // The confirmation: its .ics starts at the slot shown, on the studio's wall clock.
  const confirmation = await readMail(email, /^Booked: your Headshot/);
  const booked = calendarOf(confirmation);
  expect(booked.method).toBe('REQUEST');
  expect(booked.raw).toMatch(/^DTSTART;TZID=America\/Chicago:/m);
  expect(chicagoDay(booked.event.start)).toBe(day);
  expect(chicagoTime(booked.event.start)).toBe(slotLabel);
  expect(Number(booked.event.sequence)).toBe(0);
  expect(booked.event.location).toContain(location);
  const uid = booked.event.uid;
  expect(uid).toMatch(/^appointment-\d+@/);
  const bookedText = (await bookedTime.textContent())!.trim();

  // The invite link again: already booked, same time.
  await page.goto(pathOf(inviteLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Already booked' })).toBeVisible();
  await expect(page.getByText(appointmentMessages.alreadyBooked)).toBeVisible();
  await expect(page.getByTestId('booked-time')).toHaveText(bookedText);

  // The mail's manage link → move to another slot.
  const manageLink = findLink(confirmation, '&manage=');
  expect(confirmation.html).toContain('Reschedule or cancel');
  await page.goto(pathOf(manageLink));
  await expect(page.getByRole('heading', { level: 1, name: 'Your appointment' })).toBeVisible();
  await expect(page.getByTestId('booked-time')).toHaveText(bookedText);
  await snap(page, 'appointment-manage');
  await page.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('radio', { name: new RegExp(`^${location}, `) })).toBeChecked();
  await expect(page.getByRole('button', { name: 'Move my appointment' })).toBeDisabled();
  const movedDay = await pickFreeDay(page, day);
  expect(movedDay).toBe(day);
  const other = slotButtons(page).filter({ hasNotText: new RegExp(`^${slotLabel}$`) }).first();
  const otherLabel = (await other.textContent())!.trim();
  expect(otherLabel).not.toBe(slotLabel);
  await other.click();
  await snap(page, 'appointment-reschedule');
  await page.getByRole('button', { name: 'Move my appointment' }).click();
  await expect(page.getByRole('status').filter({ hasText: appointmentMessages.rescheduled })).toBeVisible();
  await expect(page.getByTestId('booked-time')).toContainText(`at ${otherLabel}`);

  const movedMail = await readMail(email, /^Moved: your Headshot/);
  const moved = calendarOf(movedMail);
  expect(moved.event.uid).toBe(uid);
  expect(Number(moved.event.sequence)).toBe(1);
  expect(chicagoDay(moved.event.start)).toBe(day);
  expect(chicagoTime(moved.event.start)).toBe(otherLabel);

  // Cancel, with its confirm step ("Keep it" first leaves it booked).
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Cancel appointment?' })).toBeVisible();
  await page.getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  await snap(page, 'appointment-cancel-confirm');
  await page.getByRole('button', { name: 'Yes, cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Appointment cancelled' })).toBeVisible();
  await expect(page.getByText(appointmentMessages.cancelled)).toBeVisible();
  await snap(page, 'appointment-cancelled');

  const cancelMail = await readMail(email, /^Cancelled: your Headshot/);
  const cancelled = calendarOf(cancelMail);
  expect(cancelled.method).toBe('CANCEL');
  expect(cancelled.event.uid).toBe(uid);
  expect(cancelled.event.status).toBe('CANCELLED');
  expect(cancelMail.links.some((l) => l.includes('&manage='))).toBe(false);
});

test('a new customer answers the survey on /reset/finish, sets a password and signs in', async ({ page }) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('survey');
  const password = 'Survey123';

  // The studio invites a new customer: an account without a password (as the photo import makes).
  const invited = runStudio(['invite', '--email', email, '--type', 'Headshot', '--name', 'Ada Lovelace']);
  expect(invited.status, invited.stderr).toBe(0);
  expect(invited.stderr).toContain('(new customer)');

  // They ask for a set-password link; the studio's entry link adds the survey in q.
  await page.goto('/forgot-password');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('heading', { name: 'Success!' })).toBeVisible();
  const resetMail = await readMail(email, /password/i);
  const resetLink = new URL(findLink(resetMail, '/reset/finish?key='));
  const q = Buffer.from(JSON.stringify({ code: '', formid: 'demo-survey', email })).toString('base64');
  resetLink.searchParams.set('q', q);
  await page.goto(pathOf(resetLink.toString()));

  await expect(page.getByRole('heading', { name: 'A few questions first' })).toBeVisible();
  await expect(page.getByText('Before your photos')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'New Password', exact: true })).toHaveCount(0);
  // Required questions are checked before anything is sent.
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(surveyMessages.required)).toHaveCount(2);
  await page.getByRole('textbox', { name: 'Your job title' }).fill('Engineer');
  await page.getByRole('radio', { name: 'Search' }).check();
  await page.getByRole('radio', { name: 'Yes' }).check();
  await snap(page, 'survey');
  await page.getByRole('button', { name: 'Submit answers' }).click();
  await expect(page.getByText(surveyMessages.formSubmitted).filter({ visible: true }).first()).toBeVisible();

  // Then the password form.
  await page.getByRole('textbox', { name: 'New Password', exact: true }).fill(password);
  await page.getByRole('textbox', { name: 'Confirm Password', exact: true }).fill(password);
  await snap(page, 'survey-then-set-password');
  await page.getByRole('button', { name: 'Save Password' }).click();
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();

  // The answers reached the studio.
  const exported = runStudio(['surveys', 'export', 'demo-survey']);
  expect(exported.status, exported.stderr).toBe(0);
  const row = exported.stdout.split(/\r\n/).find((line) => line.includes(email));
  expect(row, 'the answer row in the export').toBeTruthy();
  expect(row).toContain('Engineer');
  expect(row).toContain('Search');

  // Sign in → the gallery.
  await page.getByRole('link', { name: 'Go to Login Page' }).or(page.getByRole('button', { name: 'Go to Login Page' })).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText(messages.validCredentials, { exact: true }).filter({ visible: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/main$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your Photoshoot' })).toBeVisible();
});
