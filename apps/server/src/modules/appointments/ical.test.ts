import { DateTime, IANAZone } from 'luxon';
import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { appointmentCalendar, type CalendarEvent, vtimezone } from './ical';

const ZONE = 'America/Chicago';

function booking(start: string, overrides: Partial<CalendarEvent> = {}): CalendarEvent {
  const startDate = new Date(start);
  return {
    uid: 'appointment-42@gallery.example.com',
    sequence: 0,
    method: 'REQUEST',
    start: startDate,
    end: new Date(startDate.getTime() + 20 * 60_000),
    timeZone: ZONE,
    summary: 'Headshot at Downtown Studio',
    description: 'Headshot, 20 minutes.\nReschedule or cancel: https://gallery.example.com/appointment?id=inv&manage=tok',
    location: 'Downtown Studio, 1 Main St, Chicago',
    organizer: { name: 'Lumen Studio', email: 'studio@example.com' },
    attendee: { name: 'Ann Lee', email: 'ann@example.com' },
    url: 'https://gallery.example.com/appointment?id=inv&manage=tok',
    stamp: new Date('2026-02-01T12:00:00Z'),
    ...overrides,
  };
}

function parse(text: string): { event: VEvent; method: string | undefined } {
  const parsed = Object.values(ical.sync.parseICS(text));
  const events = parsed.filter((c): c is VEvent => c.type === 'VEVENT');
  expect(events).toHaveLength(1);
  const calendar = parsed.find((c) => c.type === 'VCALENDAR');
  return { event: events[0]!, method: calendar && 'method' in calendar ? String(calendar.method) : undefined };
}

const chicagoWallClock = (d: Date) => DateTime.fromJSDate(d, { zone: ZONE }).toFormat('yyyy-LL-dd HH:mm ZZZZ');

describe('appointmentCalendar', () => {
  it.each([
    ['winter (CST)', '2026-01-12T15:00:00Z', '2026-01-12 09:00 CST', '20260112T090000'],
    ['summer (CDT)', '2026-07-13T14:00:00Z', '2026-07-13 09:00 CDT', '20260713T090000'],
    ['the day after the spring switch', '2026-03-09T14:00:00Z', '2026-03-09 09:00 CDT', '20260309T090000'],
    ['the spring switch day, first hour after it', '2026-03-08T08:00:00Z', '2026-03-08 03:00 CDT', '20260308T030000'],
    ['the fall-back day, first 1:30 (CDT)', '2026-11-01T06:30:00Z', '2026-11-01 01:30 CDT', '20261101T013000'],
  ])('writes %s as the studio wall clock that parses back to the booked instant', (_, instant, wall, dtstart) => {
    const text = appointmentCalendar(booking(instant));
    expect(text).toContain(`DTSTART;TZID=${ZONE}:${dtstart}`);
    expect(text).toContain(`BEGIN:VTIMEZONE\r\nTZID:${ZONE}`);

    const { event } = parse(text);
    expect(event.start.toISOString()).toBe(new Date(instant).toISOString());
    expect(event.end.getTime() - event.start.getTime()).toBe(20 * 60_000);
    expect(event.start.tz).toBe(ZONE);
    expect(chicagoWallClock(event.start)).toBe(wall);
  });

  it('writes the second 1:30 of the fall-back day (CST) in UTC, since the wall clock would mean the first', () => {
    const text = appointmentCalendar(booking('2026-11-01T07:30:00Z'));
    expect(text).toContain('DTSTART:20261101T073000Z');
    expect(text).toContain('DTEND:20261101T075000Z');
    const { event } = parse(text);
    expect(event.start.toISOString()).toBe('2026-11-01T07:30:00.000Z');
    expect(chicagoWallClock(event.start)).toBe('2026-11-01 01:30 CST');
  });

  it('carries UID, SEQUENCE, METHOD:REQUEST, STATUS:CONFIRMED, a UTC DTSTAMP, organizer and attendee', () => {
    const text = appointmentCalendar(booking('2026-03-09T14:00:00Z'));
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\nVERSION:2\.0\r\n/);
    expect(text).toContain('METHOD:REQUEST');
    expect(text).toContain('DTSTAMP:20260201T120000Z');
    const { event, method } = parse(text);
    expect(method).toBe('REQUEST');
    expect(event.uid).toBe('appointment-42@gallery.example.com');
    expect(String(event.sequence)).toBe('0');
    expect(event.status).toBe('CONFIRMED');
    expect(event.summary).toBe('Headshot at Downtown Studio');
    expect(event.location).toBe('Downtown Studio, 1 Main St, Chicago');
    expect(event.description).toContain('\nReschedule or cancel:');
    expect(text).toMatch(/ORGANIZER;CN="Lumen Studio":mailto:studio@example\.com/);
    expect(text.replace(/\r\n /g, '')).toMatch(/ATTENDEE;[^\r\n]*CN="Ann Lee":mailto:ann@example\.com/i);
  });

  it('keeps the UID on reschedule and cancel, with the sequence given, and cancels with METHOD:CANCEL', () => {
    const first = parse(appointmentCalendar(booking('2026-03-09T14:00:00Z')));
    const moved = parse(appointmentCalendar(booking('2026-03-10T15:00:00Z', { sequence: 1 })));
    const cancelText = appointmentCalendar(booking('2026-03-10T15:00:00Z', { sequence: 2, method: 'CANCEL' }));
    const cancelled = parse(cancelText);

    expect(moved.event.uid).toBe(first.event.uid);
    expect(cancelled.event.uid).toBe(first.event.uid);
    expect(String(moved.event.sequence)).toBe('1');
    expect(String(cancelled.event.sequence)).toBe('2');
    expect(moved.method).toBe('REQUEST');
    expect(chicagoWallClock(moved.event.start)).toBe('2026-03-10 10:00 CDT');

    expect(cancelText).toContain('METHOD:CANCEL');
    expect(cancelText).toContain('STATUS:CANCELLED');
    expect(cancelled.method).toBe('CANCEL');
    expect(cancelled.event.status).toBe('CANCELLED');
  });

  it('escapes text values', () => {
    const text = appointmentCalendar(booking('2026-03-09T14:00:00Z', { summary: 'Headshot; Team, "A"' }));
    expect(text).toContain('SUMMARY:Headshot\\; Team\\, "A"');
    expect(parse(text).event.summary).toBe('Headshot; Team, "A"');
  });

  it('refuses an unknown zone and an event that does not end after it starts', () => {
    expect(() => appointmentCalendar(booking('2026-03-09T14:00:00Z', { timeZone: 'Mars/Olympus' }))).toThrow(/time zone/);
    const start = new Date('2026-03-09T14:00:00Z');
    expect(() => appointmentCalendar(booking(start.toISOString(), { end: start }))).toThrow(/end after/);
  });
});

