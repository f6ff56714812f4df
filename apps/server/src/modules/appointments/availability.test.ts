import { describe, expect, it } from 'vitest';
import {
  availableDays,
  availableSlots,
  candidateSlots,
  isOfferedSlot,
  isoInZone,
  isSelectableDate,
  openingRanges,
  slotLabel,
  withinBookingWindow,
  withoutBookings,
  withoutPastAndNotice,
  type AppointmentTypeRules,
  type ExistingBooking,
  type OpeningHours,
  type ScheduleInput,
  type Slot,
  type TimeRange,
} from './availability';

const TZ = 'America/Chicago';
const H = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
/** Weekday hours (1 = Monday) from "HH:MM" strings. */
const hours = (weekday: OpeningHours['weekday'], from: string, to: string): OpeningHours => ({
  weekday,
  startMinute: H(from),
  endMinute: to === '24:00' ? 1440 : H(to),
});
const weekdays = (from: string, to: string) => ([1, 2, 3, 4, 5] as const).map((d) => hours(d, from, to));
const at = (iso: string) => new Date(iso);

const type = (over: Partial<AppointmentTypeRules> = {}): AppointmentTypeRules => ({
  durationMinutes: 20,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  capacity: 1,
  minimumNoticeHours: 0,
  bookingWindowDays: 60,
  ...over,
});
const booking = (start: string, end: string, bufferBeforeMinutes = 0, bufferAfterMinutes = 0): ExistingBooking => ({
  start: at(start),
  end: at(end),
  bufferBeforeMinutes,
  bufferAfterMinutes,
});

const iso = (r: TimeRange) => [isoInZone(r.start, TZ), isoInZone(r.end, TZ)];
const hoursLong = (r: TimeRange) => (r.end.getTime() - r.start.getTime()) / 3_600_000;
const labels = (slots: Slot[]) => slots.map((s) => slotLabel(s.start, TZ));
const slotsOf = (starts: string[], minutes = 20, remaining = 1): Slot[] =>
  starts.map((s) => ({ start: at(s), end: new Date(at(s).getTime() + minutes * 60_000), remaining }));

