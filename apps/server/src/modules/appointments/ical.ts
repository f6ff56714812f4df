import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime, IANAZone } from 'luxon';

/**
 * The calendar file (.ics) attached to the booking mails (issue 14 §2 "Mails"): one VEVENT whose UID
 * stays the same for the life of a booking, whose SEQUENCE rises with each reschedule, sent as
 * METHOD:REQUEST (booked, moved) or METHOD:CANCEL (cancelled, with STATUS:CANCELLED), so calendar apps
 * update or remove the entry they already have instead of adding a second one.
 *
 * Times are written as the studio's wall clock (DTSTART;TZID=America/Chicago:20260309T090000) with a
 * VTIMEZONE for the zone built here from luxon's zone data (ical-generator has no time-zone database).
 */
export interface CalendarEvent {
  /** Stable per booking, e.g. `appointment-${id}@${host}`. */
  uid: string;
  /**
   * 0 when booked; raised on each reschedule. A cancel carries at least the last request's sequence
   * (raising it once more is usual and safe).
   */
  sequence: number;
  method: 'REQUEST' | 'CANCEL';
  start: Date;
  end: Date;
  /** IANA zone of the studio, e.g. America/Chicago. */
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
  attendee: { name: string; email: string };
  url?: string;
  /** DTSTAMP: when this version of the file was made (default: now). */
  stamp?: Date;
}

/** The .ics text (CRLF lines, folded at 75 octets) for one booking. */
export function appointmentCalendar(event: CalendarEvent): string {
  const zone = IANAZone.create(event.timeZone);
  if (!zone.isValid) throw new Error(`Unknown time zone: ${event.timeZone}`);
  if (!(event.end.getTime() > event.start.getTime())) throw new Error('The event must end after it starts');

  // A wall-clock time that occurs twice (the November fall-back hour) means its first occurrence
  // (RFC 5545 §3.3.5); an instant in the repeated hour cannot be written that way, so then the event
  // is written in UTC (unambiguous, and every calendar app shows it in the reader's zone).
  const inZone = wallClockRoundTrips(zone, event.start) && wallClockRoundTrips(zone, event.end);
  const at = (d: Date) => DateTime.fromJSDate(d, { zone: inZone ? zone : 'utc' });
  const range = { from: event.start.getTime(), to: event.end.getTime() };

  const calendar = ical({
    prodId: { company: 'studio-gallery', product: 'appointments', language: 'EN' },
    method: event.method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
    // No calendar-wide zone name (that would turn DTSTAMP into local time); only the generator, which
    // ical-generator calls for each event's zone.
    timezone: { name: null, generator: (tz) => vtimezone(tz, range) },
  });

  calendar.createEvent({
    id: event.uid,
    sequence: event.sequence,
    stamp: DateTime.fromJSDate(event.stamp ?? new Date(), { zone: 'utc' }),
    start: at(event.start),
    end: at(event.end),
    timezone: inZone ? event.timeZone : null,
    summary: event.summary,
    description: event.description,
    location: event.location,
    url: event.url ?? null,
    status: event.method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    organizer: { name: event.organizer.name, email: event.organizer.email },
    attendees: [
      {
        name: event.attendee.name,
        email: event.attendee.email,
        role: ICalAttendeeRole.REQ,
        // The customer booked it themselves: nothing to accept (a cancel carries no answer).
        status: event.method === 'CANCEL' ? null : ICalAttendeeStatus.ACCEPTED,
        rsvp: false,
      },
    ],
  });

  return calendar.toString();
}

// ---------------------------------------------------------------------------------------------
// VTIMEZONE from luxon's zone data.

