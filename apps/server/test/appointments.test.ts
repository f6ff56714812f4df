import fs from 'node:fs/promises';
import path from 'node:path';
import { appointmentMessages } from '@studio-gallery/contract';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/create-db';
import type { AppointmentTypeRow, CalendarRow } from '../src/db/schema';
import { systemClock } from '../src/clock';
import { createMailer } from '../src/mail/mailer';
import { MailOutbox } from '../src/mail/outbox';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository';
import { BrandingRepository } from '../src/modules/branding/branding.repository';
import { BrandingService } from '../src/modules/branding/branding.service';
import { CustomerInvitations } from '../src/modules/accounts/customer-invitations';
import type { AccountMails } from '../src/modules/accounts/account-mails';
import { AppointmentsRepository } from '../src/modules/appointments/appointments.repository';
import { AppointmentsStudio } from '../src/modules/appointments/appointments-studio';
import { DEMO_INVITE_ID, seedDemoAppointments } from '../src/seed/demo-appointments';
import { seedDemoCustomer } from '../src/seed/demo-customer';
import { createStorage } from '../src/storage/create-storage';
import { waitForMailDelivery } from './support/mail';
import { type JsonBody, type TestApp, startTestApp } from './support/test-app';

/**
 * Appointment booking from invite links (issue 14 §1–2) over HTTP against a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL). "Now" is fixed by the app's clock: Monday 2026-12-07 12:00 UTC
 * (06:00 in Chicago), so the tests do not depend on today's date.
 */

const NOW = Date.parse('2026-12-07T12:00:00Z');
const TUESDAY = '2026-12-08';

interface Attachment {
  filename: string;
  contentType: string;
  header: string;
  content: string;
}
interface Mail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
  attachments: Attachment[];
}

let t: TestApp;
let studio: AppointmentsStudio;
let repository: AppointmentsRepository;
let downtown: CalendarRow;
let northside: CalendarRow;
let headshot: AppointmentTypeRow;
let teamDay: AppointmentTypeRow;
let emailCounter = 0;

/** Sets the app's clock to `at` (it then runs on in real time: a few seconds at most). */
function setNow(at: number): void {
  t.clock.advanceHours((at - t.clock.now().getTime()) / 3_600_000);
}

async function outbox(): Promise<Mail[]> {
  // The mails go through the mail outbox: wait for those in flight.
  await waitForMailDelivery(t.db.kysely);
  const dir = path.join(t.config.dataDir, 'outbox');
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const mail = await simpleParser(await fs.readFile(path.join(dir, file)));
      const to = (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : []).flatMap((a) => a.value.map((v) => v.address ?? ''));
      const text = mail.text ?? '';
      return {
        to,
        subject: mail.subject ?? '',
        text,
        links: [...text.matchAll(/https?:\/\/[^\s<>"]+/g)].map((m) => m[0]),
        attachments: mail.attachments.map((a) => ({
          filename: a.filename ?? '',
          contentType: a.contentType,
          header: String((a.headers.get('content-type') as { params?: Record<string, string> } | undefined)?.params?.method ?? ''),
          content: a.content.toString('utf8'),
        })),
      };
    }),
  );
}

async function mailsTo(email: string): Promise<Mail[]> {
  return (await outbox()).filter((m) => m.to.includes(email));
}

function onlyEvent(ics: string): VEvent {
  const events = Object.values(ical.sync.parseICS(ics)).filter((c): c is VEvent => c.type === 'VEVENT');
  expect(events).toHaveLength(1);
  return events[0]!;
}

async function newInvite(options: { type?: AppointmentTypeRow; calendars?: CalendarRow[]; expiresDays?: number | null } = {}) {
  emailCounter += 1;
  const email = `booker${emailCounter}@example.com`;
  const created = await studio.invite({
    email,
    type: String((options.type ?? headshot).id),
    calendars: (options.calendars ?? []).map((c) => String(c.id)),
    expiresDays: options.expiresDays === undefined ? 30 : options.expiresDays,
    name: `Booker ${emailCounter}`,
    mail: false,
  });
  return { id: created.invite.id, email, userId: created.customer.id };
}