describe('1. openingRanges', () => {
  it('gives the weekday hours as instants in the zone, ignoring other weekdays', () => {
    // 2026-03-09 is a Monday (CDT, -05:00); 2026-03-06 a Friday (CST, -06:00).
    const week = [hours(1, '09:00', '17:00'), hours(2, '08:00', '12:00')];
    expect(openingRanges('2026-03-09', TZ, week, []).map(iso)).toEqual([['2026-03-09T09:00:00.000-05:00', '2026-03-09T17:00:00.000-05:00']]);
    expect(openingRanges('2026-03-10', TZ, week, []).map(iso)).toEqual([['2026-03-10T08:00:00.000-05:00', '2026-03-10T12:00:00.000-05:00']]);
    expect(openingRanges('2026-03-06', TZ, [hours(5, '09:00', '17:00')], []).map(iso)).toEqual([
      ['2026-03-06T09:00:00.000-06:00', '2026-03-06T17:00:00.000-06:00'],
    ]);
    expect(openingRanges('2026-03-11', TZ, week, [])).toEqual([]);
  });

  it('merges overlapping and touching hours and sorts them', () => {
    const week = [hours(1, '13:00', '17:00'), hours(1, '09:00', '12:00'), hours(1, '12:00', '13:00'), hours(1, '10:00', '11:00'), hours(1, '18:00', '20:00')];
    expect(openingRanges('2026-03-09', TZ, week, []).map(iso)).toEqual([
      ['2026-03-09T09:00:00.000-05:00', '2026-03-09T17:00:00.000-05:00'],
      ['2026-03-09T18:00:00.000-05:00', '2026-03-09T20:00:00.000-05:00'],
    ]);
  });

  it('keeps the wall-clock hours on both 2026 daylight-saving days in America/Chicago', () => {
    // 2026-03-08 and 2026-11-01 are Sundays.
    const sunday = [hours(7, '01:00', '04:00'), hours(7, '09:00', '17:00')];
    const march = openingRanges('2026-03-08', TZ, sunday, []);
    expect(march.map(iso)).toEqual([
      ['2026-03-08T01:00:00.000-06:00', '2026-03-08T04:00:00.000-05:00'],
      ['2026-03-08T09:00:00.000-05:00', '2026-03-08T17:00:00.000-05:00'],
    ]);
    expect(march.map(hoursLong)).toEqual([2, 8]);
    const november = openingRanges('2026-11-01', TZ, sunday, []);
    expect(november.map(iso)).toEqual([
      ['2026-11-01T01:00:00.000-05:00', '2026-11-01T04:00:00.000-06:00'],
      ['2026-11-01T09:00:00.000-06:00', '2026-11-01T17:00:00.000-06:00'],
    ]);
    expect(november.map(hoursLong)).toEqual([4, 8]);
    // Whole days are 23 and 25 hours long.
    expect(openingRanges('2026-03-08', TZ, [hours(7, '00:00', '24:00')], []).map(hoursLong)).toEqual([23]);
    expect(openingRanges('2026-11-01', TZ, [hours(7, '00:00', '24:00')], []).map(hoursLong)).toEqual([25]);
  });

  it('covers both passes of a repeated wall-clock hour, and starts a range in the missing hour at the switch', () => {
    // 01:00–01:30 happens twice on 2026-11-01: once in CDT, once in CST.
    expect(openingRanges('2026-11-01', TZ, [hours(7, '01:00', '01:30')], []).map(iso)).toEqual([
      ['2026-11-01T01:00:00.000-05:00', '2026-11-01T01:30:00.000-05:00'],
      ['2026-11-01T01:00:00.000-06:00', '2026-11-01T01:30:00.000-06:00'],
    ]);
    // 02:30 never happens on 2026-03-08: the clock jumps from 01:59 CST to 03:00 CDT.
    expect(openingRanges('2026-03-08', TZ, [hours(7, '02:30', '05:00')], []).map(iso)).toEqual([
      ['2026-03-08T03:00:00.000-05:00', '2026-03-08T05:00:00.000-05:00'],
    ]);
    expect(openingRanges('2026-03-08', TZ, [hours(7, '02:00', '03:00')], [])).toEqual([]);
  });

  it('removes closed exceptions (whole day, part of it, open-ended) for that date only', () => {
    const week = weekdays('09:00', '17:00');
    expect(openingRanges('2026-03-09', TZ, week, [{ date: '2026-03-09', kind: 'closed' }])).toEqual([]);
    expect(openingRanges('2026-03-10', TZ, week, [{ date: '2026-03-09', kind: 'closed' }])).toHaveLength(1);
    expect(
      openingRanges('2026-03-09', TZ, week, [{ date: '2026-03-09', kind: 'closed', startMinute: H('12:00'), endMinute: H('13:30') }]).map(iso),
    ).toEqual([
      ['2026-03-09T09:00:00.000-05:00', '2026-03-09T12:00:00.000-05:00'],
      ['2026-03-09T13:30:00.000-05:00', '2026-03-09T17:00:00.000-05:00'],
    ]);
    expect(openingRanges('2026-03-09', TZ, week, [{ date: '2026-03-09', kind: 'closed', startMinute: H('15:00') }]).map(iso)).toEqual([
      ['2026-03-09T09:00:00.000-05:00', '2026-03-09T15:00:00.000-05:00'],
    ]);
    // Closed from 15:00 on a 24-hour day: closed until midnight.
    const allDay = [hours(1, '00:00', '24:00')];
    expect(openingRanges('2026-03-09', TZ, allDay, [{ date: '2026-03-09', kind: 'closed', startMinute: H('15:00') }]).map(iso)).toEqual([
      ['2026-03-09T00:00:00.000-05:00', '2026-03-09T15:00:00.000-05:00'],
    ]);
  });

  it('adds open exceptions: on a day without hours, on top of hours, and instead of a closed day', () => {
    const week = weekdays('09:00', '17:00');
    const saturday = { date: '2026-03-14', kind: 'open' as const, startMinute: H('10:00'), endMinute: H('14:00') };
    expect(openingRanges('2026-03-14', TZ, week, [saturday]).map(iso)).toEqual([['2026-03-14T10:00:00.000-05:00', '2026-03-14T14:00:00.000-05:00']]);
    const evening = { date: '2026-03-09', kind: 'open' as const, startMinute: H('16:00'), endMinute: H('20:00') };
    expect(openingRanges('2026-03-09', TZ, week, [evening]).map(iso)).toEqual([['2026-03-09T09:00:00.000-05:00', '2026-03-09T20:00:00.000-05:00']]);
    const closed = { date: '2026-03-09', kind: 'closed' as const };
    const instead = { date: '2026-03-09', kind: 'open' as const, startMinute: H('12:00'), endMinute: H('14:00') };
    expect(openingRanges('2026-03-09', TZ, week, [closed, instead]).map(iso)).toEqual([['2026-03-09T12:00:00.000-05:00', '2026-03-09T14:00:00.000-05:00']]);
  });

  it('refuses bad minutes, dates and zones', () => {
    expect(() => openingRanges('2026-03-09', TZ, [{ weekday: 1, startMinute: 600, endMinute: 540 }], [])).toThrow(RangeError);
    expect(() => openingRanges('2026-03-09', TZ, [{ weekday: 1, startMinute: 540, endMinute: 540 }], [])).toThrow(RangeError);
    expect(() => openingRanges('2026-03-09', TZ, [{ weekday: 1, startMinute: 0, endMinute: 1441 }], [])).toThrow(RangeError);
    expect(() => openingRanges('2026-03-09', TZ, [], [{ date: '2026-03-09', kind: 'open', startMinute: 9.5, endMinute: 60 }])).toThrow(RangeError);
    expect(() => openingRanges('2026-02-30', TZ, [], [])).toThrow(RangeError);
    expect(() => openingRanges('9 March', TZ, [], [])).toThrow(RangeError);
    expect(() => openingRanges('2026-03-09', 'Mars/Olympus', [], [])).toThrow(RangeError);
  });
});

