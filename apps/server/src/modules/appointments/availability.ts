/**
 * The availability engine (issue 14 §1): small pure steps, plain data in and plain data out — no
 * database, no Fastify. Modelled on cal.com's getSchedule → date ranges → slots. Every time-zone
 * computation goes through luxon; the steps themselves only compare and add UTC instants.
 *
 *   openingRanges → candidateSlots → withoutBookings → withoutPastAndNotice   (= availableSlots,
 *   guarded by isSelectableDate and withinBookingWindow; availableDays runs it for a month)
 *
 * Rules chosen:
 * - Opening hours and exceptions are studio wall-clock minutes [startMinute, endMinute) of a
 *   studio-local date (0..1440; 1440 = the next midnight). A range covers every instant whose wall
 *   clock reads a time inside it on that date. So on a spring-forward day 01:00–04:00 is 2 real hours
 *   (02:xx never happens) and on a fall-back day it is 4 real hours (01:xx happens twice); 09:00–17:00
 *   is 8 real hours on both days.
 * - A date's ranges = its weekday's hours − 'closed' exceptions + 'open' exceptions, merged (overlapping
 *   or touching ranges join) and sorted. An exception without startMinute starts at 0, without
 *   endMinute ends at 1440: 'closed' with neither is the whole day.
 * - Slots start on a grid of durationMinutes of real time from each range's start (cal.com's default:
 *   the interval is the duration). The appointment itself [start, start + duration) must fit in the
 *   opening range; its buffers may reach past opening or closing time (buffers only keep other
 *   bookings away). The real-time grid keeps slots back to back across a daylight-saving switch: none
 *   is lost or doubled. On 2026-11-01 in America/Chicago, 00:00–04:00 with 60 minutes gives 00:00,
 *   01:00 CDT, 01:00 CST, 02:00, 03:00 — both 01:00s are offered: they are distinct instants an hour
 *   apart. On 2026-03-08 it gives 00:00, 01:00, 03:00.
 * - Bookings: a slot blocks [start − type.bufferBefore, end + type.bufferAfter], a booking
 *   [start − its bufferBefore, end + its bufferAfter]; half-open, so touching is not overlapping. Every
 *   overlapping booking row takes one place; a slot with no place left goes.
 * - Notice: a slot is offered when start ≥ now + minimumNoticeHours (0 hours: not in the past).
 * - Dates: selectable when date ≥ today's UTC date (spec §5 "after yesterday (UTC)"), so a Chicago
 *   customer cannot pick their own "today" once it is past midnight UTC. Inside the booking window
 *   when studio-local today ≤ date ≤ studio-local today + bookingWindowDays.
 * - Labels: "9:20 AM" (en-US, studio wall clock); the zone abbreviation is added only when that wall
 *   time happens twice that day ("1:00 AM CDT" / "1:00 AM CST"). API times: ISO with the zone's offset.
 * - Bad input (unparseable zone or date, minutes outside 0..1440 or start ≥ end, non-positive duration
 *   or capacity, negative buffers/notice/window) throws RangeError: validate at the edge. The two
 *   boolean date checks answer false for a malformed date instead.
 */
import { DateTime, FixedOffsetZone, Interval } from 'luxon';

/** Minutes from the day's local midnight, 0..1440. */
export interface OpeningHours {
  weekday: 1 | 2 | 3 | 4 | 5 | 6 | 7 /* luxon: 1 = Monday */;
  startMinute: number;
  endMinute: number;
}
/** closed without minutes = whole day; closed with minutes = that part; open = extra hours that day (on top of / instead of a closed day). */
export interface DateException {
  date: string /* YYYY-MM-DD studio-local */;
  kind: 'closed' | 'open';
  startMinute?: number;
  endMinute?: number;
}
export interface AppointmentTypeRules {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  capacity: number;
  minimumNoticeHours: number;
  bookingWindowDays: number;
}
/** One row per booked person (capacity counts rows). */
export interface ExistingBooking {
  start: Date;
  end: Date;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}
