import { studioBookingMessages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The studio's booking settings (issue 15 §4) over HTTP against a real database: calendars, their week
 * and date exceptions, appointment types (prices for admins only) and invites, with the activity log,
 * and a customer booking from an invite sent from the dashboard. "Now" is Wednesday 2026-12-09 12:00 UTC.
 */

const NOW = Date.parse('2026-12-09T12:00:00Z');
const MONDAY = '2026-12-14';
const SATURDAY = '2026-12-19';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advanceHours((NOW - t.clock.now().getTime()) / 3_600_000);
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Carla', lastName: 'Customer' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const asStaff = (method: string, url: string, body?: unknown) => t.request(method, `/api${url}`, { token: staff.token, ...(body === undefined ? {} : { body }) });
const asAdmin = (method: string, url: string, body?: unknown) => t.request(method, `/api${url}`, { token: admin.token, ...(body === undefined ? {} : { body }) });

async function lastActivity(action: string) {
  const page = await asAdmin('GET', '/studio/activity?pageSize=100');
  return page.body.items.find((item: JsonBody) => item.action === action);
}

let calendarCounter = 0;
async function newCalendar(overrides: Record<string, unknown> = {}) {
  calendarCounter++;
  const created = await asStaff('POST', '/studio/calendars', { name: `Booth ${calendarCounter}`, location: `Floor ${calendarCounter}`, timeZone: 'America/Chicago', ...overrides });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body;
}

let typeCounter = 0;
function typeBody(overrides: Record<string, unknown> = {}) {
  typeCounter++;
  return {
    name: `Headshot ${typeCounter}`,
    durationMinutes: 30,
    capacity: 1,
    bufferBeforeMinutes: 0,
    bufferAfterMinutes: 0,
    minimumNoticeHours: 0,
    bookingWindowDays: 60,
    changeCutoffHours: 24,
    ...overrides,
  };
}

describe('calendars', () => {
  it('creates, lists, edits, deactivates and reactivates a calendar, each change in the activity log', async () => {
    const created = await newCalendar({ name: 'Downtown', location: '120 W Madison St' });
    expect(created).toMatchObject({ name: 'Downtown', location: '120 W Madison St', timeZone: 'America/Chicago', active: true, exceptions: [] });
    expect(created.week).toHaveLength(7);
    expect(created.week.every((day: JsonBody) => day.ranges.length === 0)).toBe(true);
    expect(await lastActivity('calendar.create')).toMatchObject({ actor: { id: staff.id }, subject: 'Downtown' });

    const edited = await asStaff('PUT', `/studio/calendars/${created.id}`, { name: 'Downtown Berlin', location: 'Unter den Linden 1', timeZone: 'Europe/Berlin' });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ id: created.id, name: 'Downtown Berlin', timeZone: 'Europe/Berlin' });
    expect((await lastActivity('calendar.update')).details).toMatchObject({ before: { name: 'Downtown' }, after: { name: 'Downtown Berlin' } });

    const off = await asStaff('POST', `/studio/calendars/${created.id}/deactivate`);
    expect(off.status).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await lastActivity('calendar.deactivate')).toMatchObject({ subject: 'Downtown Berlin' });
    const options = await asStaff('GET', '/studio/appointment-types');
    expect(options.body.calendars.map((c: JsonBody) => c.id)).not.toContain(created.id);

    const list = await asStaff('GET', '/studio/calendars');
    expect(list.status).toBe(200);
    expect(list.body.items.find((c: JsonBody) => c.id === created.id)).toMatchObject({ active: false });

    const on = await asStaff('POST', `/studio/calendars/${created.id}/activate`);
    expect(on.body.active).toBe(true);
    expect(await lastActivity('calendar.activate')).toBeTruthy();
  });

  it('replaces the week, adds and removes date exceptions', async () => {
    const calendar = await newCalendar();
    const week = await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, {
      days: [
        { weekday: 1, ranges: [{ from: '09:00', to: '12:00' }, { from: '13:00', to: '17:00' }] },
        { weekday: 2, ranges: [{ from: '10:00', to: '24:00' }] },
      ],
    });
    expect(week.status, JSON.stringify(week.body)).toBe(200);
    expect(week.body.week[0]).toEqual({ weekday: 1, ranges: [{ from: '09:00', to: '12:00' }, { from: '13:00', to: '17:00' }] });
    expect(week.body.week[1]).toEqual({ weekday: 2, ranges: [{ from: '10:00', to: '24:00' }] });
    expect(week.body.week[2]).toEqual({ weekday: 3, ranges: [] });
    expect((await lastActivity('calendar.hours')).details.calendarId).toBe(calendar.id);

    // Replacing: Tuesday left out is closed now.
    const again = await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, { days: [{ weekday: 1, ranges: [{ from: '08:00', to: '16:00' }] }] });
    expect(again.body.week[0].ranges).toEqual([{ from: '08:00', to: '16:00' }]);
    expect(again.body.week[1].ranges).toEqual([]);

    const closed = await asStaff('POST', `/studio/calendars/${calendar.id}/exceptions`, { date: '2026-12-24', kind: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    const open = await asStaff('POST', `/studio/calendars/${calendar.id}/exceptions`, { date: SATURDAY, kind: 'open', ranges: [{ from: '10:00', to: '12:00' }] });
    expect(open.body.exceptions).toEqual([
      { date: SATURDAY, kind: 'open', ranges: [{ from: '10:00', to: '12:00' }] },
      { date: '2026-12-24', kind: 'closed', ranges: [] },
    ]);
    expect(await lastActivity('calendar.exception')).toMatchObject({ details: { date: SATURDAY, kind: 'open' } });
    // A past exception is not upcoming.
    await asStaff('POST', `/studio/calendars/${calendar.id}/exceptions`, { date: '2026-12-01', kind: 'closed' });
    expect((await asStaff('GET', '/studio/calendars')).body.items.find((c: JsonBody) => c.id === calendar.id).exceptions.map((e: JsonBody) => e.date)).toEqual([
      SATURDAY,
      '2026-12-24',
    ]);

    const removed = await asStaff('DELETE', `/studio/calendars/${calendar.id}/exceptions/2026-12-24`);
    expect(removed.status).toBe(200);
    expect(removed.body.exceptions.map((e: JsonBody) => e.date)).toEqual([SATURDAY]);
    expect(await lastActivity('calendar.exception.remove')).toMatchObject({ details: { date: '2026-12-24' } });
    const twice = await asStaff('DELETE', `/studio/calendars/${calendar.id}/exceptions/2026-12-24`);
    expect(twice.status).toBe(404);
    expect(twice.body.message).toBe(studioBookingMessages.exceptionNotFound);
  });

  it('refuses bad input with a 400 and a message, unknown calendars with a 404', async () => {
    const calendar = await newCalendar();
    const badCalendars: [unknown, string][] = [
      [{ name: 'X', location: 'Y', timeZone: 'Mars/Base' }, studioBookingMessages.timeZoneInvalid],
      [{ name: 'X', location: 'Y', timeZone: 'CST' }, studioBookingMessages.timeZoneInvalid],
      [{ name: 'X', location: 'Y', timeZone: '' }, studioBookingMessages.timeZoneInvalid],
      [{ name: '  ', location: 'Y', timeZone: 'UTC' }, studioBookingMessages.nameRequired],
      [{ name: 'X', location: '', timeZone: 'UTC' }, studioBookingMessages.locationRequired],
    ];
    for (const [body, message] of badCalendars) {
      const created = await asStaff('POST', '/studio/calendars', body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(created.body.message).toContain(message);
      const edited = await asStaff('PUT', `/studio/calendars/${calendar.id}`, body);
      expect(edited.status, JSON.stringify(body)).toBe(400);
    }

    const badWeeks: [unknown, string][] = [
      [{ days: [{ weekday: 1, ranges: [{ from: '09:00', to: '12:00' }, { from: '11:00', to: '14:00' }] }] }, studioBookingMessages.rangesOverlap],
      [{ days: [{ weekday: 1, ranges: [{ from: '12:00', to: '09:00' }] }] }, studioBookingMessages.rangeBackwards],
      [{ days: [{ weekday: 1, ranges: [{ from: '09:00', to: '09:00' }] }] }, studioBookingMessages.rangeBackwards],
      [{ days: [{ weekday: 1, ranges: [{ from: '9am', to: '17:00' }] }] }, studioBookingMessages.timeInvalid],
      [{ days: [{ weekday: 1, ranges: [{ from: '09:00', to: '24:30' }] }] }, studioBookingMessages.timeInvalid],
      [{ days: [{ weekday: 1, ranges: [{ from: '09:60', to: '10:00' }] }] }, studioBookingMessages.timeInvalid],
      [{ days: [{ weekday: 1, ranges: [] }, { weekday: 1, ranges: [] }] }, studioBookingMessages.weekdayTwice],
      [{ days: [{ weekday: 8, ranges: [] }] }, ''],
      [{}, ''],
    ];
    for (const [body, message] of badWeeks) {
      const response = await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }

    const badExceptions: [unknown, string][] = [
      [{ date: '2026-02-30', kind: 'closed' }, studioBookingMessages.dateInvalid],
      [{ date: '24.12.2026', kind: 'closed' }, studioBookingMessages.dateInvalid],
      [{ date: '2026-12-24', kind: 'open' }, studioBookingMessages.openNeedsHours],
      [{ date: '2026-12-24', kind: 'closed', ranges: [{ from: '09:00', to: '10:00' }] }, studioBookingMessages.closedTakesNoHours],
      [{ date: '2026-12-24', kind: 'open', ranges: [{ from: '15:00', to: '10:00' }] }, studioBookingMessages.rangeBackwards],
      [{ date: '2026-12-24', kind: 'maybe' }, ''],
    ];
    for (const [body, message] of badExceptions) {
      const response = await asStaff('POST', `/studio/calendars/${calendar.id}/exceptions`, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toContain(message);
    }
    expect((await asStaff('DELETE', `/studio/calendars/${calendar.id}/exceptions/2026-13-01`)).status).toBe(400);

    // Nothing was changed by any of them.
    const after = (await asStaff('GET', '/studio/calendars')).body.items.find((c: JsonBody) => c.id === calendar.id);
    expect(after).toMatchObject({ name: calendar.name, timeZone: 'America/Chicago', exceptions: [] });
    expect(after.week.every((day: JsonBody) => day.ranges.length === 0)).toBe(true);

    const unknown = 999_999;
    const notFound = [
      await asStaff('PUT', `/studio/calendars/${unknown}`, { name: 'X', location: 'Y', timeZone: 'UTC' }),
      await asStaff('POST', `/studio/calendars/${unknown}/deactivate`),
      await asStaff('PUT', `/studio/calendars/${unknown}/hours`, { days: [] }),
      await asStaff('POST', `/studio/calendars/${unknown}/exceptions`, { date: '2026-12-24', kind: 'closed' }),
      await asStaff('DELETE', `/studio/calendars/${unknown}/exceptions/2026-12-24`),
    ];
    for (const response of notFound) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(studioBookingMessages.calendarNotFound);
    }
  });

  it('is for the studio only: 403 to customers, 401 signed out', async () => {
    expect((await t.request('GET', '/api/studio/calendars', { token: customer.token })).status).toBe(403);
    expect((await t.request('POST', '/api/studio/calendars', { token: customer.token, body: { name: 'X', location: 'Y', timeZone: 'UTC' } })).status).toBe(403);
    expect((await t.request('GET', '/api/studio/appointment-invites')).status).toBe(401);
  });
});