describe('2. candidateSlots', () => {
  const range = (from: string, to: string): TimeRange => ({ start: at(from), end: at(to) });

  it('starts on a grid of the duration from each range start; the last slot must end by closing', () => {
    const slots = candidateSlots([range('2026-03-09T09:00:00-05:00', '2026-03-09T10:50:00-05:00'), range('2026-03-09T13:10:00-05:00', '2026-03-09T13:50:00-05:00')], type({ capacity: 3 }));
    expect(labels(slots)).toEqual(['9:00 AM', '9:20 AM', '9:40 AM', '10:00 AM', '10:20 AM', '1:10 PM', '1:30 PM']);
    expect(slots[4]).toEqual({ start: at('2026-03-09T10:20:00-05:00'), end: at('2026-03-09T10:40:00-05:00'), remaining: 3 });
    expect(candidateSlots([range('2026-03-09T09:00:00-05:00', '2026-03-09T09:19:00-05:00')], type())).toEqual([]);
  });

  it('lets buffers reach past opening and closing time (only the appointment must fit)', () => {
    const slots = candidateSlots([range('2026-03-09T09:00:00-05:00', '2026-03-09T10:00:00-05:00')], type({ bufferBeforeMinutes: 15, bufferAfterMinutes: 10 }));
    expect(labels(slots)).toEqual(['9:00 AM', '9:20 AM', '9:40 AM']);
  });

  it('refuses a duration or capacity that is not a positive integer', () => {
    const r = [range('2026-03-09T09:00:00-05:00', '2026-03-09T10:00:00-05:00')];
    expect(() => candidateSlots(r, type({ durationMinutes: 0 }))).toThrow(RangeError);
    expect(() => candidateSlots(r, type({ capacity: 0 }))).toThrow(RangeError);
    expect(() => candidateSlots(r, type({ bufferAfterMinutes: -5 }))).toThrow(RangeError);
  });
});

