import { DEFAULT_STUDIO_TIME_ZONE } from '@studio-gallery/contract';
import { IANAZone } from 'luxon';
import type { Clock } from '../../clock';
import type { AppointmentInviteRow, AppointmentTypeRow, CalendarRow, UserRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { Mailer } from '../../mail/mailer';
import { brandedMail } from '../../mail/templates';
import type { BrandingService } from '../branding/branding.service';
import type { AppointmentsRepository } from './appointments.repository';
import { newInviteId } from './appointments.service';

/** Creates (or finds) a customer by e-mail, as the photo import does (CustomerInvitations.findOrCreate). */
export interface CustomerFinder {
  findOrCreate(email: string, names?: { firstName?: string; lastName?: string }): Promise<{ user: UserRow; created: boolean }>;
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
  const match = /^(\d{1,2}):(\d{2})$/.exec(value.trim());
  const minutes = match ? Number(match[1]) * 60 + Number(match[2]) : Number.NaN;
  if (!match || Number(match[2]) >= 60 || minutes > 1440) throw new ValidationError(`"${value}" is not a time of day (HH:MM)`);
  return minutes;
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
    private readonly mailer: Mailer | null,
    private readonly branding: BrandingService | null,
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  listCalendars(): Promise<CalendarRow[]> {
    return this.repository.listCalendars();
  }

  async addCalendar(calendar: NewCalendar): Promise<CalendarRow> {
    const timeZone = calendar.timeZone ?? DEFAULT_STUDIO_TIME_ZONE;
    if (!IANAZone.isValidZone(timeZone)) throw new ValidationError(`"${timeZone}" is not an IANA time zone (e.g. America/Chicago)`);
    if (!calendar.name.trim() || !calendar.location.trim()) throw new ValidationError('a calendar needs a name and a location');
    return this.repository.insertCalendar({ name: calendar.name.trim(), location: calendar.location.trim(), time_zone: timeZone, created_at: this.clock().toISOString() });
  }

  /** A calendar by id or name. */
  async calendar(ref: string): Promise<CalendarRow> {
    const byId = /^\d+$/.test(ref) ? await this.repository.findCalendar(Number(ref)) : null;
    const calendar = byId ?? (await this.repository.findCalendarByName(ref));
    if (!calendar) throw new NotFoundError(`no calendar "${ref}"`);
    return calendar;
  }

  async setHours(ref: string, weekdays: number[], from: string, to: string): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    const start = parseClockTime(from);
    const end = parseClockTime(to);
    if (start >= end) throw new ValidationError('--from must be before --to');
    await this.repository.setHours(calendar.id, weekdays, start, end);
    return calendar;
  }

  async setDate(ref: string, date: string, hours: { from: string; to: string } | null): Promise<CalendarRow> {
    const calendar = await this.calendar(ref);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(Date.parse(`${date}T00:00:00Z`))) throw new ValidationError('--date must be YYYY-MM-DD');
    if (hours) {
      const start = parseClockTime(hours.from);
      const end = parseClockTime(hours.to);
      if (start >= end) throw new ValidationError('--from must be before --to');
      await this.repository.setException(calendar.id, date, 'open', start, end);
    } else {
      await this.repository.setException(calendar.id, date, 'closed', null, null);
    }
    return calendar;
  }

  hoursOf(calendarId: number) {
    return this.repository.listHours(calendarId);
  }

  listTypes(): Promise<AppointmentTypeRow[]> {
    return this.repository.listTypes();
  }

  async addType(type: NewAppointmentType): Promise<AppointmentTypeRow> {
    if (!type.name.trim()) throw new ValidationError('an appointment type needs a name');
    const whole = (value: number | undefined, what: string, min: number) => {
      if (value !== undefined && (!Number.isInteger(value) || value < min)) throw new ValidationError(`${what} must be a whole number of at least ${min}`);
      return value;
    };
    whole(type.durationMinutes, '--duration', 1);
    whole(type.capacity, '--capacity', 1);
    try {
      return await this.repository.insertType({
        name: type.name.trim(),
        duration_minutes: type.durationMinutes,
        capacity: type.capacity,
        buffer_before_minutes: whole(type.bufferBeforeMinutes, '--buffer-before', 0) ?? 0,
        buffer_after_minutes: whole(type.bufferAfterMinutes, '--buffer-after', 0) ?? 0,
        minimum_notice_hours: whole(type.minimumNoticeHours, '--notice-hours', 0) ?? 0,
        booking_window_days: whole(type.bookingWindowDays, '--window-days', 1) ?? 60,
        change_cutoff_hours: whole(type.changeCutoffHours, '--cutoff-hours', 0) ?? 24,
        price_cents: whole(type.priceCents, '--price', 0) ?? 0,
        created_at: this.clock().toISOString(),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(`an appointment type "${type.name.trim()}" exists already`, { cause: error });
      throw error;
    }
  }

  /** A type by id or name. */
  async type(ref: string): Promise<AppointmentTypeRow> {
    const byId = /^\d+$/.test(ref) ? await this.repository.findType(Number(ref)) : null;
    const type = byId ?? (await this.repository.findTypeByName(ref));
    if (!type) throw new NotFoundError(`no appointment type "${ref}"`);
    return type;
  }

  /** Creates an invite for a customer (created when new), mails its link, and answers it. */
  async invite(request: NewInvite): Promise<CreatedInvite> {
    const type = await this.type(request.type);
    const calendars = await Promise.all((request.calendars ?? []).map((ref) => this.calendar(ref)));
    const [firstName, ...rest] = (request.name ?? '').trim().split(/\s+/).filter(Boolean);
    const { user, created } = await this.customers.findOrCreate(request.email, {
      ...(firstName ? { firstName } : {}),
      ...(rest.length ? { lastName: rest.join(' ') } : {}),
    });
    const now = this.clock();
    const expiresDays = request.expiresDays === undefined ? 30 : request.expiresDays;
    const invite = await this.repository.insertInvite({
      id: request.id ?? newInviteId(),
      userId: user.id,
      appointmentTypeId: type.id,
      calendarIds: calendars.length ? [...new Set(calendars.map((c) => c.id))] : null,
      expiresAt: expiresDays === null ? null : new Date(now.getTime() + expiresDays * 24 * 3_600_000).toISOString(),
      createdAt: now.toISOString(),
    });
    const link = this.inviteLink(invite.id);
    if (request.mail !== false && this.mailer && this.branding) {
      const branding = await this.branding.mailBranding();
      await this.mailer.send(
        brandedMail(user.email, branding, {
          subject: `Book your ${type.name} with ${branding.studioName}`,
          greeting: user.first_name ? `Hi ${user.first_name},` : 'Hi,',
          paragraphs: [`${branding.studioName} invites you to book your ${type.name} (${type.duration_minutes} minutes). Pick a place, a day and a time that suit you.`],
          action: { label: 'Book my appointment', url: link },
          afterAction: invite.expires_at
            ? `The link works until ${invite.expires_at.slice(0, 10)}.`
            : 'You will get a confirmation with a calendar file once you have booked.',
        }),
      );
    }
    return { invite, customer: user, customerCreated: created, link };
  }

  inviteLink(inviteId: string): string {
    return `${this.publicUrl}/appointment?id=${encodeURIComponent(inviteId)}`;
  }
}