describe('appointment types', () => {
  it('lets staff create and edit types but not set or change a price (403); admins may', async () => {
    const free = await asStaff('POST', '/studio/appointment-types', typeBody({ name: 'Staff headshot' }));
    expect(free.status, JSON.stringify(free.body)).toBe(201);
    expect(free.body).toMatchObject({ name: 'Staff headshot', durationMinutes: 30, priceCents: 0, active: true });
    expect(await lastActivity('appointment-type.create')).toMatchObject({ actor: { id: staff.id }, subject: 'Staff headshot' });

    const priced = await asStaff('POST', '/studio/appointment-types', typeBody({ priceCents: 5000 }));
    expect(priced.status).toBe(403);
    expect(priced.body.message).toBe(studioBookingMessages.priceAdminOnly);

    const byAdmin = await asAdmin('POST', '/studio/appointment-types', typeBody({ name: 'Executive portrait', priceCents: 12_500 }));
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body.priceCents).toBe(12_500);

    // Staff may edit everything else, sending the price unchanged or leaving it out.
    const edited = await asStaff('PUT', `/studio/appointment-types/${byAdmin.body.id}`, typeBody({ name: 'Executive portrait', durationMinutes: 45, priceCents: 12_500 }));
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body).toMatchObject({ durationMinutes: 45, priceCents: 12_500 });
    const withoutPrice = await asStaff('PUT', `/studio/appointment-types/${byAdmin.body.id}`, typeBody({ name: 'Executive portrait', capacity: 2 }));
    expect(withoutPrice.body).toMatchObject({ capacity: 2, priceCents: 12_500 });
    expect((await lastActivity('appointment-type.update')).details).toMatchObject({ before: { capacity: 1 }, after: { capacity: 2 } });

    const cheaper = await asStaff('PUT', `/studio/appointment-types/${byAdmin.body.id}`, typeBody({ name: 'Executive portrait', priceCents: 100 }));
    expect(cheaper.status).toBe(403);
    expect(cheaper.body.message).toBe(studioBookingMessages.priceAdminOnly);
    const byAdminPrice = await asAdmin('PUT', `/studio/appointment-types/${byAdmin.body.id}`, typeBody({ name: 'Executive portrait', priceCents: 9900 }));
    expect(byAdminPrice.status).toBe(200);
    expect(byAdminPrice.body.priceCents).toBe(9900);

    const taken = await asStaff('POST', '/studio/appointment-types', typeBody({ name: 'Executive portrait' }));
    expect(taken.status).toBe(409);
    const renamedOnto = await asStaff('PUT', `/studio/appointment-types/${free.body.id}`, typeBody({ name: 'Executive portrait' }));
    expect(renamedOnto.status).toBe(409);
  });

  it('deactivates and reactivates a type: only active ones are offered for invites', async () => {
    const type = (await asStaff('POST', '/studio/appointment-types', typeBody())).body;
    const off = await asStaff('POST', `/studio/appointment-types/${type.id}/deactivate`);
    expect(off.body.active).toBe(false);
    expect(await lastActivity('appointment-type.deactivate')).toMatchObject({ subject: type.name });
    expect((await asStaff('GET', '/studio/appointment-types')).body.types.map((x: JsonBody) => x.id)).not.toContain(type.id);
    const all = await asStaff('GET', '/studio/appointment-types?includeInactive=true');
    expect(all.body.types.find((x: JsonBody) => x.id === type.id)).toMatchObject({ active: false, durationMinutes: 30 });
    expect((await asStaff('POST', `/studio/appointment-types/${type.id}/activate`)).body.active).toBe(true);
  });

  it('refuses bad numbers (400) and unknown types (404)', async () => {
    for (const overrides of [{ durationMinutes: 0 }, { durationMinutes: 1.5 }, { capacity: 0 }, { capacity: 101 }, { bookingWindowDays: 0 }, { bufferAfterMinutes: -5 }, { name: '' }]) {
      const response = await asAdmin('POST', '/studio/appointment-types', typeBody(overrides));
      expect(response.status, JSON.stringify(overrides)).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
    const unknown = await asStaff('PUT', '/studio/appointment-types/999999', typeBody());
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(studioBookingMessages.typeNotFound);
    expect((await asStaff('POST', '/studio/appointment-types/999999/deactivate')).status).toBe(404);
  });
});