export interface TimeRange {
  start: Date;
  end: Date;
}
export interface Slot {
  start: Date;
  end: Date;
  remaining: number;
}
export interface ScheduleInput {
  date: string;
  timeZone: string;
  hours: OpeningHours[];
  exceptions: DateException[];
  type: AppointmentTypeRules;
  bookings: ExistingBooking[];
  now: Date;
}
/** `month` is 'YYYY-MM' (studio-local). */
export type MonthScheduleInput = Omit<ScheduleInput, 'date'> & { month: string };

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

// ---------------------------------------------------------------------------------------------
// Zone helpers (all luxon)

/** The instant `start` in `timeZone`; throws RangeError for an unknown zone. */
function inZone(instant: Date, timeZone: string): DateTime {
  const dt = DateTime.fromJSDate(instant, { zone: timeZone });
  if (!dt.isValid) throw new RangeError(`invalid time zone or instant: ${timeZone}`);
  return dt;
}

/** The studio-local date at its first instant; throws RangeError for a malformed date or unknown zone. */
function localDate(date: string, timeZone: string): DateTime {
  const dt = DATE_RE.test(date) ? DateTime.fromISO(date, { zone: timeZone }) : null;
  if (!dt?.isValid) throw new RangeError(`invalid date or time zone: ${date} ${timeZone}`);
  return dt.startOf('day');
}

function isWellFormedDate(date: string): boolean {
  return DATE_RE.test(date) && DateTime.fromISO(date, { zone: 'utc' }).isValid;
}

interface OffsetSegment {
  start: number;
  end: number;
  offset: number;
}

/**
 * The real-time span of a studio-local date cut into pieces of constant UTC offset (one piece on an
 * ordinary day, two on a daylight-saving day). The zone's offsets come from luxon; a switch is found
 * by probing every hour and bisecting to the millisecond.
 */
function offsetSegments(day: DateTime): OffsetSegment[] {
  const zone = day.zone;
  const startMs = day.toMillis();
  const endMs = day.plus({ days: 1 }).startOf('day').toMillis();
  const segments: OffsetSegment[] = [];
  let segmentStart = startMs;
  let offset = zone.offset(startMs);
  for (let probe = startMs; probe < endMs; ) {
    const next = Math.min(probe + HOUR_MS, endMs - 1);
    if (zone.offset(next) !== offset) {
      let lo = probe; // offset(lo) === offset
      let hi = next; // offset(hi) !== offset
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (zone.offset(mid) === offset) lo = mid;
        else hi = mid;
      }
      segments.push({ start: segmentStart, end: hi, offset });
      segmentStart = hi;
      offset = zone.offset(hi);
    }
    if (next === endMs - 1) break;
    probe = next;
  }
  segments.push({ start: segmentStart, end: endMs, offset });
  return segments;
}

function checkMinutes(start: number, end: number, what: string): void {
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > 1440 || start >= end) {
    throw new RangeError(`${what}: minutes must be integers with 0 <= start < end <= 1440 (got ${start}..${end})`);
  }
}

/** Every instant of `date` whose wall clock reads a minute in [startMinute, endMinute). */
function wallClockIntervals(date: string, segments: OffsetSegment[], startMinute: number, endMinute: number): Interval[] {
  const out: Interval[] = [];
  for (const segment of segments) {
    // Within one segment the offset is fixed, so luxon maps wall minutes to instants exactly.
    const midnight = DateTime.fromISO(date, { zone: FixedOffsetZone.instance(segment.offset) });
    const from = Math.max(segment.start, midnight.plus({ minutes: startMinute }).toMillis());
    const to = Math.min(segment.end, midnight.plus({ minutes: endMinute }).toMillis());
    if (from < to) out.push(Interval.fromDateTimes(DateTime.fromMillis(from), DateTime.fromMillis(to)));
  }
  return out;
}

function toRange(interval: Interval): TimeRange | null {
  if (!interval.isValid || interval.start === null || interval.end === null) return null;
  if (interval.isEmpty()) return null;
  return { start: interval.start.toJSDate(), end: interval.end.toJSDate() };
}