function book(inviteId: string, datetime: string, overrides: Record<string, unknown> = {}) {
  return t.request('POST', '/api/ex/invites/Appointment', {
    body: { activationKey: inviteId, datetime, appointmentTypeID: headshot.id, firstName: 'Ann', lastName: 'Booker', phone: '555-0100', notes: 'Blue shirt', calendarId: downtown.id, ...overrides },
  });
}

function times(date: string, calendar = downtown, type = headshot) {
  return t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: date, calendarId: calendar.id } });
}

function manageTokenOf(mail: Mail): string {
  const link = mail.links.find((l) => l.includes('manage='));
  if (!link) throw new Error(`no manage link in "${mail.subject}"`);
  return new URL(link).searchParams.get('manage') ?? '';
}

beforeAll(async () => {
  t = await startTestApp();
  setNow(NOW);
  repository = new AppointmentsRepository(t.db.kysely);
  const customers = new CustomerInvitations(new AccountsRepository(t.db.kysely), undefined as unknown as AccountMails, t.clock.now);
  studio = new AppointmentsStudio(repository, customers, null, null, t.config.publicUrl, t.clock.now);
  downtown = await studio.addCalendar({ name: 'Downtown studio', location: 'Booth 1, 120 W Madison St' });
  northside = await studio.addCalendar({ name: 'Northside studio', location: '4200 N Lincoln Ave' });
  for (const calendar of [downtown, northside]) await studio.setHours(String(calendar.id), [1, 2, 3, 4, 5], '09:00', '17:00');
  headshot = await studio.addType({ name: 'Headshot', durationMinutes: 20, capacity: 1, minimumNoticeHours: 2, bookingWindowDays: 60, changeCutoffHours: 24, priceCents: 7500 });
  teamDay = await studio.addType({ name: 'Team headshot day', durationMinutes: 10, capacity: 3, bookingWindowDays: 60 });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('an invite, its calendars and free times', () => {
  it('answers the invite, its calendars, the month’s free days and a day’s slots in the studio’s zone', async () => {
    const invite = await newInvite();
    const schedule = await t.request('GET', `/api/ex/invites/schedule/${invite.id}`);
    expect(schedule.status).toBe(200);
    expect(schedule.body).toMatchObject({
      name: `Booker ${emailCounter}`,
      appointmentId: null,
      appointmentTypeId: headshot.id,
      cancelled: false,
      appointmentScheduledOn: null,
      appointmentTypeName: 'Headshot',
      durationMinutes: 20,
      timeZone: 'America/Chicago',
      lastBookableDate: '2027-02-05',
      expired: false,
      email: invite.email,
      calendarId: null,
    });

    const calendars = await t.request('GET', `/api/invites/GetCalendarsByUser?ActivationKey=${invite.id}`);
    expect(calendars.status).toBe(200);
    expect(calendars.body.map((c: JsonBody) => c.name)).toEqual(['Downtown studio', 'Northside studio']);

    const days = await t.request('POST', '/api/ex/invites/GetAvailableDays', { body: { appointmentTypeId: headshot.id, calendarId: downtown.id, month: '2026-12' } });
    expect(days.status).toBe(200);
    expect(days.body.timeZone).toBe('America/Chicago');
    expect(days.body.days.slice(0, 6)).toEqual(['2026-12-07', '2026-12-08', '2026-12-09', '2026-12-10', '2026-12-11', '2026-12-14']);

    const slots = await times(TUESDAY);
    expect(slots.status).toBe(200);
    expect(slots.body).toHaveLength(24);
    expect(slots.body[0]).toEqual({ time: '2026-12-08T09:00:00.000-06:00', label: '9:00 AM', remaining: 1 });
    expect(slots.body.at(-1).label).toBe('4:40 PM');

    // Saturday: closed.
    expect((await times('2026-12-12')).status).toBe(204);
  });

  it('answers 204 for an unknown invite, and refuses to book with it', async () => {
    expect((await t.request('GET', '/api/ex/invites/schedule/no-such-invite')).status).toBe(204);
    expect((await t.request('GET', '/api/invites/GetCalendarsByUser?ActivationKey=no-such-invite')).status).toBe(204);
    const refused = await book('no-such-invite', '2026-12-08T09:00:00-06:00');
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ message: appointmentMessages.noInvite });
  });

  it('refuses bad, past and too distant dates, unknown types, foreign calendars and times not offered', async () => {
    const bad = await times('2026-02-30');
    expect([bad.status, bad.body]).toEqual([400, { message: appointmentMessages.dateInvalid }]);
    const past = await times('2026-12-06');
    expect([past.status, past.body]).toEqual([400, { message: appointmentMessages.dateInPast }]);
    const far = await times('2027-03-01');
    expect([far.status, far.body]).toEqual([400, { message: appointmentMessages.dateTooFar }]);
    const unknownType = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: 999999, appointmentDate: TUESDAY, calendarId: downtown.id } });
    expect([unknownType.status, unknownType.body]).toEqual([404, { message: appointmentMessages.unknownAppointmentType }]);

    const invite = await newInvite({ calendars: [downtown] });
    const calendars = await t.request('GET', `/api/invites/GetCalendarsByUser?ActivationKey=${invite.id}`);
    expect(calendars.body.map((c: JsonBody) => c.id)).toEqual([downtown.id]);
    const foreign = await book(invite.id, '2026-12-08T09:00:00-06:00', { calendarId: northside.id });
    expect([foreign.status, foreign.body]).toEqual([403, { message: appointmentMessages.calendarNotOffered }]);
    const inThePast = await book(invite.id, '2026-12-04T09:00:00-06:00');
    expect([inThePast.status, inThePast.body]).toEqual([400, { message: appointmentMessages.dateInPast }]);
    // Today 9:00 in Chicago is 3 h ahead, 9:20 too, but a time inside the 2-hour notice is not offered.
    setNow(Date.parse('2026-12-07T14:30:00Z'));
    const tooSoon = await book(invite.id, '2026-12-07T09:20:00-06:00');
    expect([tooSoon.status, tooSoon.body]).toEqual([400, { message: appointmentMessages.timeNotOffered }]);
    setNow(NOW);
    const offGrid = await book(invite.id, '2026-12-08T09:05:00-06:00');
    expect([offGrid.status, offGrid.body]).toEqual([400, { message: appointmentMessages.timeNotOffered }]);
    const wrongType = await book(invite.id, '2026-12-08T09:00:00-06:00', { appointmentTypeID: teamDay.id });
    expect([wrongType.status, wrongType.body]).toEqual([400, { message: appointmentMessages.appointmentTypeNotOffered }]);
    expect(await repository.findByInvite(invite.id)).toBeNull();
  });

  it('shows cancelled and expired invites as such and refuses to book them', async () => {
    const cancelled = await newInvite();
    await repository.cancelInvite(cancelled.id, new Date(NOW).toISOString());
    expect((await t.request('GET', `/api/ex/invites/schedule/${cancelled.id}`)).body).toMatchObject({ cancelled: true, expired: false });
    const refusedCancelled = await book(cancelled.id, '2026-12-08T09:00:00-06:00');
    expect([refusedCancelled.status, refusedCancelled.body]).toEqual([409, { message: appointmentMessages.inviteCancelled }]);

    const expired = await newInvite({ expiresDays: 1 });
    setNow(NOW + 25 * 3_600_000);
    expect((await t.request('GET', `/api/ex/invites/schedule/${expired.id}`)).body).toMatchObject({ cancelled: false, expired: true });
    const refusedExpired = await book(expired.id, '2026-12-09T09:00:00-06:00');
    setNow(NOW);
    expect([refusedExpired.status, refusedExpired.body]).toEqual([409, { message: appointmentMessages.inviteExpired }]);
  });
});