describe('invites', () => {
  it('invites a new customer by mail; they open the link and see slots within the new hours; resend and revoke', async () => {
    const calendar = await newCalendar({ name: 'Invite booth' });
    await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, { days: [{ weekday: 1, ranges: [{ from: '09:00', to: '12:00' }, { from: '13:00', to: '15:00' }] }] });
    await asStaff('POST', `/studio/calendars/${calendar.id}/exceptions`, { date: SATURDAY, kind: 'open', ranges: [{ from: '10:00', to: '11:00' }] });
    const type = (await asStaff('POST', '/studio/appointment-types', typeBody({ name: 'Invite headshot' }))).body;

    const created = await asStaff('POST', '/studio/appointment-invites', {
      email: 'New.Booker@Example.test',
      name: 'Nora Booker',
      appointmentTypeId: type.id,
      calendarIds: [calendar.id],
      expiresInDays: 14,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      status: 'open',
      customer: { email: 'new.booker@example.test', name: 'Nora Booker' },
      type: { id: type.id, name: 'Invite headshot' },
      calendars: [{ id: calendar.id, name: 'Invite booth' }],
    });
    expect(created.body.expiresAt).toMatch(/^2026-12-23T12:00/);
    expect(created.body.link).toBe(`http://gallery.test/appointment?id=${created.body.id}`);
    expect(await lastActivity('invite.create')).toMatchObject({ actor: { id: staff.id }, subject: 'new.booker@example.test', details: { inviteId: created.body.id } });

    const mail = await t.lastMailTo('new.booker@example.test');
    expect(mail.subject).toContain('Invite headshot');
    expect(mail.links).toContain(created.body.link);

    const list = await asStaff('GET', '/studio/appointment-invites?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.items[0]).toMatchObject({ id: created.body.id, status: 'open' });

    // The customer's side: the invite's public page and the slots of the hours just set.
    const id = new URL(created.body.link).searchParams.get('id');
    const schedule = await t.request('GET', `/api/ex/invites/schedule/${id}`);
    expect(schedule.status).toBe(200);
    expect(schedule.body).toMatchObject({ appointmentTypeName: 'Invite headshot', cancelled: false, expired: false });
    const calendars = await t.request('GET', `/api/invites/GetCalendarsByUser?ActivationKey=${id}`);
    expect(calendars.body.map((c: JsonBody) => c.name)).toEqual(['Invite booth']);
    const monday = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: MONDAY, calendarId: calendar.id } });
    expect(monday.status).toBe(200);
    expect(monday.body.map((s: JsonBody) => s.label)).toEqual(['9:00 AM', '9:30 AM', '10:00 AM', '10:30 AM', '11:00 AM', '11:30 AM', '1:00 PM', '1:30 PM', '2:00 PM', '2:30 PM']);
    const saturday = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: SATURDAY, calendarId: calendar.id } });
    expect(saturday.body.map((s: JsonBody) => s.label)).toEqual(['10:00 AM', '10:30 AM']);

    const before = (await t.outbox()).length;
    const resent = await asStaff('POST', `/studio/appointment-invites/${id}/resend`);
    expect(resent.status).toBe(200);
    expect((await t.outbox()).length).toBe(before + 1);
    expect((await t.lastMailTo('new.booker@example.test')).links).toContain(created.body.link);
    expect(await lastActivity('invite.resend')).toMatchObject({ details: { inviteId: id } });

    const revoked = await asStaff('POST', `/studio/appointment-invites/${id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(revoked.body.status).toBe('revoked');
    expect(await lastActivity('invite.revoke')).toMatchObject({ details: { inviteId: id } });
    expect((await t.request('GET', `/api/ex/invites/schedule/${id}`)).body.cancelled).toBe(true);
    const resendRevoked = await asStaff('POST', `/studio/appointment-invites/${id}/resend`);
    expect(resendRevoked.status).toBe(409);
    expect(resendRevoked.body.message).toBe(studioBookingMessages.inviteNotOpen);
  });

  it('shows used and expired invites as such; a used invite cannot be revoked', async () => {
    const calendar = await newCalendar();
    await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, { days: [{ weekday: 1, ranges: [{ from: '09:00', to: '17:00' }] }] });
    const type = (await asStaff('POST', '/studio/appointment-types', typeBody())).body;
    const used = (await asStaff('POST', '/studio/appointment-invites', { email: 'used.booker@example.test', appointmentTypeId: type.id })).body;
    const slots = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: MONDAY, calendarId: calendar.id } });
    const booked = await t.request('POST', '/api/ex/invites/Appointment', {
      body: { activationKey: used.id, datetime: slots.body[0].time, appointmentTypeID: type.id, firstName: 'Uma', lastName: 'Used', phone: '555-0100', notes: '', calendarId: calendar.id },
    });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);

    const expiring = (await asStaff('POST', '/studio/appointment-invites', { email: 'late.booker@example.test', appointmentTypeId: type.id, expiresInDays: 1 })).body;
    const forever = (await asStaff('POST', '/studio/appointment-invites', { email: 'calm.booker@example.test', appointmentTypeId: type.id, expiresInDays: 0 })).body;
    expect(forever.expiresAt).toBeNull();
    expect(forever.calendars).toBeNull();
    t.clock.advanceHours(25);
    try {
      const items = (await asStaff('GET', '/studio/appointment-invites?pageSize=100')).body.items;
      const statusOf = (id: string) => items.find((i: JsonBody) => i.id === id).status;
      expect(statusOf(used.id)).toBe('used');
      expect(statusOf(expiring.id)).toBe('expired');
      expect(statusOf(forever.id)).toBe('open');
      const revokeUsed = await asStaff('POST', `/studio/appointment-invites/${used.id}/revoke`);
      expect(revokeUsed.status).toBe(409);
      expect(revokeUsed.body.message).toBe(studioBookingMessages.inviteUsed);
      expect((await asStaff('POST', `/studio/appointment-invites/${expiring.id}/resend`)).status).toBe(409);
    } finally {
      t.clock.advanceHours(-25);
    }
  });

  it('a customer who cancelled books again from the same invite; the studio sees each state with its history (issue 24 §3)', async () => {
    const calendar = await newCalendar();
    await asStaff('PUT', `/studio/calendars/${calendar.id}/hours`, { days: [{ weekday: 1, ranges: [{ from: '09:00', to: '17:00' }] }] });
    const type = (await asStaff('POST', '/studio/appointment-types', typeBody())).body;
    const invite = (await asStaff('POST', '/studio/appointment-invites', { email: 'again.booker@example.test', appointmentTypeId: type.id })).body;
    const statusOf = async () => {
      const items = (await asStaff('GET', '/studio/appointment-invites?pageSize=100')).body.items as JsonBody[];
      return items.find((i) => i.id === invite.id)!;
    };
    const bookAt = async (index: number) => {
      const slots = await t.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: MONDAY, calendarId: calendar.id } });
      return t.request('POST', '/api/ex/invites/Appointment', {
        body: { activationKey: invite.id, datetime: slots.body[index].time, appointmentTypeID: type.id, firstName: 'Abe', lastName: 'Again', phone: '', notes: '', calendarId: calendar.id },
      });
    };
    expect((await statusOf()).history.map((h: JsonBody) => h.event)).toEqual(['sent']);

    const first = await bookAt(0);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect((await statusOf()).status).toBe('used');
    const confirmation = await t.lastMailTo('again.booker@example.test');
    const token = new URL(confirmation.links.find((l) => l.includes('manage='))!).searchParams.get('manage')!;
    expect((await t.request('POST', `/api/ex/appointments/manage/${token}/cancel`)).status).toBe(200);

    // Cancelled by the customer: not a dead end. The invite is still good, and the studio says so.
    const afterCancel = await statusOf();
    expect(afterCancel.status).toBe('cancelled');
    expect(afterCancel.history.map((h: JsonBody) => h.event)).toEqual(['sent', 'booked', 'cancelled']);
    const schedule = (await t.request('GET', `/api/ex/invites/schedule/${invite.id}`)).body;
    expect(schedule).toMatchObject({ cancelled: false, expired: false, appointmentId: null, appointmentScheduledOn: null });
    expect(Date.parse(schedule.cancelledAppointmentOn)).toBe(Date.parse(afterCancel.history[1].appointmentAt));

    const second = await bookAt(1);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const rebooked = await statusOf();
    expect(rebooked.status).toBe('used');
    expect(rebooked.history.map((h: JsonBody) => h.event)).toEqual(['sent', 'booked', 'cancelled', 'booked']);
    expect((await t.request('GET', `/api/ex/invites/schedule/${invite.id}`)).body).toMatchObject({ cancelled: false, appointmentId: second.body.appointmentId });
    const twice = await bookAt(2);
    expect(twice.status).toBe(409);

    // Once the studio withdraws it (after another cancellation), the link books no more.
    const secondToken = new URL((await t.lastMailTo('again.booker@example.test')).links.find((l) => l.includes('manage='))!).searchParams.get('manage')!;
    expect((await t.request('POST', `/api/ex/appointments/manage/${secondToken}/cancel`)).status).toBe(200);
    expect((await statusOf()).status).toBe('cancelled');
    expect((await asStaff('POST', `/studio/appointment-invites/${invite.id}/resend`)).status).toBe(200);
    expect((await asStaff('POST', `/studio/appointment-invites/${invite.id}/revoke`)).status).toBe(200);
    const withdrawn = await statusOf();
    expect(withdrawn.status).toBe('revoked');
    expect(withdrawn.history.map((h: JsonBody) => h.event)).toEqual(['sent', 'booked', 'cancelled', 'booked', 'cancelled', 'withdrawn']);
    expect((await t.request('GET', `/api/ex/invites/schedule/${invite.id}`)).body.cancelled).toBe(true);
    const refused = await bookAt(0);
    expect(refused.status).toBe(409);
  });

  it('refuses unknown types and calendars (404) and bad input (400) without creating anyone', async () => {
    const calendar = await newCalendar();
    const type = (await asStaff('POST', '/studio/appointment-types', typeBody())).body;
    const unknownType = await asStaff('POST', '/studio/appointment-invites', { email: 'nobody1@example.test', appointmentTypeId: 999_999 });
    expect(unknownType.status).toBe(404);
    expect(unknownType.body.message).toBe(studioBookingMessages.typeNotFound);
    const unknownCalendar = await asStaff('POST', '/studio/appointment-invites', { email: 'nobody2@example.test', appointmentTypeId: type.id, calendarIds: [calendar.id, 999_999] });
    expect(unknownCalendar.status).toBe(404);
    expect(unknownCalendar.body.message).toBe(studioBookingMessages.calendarNotFound);
    for (const body of [
      { email: 'not-an-email', appointmentTypeId: type.id },
      { email: 'nobody3@example.test', appointmentTypeId: type.id, expiresInDays: 400 },
      { email: 'nobody3@example.test', appointmentTypeId: type.id, expiresInDays: -1 },
      { email: 'nobody3@example.test' },
    ]) {
      const response = await asStaff('POST', '/studio/appointment-invites', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.message).toBeTruthy();
    }
    const users = await t.db.kysely.selectFrom('users').select('email').where('email', 'like', 'nobody%').execute();
    expect(users).toEqual([]);
    expect((await asStaff('POST', '/studio/appointment-invites/no-such-invite/resend')).status).toBe(404);
    expect((await asStaff('POST', '/studio/appointment-invites/no-such-invite/revoke')).status).toBe(404);
  });
});
