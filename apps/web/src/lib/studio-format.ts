let dateTimeFormat: Intl.DateTimeFormat | undefined;
let utcDayFormat: Intl.DateTimeFormat | undefined;

/** "26 Nov 2026, 14:05" in the browser's time zone; the raw text when it is not a date. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  dateTimeFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  return dateTimeFormat.format(date);
}

export { displayName } from '@studio-gallery/contract';

/** "12 Mar 2027": the UTC day of a timestamp (gallery expiries end at 23:59:59.999 UTC); the raw text when it is not a date. */
export function formatUtcDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  utcDayFormat ??= new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return utcDayFormat.format(date);
}