describe('vtimezone', () => {
  const year2026 = { from: Date.UTC(2026, 0, 1), to: Date.UTC(2026, 11, 31) };

  it('writes the US rules as yearly RRULEs (2nd Sunday of March, 1st Sunday of November, 2:00)', () => {
    const text = vtimezone(ZONE, year2026);
    expect(text).toContain(
      'BEGIN:DAYLIGHT\r\nDTSTART:20250309T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU\r\nTZOFFSETFROM:-0600\r\nTZOFFSETTO:-0500\r\nTZNAME:CDT\r\nEND:DAYLIGHT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20251102T020000\r\nRRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0600\r\nTZNAME:CST\r\nEND:STANDARD',
    );
  });

  // An independent reading of the VTIMEZONE (RFC 5545 §3.6.5, for the RRULE forms written here),
  // compared hour by hour through 2026 with the zone data itself.
  it.each([
    'America/Chicago',
    'America/New_York',
    'America/Denver',
    'America/Phoenix',
    'America/Los_Angeles',
    'America/Anchorage',
    'Pacific/Honolulu',
    'America/Sao_Paulo',
    'Europe/Berlin',
    'Europe/London',
    'Australia/Sydney',
    'Asia/Kolkata',
    'Africa/Casablanca',
  ])('%s: the offset it gives matches the zone at every hour of 2026', (zoneName) => {
    const offsetAt = readVtimezone(vtimezone(zoneName, year2026));
    const zone = IANAZone.create(zoneName);
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 60 * 60_000) {
      if (offsetAt(t) !== zone.offset(t)) throw new Error(`${zoneName} at ${new Date(t).toISOString()}: ${offsetAt(t)} ≠ ${zone.offset(t)}`);
    }
  });
});

/** Offset in minutes at an instant, from a VTIMEZONE with DTSTART/TZOFFSETFROM/TZOFFSETTO and optional yearly RRULEs. */
function readVtimezone(text: string): (instant: number) => number {
  const onsets: { at: number; to: number }[] = [];
  const minutes = (s: string) => (s.startsWith('-') ? -1 : 1) * (Number(s.slice(1, 3)) * 60 + Number(s.slice(3, 5)));
  for (const [, body] of text.matchAll(/BEGIN:(?:STANDARD|DAYLIGHT)\r\n([\s\S]*?)END:(?:STANDARD|DAYLIGHT)/g)) {
    const prop = (name: string) => new RegExp(`^${name}:(.*)$`, 'm').exec(body!)?.[1]?.trim();
    const [, y, mo, d, h, mi, s] = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)$/.exec(prop('DTSTART')!)!.map(Number) as number[];
    const from = minutes(prop('TZOFFSETFROM')!);
    const to = minutes(prop('TZOFFSETTO')!);
    const localToUtc = (year: number, month: number, day: number) => Date.UTC(year, month - 1, day, h, mi, s) - from * 60_000;
    const first = localToUtc(y!, mo!, d!);
    const rrule = prop('RRULE');
    if (!rrule) {
      onsets.push({ at: first, to });
      continue;
    }
    const [, month, nth, weekday] = /^FREQ=YEARLY;BYMONTH=(\d+);BYDAY=(-1|[1-4])(SU|MO|TU|WE|TH|FR|SA)$/.exec(rrule)!;
    const wd = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'].indexOf(weekday!);
    for (let year = y!; year <= 2030; year++) {
      const days = new Date(Date.UTC(year, Number(month), 0)).getUTCDate();
      const matching = Array.from({ length: days }, (_, i) => i + 1).filter((day) => new Date(Date.UTC(year, Number(month) - 1, day)).getUTCDay() === wd);
      const day = nth === '-1' ? matching.at(-1)! : matching[Number(nth) - 1]!;
      const at = localToUtc(year, Number(month), day);
      if (at >= first) onsets.push({ at, to });
    }
  }
  onsets.sort((a, b) => a.at - b.at);
  return (instant) => {
    const last = onsets.filter((o) => o.at <= instant).at(-1);
    if (!last) throw new Error(`No observance at ${new Date(instant).toISOString()}`);
    return last.to;
  };
}
