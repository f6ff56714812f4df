import { z } from 'zod';
import { idParam } from './common';
import { studioEmail, studioPageQuery } from './studio';

/**
 * The studio's booking settings (issue 15 §4): calendars with their weekly opening hours and date
 * exceptions, appointment types, and booking invites. The rules here are shared by the dashboard's
 * forms, the API and the studio CLI (`npm run studio -- calendars | appointment-types | invite`).
 */

export const studioBookingMessages = {
  timeZoneInvalid: 'Choose a time zone such as America/Chicago (an IANA zone name).',
  timeInvalid: 'Use a time of day as HH:MM, such as 09:00.',
  rangeBackwards: 'The closing time must be after the opening time.',
  rangesOverlap: 'These opening hours overlap. Join them into one range.',
  weekdayTwice: 'Each weekday can appear only once.',
  dateInvalid: 'Use a real date as YYYY-MM-DD.',
  openNeedsHours: 'Add the hours the calendar is open that day.',
  closedTakesNoHours: 'A closed day has no opening hours.',
  nameRequired: 'Enter a name.',
  locationRequired: 'Enter a location.',
  calendarNotFound: 'No such calendar.',
  typeNotFound: 'No such appointment type.',
  inviteNotFound: 'No such invite.',
  exceptionNotFound: 'This date has no exception.',
  typeNameTaken: 'An appointment type with this name already exists.',
  priceAdminOnly: 'Only a studio admin can set the price of an appointment type.',
  inviteNotOpen: 'This invite is no longer open: it was used, revoked or has expired.',
  inviteUsed: 'This invite has been used for a booking. Cancel the booking instead.',
} as const;

/** Minutes of the day (0..1440) of "HH:MM" ("24:00" ends a day), or null when it is not a time of day. */
export function clockTimeMinutes(value: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return Number(match[2]) < 60 && minutes <= 1440 ? minutes : null;
}

