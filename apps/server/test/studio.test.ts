import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentTypeRow, CalendarRow, UserRow } from '../src/db/schema';
import { runStaff } from '../src/cli/studio-staff';
import type { AccountMails } from '../src/modules/accounts/account-mails';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository';
import { CustomerInvitations } from '../src/modules/accounts/customer-invitations';
import { AppointmentsRepository } from '../src/modules/appointments/appointments.repository';
import { AppointmentsStudio } from '../src/modules/appointments/appointments-studio';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The studio dashboard's first calls (issue 15 §1) over HTTP against a real database (SQLite, or
 * PostgreSQL with TEST_DATABASE_URL): roles enforced on every call, read from the database each time;
 * the activity log; the home screen, customers, week view and staff. "Now" is Monday 2026-12-07
 * 12:00 UTC (06:00 in Chicago, the calendars' zone).
 */

const NOW = Date.parse('2026-12-07T12:00:00Z');

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let downtown: CalendarRow;
let northside: CalendarRow;
let headshot: AppointmentTypeRow;
const invited: { email: string; role: string }[] = [];

/** The CLI's staff command, with invitations recorded instead of mailed. */
function staffCommand(argv: string[]) {
  const accounts = new AccountsRepository(t.db.kysely);
  const customers = new CustomerInvitations(accounts, undefined as unknown as AccountMails, t.clock.now);
  const out: string[] = [];
  const run = runStaff(argv, {
    db: t.db.kysely,
    clock: t.clock.now,
    inviter: {
      findOrCreate: (email) => customers.findOrCreate(email),
      inviteToStudio: async (user: UserRow, role: 'staff' | 'admin') => {
        invited.push({ email: user.email, role });
        return t.db.kysely.updateTable('users').set({ role }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
      },
    },
    out: (line) => out.push(line),
    err: () => undefined,
  });
  return run.then((code) => ({ code, out }));
}

function book(inviteId: string, datetime: string, calendarId: number) {
  return t.request('POST', '/api/ex/invites/Appointment', {
    body: { activationKey: inviteId, datetime, appointmentTypeID: headshot.id, firstName: 'Ann', lastName: 'Booker', phone: '555-0100', notes: '', calendarId },
  });
}

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advanceHours((NOW - t.clock.now().getTime()) / 3_600_000);
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin' });
  staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff' });
  customer = await t.createUser({ firstName: 'Carla', lastName: 'Customer', email: 'carla.customer@example.com' });
  expect((await staffCommand(['add', admin.email, '--role', 'admin'])).code).toBe(0);

  const repository = new AppointmentsRepository(t.db.kysely);
  const customers = new CustomerInvitations(new AccountsRepository(t.db.kysely), undefined as unknown as AccountMails, t.clock.now);
  const appointments = new AppointmentsStudio(repository, customers, null, null, t.config.publicUrl, t.clock.now);
  downtown = await appointments.addCalendar({ name: 'Downtown studio', location: 'Booth 1' });
  northside = await appointments.addCalendar({ name: 'Northside studio', location: 'Booth 2' });
  for (const calendar of [downtown, northside]) await appointments.setHours(String(calendar.id), [1, 2, 3, 4, 5], '09:00', '17:00');
  headshot = await appointments.addType({ name: 'Headshot', durationMinutes: 20, capacity: 1, minimumNoticeHours: 2, bookingWindowDays: 60 });
  const today = await appointments.invite({ email: customer.email, type: String(headshot.id), calendars: [], expiresDays: null, mail: false });
  const tuesday = await appointments.invite({ email: 'bob.booker@example.com', type: String(headshot.id), calendars: [], expiresDays: null, mail: false });
  const first = await book(today.invite.id, '2026-12-07T14:00:00-06:00', downtown.id);
  expect(first.status, JSON.stringify(first.body)).toBe(200);
  expect((await book(tuesday.invite.id, '2026-12-08T09:20:00-06:00', northside.id)).status).toBe(200);

  // A photo session of the customer, an order waiting for its retouch and a delivered one.
  const at = t.clock.now().toISOString();
  await t.db.kysely
    .insertInto('photo_sessions')
    .values({ user_id: customer.id, name: 'Studio portraits', session_date: '2026-12-01', code: 'StudioTestCode-Carla', created_at: at })
    .execute();
  for (const status of ['PENDING', 'DELIVERED'] as const) {
    await t.db.kysely
      .insertInto('special_requests')
      .values({
        user_id: customer.id,
        payment_id: null,
        transaction_id: null,
        service_provider_id: null,
        status,
        item_price_cents: 1000,
        tax_cents: 0,
        discount_hundredths: 0,
        discount_cents: 0,
        total_cents: 1000,
        coupon_code: null,
        due_at: at,
        delivered_at: status === 'DELIVERED' ? at : null,
        created_at: at,
      })
      .execute();
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('studio roles', () => {
  it('answers 401 signed out and 403 to customers and session-code visitors on every studio call', async () => {
    for (const [method, url] of [
      ['GET', '/api/studio/me'],
      ['GET', '/api/studio/today'],
      ['GET', '/api/studio/staff'],
    ] as const) {
      expect((await t.request(method, url)).status, url).toBe(401);
      expect((await t.request(method, url, { token: customer.token })).status, url).toBe(403);
      expect((await t.request(method, url, { headers: { 'x-session-code': 'StudioTestCode-Carla' } })).status, url).toBe(403);
    }
    const account = await t.request('GET', '/api/account', { token: customer.token });
    expect(account.body.role).toBe('customer');
  });

  it('gives staff the studio but not the admin calls; an admin makes a staff member and sees them in the staff list', async () => {
    expect((await t.request('GET', '/api/studio/me', { token: staff.token })).status).toBe(403);
    const made = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: staff.email.toUpperCase(), role: 'staff' } });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toEqual({
      user: { id: staff.id, email: staff.email, firstName: 'Sam', lastName: 'Staff', role: 'staff', activated: true },
      invited: false,
    });

    const me = await t.request('GET', '/api/studio/me', { token: staff.token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual({ id: staff.id, email: staff.email, firstName: 'Sam', lastName: 'Staff', role: 'staff' });
    expect((await t.request('GET', '/api/account', { token: staff.token })).body.role).toBe('staff');
    expect((await t.request('GET', '/api/studio/staff', { token: staff.token })).status).toBe(403);
    expect((await t.request('POST', '/api/studio/staff', { token: staff.token, body: { email: customer.email, role: 'staff' } })).status).toBe(403);

    const list = await t.request('GET', '/api/studio/staff', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((m: JsonBody) => [m.email, m.role]).sort()).toEqual([[admin.email, 'admin'], [staff.email, 'staff']].sort());
  });

  it('takes the studio away from a demoted admin on their next call, with the same token', async () => {
    const second = await t.createUser({ firstName: 'Second', lastName: 'Admin' });
    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: second.email, role: 'admin' } })).status).toBe(200);
    expect((await t.request('GET', '/api/studio/staff', { token: second.token })).status).toBe(200);

    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: second.email, role: 'staff' } })).status).toBe(200);
    expect((await t.request('GET', '/api/studio/staff', { token: second.token })).status).toBe(403);
    expect((await t.request('GET', '/api/studio/me', { token: second.token })).body.role).toBe('staff');

    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: second.email, role: 'customer' } })).status).toBe(200);
    expect((await t.request('GET', '/api/studio/me', { token: second.token })).status).toBe(403);
    expect((await t.request('GET', '/api/account', { token: second.token })).body.role).toBe('customer');
  });

  it('refuses an admin changing their own role, and a customer role for an unknown address', async () => {
    const self = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: admin.email, role: 'staff' } });
    expect(self.status).toBe(409);
    expect(self.body.message).toBe('You cannot change your own role');
    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: 'nobody@example.com', role: 'customer' } })).status).toBe(404);
    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: 'not-an-email', role: 'staff' } })).status).toBe(400);
    expect((await t.request('GET', '/api/studio/me', { token: admin.token })).body.role).toBe('admin');
  });

  it('invites a new staff member by mail: an inactive account with the role', async () => {
    const made = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: 'new.hire@example.com', role: 'staff' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ user: { email: 'new.hire@example.com', role: 'staff', activated: false }, invited: true });
    const mail = await t.lastMailTo('new.hire@example.com');
    expect(mail.links.some((link) => link.includes('/active-account/'))).toBe(true);
  });
});