describe('booking', () => {
  it('books a slot, mails the customer a confirmation with the .ics at the right local time, tells the studio, and lists it on the invoices', async () => {
    const invite = await newInvite();
    const booked = await book(invite.id, '2026-12-08T15:20:00Z');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect(booked.body).toMatchObject({ firstName: 'Ann', datetime: '2026-12-08T09:20:00.000-06:00', calendarId: downtown.id, location: downtown.location, timeZone: 'America/Chicago', durationMinutes: 20 });

    const schedule = await t.request('GET', `/api/ex/invites/schedule/${invite.id}`);
    expect(schedule.body).toMatchObject({ appointmentId: booked.body.appointmentId, appointmentScheduledOn: '2026-12-08T09:20:00.000-06:00', cancelled: false, calendarId: downtown.id });
    expect((await times(TUESDAY)).body.map((s: JsonBody) => s.label)).not.toContain('9:20 AM');
    const again = await book(invite.id, '2026-12-08T10:00:00-06:00');
    expect([again.status, again.body]).toEqual([409, { message: appointmentMessages.alreadyBooked }]);

    const [confirmation] = await mailsTo(invite.email);
    expect(confirmation?.subject).toContain('Booked');
    const ics = confirmation!.attachments.find((a) => a.filename.endsWith('.ics'));
    expect(ics?.contentType).toBe('text/calendar');
    expect(ics?.header.toUpperCase()).toBe('REQUEST');
    expect(ics!.content).toContain('METHOD:REQUEST');
    const event = onlyEvent(ics!.content);
    expect(event.start.toISOString()).toBe('2026-12-08T15:20:00.000Z');
    expect((event.start as Date & { tz?: string }).tz).toBe('America/Chicago');
    expect(ics!.content).toContain('DTSTART;TZID=America/Chicago:20261208T092000');
    expect(Number(event.sequence)).toBe(0);
    expect(manageTokenOf(confirmation!).length).toBeGreaterThanOrEqual(16);

    const notice = (await mailsTo('support@studio-gallery.test')).find((m) => m.text.includes(invite.id));
    expect(notice?.subject).toContain('New booking');

    const file = await t.request('GET', `/api/ex/appointments/calendar/${invite.id}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toContain('text/calendar');
    expect(onlyEvent(file.body as string).uid).toBe(event.uid);

    const user = await t.createUser();
    await t.db.kysely.updateTable('appointments').set({ user_id: user.id }).where('id', '=', booked.body.appointmentId).execute();
    const invoices = await t.request('GET', `/api/users/user-orders/details/${user.id}`, { token: user.token });
    expect(invoices.status).toBe(200);
    expect(invoices.body).toContainEqual({
      id: booked.body.appointmentId,
      firstName: 'Ann',
      lastName: 'Booker',
      email: user.email,
      datetime: '2026-12-08T15:20:00.000Z',
      type: 'Headshot',
      priceSold: 75,
    });
  });

  it('20 concurrent bookings of one capacity-1 slot by 20 invites: exactly 1 booked, 19 conflicts', async () => {
    const invites = await Promise.all(Array.from({ length: 20 }, () => newInvite()));
    const responses = await Promise.all(invites.map((invite) => book(invite.id, '2026-12-09T11:00:00-06:00')));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of responses.filter((r) => r.status === 409)) expect(r.body).toEqual({ message: appointmentMessages.slotTaken });
    const rows = await t.db.kysely.selectFrom('appointments').select('id').where('starts_at', '=', '2026-12-09T17:00:00.000Z').where('status', '=', 'booked').execute();
    expect(rows).toHaveLength(1);
    const counter = await t.db.kysely.selectFrom('appointment_slot_counts').selectAll().where('calendar_id', '=', downtown.id).where('starts_at', '=', '2026-12-09T17:00:00.000Z').executeTakeFirstOrThrow();
    expect([Number(counter.booked), Number(counter.capacity)]).toEqual([1, 1]);
  }, 60_000);

  it('20 concurrent bookings of one capacity-3 slot: exactly 3 booked, and the slot is gone', async () => {
    const invites = await Promise.all(Array.from({ length: 20 }, () => newInvite({ type: teamDay })));
    const responses = await Promise.all(
      invites.map((invite) => book(invite.id, '2026-12-10T13:00:00-06:00', { appointmentTypeID: teamDay.id, calendarId: northside.id })),
    );
    expect(responses.filter((r) => r.status === 200)).toHaveLength(3);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(17);
    const slots = await times('2026-12-10', northside, teamDay);
    expect(slots.body.map((s: JsonBody) => s.label)).not.toContain('1:00 PM');
    expect(slots.body.find((s: JsonBody) => s.label === '1:10 PM')?.remaining).toBe(3);
  }, 60_000);
});

describe('the over-booking guard', () => {
  it('lets the slot counter take no more places than its capacity, whatever the race, and refuses any other write past it', async () => {
    const startsAt = '2026-12-14T15:00:00.000Z';
    await Promise.all([1, 2, 3].map(() => repository.ensureSlotCounter(downtown.id, startsAt, 2)));
    const taken = await Promise.all(Array.from({ length: 8 }, () => repository.takeSlotPlace(downtown.id, startsAt)));
    expect(taken.filter(Boolean)).toHaveLength(2);
    await expect(
      t.db.kysely.updateTable('appointment_slot_counts').set({ booked: 3 }).where('calendar_id', '=', downtown.id).where('starts_at', '=', startsAt).execute(),
    ).rejects.toThrow();
    await repository.releaseSlotPlace(downtown.id, startsAt);
    expect(await repository.takeSlotPlace(downtown.id, startsAt)).toBe(true);
  });
});

describe('managing a booking from its mail', () => {
  it('reschedules (SEQUENCE raised, same UID, the old slot free again) and cancels (METHOD:CANCEL, the slot free again)', async () => {
    const invite = await newInvite();
    expect((await book(invite.id, '2026-12-11T09:00:00-06:00')).status).toBe(200);
    const confirmation = (await mailsTo(invite.email))[0]!;
    const token = manageTokenOf(confirmation);
    const firstUid = onlyEvent(confirmation.attachments[0]!.content).uid;

    const managed = await t.request('GET', `/api/ex/appointments/manage/${token}`);
    expect(managed.status).toBe(200);
    expect(managed.body).toMatchObject({ status: 'booked', inviteId: invite.id, appointmentTypeName: 'Headshot', changeableUntil: '2026-12-10T09:00:00.000-06:00' });
    expect((await t.request('GET', '/api/ex/appointments/manage/not-a-real-token-at-all')).status).toBe(404);

    const moved = await t.request('POST', `/api/ex/appointments/manage/${token}/reschedule`, { body: { datetime: '2026-12-11T10:00:00-06:00', calendarId: northside.id } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'booked', datetime: '2026-12-11T10:00:00.000-06:00', calendarId: northside.id });
    const rescheduled = (await mailsTo(invite.email)).find((m) => m.subject.startsWith('Moved'))!;
    const movedEvent = onlyEvent(rescheduled.attachments[0]!.content);
    expect(movedEvent.uid).toBe(firstUid);
    expect(Number(movedEvent.sequence)).toBe(1);
    expect(movedEvent.start.toISOString()).toBe('2026-12-11T16:00:00.000Z');
    expect((await times('2026-12-11')).body.map((s: JsonBody) => s.label)).toContain('9:00 AM');
    expect((await times('2026-12-11', northside)).body.map((s: JsonBody) => s.label)).not.toContain('10:00 AM');

    const cancelled = await t.request('POST', `/api/ex/appointments/manage/${token}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const cancelMail = (await mailsTo(invite.email)).find((m) => m.subject.startsWith('Cancelled'))!;
    expect(cancelMail.attachments[0]!.content).toContain('METHOD:CANCEL');
    expect(cancelMail.attachments[0]!.header.toUpperCase()).toBe('CANCEL');
    expect(onlyEvent(cancelMail.attachments[0]!.content).uid).toBe(firstUid);
    // The customer cancelled: the invite is not withdrawn; it says which booking was cancelled and books again (issue 24 §3).
    expect((await t.request('GET', `/api/ex/invites/schedule/${invite.id}`)).body).toMatchObject({ cancelled: false, appointmentId: null, cancelledAppointmentOn: expect.any(String) });
    const again = await t.request('POST', `/api/ex/appointments/manage/${token}/cancel`);
    expect([again.status, again.body]).toEqual([409, { message: appointmentMessages.bookingAlreadyCancelled }]);

    // The freed slot can be booked by someone else.
    const other = await newInvite();
    expect((await book(other.id, '2026-12-11T10:00:00-06:00', { calendarId: northside.id })).status).toBe(200);
  });

  it('refuses changes after the cutoff', async () => {
    const invite = await newInvite();
    expect((await book(invite.id, '2026-12-08T16:00:00-06:00')).status).toBe(200);
    const token = manageTokenOf((await mailsTo(invite.email))[0]!);
    setNow(Date.parse('2026-12-08T12:00:00Z'));
    const late = await t.request('POST', `/api/ex/appointments/manage/${token}/cancel`);
    setNow(NOW);
    expect([late.status, late.body]).toEqual([409, { message: appointmentMessages.changeTooLate }]);
  });
});

describe('reminders', () => {
  it('are claimed once when two server instances share the database', async () => {
    const invite = await newInvite();
    expect((await book(invite.id, '2026-12-08T14:00:00-06:00')).status).toBe(200);
    // A day before: 2026-12-07 20:30 UTC is within 24 h of 2026-12-08 20:00 UTC.
    const at = new Date('2026-12-07T20:30:00Z');
    // Booked inside the 24 hours: its confirmation is its reminder.
    const late = await newInvite();
    setNow(at.getTime());
    expect((await book(late.id, '2026-12-08T10:00:00-06:00')).status).toBe(200);
    setNow(NOW);
    const second = await secondInstance();
    try {
      const sent = await Promise.all([t.app.appointmentReminders.runOnce(at), second.appointmentReminders.runOnce(at)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
      const reminders = (await mailsTo(invite.email)).filter((m) => m.subject.startsWith('Reminder'));
      expect(reminders).toHaveLength(1);
      expect(reminders[0]!.subject).toContain('tomorrow at 2:00 PM CST');
      // Nothing more on the next runs.
      expect(await t.app.appointmentReminders.runOnce(at)).toBe(0);
      expect(await second.appointmentReminders.runOnce(at)).toBe(0);
      const row = await t.db.kysely.selectFrom('appointments').select(['reminder_claimed_at', 'reminder_sent_at']).where('invite_id', '=', invite.id).executeTakeFirstOrThrow();
      expect(row.reminder_sent_at).not.toBeNull();
      expect((await mailsTo(late.email)).filter((m) => m.subject.startsWith('Reminder'))).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('the studio', () => {
  it('invites a new customer by e-mail (creating the account), mails the link and refuses unknown types and calendars', async () => {
    const mailer = createMailer({ smtpUrl: null, from: t.config.mailFrom, outboxDir: path.join(t.config.dataDir, 'outbox') }, t.app.log);
    const customers = new CustomerInvitations(new AccountsRepository(t.db.kysely), undefined as unknown as AccountMails, t.clock.now);
    const queue = new MailOutbox({ db: t.db.kysely, transport: mailer, delivery: 'inline', clock: systemClock, log: t.app.log, from: t.config.mailFrom });
    const mailing = new AppointmentsStudio(repository, customers, queue, new BrandingService(new BrandingRepository(t.db.kysely)), t.config.publicUrl, t.clock.now);
    try {
      const created = await mailing.invite({ email: 'New.Customer@Example.com', type: 'Team headshot day', calendars: ['Northside studio'], name: 'New Customer' });
      expect(created.customerCreated).toBe(true);
      expect(created.invite.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(created.link).toBe(`http://gallery.test/appointment?id=${created.invite.id}`);
      // Expires in 30 days by default.
      expect(Math.abs(Date.parse(created.invite.expires_at ?? '') - (t.clock.now().getTime() + 30 * 86_400_000))).toBeLessThan(60_000);
      const [mail] = await mailsTo('new.customer@example.com');
      expect(mail?.subject).toContain('Team headshot day');
      expect(mail?.links).toContain(created.link);
      const schedule = await t.request('GET', `/api/ex/invites/schedule/${created.invite.id}`);
      expect(schedule.body).toMatchObject({ firstName: 'New', lastName: 'Customer', appointmentTypeName: 'Team headshot day' });
      const calendars = await t.request('GET', `/api/invites/GetCalendarsByUser?ActivationKey=${created.invite.id}`);
      expect(calendars.body.map((c: JsonBody) => c.name)).toEqual(['Northside studio']);

      await expect(mailing.invite({ email: 'x@example.com', type: 'No such type' })).rejects.toThrow('no appointment type "No such type"');
      await expect(mailing.invite({ email: 'x@example.com', type: 'Headshot', calendars: ['Nowhere'] })).rejects.toThrow('no calendar "Nowhere"');
    } finally {
      mailer.close();
    }
  });
});

describe('demo data', () => {
  it('seeds two calendars open on weekdays, the two types and an open invite for the demo customer', async () => {
    // The demo's photo sessions take long to draw (seed.test.ts covers them): only the customer and the booking data here.
    const demo = await startTestApp();
    try {
      const accounts = new AccountsRepository(demo.db.kysely);
      expect(await seedDemoCustomer(accounts, demo.clock.now())).toBe(true);
      expect(await seedDemoAppointments(new AppointmentsRepository(demo.db.kysely), accounts, demo.clock.now)).toBe(DEMO_INVITE_ID);
      // Again: nothing added, the same invite.
      expect(await seedDemoAppointments(new AppointmentsRepository(demo.db.kysely), accounts, demo.clock.now)).toBe(DEMO_INVITE_ID);
      const schedule = await demo.request('GET', `/api/ex/invites/schedule/${DEMO_INVITE_ID}`);
      expect(schedule.body).toMatchObject({ appointmentTypeName: 'Headshot', durationMinutes: 20, cancelled: false, expired: false, email: 'demo@studio-gallery.test' });
      const calendars = await demo.request('GET', `/api/invites/GetCalendarsByUser?ActivationKey=${DEMO_INVITE_ID}`);
      expect(calendars.body.map((c: JsonBody) => c.name)).toEqual(['Downtown studio', 'Northside studio']);
      expect(await new AppointmentsRepository(demo.db.kysely).listCalendars()).toHaveLength(2);
      const types = await new AppointmentsRepository(demo.db.kysely).listTypes();
      expect(types.map((ty) => [ty.name, ty.duration_minutes, ty.capacity])).toEqual([
        ['Headshot', 20, 1],
        ['Team headshot day', 10, 3],
      ]);
      const days = await demo.request('POST', '/api/ex/invites/GetAvailableDays', {
        body: { appointmentTypeId: schedule.body.appointmentTypeId, calendarId: calendars.body[0].id, month: new Date(demo.clock.now().getTime() + 7 * 86_400_000).toISOString().slice(0, 7) },
      });
      expect(days.body.days.length).toBeGreaterThan(0);
    } finally {
      await demo.close();
    }
  }, 60_000);
});

/** A second app on the same database (its own connections), as a second server instance would be. */
async function secondInstance(): Promise<FastifyInstance> {
  const db = createDb(t.config.database);
  return buildApp(t.config, { db, storage: createStorage(t.config), clock: t.clock.now });
}
