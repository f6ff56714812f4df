/**
 * Calendar days as the studio's wall clock gives them ('YYYY-MM-DD'). Arithmetic is done on the date
 * alone (a UTC midnight), so a daylight-saving change never moves a day; the time zone only enters
 * when today is read from the clock.
 */
const DAY_MS = 86_400_000;

function toUtc(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

function fromUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function isIsoDate(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(toUtc(value).getTime());
}

export function addDays(date: string, days: number): string {
  return fromUtc(new Date(toUtc(date).getTime() + days * DAY_MS));
}

/** The Monday of the week holding `date` (weeks run Monday to Sunday). */
export function mondayOf(date: string): string {
  const weekday = toUtc(date).getUTCDay(); // 0 = Sunday
  return addDays(date, -((weekday + 6) % 7));
}

/** The `count` days from `from`. */
export function daysFrom(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** Today's date on the wall clock of `timeZone` (an IANA name); the browser's own zone if it is unknown. */
export function todayIn(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (zone: string | undefined) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}

let weekdayFormat: Intl.DateTimeFormat | undefined;
let dayMonthFormat: Intl.DateTimeFormat | undefined;
let longDayFormat: Intl.DateTimeFormat | undefined;

/** "Mon" */
export function weekdayLabel(date: string): string {
  weekdayFormat ??= new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' });
  return weekdayFormat.format(toUtc(date));
}

/** "24 Nov" */
export function dayMonthLabel(date: string): string {
  dayMonthFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
  return dayMonthFormat.format(toUtc(date));
}

/** "Monday, 24 November 2026" */
export function longDayLabel(date: string): string {
  longDayFormat ??= new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
  return longDayFormat.format(toUtc(date));
}

/** "24 Nov – 30 Nov 2026" */
export function weekRangeLabel(from: string, days: number): string {
  const last = addDays(from, days - 1);
  return `${dayMonthLabel(from)} – ${dayMonthLabel(last)} ${last.slice(0, 4)}`;
}