describe('the activity log', () => {
  it('records who changed what and when, newest first, with the CLI as a null actor', async () => {
    const page = await t.request('GET', '/api/studio/activity?page=1&pageSize=100', { token: admin.token });
    expect(page.status).toBe(200);
    const entries = page.body.items as JsonBody[];
    expect(page.body.total).toBe(entries.length);
    const cli = entries.find((e) => e.subject === admin.email);
    expect(cli).toMatchObject({ actor: null, action: 'staff.role', details: { userId: admin.id, from: 'customer', to: 'admin', invited: false } });
    const byAdmin = entries.find((e) => e.subject === staff.email);
    expect(byAdmin).toMatchObject({ actor: { id: admin.id, email: admin.email }, action: 'staff.role', details: { from: 'customer', to: 'staff' } });
    expect(Math.abs(Date.parse(byAdmin.at) - t.clock.now().getTime())).toBeLessThan(60_000);
    expect(entries.find((e) => e.subject === 'new.hire@example.com')?.details.invited).toBe(true);
    // Newest first.
    expect([...entries].sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : b.id - a.id)).map((e) => e.id)).toEqual(entries.map((e) => e.id));

    const small = await t.request('GET', '/api/studio/activity?page=2&pageSize=2', { token: admin.token });
    expect(small.body.items.map((e: JsonBody) => e.id)).toEqual(entries.slice(2, 4).map((e) => e.id));
    expect(small.body.total).toBe(entries.length);
  });
});