function checkRules(type: AppointmentTypeRules): void {
  const { durationMinutes, capacity, bufferBeforeMinutes, bufferAfterMinutes, minimumNoticeHours, bookingWindowDays } = type;
  if (!Number.isInteger(durationMinutes) || durationMinutes <= 0) throw new RangeError('durationMinutes must be a positive integer');
  if (!Number.isInteger(capacity) || capacity <= 0) throw new RangeError('capacity must be a positive integer');
  for (const [name, value] of Object.entries({ bufferBeforeMinutes, bufferAfterMinutes, minimumNoticeHours, bookingWindowDays })) {
    if (!Number.isFinite(value) || value < 0) throw new RangeError(`${name} must be a number >= 0`);
  }
}

// ---------------------------------------------------------------------------------------------
// 1. Opening ranges of a date

/** The date's weekly hours as instants in the zone, minus closed exceptions, plus open exceptions; merged, sorted. */
export function openingRanges(date: string, timeZone: string, hours: OpeningHours[], exceptions: DateException[]): TimeRange[] {
  const day = localDate(date, timeZone);
  const segments = offsetSegments(day);
  const wall = (startMinute: number, endMinute: number, what: string) => {
    checkMinutes(startMinute, endMinute, what);
    return wallClockIntervals(date, segments, startMinute, endMinute);
  };

  const weekly = hours.filter((h) => h.weekday === day.weekday).flatMap((h) => wall(h.startMinute, h.endMinute, 'opening hours'));
  const todays = exceptions.filter((e) => e.date === date);
  const exceptionIntervals = (kind: DateException['kind']) =>
    todays.filter((e) => e.kind === kind).flatMap((e) => wall(e.startMinute ?? 0, e.endMinute ?? 1440, `${kind} exception ${e.date}`));
  const closed = exceptionIntervals('closed');
  const extra = exceptionIntervals('open');

  const open = Interval.merge(weekly).flatMap((interval) => (closed.length ? interval.difference(...closed) : [interval]));
  return Interval.merge([...open, ...extra])
    .map(toRange)
    .filter((r): r is TimeRange => r !== null)
    .sort((a, b) => a.start.getTime() - b.start.getTime());
}

// ---------------------------------------------------------------------------------------------
// 2. Candidate slots

/** Slots on a real-time grid of durationMinutes from each range's start; the appointment (not its buffers) must fit in the range. */
export function candidateSlots(ranges: TimeRange[], type: AppointmentTypeRules): Slot[] {
  checkRules(type);
  const step = type.durationMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  for (const range of ranges) {
    const end = range.end.getTime();
    for (let start = range.start.getTime(); start + step <= end; start += step) {
      slots.push({ start: new Date(start), end: new Date(start + step), remaining: type.capacity });
    }
  }
  return slots;
}

// ---------------------------------------------------------------------------------------------
// 3. Existing bookings

