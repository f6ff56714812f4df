import {
  APPOINTMENT_TYPE_LIMITS,
  type AppointmentTypeNumber,
  DEFAULT_STUDIO_TIME_ZONE,
  clockTimeMinutes,
  isAppointmentTypeNumber,
  isCalendarDay,
  isIanaTimeZone,
  studioBookingMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { AppointmentInviteRow, AppointmentTypeRow, CalendarRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Executor } from '../../db/transaction';
import type { MailQueue } from '../../mail/outbox';
import { brandedMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';
import { AppointmentsRepository } from './appointments.repository';
import { newInviteId } from './appointments.service';

/** Creates (or finds) a customer by e-mail, as the photo import does (CustomerInvitations.findOrCreate). */
export interface CustomerFinder {
  /** `executor`: the caller's transaction, to find or create the customer in it. */
  findOrCreate(email: string, names?: { firstName?: string; lastName?: string }, executor?: Executor): Promise<{ user: UserRow; created: boolean }>;
}

export interface NewCalendar {
  name: string;
  location: string;
  timeZone?: string;
}

export interface NewAppointmentType {
  name: string;
  durationMinutes: number;
  capacity: number;
  bufferBeforeMinutes?: number;
  bufferAfterMinutes?: number;
  minimumNoticeHours?: number;
  bookingWindowDays?: number;
  changeCutoffHours?: number;
  priceCents?: number;
}

export interface NewInvite {
  email: string;
  /** The type's name or id. */
  type: string;
  /** Calendars' ids or names; empty: every active calendar. */
  calendars?: string[];
  /** Days until it expires; null: never. */
  expiresDays?: number | null;
  /** "First Last" for a new customer. */
  name?: string;
  /** Mail the link to the customer (default true). */
  mail?: boolean;
  /** A fixed id (the demo seed's); otherwise a random one. */
  id?: string;
}

export interface CreatedInvite {
  invite: AppointmentInviteRow;
  customer: UserRow;
  customerCreated: boolean;
  link: string;
}

/** "09:00" → 540; "17:30" → 1050; "24:00" → 1440. */
export function parseClockTime(value: string): number {
  const minutes = clockTimeMinutes(value);
  if (minutes === null) throw new ValidationError(`"${value}" is not a time of day (HH:MM)`);
  return minutes;
}

/** A range of the day as minutes; refused when it does not run forwards. */
function parseRange(range: { from: string; to: string }): { startMinute: number; endMinute: number } {
  const startMinute = parseClockTime(range.from);
  const endMinute = parseClockTime(range.to);
  if (startMinute >= endMinute) throw new ValidationError(studioBookingMessages.rangeBackwards);
  return { startMinute, endMinute };
}

/** A type's number within the contract's bounds (APPOINTMENT_TYPE_LIMITS), or the default when left out. */
function typeNumber(value: number | undefined, field: AppointmentTypeNumber, what: string, fallback: number): number {
  if (value === undefined) return fallback;
  const { min, max } = APPOINTMENT_TYPE_LIMITS[field];
  if (!isAppointmentTypeNumber(field, value)) throw new ValidationError(`${what} must be a whole number from ${min} to ${max}`);
  return value;
}

function calendarValues(calendar: NewCalendar) {
  const timeZone = calendar.timeZone?.trim() || DEFAULT_STUDIO_TIME_ZONE;
  if (!isIanaTimeZone(timeZone)) throw new ValidationError(`"${timeZone}" is not an IANA time zone (e.g. America/Chicago)`);
  if (!calendar.name.trim() || !calendar.location.trim()) throw new ValidationError('a calendar needs a name and a location');
  return { name: calendar.name.trim(), location: calendar.location.trim(), time_zone: timeZone };
}

function typeValues(type: NewAppointmentType) {
  if (!type.name.trim()) throw new ValidationError('an appointment type needs a name');
  return {
    name: type.name.trim(),
    duration_minutes: typeNumber(type.durationMinutes, 'durationMinutes', '--duration', 0),
    capacity: typeNumber(type.capacity, 'capacity', '--capacity', 1),
    buffer_before_minutes: typeNumber(type.bufferBeforeMinutes, 'bufferBeforeMinutes', '--buffer-before', 0),
    buffer_after_minutes: typeNumber(type.bufferAfterMinutes, 'bufferAfterMinutes', '--buffer-after', 0),
    minimum_notice_hours: typeNumber(type.minimumNoticeHours, 'minimumNoticeHours', '--notice-hours', 0),
    booking_window_days: typeNumber(type.bookingWindowDays, 'bookingWindowDays', '--window-days', 60),
    change_cutoff_hours: typeNumber(type.changeCutoffHours, 'changeCutoffHours', '--cutoff-hours', 24),
    price_cents: typeNumber(type.priceCents, 'priceCents', '--price', 0),
  };
}

/** "1-5" → [1..5]; "1,3,5" → [1,3,5]; weekday 1 = Monday … 7 = Sunday. */
export function parseWeekdays(value: string): number[] {
  const days = new Set<number>();
  for (const part of value.split(',')) {
    const range = /^\s*([1-7])\s*(?:-\s*([1-7])\s*)?$/.exec(part);
    if (!range) throw new ValidationError(`"${value}" is not a weekday list (1 = Monday … 7 = Sunday, e.g. 1-5)`);
    const from = Number(range[1]);
    const to = Number(range[2] ?? range[1]);
    if (to < from) throw new ValidationError(`"${part}" runs backwards`);
    for (let d = from; d <= to; d++) days.add(d);
  }
  return [...days].sort();
}

/**
 * What the studio manages behind booking (issue 14 §2), until the dashboard exists: calendars, their
 * hours and closed days, appointment types, and invites (created, mailed, their link printed).
 */
export class AppointmentsStudio {
  constructor(
    private readonly repository: AppointmentsRepository,
    private readonly customers: CustomerFinder,
    /** Where invite mails are queued; null: invites are not mailed (tests, tools). */
    private readonly outbox: MailQueue | null,
    private readonly branding: Pick<BrandingService, 'mailBranding'> | null,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  listCalendars(): Promise<CalendarRow[]> {
    return this.repository.listCalendars();
  }

  async addCalendar(calendar: NewCalendar): Promise<CalendarRow> {
    return this.repository.insertCalendar({ ...calendarValues(calendar), created_at: this.clock().toISOString() });
  }

  async updateCalendar(id: number, calendar: NewCalendar): Promise<CalendarRow> {
    const row = await this.repository.updateCalendar(id, calendarValues(calendar));
    if (!row) throw new NotFoundError(studioBookingMessages.calendarNotFound);
    return row;
  }

  async setCalendarActive(id: number, active: boolean): Promise<CalendarRow> {
    const row = await this.repository.setCalendarActive(id, active);
    if (!row) throw new NotFoundError(studioBookingMessages.calendarNotFound);
    return row;
  }

  /** Replaces the whole week's opening hours (weekdays left out are closed). */
  async setWeek(ref: string, days: { weekday: number; ranges: { from: string; to: string }[] }[]): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    const ranges = days.flatMap((day) => day.ranges.map((range) => ({ weekday: day.weekday, ...parseRange(range) })));
    await this.repository.replaceWeekHours(calendar.id, ranges);
    return calendar;
  }

  /** A date closed (whole day), or open at these ranges instead of what its weekday has. */
  async setDateRanges(ref: string, date: string, kind: 'closed' | 'open', ranges: { from: string; to: string }[]): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    if (!isCalendarDay(date)) throw new ValidationError('--date must be YYYY-MM-DD');
    if (kind === 'open' && ranges.length === 0) throw new ValidationError(studioBookingMessages.openNeedsHours);
    await this.repository.setExceptionRanges(calendar.id, date, kind, kind === 'open' ? ranges.map(parseRange) : []);
    return calendar;
  }

  async removeDate(ref: string, date: string): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    if (!(await this.repository.deleteExceptions(calendar.id, date))) throw new NotFoundError(studioBookingMessages.exceptionNotFound);
    return calendar;
  }

  /** A calendar by id or name. */
  async calendar(ref: string, repository: AppointmentsRepository = this.repository): Promise<CalendarRow> {
    const byId = /^\d+$/.test(ref) ? await repository.findCalendar(Number(ref)) : null;
    const calendar = byId ?? (await repository.findCalendarByName(ref));
    if (!calendar) throw new NotFoundError(`no calendar "${ref}"`);
    return calendar;
  }

  async setHours(ref: string, weekdays: number[], from: string, to: string): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    const { startMinute, endMinute } = parseRange({ from, to });
    await this.repository.setHours(calendar.id, weekdays, startMinute, endMinute);
    return calendar;
  }

  setDate(ref: string, date: string, hours: { from: string; to: string } | null): Promise<CalendarRow> {
    return hours ? this.setDateRanges(ref, date, 'open', [hours]) : this.setDateRanges(ref, date, 'closed', []);
  }

  hoursOf(calendarId: number) {
    return this.repository.listHours(calendarId);
  }

  listTypes(): Promise<AppointmentTypeRow[]> {
    return this.repository.listTypes();
  }

  async addType(type: NewAppointmentType): Promise<AppointmentTypeRow> {
    const values = typeValues(type);
    try {
      return await this.repository.insertType({ ...values, created_at: this.clock().toISOString() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`an appointment type "${values.name}" exists already`, { cause: error });
      throw error;
    }
  }

  /** Changes every value of a type (priceCents left out: unchanged). */
  async updateType(id: number, type: Omit<NewAppointmentType, 'priceCents'> & { priceCents?: number }): Promise<AppointmentTypeRow> {
    const { price_cents, ...values } = typeValues(type);
    let row: AppointmentTypeRow | null;
    try {
      row = await this.repository.updateType(id, type.priceCents === undefined ? values : { ...values, price_cents });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`an appointment type "${values.name}" exists already`, { cause: error });
      throw error;
    }
    if (!row) throw new NotFoundError(studioBookingMessages.typeNotFound);
    return row;
  }

  async setTypeActive(id: number, active: boolean): Promise<AppointmentTypeRow> {
    const row = await this.repository.updateType(id, { active: active ? 1 : 0 });
    if (!row) throw new NotFoundError(studioBookingMessages.typeNotFound);
    return row;
  }

  /** A type by id or name. */
  async type(ref: string, repository: AppointmentsRepository = this.repository): Promise<AppointmentTypeRow> {
    const byId = /^\d+$/.test(ref) ? await repository.findType(Number(ref)) : null;
    const type = byId ?? (await repository.findTypeByName(ref));
    if (!type) throw new NotFoundError(`no appointment type "${ref}"`);
    return type;
  }

  /**
   * Creates an invite for a customer (created when new), mails its link, and answers it. The invite and
   * its mail (queued in the outbox) are one transaction; `executor`: the caller's, to join it.
   */
  async invite(request: NewInvite, executor?: Executor): Promise<CreatedInvite> {
    const repository = executor ? new AppointmentsRepository(executor) : this.repository;
    const type = await this.type(request.type, repository);
    const calendars = await Promise.all((request.calendars ?? []).map((ref) => this.calendar(ref, repository)));
    const [firstName, ...rest] = (request.name ?? '').trim().split(/\s+/).filter(Boolean);
    const names = { ...(firstName ? { firstName } : {}), ...(rest.length ? { lastName: rest.join(' ') } : {}) };
    const { user, created } = await this.customers.findOrCreate(request.email, names, executor);
    const now = this.clock();
    const expiresDays = request.expiresDays === undefined ? 30 : request.expiresDays;
    const invite = await repository.transaction(async (tx, trx) => {
      const row = await tx.insertInvite({
        id: request.id ?? newInviteId(),
        userId: user.id,
        appointmentTypeId: type.id,
        calendarIds: calendars.length ? [...new Set(calendars.map((c) => c.id))] : null,
        expiresAt: expiresDays === null ? null : new Date(now.getTime() + expiresDays * 24 * 3_600_000).toISOString(),
        createdAt: now.toISOString(),
      });
      if (request.mail !== false) await this.mailInvite(row, user, type, trx);
      return row;
    });
    return { invite, customer: user, customerCreated: created, link: this.inviteLink(invite.id) };
  }

  /** Queues the mail of an invite's link to its customer (a new invite, or the studio's resend), with `executor`. */
  async mailInvite(invite: AppointmentInviteRow, customer: { email: string; first_name: string }, type: AppointmentTypeRow, executor?: Executor): Promise<void> {
    if (!this.outbox || !this.branding) return;
    const branding = await this.branding.mailBranding(executor);
    const mail = brandedMail(customer.email, branding, {
      subject: `Book your ${type.name} with ${branding.studioName}`,
      greeting: customer.first_name ? `Hi ${customer.first_name},` : 'Hi,',
      paragraphs: [`${branding.studioName} invites you to book your ${type.name} (${type.duration_minutes} minutes). Pick a place, a day and a time that suit you.`],
      action: { label: 'Book my appointment', url: this.inviteLink(invite.id) },
      afterAction: invite.expires_at
        ? `The link works until ${invite.expires_at.slice(0, 10)}.`
        : 'You will get a confirmation with a calendar file once you have booked.',
    });
    await this.outbox.enqueue({ ...mail, kind: 'booking-invite' }, executor);
  }

  inviteLink(inviteId: string): string {
    return `${this.publicUrl}/appointment?id=${encodeURIComponent(inviteId)}`;
  }
}