describe('the studio screens', () => {
  it("answers today's bookings in the studio's zone, the orders due and the new activity", async () => {
    const today = await t.request('GET', '/api/studio/today', { token: staff.token });
    expect(today.status).toBe(200);
    expect(today.body).toMatchObject({ date: '2026-12-07', timeZone: 'America/Chicago', ordersDue: 1 });
    expect(today.body.bookings).toEqual([
      {
        id: expect.any(Number),
        time: '2026-12-07T14:00:00.000-06:00',
        endTime: '2026-12-07T14:20:00.000-06:00',
        label: '2:00 PM',
        calendarId: downtown.id,
        calendarName: 'Downtown studio',
        typeName: 'Headshot',
        customerName: 'Ann Booker',
        email: customer.email,
        status: 'booked',
      },
    ]);
    const activity = await t.request('GET', '/api/studio/activity?pageSize=1', { token: staff.token });
    expect(today.body.newActivity).toBe(activity.body.total);
  });

  it('answers a week of bookings per calendar and day, or one calendar', async () => {
    const week = await t.request('GET', '/api/studio/bookings?from=2026-12-07&days=7', { token: staff.token });
    expect(week.status).toBe(200);
    expect(week.body.calendars.map((c: JsonBody) => [c.calendarName, c.days.length])).toEqual([
      ['Downtown studio', 7],
      ['Northside studio', 7],
    ]);
    const north = week.body.calendars[1];
    expect(north.days[1]).toMatchObject({ date: '2026-12-08', bookings: [{ label: '9:20 AM', email: 'bob.booker@example.com', calendarId: northside.id }] });
    expect(north.days[0].bookings).toEqual([]);

    const one = await t.request('GET', `/api/studio/bookings?calendarId=${downtown.id}&from=2026-12-07&days=2`, { token: staff.token });
    expect(one.body.calendars).toHaveLength(1);
    expect(one.body.calendars[0].days.map((d: JsonBody) => [d.date, d.bookings.length])).toEqual([
      ['2026-12-07', 1],
      ['2026-12-08', 0],
    ]);
    expect((await t.request('GET', '/api/studio/bookings?calendarId=9999', { token: staff.token })).status).toBe(404);
    expect((await t.request('GET', '/api/studio/bookings?from=2026-13-45', { token: staff.token })).status).toBe(400);
  });

  it('lists customers (not staff), searched by email or name, with their sessions and last activity', async () => {
    const found = await t.request('GET', '/api/studio/customers?search=CARLA', { token: staff.token });
    expect(found.status).toBe(200);
    expect(found.body).toEqual({
      items: [
        {
          id: customer.id,
          email: customer.email,
          firstName: 'Carla',
          lastName: 'Customer',
          sessions: 1,
          photos: 0,
          lastActivityAt: expect.any(String),
        },
      ],
      total: 1,
    });
    expect((await t.request('GET', '/api/studio/customers?search=Carla%20Cust', { token: staff.token })).body.total).toBe(1);
    expect((await t.request('GET', '/api/studio/customers?search=%25_', { token: staff.token })).body.total).toBe(0);

    const all = await t.request('GET', '/api/studio/customers?page=1&pageSize=100', { token: staff.token });
    const emails = all.body.items.map((c: JsonBody) => c.email);
    expect(emails).toContain(customer.email);
    expect(emails).not.toContain(admin.email);
    expect(emails).not.toContain(staff.email);
    const paged = await t.request('GET', '/api/studio/customers?page=2&pageSize=1', { token: staff.token });
    expect(paged.body.total).toBe(all.body.total);
    expect(paged.body.items.map((c: JsonBody) => c.id)).toEqual([all.body.items[1].id]);
  });
});

describe('the staff command of the studio CLI', () => {
  it('adds staff by email (inviting a new address), lists them, and records the CLI as the actor', async () => {
    const added = await staffCommand(['add', 'Cli.Hire@Example.com', '--role', 'staff']);
    expect(added.code).toBe(0);
    expect(invited).toEqual([{ email: 'cli.hire@example.com', role: 'staff' }]);
    const listed = await staffCommand(['list']);
    expect(listed.out.some((line) => line.includes('\tstaff\tinvited\tcli.hire@example.com'))).toBe(true);
    expect(listed.out.some((line) => line.includes(`\tadmin\tactive\t${admin.email}`))).toBe(true);

    const log = await t.request('GET', '/api/studio/activity?pageSize=1', { token: admin.token });
    expect(log.body.items[0]).toMatchObject({ actor: null, action: 'staff.role', subject: 'cli.hire@example.com', details: { to: 'staff', invited: true } });

    await expect(staffCommand(['add', 'x@example.com'])).rejects.toThrow('--role');
    // The last admin stays one.
    await expect(staffCommand(['add', admin.email, '--role', 'customer'])).rejects.toThrow('The studio needs at least one admin');
  });
});