describe('3. withoutBookings', () => {
  const day = slotsOf(['2026-03-09T09:00:00-05:00', '2026-03-09T09:20:00-05:00', '2026-03-09T09:40:00-05:00', '2026-03-09T10:00:00-05:00']);

  it('capacity 1: a booking takes its slot; touching is not overlapping', () => {
    const left = withoutBookings(day, [booking('2026-03-09T09:20:00-05:00', '2026-03-09T09:40:00-05:00')], type());
    expect(labels(left)).toEqual(['9:00 AM', '9:40 AM', '10:00 AM']);
  });

  it("the type's buffers widen each slot", () => {
    const oneBooking = [booking('2026-03-09T09:40:00-05:00', '2026-03-09T10:00:00-05:00')];
    expect(labels(withoutBookings(day, oneBooking, type({ bufferAfterMinutes: 5 })))).toEqual(['9:00 AM', '10:00 AM']);
    expect(labels(withoutBookings(day, oneBooking, type({ bufferBeforeMinutes: 5 })))).toEqual(['9:00 AM', '9:20 AM']);
    expect(labels(withoutBookings(day, oneBooking, type({ bufferBeforeMinutes: 25, bufferAfterMinutes: 25 })))).toEqual([]);
  });

  it("the booking's own buffers widen the booking", () => {
    expect(labels(withoutBookings(day, [booking('2026-03-09T09:40:00-05:00', '2026-03-09T10:00:00-05:00', 1, 0)], type()))).toEqual(['9:00 AM', '10:00 AM']);
    expect(labels(withoutBookings(day, [booking('2026-03-09T09:40:00-05:00', '2026-03-09T10:00:00-05:00', 0, 1)], type()))).toEqual(['9:00 AM', '9:20 AM']);
  });

  it('capacity 3: each overlapping booking row takes one place; the slot goes when none is left', () => {
    const three = slotsOf(['2026-03-09T09:00:00-05:00', '2026-03-09T09:10:00-05:00'], 10, 3);
    const b = booking('2026-03-09T09:00:00-05:00', '2026-03-09T09:10:00-05:00');
    expect(withoutBookings(three, [b], type({ capacity: 3 })).map((s) => s.remaining)).toEqual([2, 3]);
    expect(withoutBookings(three, [b, b], type({ capacity: 3 })).map((s) => s.remaining)).toEqual([1, 3]);
    const full = withoutBookings(three, [b, b, b], type({ capacity: 3 }));
    expect(full.map((s) => [slotLabel(s.start, TZ), s.remaining])).toEqual([['9:10 AM', 3]]);
    // A booking straddling both slots takes a place in each.
    const straddling = booking('2026-03-09T09:05:00-05:00', '2026-03-09T09:15:00-05:00');
    expect(withoutBookings(three, [b, straddling], type({ capacity: 3 })).map((s) => s.remaining)).toEqual([1, 2]);
  });
});

describe('4. withoutPastAndNotice', () => {
  const day = slotsOf(['2026-03-09T09:00:00-05:00', '2026-03-09T09:20:00-05:00', '2026-03-09T11:20:00-05:00', '2026-03-09T11:40:00-05:00']);

  it('drops slots that started already (a slot starting now is still offered)', () => {
    expect(labels(withoutPastAndNotice(day, at('2026-03-09T09:10:00-05:00'), 0))).toEqual(['9:20 AM', '11:20 AM', '11:40 AM']);
    expect(labels(withoutPastAndNotice(day, at('2026-03-09T09:20:00-05:00'), 0))).toEqual(['9:20 AM', '11:20 AM', '11:40 AM']);
  });

  it('drops slots inside the minimum notice', () => {
    expect(labels(withoutPastAndNotice(day, at('2026-03-09T09:20:00-05:00'), 2))).toEqual(['11:20 AM', '11:40 AM']);
    expect(labels(withoutPastAndNotice(day, at('2026-03-09T09:21:00-05:00'), 2))).toEqual(['11:40 AM']);
    expect(labels(withoutPastAndNotice(day, at('2026-03-08T09:00:00-05:00'), 24))).toHaveLength(4);
  });
});

describe('5. withinBookingWindow and isSelectableDate', () => {
  it('the booking window counts studio-local calendar days from studio-local today', () => {
    const now = at('2026-11-26T03:00:00Z'); // 2026-11-25 21:00 in Chicago
    expect(withinBookingWindow('2026-11-25', TZ, now, 7)).toBe(true);
    expect(withinBookingWindow('2026-12-02', TZ, now, 7)).toBe(true);
    expect(withinBookingWindow('2026-12-03', TZ, now, 7)).toBe(false);
    expect(withinBookingWindow('2026-11-24', TZ, now, 7)).toBe(false);
    expect(withinBookingWindow('2026-11-25', TZ, now, 0)).toBe(true);
    expect(withinBookingWindow('2026-11-26', TZ, now, 0)).toBe(false);
    expect(withinBookingWindow('2026-11-26', 'UTC', now, 0)).toBe(true);
    expect(withinBookingWindow('2026-13-01', TZ, now, 400)).toBe(false);
    expect(() => withinBookingWindow('2026-11-26', 'Mars/Olympus', now, 7)).toThrow(RangeError);
  });

  it('selectable dates are after yesterday (UTC), even when it is still yesterday evening in Chicago', () => {
    const beforeUtcMidnight = at('2026-11-25T23:59:59Z'); // 17:59 in Chicago on the 25th
    expect(isSelectableDate('2026-11-24', beforeUtcMidnight)).toBe(false);
    expect(isSelectableDate('2026-11-25', beforeUtcMidnight)).toBe(true);
    const afterUtcMidnight = at('2026-11-26T00:30:00Z'); // 18:30 in Chicago, still the 25th there
    expect(isSelectableDate('2026-11-25', afterUtcMidnight)).toBe(false);
    expect(isSelectableDate('2026-11-26', afterUtcMidnight)).toBe(true);
    expect(isSelectableDate('2027-01-01', afterUtcMidnight)).toBe(true);
    expect(isSelectableDate('2026-02-30', afterUtcMidnight)).toBe(false);
    expect(isSelectableDate('20261126', afterUtcMidnight)).toBe(false);
  });
});

