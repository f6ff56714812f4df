/**
 * Dates and times of the booking screen. Every time is shown as the studio's wall clock (spec §9:
 * America/Chicago by default), whatever zone the phone is in: Intl with `timeZone` does the reading.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let made = formatters.get(key);
  if (!made) {
    made = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, made);
  }
  return made;
}

/** "Monday, March 9, 2026 at 9:00 AM" on the studio's wall clock. */
export function formatAppointmentTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const day = formatter(`day:${timeZone}`, { timeZone, weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' });
  const time = formatter(`time:${timeZone}`, { timeZone, hour: 'numeric', minute: '2-digit' });
  return `${day.format(date)} at ${time.format(date)}`;
}

/** "Monday, March 9" for a YYYY-MM-DD day (a calendar day, no zone arithmetic). */
export function formatCalendarDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!, 12));
  return formatter('calendar-day', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(date);
}

/**
 * The zone's generic long name, e.g. "Central Time": Intl's long name ("Central Standard Time" or
 * "Central Daylight Time", depending on the day) without the season.
 */
export function timeZoneLongName(timeZone: string, at: Date = new Date()): string {
  try {
    const parts = formatter(`zone:${timeZone}`, { timeZone, timeZoneName: 'long' }).formatToParts(at);
    const name = parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
    return name.replace(/ (Standard|Daylight|Summer) Time$/, ' Time');
  } catch {
    return timeZone;
  }
}

/** "Times are in Central Time (America/Chicago)". */
export function timeZoneNote(timeZone: string): string {
  return `Times are in ${timeZoneLongName(timeZone)} (${timeZone})`;
}

/** The hour (0–23) of an instant on the studio's wall clock. */
export function wallClockHour(iso: string, timeZone: string): number {
  const parts = formatter(`hour:${timeZone}`, { timeZone, hour: 'numeric', hourCycle: 'h23' }).formatToParts(new Date(iso));
  return Number(parts.find((p) => p.type === 'hour')?.value ?? 0) % 24;
}

export type DayPart = 'Morning' | 'Afternoon' | 'Evening';
export const dayParts: readonly DayPart[] = ['Morning', 'Afternoon', 'Evening'];

/** Morning before noon, afternoon until 5 PM, evening after. */
export function dayPartOf(hour: number): DayPart {
  if (hour < 12) return 'Morning';
  if (hour < 17) return 'Afternoon';
  return 'Evening';
}

/** Slots grouped by part of the day (on the studio's wall clock), keeping their order; empty groups left out. */
export function groupByDayPart<T extends { time: string }>(slots: readonly T[], timeZone: string): { part: DayPart; slots: T[] }[] {
  const groups = new Map<DayPart, T[]>();
  for (const slot of slots) {
    const part = dayPartOf(wallClockHour(slot.time, timeZone));
    groups.set(part, [...(groups.get(part) ?? []), slot]);
  }
  return dayParts.filter((p) => groups.has(p)).map((part) => ({ part, slots: groups.get(part)! }));
}

/**
 * The first selectable day, YYYY-MM-DD: spec §5 "selectable dates must be after yesterday (UTC)",
 * i.e. today's date in UTC.
 */
export function firstSelectableDay(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** YYYY-MM of a YYYY-MM-DD day (or of a DatePicker date string). */
export function monthOf(day: string): string {
  return day.slice(0, 7);
}

/** Whether an ISO instant lies in the past. */
export function isPast(iso: string, now: Date = new Date()): boolean {
  const t = new Date(iso).getTime();
  return Number.isFinite(t) && t <= now.getTime();
}