/** 540 → "09:00". */
export function minutesToClockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Whether the time zone is an IANA zone this runtime knows (America/Chicago yes; CST, Mars/Base no). */
export function isIanaTimeZone(value: string): boolean {
  if (!value.includes('/') && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Whether YYYY-MM-DD names a real day (2026-02-30 does not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** The index of the first range that overlaps an earlier one (touching ranges do not overlap), or -1. */
export function firstOverlap(ranges: readonly { from: string; to: string }[]): number {
  const minutes = ranges.map((r, index) => ({ start: clockTimeMinutes(r.from) ?? 0, end: clockTimeMinutes(r.to) ?? 0, index }));
  for (const a of minutes) {
    for (const b of minutes) {
      if (b.index < a.index && a.start < b.end && b.start < a.end) return a.index;
    }
  }
  return -1;
}

/** Bounds of an appointment type's numbers (whole numbers); the CLI's `appointment-types add` uses them too. */
export const APPOINTMENT_TYPE_LIMITS = {
  durationMinutes: { min: 5, max: 720, label: 'Duration (minutes)' },
  capacity: { min: 1, max: 100, label: 'Capacity (people per slot)' },
  bufferBeforeMinutes: { min: 0, max: 240, label: 'Buffer before (minutes)' },
  bufferAfterMinutes: { min: 0, max: 240, label: 'Buffer after (minutes)' },
  minimumNoticeHours: { min: 0, max: 720, label: 'Minimum notice (hours)' },
  bookingWindowDays: { min: 1, max: 730, label: 'Booking window (days)' },
  changeCutoffHours: { min: 0, max: 720, label: 'Change cutoff (hours)' },
  priceCents: { min: 0, max: 1_000_000, label: 'Price (cents)' },
} as const;
export type AppointmentTypeNumber = keyof typeof APPOINTMENT_TYPE_LIMITS;

export function appointmentTypeNumberMessage(field: AppointmentTypeNumber): string {
  const { min, max, label } = APPOINTMENT_TYPE_LIMITS[field];
  return `${label} must be a whole number from ${min} to ${max}.`;
}

/** Whether an appointment type's number is within its bounds. */
export function isAppointmentTypeNumber(field: AppointmentTypeNumber, value: number): boolean {
  const { min, max } = APPOINTMENT_TYPE_LIMITS[field];
  return Number.isInteger(value) && value >= min && value <= max;
}

// --- Schemas ---

export const ianaTimeZone = z.string().trim().refine(isIanaTimeZone, studioBookingMessages.timeZoneInvalid);
export const clockTime = z.string().refine((v) => clockTimeMinutes(v) !== null, studioBookingMessages.timeInvalid);
export const calendarDay = z.string().refine(isCalendarDay, studioBookingMessages.dateInvalid);

export const timeRange = z
  .object({ from: clockTime.describe('HH:MM, wall clock'), to: clockTime.describe('HH:MM (24:00: the end of the day)') })
  .refine((r) => (clockTimeMinutes(r.from) ?? 0) < (clockTimeMinutes(r.to) ?? 0), { path: ['to'], message: studioBookingMessages.rangeBackwards })
  .register(z.globalRegistry, { id: 'TimeRange' });
export type TimeRange = z.infer<typeof timeRange>;

/** Ranges of one day: at most 8, none overlapping. */
const dayRanges = z
  .array(timeRange)
  .max(8)
  .superRefine((ranges, ctx) => {
    const index = firstOverlap(ranges);
    if (index >= 0) ctx.addIssue({ code: 'custom', path: [index, 'from'], message: studioBookingMessages.rangesOverlap });
  });

export const weekday = z.number().int().min(1).max(7).describe('1 = Monday … 7 = Sunday');

export const dayHours = z.object({ weekday, ranges: dayRanges.describe('Opening hours of that weekday; empty: closed') });
export type DayHours = z.infer<typeof dayHours>;

/** PUT /api/studio/calendars/{id}/hours: the week's opening hours, replacing all of them. */
export const weekHoursRequest = z
  .object({
    days: z
      .array(dayHours)
      .max(7)
      .superRefine((days, ctx) => {
        const seen = new Set<number>();
        days.forEach((day, index) => {
          if (seen.has(day.weekday)) ctx.addIssue({ code: 'custom', path: [index, 'weekday'], message: studioBookingMessages.weekdayTwice });
          seen.add(day.weekday);
        });
      })
      .describe('Weekdays not listed are closed'),
  })
  .register(z.globalRegistry, { id: 'WeekHoursRequest' });
export type WeekHoursRequest = z.infer<typeof weekHoursRequest>;

export const EXCEPTION_KINDS = ['closed', 'open'] as const;

/** POST /api/studio/calendars/{id}/exceptions: a closed day, or a day open at these hours instead of its weekday's. */
export const calendarExceptionRequest = z
  .object({
    date: calendarDay.describe("YYYY-MM-DD, the calendar's wall clock"),
    kind: z.enum(EXCEPTION_KINDS).describe('closed: no bookings that day; open: open at `ranges` (extra hours, added to the weekday’s)'),
    ranges: dayRanges.default([]).describe('The opening hours of an open day; empty for a closed one'),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'open' && value.ranges.length === 0) ctx.addIssue({ code: 'custom', path: ['ranges'], message: studioBookingMessages.openNeedsHours });
    if (value.kind === 'closed' && value.ranges.length > 0) ctx.addIssue({ code: 'custom', path: ['ranges'], message: studioBookingMessages.closedTakesNoHours });
  })
  .register(z.globalRegistry, { id: 'CalendarExceptionRequest' });
export type CalendarExceptionRequest = z.input<typeof calendarExceptionRequest>;

export const calendarException = z.object({ date: z.string(), kind: z.enum(EXCEPTION_KINDS), ranges: z.array(timeRange) });
export type CalendarException = z.infer<typeof calendarException>;

export const calendarExceptionParams = z.object({ id: idParam, date: calendarDay });

/** POST /api/studio/calendars and PUT /api/studio/calendars/{id}. */
export const studioCalendarRequest = z
  .object({
    name: z.string().trim().min(1, studioBookingMessages.nameRequired).max(100),
    location: z.string().trim().min(1, studioBookingMessages.locationRequired).max(200),
    timeZone: ianaTimeZone.describe('IANA time zone of its opening hours and bookings (America/Chicago)'),
  })
  .register(z.globalRegistry, { id: 'StudioCalendarRequest' });
export type StudioCalendarRequest = z.infer<typeof studioCalendarRequest>;

export const studioCalendar = z
  .object({
    id: z.number(),
    name: z.string(),
    location: z.string(),
    timeZone: z.string(),
    active: z.boolean().describe('Inactive calendars take no new bookings'),
    week: z.array(dayHours).describe('Monday to Sunday, each with its opening hours'),
    exceptions: z.array(calendarException).describe('Exceptions from today (the calendar’s) on, by date'),
  })
  .register(z.globalRegistry, { id: 'StudioCalendar', description: 'A calendar with its weekly opening hours and upcoming exceptions' });
export type StudioCalendar = z.infer<typeof studioCalendar>;
export const studioCalendarsResponse = z.object({ items: z.array(studioCalendar) });

const typeNumber = (field: AppointmentTypeNumber) =>
  z.number({ error: appointmentTypeNumberMessage(field) }).refine((v) => isAppointmentTypeNumber(field, v), appointmentTypeNumberMessage(field));

/** POST /api/studio/appointment-types and PUT …/{id}. priceCents is for admins (staff: 403 unless unchanged). */
export const studioAppointmentTypeRequest = z
  .object({
    name: z.string().trim().min(1, studioBookingMessages.nameRequired).max(100),
    durationMinutes: typeNumber('durationMinutes'),
    capacity: typeNumber('capacity'),
    bufferBeforeMinutes: typeNumber('bufferBeforeMinutes'),
    bufferAfterMinutes: typeNumber('bufferAfterMinutes'),
    minimumNoticeHours: typeNumber('minimumNoticeHours'),
    bookingWindowDays: typeNumber('bookingWindowDays'),
    changeCutoffHours: typeNumber('changeCutoffHours'),
    priceCents: typeNumber('priceCents').optional().describe('Admins only; left out: unchanged (new types: 0)'),
  })
  .register(z.globalRegistry, { id: 'StudioAppointmentTypeRequest' });
export type StudioAppointmentTypeRequest = z.infer<typeof studioAppointmentTypeRequest>;

export const studioAppointmentType = z
  .object({
    id: z.number(),
    name: z.string(),
    durationMinutes: z.number(),
    capacity: z.number(),
    bufferBeforeMinutes: z.number(),
    bufferAfterMinutes: z.number(),
    minimumNoticeHours: z.number(),
    bookingWindowDays: z.number(),
    changeCutoffHours: z.number(),
    priceCents: z.number(),
    active: z.boolean().describe('Inactive types get no new invites'),
  })
  .register(z.globalRegistry, { id: 'StudioAppointmentType' });
export type StudioAppointmentType = z.infer<typeof studioAppointmentType>;

export const studioAppointmentTypesQuery = z.object({
  includeInactive: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true')
    .describe('Also list inactive types and calendars'),
});

/** GET /api/studio/appointment-types: the types (and calendars) booking invites can be for. */
export const studioAppointmentTypesResponse = z
  .object({
    types: z.array(studioAppointmentType),
    calendars: z.array(z.object({ id: z.number(), name: z.string(), location: z.string(), active: z.boolean() })),
  })
  .register(z.globalRegistry, { id: 'StudioAppointmentTypes' });
export type StudioAppointmentTypes = z.infer<typeof studioAppointmentTypesResponse>;

// --- Invites ---

/**
 * An invite's state: open (not booked yet), used (booked), cancelled (the customer cancelled the
 * booking and may book again from it), expired, revoked (withdrawn by the studio).
 */
export const INVITE_STATUSES = ['open', 'used', 'cancelled', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

/** What happened to an invite: sent, booked (for `appointmentAt`), that booking cancelled, withdrawn. */
export const INVITE_EVENTS = ['sent', 'booked', 'cancelled', 'withdrawn'] as const;
export type InviteEvent = (typeof INVITE_EVENTS)[number];

/** POST /api/studio/appointment-invites: the same as `npm run studio -- invite`. */
export const studioInviteRequest = z
  .object({
    email: studioEmail.describe('The customer (created when new)'),
    name: z.string().trim().max(200).optional().describe('"First Last", for a new customer'),
    appointmentTypeId: idParam,
    calendarIds: z.array(idParam).max(100).default([]).describe('Where it may be booked; empty: every active calendar'),
    expiresInDays: z.number().int().min(0).max(365).default(30).describe('Days the link works (0: never expires)'),
  })
  .register(z.globalRegistry, { id: 'StudioInviteRequest' });
export type StudioInviteRequest = z.input<typeof studioInviteRequest>;

export const studioInvite = z
  .object({
    id: z.string(),
    link: z.string().describe('The booking page the customer opens (/appointment?id=…)'),
    status: z.enum(INVITE_STATUSES).describe('open; used (booked); cancelled (by the customer, may book again); expired; revoked (withdrawn)'),
    customer: z.object({ id: z.number(), email: z.string(), name: z.string() }),
    type: z.object({ id: z.number(), name: z.string() }),
    calendars: z.array(z.object({ id: z.number(), name: z.string() })).nullable().describe('null: every active calendar'),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
    history: z
      .array(
        z.object({
          event: z.enum(INVITE_EVENTS),
          at: z.string(),
          appointmentAt: z.string().nullable().describe('The booking the event is about (booked, cancelled), else null'),
        }),
      )
      .describe('Oldest first'),
  })
  .register(z.globalRegistry, { id: 'StudioInvite' });
export type StudioInvite = z.infer<typeof studioInvite>;

export const studioInvitesQuery = studioPageQuery;
export const studioInvitesResponse = z.object({ items: z.array(studioInvite), total: z.number() }).register(z.globalRegistry, { id: 'StudioInvites' });
export const studioInviteParams = z.object({ id: z.string().min(1).max(100) });