const input = (over: Partial<ScheduleInput> = {}): ScheduleInput => ({
  date: '2026-03-09',
  timeZone: TZ,
  hours: weekdays('09:00', '17:00'),
  exceptions: [],
  type: type(),
  bookings: [],
  now: at('2026-03-01T12:00:00Z'),
  ...over,
});

describe('6. availableSlots', () => {
  it('composes the steps: hours, bookings, notice', () => {
    const all = availableSlots(input());
    expect(all).toHaveLength(24);
    expect(labels(all).slice(0, 3)).toEqual(['9:00 AM', '9:20 AM', '9:40 AM']);
    expect(labels(all).at(-1)).toBe('4:40 PM');
    const some = availableSlots(
      input({
        now: at('2026-03-09T09:30:00-05:00'),
        type: type({ minimumNoticeHours: 1, bufferBeforeMinutes: 10 }),
        bookings: [booking('2026-03-09T11:00:00-05:00', '2026-03-09T11:20:00-05:00')],
      }),
    );
    expect(labels(some).slice(0, 4)).toEqual(['10:40 AM', '11:40 AM', '12:00 PM', '12:20 PM']);
    // A booking after closing time still blocks the last slot through the buffers.
    const late = availableSlots(input({ type: type({ bufferAfterMinutes: 10 }), bookings: [booking('2026-03-09T17:05:00-05:00', '2026-03-09T17:25:00-05:00')] }));
    expect(labels(late).at(-1)).toBe('4:20 PM');
  });

  it('is empty for a date that is not selectable or outside the booking window', () => {
    const allDay = [1, 2, 3, 4, 5, 6, 7].map((d) => hours(d as OpeningHours['weekday'], '00:00', '24:00'));
    // 19:00 in Chicago on Wednesday 2026-11-25, but already the 26th in UTC: the 25th is not selectable.
    const evening = at('2026-11-26T01:00:00Z');
    expect(availableSlots(input({ date: '2026-11-25', hours: allDay, now: evening }))).toEqual([]);
    expect(availableSlots(input({ date: '2026-11-26', hours: allDay, now: evening }))).toHaveLength(72);
    expect(availableSlots(input({ date: '2026-12-03', hours: allDay, now: evening, type: type({ bookingWindowDays: 7 }) }))).toEqual([]);
    expect(availableSlots(input({ date: '2026-12-02', hours: allDay, now: evening, type: type({ bookingWindowDays: 7 }) }))).toHaveLength(72);
  });

  it('offers every real hour on the 2026 daylight-saving days in America/Chicago, labelled by the wall clock', () => {
    const night = { hours: [hours(7, '00:00', '04:00')], type: type({ durationMinutes: 60 }) };
    const march = availableSlots(input({ ...night, date: '2026-03-08' }));
    expect(labels(march)).toEqual(['12:00 AM', '1:00 AM', '3:00 AM']);
    expect(march.map((s) => isoInZone(s.start, TZ))).toEqual([
      '2026-03-08T00:00:00.000-06:00',
      '2026-03-08T01:00:00.000-06:00',
      '2026-03-08T03:00:00.000-05:00',
    ]);
    const november = availableSlots(input({ ...night, date: '2026-11-01', now: at('2026-10-20T12:00:00Z') }));
    expect(labels(november)).toEqual(['12:00 AM', '1:00 AM CDT', '1:00 AM CST', '2:00 AM', '3:00 AM']);
    expect(november.map((s) => isoInZone(s.start, TZ))).toEqual([
      '2026-11-01T00:00:00.000-05:00',
      '2026-11-01T01:00:00.000-05:00',
      '2026-11-01T01:00:00.000-06:00',
      '2026-11-01T02:00:00.000-06:00',
      '2026-11-01T03:00:00.000-06:00',
    ]);
    // Back to back in real time: none missing, none doubled.
    for (const slots of [march, november]) {
      slots.slice(1).forEach((s, i) => expect(s.start.getTime()).toBe(slots[i]!.end.getTime()));
    }
    // Daytime hours are the same wall-clock grid on both days.
    const daytime = { hours: [hours(7, '09:00', '17:00')] };
    for (const [date, now] of [['2026-03-08', '2026-03-01T12:00:00Z'], ['2026-11-01', '2026-10-20T12:00:00Z']] as const) {
      const slots = availableSlots(input({ ...daytime, date, now: at(now) }));
      expect(slots).toHaveLength(24);
      expect([labels(slots)[0], labels(slots).at(-1)]).toEqual(['9:00 AM', '4:40 PM']);
    }
  });
});