interface Transition {
  /** The first millisecond of the new offset. */
  at: number;
  /** Offsets in minutes east of UTC. */
  from: number;
  to: number;
  name: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const WEEKDAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;

/**
 * A VTIMEZONE for an IANA zone, valid for the instants `range` (plus a year either side).
 *
 * The offset changes of those years are read from the zone. When each kind of change (to daylight
 * time, to standard time) falls every year in the same month on the same weekday of it (the 2nd
 * Sunday of March, the last Sunday of October, …) at the same wall-clock time, it is written as a
 * yearly RRULE, as calendar apps write it themselves; otherwise each change is listed. A zone without
 * changes in those years gets one STANDARD observance.
 */
export function vtimezone(timeZone: string, range: { from: number; to: number }): string {
  const zone = IANAZone.create(timeZone);
  if (!zone.isValid) throw new Error(`Unknown time zone: ${timeZone}`);
  const fromYear = new Date(range.from).getUTCFullYear() - 1;
  const toYear = new Date(range.to).getUTCFullYear() + 1;
  const start = Date.UTC(fromYear, 0, 1);
  const end = Date.UTC(toYear + 1, 0, 1);
  const transitions = findTransitions(zone, start, end);

  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`, `X-LIC-LOCATION:${timeZone}`];
  if (transitions.length === 0) {
    const offset = zone.offset(start);
    lines.push(...observance('STANDARD', '19700101T000000', offset, offset, shortName(zone, start)));
  } else {
    const daylight = transitions.filter((t) => t.to > t.from);
    const standard = transitions.filter((t) => t.to <= t.from);
    const rules = [yearlyRule(daylight, fromYear, toYear), yearlyRule(standard, fromYear, toYear)];
    if (rules.every((r) => r !== null)) {
      for (const [i, rule] of rules.entries()) {
        const first = (i === 0 ? daylight : standard)[0]!;
        lines.push(...observance(i === 0 ? 'DAYLIGHT' : 'STANDARD', onset(first), first.from, first.to, first.name, rule));
      }
    } else {
      // Irregular changes: the offset in force at the start, then each change.
      const initial = zone.offset(start);
      const initialIsDaylight = transitions[0]!.from > transitions[0]!.to;
      lines.push(
        ...observance(initialIsDaylight ? 'DAYLIGHT' : 'STANDARD', wallClock(start, initial), initial, initial, shortName(zone, start)),
      );
      for (const t of transitions) lines.push(...observance(t.to > t.from ? 'DAYLIGHT' : 'STANDARD', onset(t), t.from, t.to, t.name));
    }
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

/** Offset changes between two instants: a day-by-day scan, then a binary search to the millisecond. */
function findTransitions(zone: IANAZone, start: number, end: number): Transition[] {
  const found: Transition[] = [];
  let previous = zone.offset(start);
  for (let t = start; t < end; t += DAY_MS) {
    const next = Math.min(t + DAY_MS, end);
    const offset = zone.offset(next);
    if (offset === previous) continue;
    let lo = t;
    let hi = next;
    while (hi - lo > 1) {
      const mid = Math.floor((lo + hi) / 2);
      if (zone.offset(mid) === previous) lo = mid;
      else hi = mid;
    }
    found.push({ at: hi, from: previous, to: offset, name: shortName(zone, hi) });
    previous = offset;
  }
  return found;
}

/** `FREQ=YEARLY;BYMONTH=3;BYDAY=2SU` when one change a year matches it in every year; otherwise null. */
function yearlyRule(changes: Transition[], fromYear: number, toYear: number): string | null {
  if (changes.length !== toYear - fromYear + 1) return null;
  const first = changes[0]!;
  const local = changes.map((t) => new Date(t.at + t.from * 60_000)); // the onset on the old wall clock
  const same = <T>(f: (d: Date, t: Transition) => T) => changes.every((t, i) => f(local[i]!, t) === f(local[0]!, first));
  if (!changes.every((t, i) => local[i]!.getUTCFullYear() === fromYear + i)) return null;
  if (!same((d) => d.getUTCMonth()) || !same((d) => d.getUTCDay()) || !same((d) => d.toISOString().slice(11))) return null;
  if (!same((_, t) => `${t.from}/${t.to}/${t.name}`)) return null;

  const month = local[0]!.getUTCMonth();
  const weekday = WEEKDAYS[local[0]!.getUTCDay()]!;
  const nth = local.map((d) => Math.ceil(d.getUTCDate() / 7));
  const isLast = local.map((d) => d.getUTCDate() + 7 > new Date(Date.UTC(d.getUTCFullYear(), month + 1, 0)).getUTCDate());
  let byDay: string | null = null;
  if (isLast.every(Boolean)) byDay = `-1${weekday}`;
  else if (nth.every((n) => n === nth[0])) byDay = `${nth[0]}${weekday}`;
  return byDay ? `FREQ=YEARLY;BYMONTH=${month + 1};BYDAY=${byDay}` : null;
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', dtstart: string, from: number, to: number, name: string, rrule?: string): string[] {
  return [
    `BEGIN:${kind}`,
    `DTSTART:${dtstart}`,
    ...(rrule ? [`RRULE:${rrule}`] : []),
    `TZOFFSETFROM:${formatOffset(from)}`,
    `TZOFFSETTO:${formatOffset(to)}`,
    `TZNAME:${name}`,
    `END:${kind}`,
  ];
}

/** A change's DTSTART: its onset on the wall clock in force before it (RFC 5545 §3.6.5). */
function onset(t: Transition): string {
  return wallClock(t.at, t.from);
}

function wallClock(instant: number, offsetMinutes: number): string {
  return new Date(instant + offsetMinutes * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

function formatOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

function shortName(zone: IANAZone, instant: number): string {
  return zone.offsetName(instant, { format: 'short', locale: 'en-US' }) ?? zone.name;
}

/**
 * Whether the instant's wall-clock time in the zone reads back as that instant under RFC 5545's rule
 * for a time that occurs twice (the first occurrence). False only inside a repeated hour's second pass.
 */
function wallClockRoundTrips(zone: IANAZone, instant: Date): boolean {
  const ms = instant.getTime();
  const wall = ms + zone.offset(ms) * 60_000; // the wall clock, as if it were UTC
  // The candidates: the wall clock read with each offset in force around it; the earliest that really
  // shows this wall clock is the one a calendar app picks.
  const offsets = new Set([zone.offset(ms - DAY_MS), zone.offset(ms), zone.offset(ms + DAY_MS)]);
  const readings = [...offsets].map((o) => wall - o * 60_000).filter((t) => t + zone.offset(t) * 60_000 === wall);
  return Math.min(...readings) === ms;
}