/** Each booking whose buffered interval overlaps the slot's buffered interval takes one place; full slots go. */
export function withoutBookings(slots: Slot[], bookings: ExistingBooking[], type: AppointmentTypeRules): Slot[] {
  const blocked = bookings.map((b) => ({
    start: b.start.getTime() - b.bufferBeforeMinutes * MINUTE_MS,
    end: b.end.getTime() + b.bufferAfterMinutes * MINUTE_MS,
  }));
  const out: Slot[] = [];
  for (const slot of slots) {
    const start = slot.start.getTime() - type.bufferBeforeMinutes * MINUTE_MS;
    const end = slot.end.getTime() + type.bufferAfterMinutes * MINUTE_MS;
    let taken = 0;
    for (const b of blocked) if (b.start < end && start < b.end) taken += 1;
    const remaining = slot.remaining - taken;
    if (remaining > 0) out.push({ ...slot, remaining });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// 4. The past and the minimum notice

/** Keeps slots starting at or after now + minimumNoticeHours. */
export function withoutPastAndNotice(slots: Slot[], now: Date, minimumNoticeHours: number): Slot[] {
  const earliest = now.getTime() + minimumNoticeHours * HOUR_MS;
  return slots.filter((slot) => slot.start.getTime() >= earliest);
}

// ---------------------------------------------------------------------------------------------
// 5. Which dates may be asked for

/** Studio-local today ≤ date ≤ studio-local today + bookingWindowDays (calendar days in the zone). */
export function withinBookingWindow(date: string, timeZone: string, now: Date, bookingWindowDays: number): boolean {
  const today = inZone(now, timeZone);
  if (!isWellFormedDate(date)) return false;
  const first = today.toISODate();
  const last = today.plus({ days: bookingWindowDays }).toISODate();
  return first !== null && last !== null && date >= first && date <= last;
}

/** Spec §5: selectable dates are after yesterday (UTC), i.e. date ≥ today's UTC date. */
export function isSelectableDate(date: string, now: Date): boolean {
  if (!isWellFormedDate(date)) return false;
  const todayUtc = inZone(now, 'utc').toISODate();
  return todayUtc !== null && date >= todayUtc;
}

// ---------------------------------------------------------------------------------------------
// 6. One date, 7. a month, 9. the re-check

/** Steps 1→2→3→4 for one date; [] when the date is not selectable or outside the booking window. */
export function availableSlots(input: ScheduleInput): Slot[] {
  const { date, timeZone, hours, exceptions, type, bookings, now } = input;
  checkRules(type);
  if (!isSelectableDate(date, now) || !withinBookingWindow(date, timeZone, now, type.bookingWindowDays)) return [];
  const candidates = candidateSlots(openingRanges(date, timeZone, hours, exceptions), type);
  const first = candidates[0];
  const last = candidates.at(-1);
  if (!first || !last) return [];
  // Only bookings near this date can matter (bookings may be given for a whole month).
  const from = first.start.getTime() - type.bufferBeforeMinutes * MINUTE_MS;
  const to = last.end.getTime() + type.bufferAfterMinutes * MINUTE_MS;
  const nearby = bookings.filter(
    (b) => b.start.getTime() - b.bufferBeforeMinutes * MINUTE_MS < to && from < b.end.getTime() + b.bufferAfterMinutes * MINUTE_MS,
  );
  return withoutPastAndNotice(withoutBookings(candidates, nearby, type), now, type.minimumNoticeHours);
}

/** The month's studio-local dates (YYYY-MM-DD) with at least one slot; bookings given for the whole month. */
export function availableDays(input: MonthScheduleInput): string[] {
  const { month, ...rest } = input;
  const first = /^\d{4}-\d{2}$/.test(month) ? DateTime.fromISO(`${month}-01`, { zone: 'utc' }) : null;
  if (!first?.isValid) throw new RangeError(`invalid month: ${month}`);
  const days: string[] = [];
  for (let i = 0; i < (first.daysInMonth ?? 0); i += 1) {
    const date = first.plus({ days: i }).toISODate();
    if (date !== null && availableSlots({ ...rest, date }).length > 0) days.push(date);
  }
  return days;
}

/** The offered slot starting exactly at `start` on input.date, or null — what booking re-checks in its transaction. */
export function isOfferedSlot(input: ScheduleInput, start: Date): Slot | null {
  return availableSlots(input).find((slot) => slot.start.getTime() === start.getTime()) ?? null;
}

// ---------------------------------------------------------------------------------------------
// 8. How the API shows times

/** "9:20 AM" on the studio's wall clock; "1:00 AM CDT" / "1:00 AM CST" when that wall time happens twice that day. */
export function slotLabel(start: Date, timeZone: string): string {
  const local = inZone(start, timeZone).setLocale('en-US');
  const label = local.toFormat('h:mm a');
  return local.getPossibleOffsets().length > 1 ? `${label} ${local.toFormat('ZZZZ')}` : label;
}

/** "2026-03-09T09:00:00.000-05:00": ISO 8601 with the zone's offset at that instant. */
export function isoInZone(start: Date, timeZone: string): string {
  const iso = inZone(start, timeZone).toISO();
  if (iso === null) throw new RangeError('invalid instant');
  return iso;
}