describe('7. availableDays', () => {
  it("lists the month's dates with at least one slot, from the whole month's bookings", () => {
    const days = availableDays({
      month: '2026-03',
      timeZone: TZ,
      hours: weekdays('09:00', '17:00'),
      exceptions: [
        { date: '2026-03-10', kind: 'closed' },
        { date: '2026-03-14', kind: 'open', startMinute: H('10:00'), endMinute: H('12:00') },
      ],
      type: type({ durationMinutes: 60, capacity: 2, bookingWindowDays: 20 }),
      bookings: [
        // 2026-03-11 fully booked (capacity 2); 2026-03-12 only half.
        booking('2026-03-11T09:00:00-05:00', '2026-03-11T17:00:00-05:00'),
        booking('2026-03-11T09:00:00-05:00', '2026-03-11T17:00:00-05:00'),
        booking('2026-03-12T09:00:00-05:00', '2026-03-12T17:00:00-05:00'),
      ],
      now: at('2026-03-02T16:30:00-06:00'), // Monday 16:30: the last slot of the day is gone
    });
    // Window: 2026-03-02 .. 2026-03-22.
    expect(days).toEqual(['2026-03-03', '2026-03-04', '2026-03-05', '2026-03-06', '2026-03-09', '2026-03-12', '2026-03-13', '2026-03-14', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20']);
    expect(() => availableDays({ ...input(), month: '2026-3' })).toThrow(RangeError);
    const wholeMonth = availableDays({ ...input({ type: type({ bookingWindowDays: 60 }) }), month: '2026-03' });
    expect([wholeMonth.length, wholeMonth[0], wholeMonth.at(-1)]).toEqual([22, '2026-03-02', '2026-03-31']);
  });
});

describe('8. slotLabel and isoInZone', () => {
  it('show the studio wall clock, naming the zone only when a time happens twice', () => {
    expect(slotLabel(at('2026-03-09T14:20:00Z'), TZ)).toBe('9:20 AM');
    expect(slotLabel(at('2026-03-06T18:00:00Z'), TZ)).toBe('12:00 PM');
    expect(slotLabel(at('2026-03-09T05:00:00Z'), TZ)).toBe('12:00 AM');
    expect(slotLabel(at('2026-11-01T06:30:00Z'), TZ)).toBe('1:30 AM CDT');
    expect(slotLabel(at('2026-11-01T07:30:00Z'), TZ)).toBe('1:30 AM CST');
    expect(slotLabel(at('2026-11-01T08:00:00Z'), TZ)).toBe('2:00 AM');
    expect(isoInZone(at('2026-03-09T14:00:00Z'), TZ)).toBe('2026-03-09T09:00:00.000-05:00');
    expect(isoInZone(at('2026-03-06T15:00:00Z'), TZ)).toBe('2026-03-06T09:00:00.000-06:00');
  });
});

describe('9. isOfferedSlot', () => {
  it('finds the offered slot at exactly that start, with its remaining places, or null', () => {
    const team = type({ durationMinutes: 10, capacity: 3 });
    const b = booking('2026-03-09T09:10:00-05:00', '2026-03-09T09:20:00-05:00');
    expect(isOfferedSlot(input({ type: team, bookings: [b] }), at('2026-03-09T09:10:00-05:00'))).toEqual({
      start: at('2026-03-09T09:10:00-05:00'),
      end: at('2026-03-09T09:20:00-05:00'),
      remaining: 2,
    });
    expect(isOfferedSlot(input({ type: team, bookings: [b, b, b] }), at('2026-03-09T09:10:00-05:00'))).toBeNull();
    expect(isOfferedSlot(input({ type: team }), at('2026-03-09T09:15:00-05:00'))).toBeNull(); // off the grid
    expect(isOfferedSlot(input({ type: team }), at('2026-03-10T09:10:00-05:00'))).toBeNull(); // another date
    expect(isOfferedSlot(input({ type: team, now: at('2026-03-09T09:11:00-05:00') }), at('2026-03-09T09:10:00-05:00'))).toBeNull();
  });
});
