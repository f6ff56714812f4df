import { createHash, randomBytes } from 'node:crypto';
import {
  type AvailableDays,
  type BookedAppointment,
  type Calendar,
  DEFAULT_STUDIO_TIME_ZONE,
  type InviteSchedule,
  type ManagedBooking,
  type TimeSlot,
  type UserOrder,
  appointmentMessages,
  toDollars,
} from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock';
import { crashPoint } from '../../crash-points';
import type { AppointmentInviteRow, AppointmentRow, AppointmentTypeRow, CalendarRow } from '../../db/schema';
import type { Executor } from '../../db/transaction';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { AppointmentsRepository, InviteWithCustomer } from './appointments.repository';
import {
  type ScheduleInput,
  type Slot,
  availableDays,
  availableSlots,
  isOfferedSlot,
  isSelectableDate,
  isoInZone,
  slotLabel,
  withinBookingWindow,
} from './availability';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** Reminders go out for appointments starting within this many hours ("the day before"). */
export const REMINDER_LEAD_HOURS = 24;

/** Everything a booking mail says about one booking. */
export interface BookingDetails {
  appointment: AppointmentRow;
  calendar: CalendarRow;
  type: AppointmentTypeRow;
  customer: { email: string; firstName: string; lastName: string };
  inviteId: string;
  /** The secret of the manage link (/appointment?id=<invite>&manage=<token>); null when not at hand (reminders, cancel). */
  manageToken: string | null;
  /** Until when the customer may reschedule or cancel. */
  changeableUntil: Date;
}

/**
 * Who is told about bookings: the customer (with the .ics) and the studio. Each mail is queued in the
 * mail outbox with `executor`, the transaction of the change it reports: committed with it, or not at all.
 */
export interface AppointmentNotifications {
  booked(details: BookingDetails, executor: Executor): Promise<void>;
  rescheduled(details: BookingDetails, previous: { startsAt: string; calendar: CalendarRow }, executor: Executor): Promise<void>;
  cancelled(details: BookingDetails, executor: Executor): Promise<void>;
  reminder(details: BookingDetails, now: Date, executor: Executor): Promise<void>;
  /** The .ics of a booking (the booked screen's "Add to calendar"). */
  calendarFile(details: BookingDetails): Promise<string>;
}

export interface AppointmentsServiceOptions {
  /** Current time; tests fix it. */
  now: Clock;
  log?: FastifyBaseLogger;
}

export interface BookRequest {
  activationKey: string;
  datetime: string;
  appointmentTypeID: number;
  firstName: string;
  lastName: string;
  notes: string;
  phone: string;
  calendarId: number;
}

/** The manage link's secret: 32 random bytes; the database keeps only its SHA-256. */
export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** An invite id: base64url of 18 random bytes (24 characters). */
export function newInviteId(): string {
  return randomBytes(18).toString('base64url');
}

/** The calendars an invite may book: its list (null: all), active ones only. */
export function parseCalendarIds(json: string | null): number[] | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is number => typeof v === 'number') : null;
  } catch {
    return null;
  }
}

/**
 * Booking from invite links (issue 14 §1–2): the invite's screen, availability through the pure steps
 * of availability.ts, booking / rescheduling / cancelling in one database transaction each (the slot
 * counter row has the last word on over-booking), the mails, and the reminders.
 */
export class AppointmentsService {
  private readonly now: Clock;
  private readonly log: FastifyBaseLogger | undefined;

  constructor(
    private readonly repository: AppointmentsRepository,
    private readonly notifications: AppointmentNotifications,
    options: AppointmentsServiceOptions,
  ) {
    this.now = options.now;
    this.log = options.log;
  }

  // --- The invite ---

  /** GET /ex/invites/schedule/{id}: null when there is no such invite (204). */
  async inviteSchedule(id: string): Promise<InviteSchedule | null> {
    const invite = await this.repository.findInvite(id);
    if (!invite) return null;
    const type = await this.repository.findType(invite.appointment_type_id);
    if (!type) return null;
    const now = this.now();
    const latest = await this.repository.findByInvite(invite.id);
    // A booking the customer cancelled leaves the invite bookable again (issue 24 §3): it is told, not shown as theirs.
    const appointment = latest?.status === 'booked' ? latest : null;
    const cancelledAppointment = latest?.status === 'cancelled' ? latest : null;
    const calendar = latest
      ? await this.repository.findCalendar(latest.calendar_id)
      : ((await this.calendarsOf(invite))[0] ?? null);
    const timeZone = calendar?.time_zone ?? DEFAULT_STUDIO_TIME_ZONE;
    const lastBookableDate = DateTime.fromJSDate(now, { zone: timeZone }).plus({ days: Number(type.booking_window_days) }).toISODate() ?? '';
    return {
      name: `${invite.first_name} ${invite.last_name}`.trim(),
      appointmentId: appointment?.id ?? null,
      appointmentTypeId: type.id,
      cancelled: invite.cancelled_at !== null,
      appointmentScheduledOn: appointment ? isoInZone(new Date(appointment.starts_at), timeZone) : null,
      cancelledAppointmentOn: cancelledAppointment ? isoInZone(new Date(cancelledAppointment.starts_at), timeZone) : null,
      appointmentTypeName: type.name,
      durationMinutes: Number(type.duration_minutes),
      timeZone,
      lastBookableDate,
      expired: isExpired(invite, now),
      firstName: invite.first_name,
      lastName: invite.last_name,
      email: invite.email,
      calendarId: appointment?.calendar_id ?? null,
    };
  }

  /** GET /invites/GetCalendarsByUser: null when there is no such invite (204). */
  async calendarsOfInvite(activationKey: string): Promise<Calendar[] | null> {
    const invite = await this.repository.findInvite(activationKey);
    if (!invite) return null;
    return (await this.calendarsOf(invite)).map((c) => ({ id: c.id, name: c.name, location: c.location }));
  }

  // --- Availability ---

  /** POST /ex/invites/GetAvailableTimes: the free slots of one day ([] → 204). */
  async availableTimes(request: { appointmentTypeId: number; appointmentDate: string; calendarId: number }): Promise<TimeSlot[]> {
    const type = await this.activeType(request.appointmentTypeId);
    const calendar = await this.bookableCalendar(request.calendarId);
    const now = this.now();
    this.assertBookableDate(request.appointmentDate, calendar.time_zone, type, now);
    const input = await this.scheduleInput(this.repository, calendar, type, request.appointmentDate, now);
    return availableSlots(input).map((slot) => this.timeSlot(slot, calendar.time_zone));
  }

  /** POST /ex/invites/GetAvailableDays: the month's days with a free slot. */
  async availableDays(request: { appointmentTypeId: number; calendarId: number; month: string }): Promise<AvailableDays> {
    const type = await this.activeType(request.appointmentTypeId);
    const calendar = await this.bookableCalendar(request.calendarId);
    const first = DateTime.fromISO(`${request.month}-01`, { zone: calendar.time_zone });
    if (!first.isValid) throw new ValidationError(appointmentMessages.dateInvalid);
    const last = first.endOf('month');
    const [hours, exceptions, bookings] = await Promise.all([
      this.repository.listHours(calendar.id),
      this.repository.listExceptions(calendar.id, first.toISODate() ?? '', last.toISODate() ?? ''),
      this.repository.bookingsBetween(calendar.id, new Date(first.toMillis() - 2 * DAY_MS).toISOString(), new Date(last.toMillis() + 2 * DAY_MS).toISOString()),
    ]);
    const days = availableDays({
      month: request.month,
      timeZone: calendar.time_zone,
      hours: hours.map(toOpeningHours),
      exceptions: exceptions.map(toDateException),
      type: toRules(type),
      bookings: bookings.map(toExistingBooking),
      now: this.now(),
    });
    return { month: request.month, timeZone: calendar.time_zone, days };
  }

  // --- Booking ---

  /**
   * POST /ex/invites/Appointment: books a free slot for the invite, in one transaction with its mails
   * (queued in the outbox: the confirmation carries the manage link's only copy of its token).
   */
  async book(request: BookRequest): Promise<BookedAppointment> {
    const start = parseInstant(request.datetime);
    const token = randomBytes(32).toString('base64url');
    const now = this.now();
    const booked = await this.repository.transaction(async (tx, trx) => {
      // First the calendar's lock: concurrent bookings of one calendar re-check one after another.
      await tx.lockCalendar(request.calendarId);
      const invite = await tx.findInvite(request.activationKey);
      if (!invite) throw new NotFoundError(appointmentMessages.noInvite);
      if (invite.cancelled_at !== null) throw new ConflictError(appointmentMessages.inviteCancelled);
      if (isExpired(invite, now)) throw new ConflictError(appointmentMessages.inviteExpired);
      const existing = await tx.findByInvite(invite.id);
      // A cancelled booking does not use the invite up: the customer may book again until the studio withdraws it.
      if (existing?.status === 'booked') throw new ConflictError(appointmentMessages.alreadyBooked);

      const type = await tx.findType(request.appointmentTypeID);
      if (!type || type.active !== 1) throw new NotFoundError(appointmentMessages.unknownAppointmentType);
      if (type.id !== invite.appointment_type_id) throw new ValidationError(appointmentMessages.appointmentTypeNotOffered);
      const calendar = (await this.calendarsOf(invite, tx)).find((c) => c.id === request.calendarId);
      if (!calendar) throw new ForbiddenError(appointmentMessages.calendarNotOffered);

      const slot = await this.recheckSlot(tx, calendar, type, start, now, null);
      const startsAt = slot.start.toISOString();
      await tx.ensureSlotCounter(calendar.id, startsAt, Number(type.capacity));
      if (!(await tx.takeSlotPlace(calendar.id, startsAt))) throw new ConflictError(appointmentMessages.slotTaken);
      let appointment: AppointmentRow;
      try {
        appointment = await tx.insertAppointment(
          {
            inviteId: invite.id,
            userId: invite.user_id,
            calendarId: calendar.id,
            appointmentTypeId: type.id,
            startsAt,
            endsAt: slot.end.toISOString(),
            firstName: request.firstName.trim(),
            lastName: request.lastName.trim(),
            phone: request.phone.trim(),
            notes: request.notes.trim(),
            manageTokenHash: hashManageToken(token),
            priceCents: Number(type.price_cents),
          },
          now.toISOString(),
        );
      } catch (error) {
        // The invite's other request booked first (one booked appointment per invite).
        if (isUniqueViolation(error)) throw new ConflictError(appointmentMessages.alreadyBooked, { cause: error });
        throw error;
      }
      await this.notifications.booked(this.details(appointment, calendar, type, invite, token), trx);
      return { appointment, calendar, type };
    });
    // Test hook (crash-points.ts): killed once the booking and its mails are committed, before the answer.
    crashPoint('booking-after-insert');
    return this.bookedAppointment(booked.appointment, booked.calendar, booked.type);
  }

  // --- Managing a booking from its mail ---

  /** GET /ex/appointments/manage/{token}. */
  async managed(token: string): Promise<ManagedBooking> {
    const appointment = await this.repository.findByManageTokenHash(hashManageToken(token));
    if (!appointment) throw new NotFoundError(appointmentMessages.bookingNotFound);
    return this.managedBooking(this.repository, appointment);
  }

  /** POST /ex/appointments/manage/{token}/reschedule: moves the booking to a free slot (same rules as booking). */
  async reschedule(token: string, request: { datetime: string; calendarId: number }): Promise<ManagedBooking> {
    const start = parseInstant(request.datetime);
    const now = this.now();
    const hash = hashManageToken(token);
    const found = await this.repository.findByManageTokenHash(hash);
    if (!found) throw new NotFoundError(appointmentMessages.bookingNotFound);

    const outcome = await this.repository.transaction(async (tx, trx) => {
      // Both calendars' locks, in id order (no deadlock between two moves in opposite directions).
      for (const id of [...new Set([found.calendar_id, request.calendarId])].sort((a, b) => a - b)) await tx.lockCalendar(id);
      const appointment = await tx.findByManageTokenHash(hash);
      if (!appointment) throw new NotFoundError(appointmentMessages.bookingNotFound);
      if (appointment.status !== 'booked') throw new ConflictError(appointmentMessages.bookingAlreadyCancelled);
      const type = await tx.findType(appointment.appointment_type_id);
      const invite = await tx.findInvite(appointment.invite_id);
      const previousCalendar = await tx.findCalendar(appointment.calendar_id);
      if (!type || !invite || !previousCalendar) throw new NotFoundError(appointmentMessages.bookingNotFound);
      this.assertChangeable(appointment, type, now);
      const calendar = (await this.calendarsOf(invite, tx)).find((c) => c.id === request.calendarId);
      if (!calendar) throw new ForbiddenError(appointmentMessages.calendarNotOffered);
      if (calendar.id === appointment.calendar_id && start.getTime() === new Date(appointment.starts_at).getTime()) {
        return { appointment };
      }

      const slot = await this.recheckSlot(tx, calendar, type, start, now, appointment.id);
      const startsAt = slot.start.toISOString();
      await tx.ensureSlotCounter(calendar.id, startsAt, Number(type.capacity));
      if (!(await tx.takeSlotPlace(calendar.id, startsAt))) throw new ConflictError(appointmentMessages.slotTaken);
      await tx.releaseSlotPlace(appointment.calendar_id, appointment.starts_at);
      const moved = await tx.moveAppointment(appointment.id, { calendarId: calendar.id, startsAt, endsAt: slot.end.toISOString() }, now.toISOString());
      if (!moved) throw new ConflictError(appointmentMessages.bookingAlreadyCancelled);
      const previous = { startsAt: appointment.starts_at, calendar: previousCalendar };
      await this.notifications.rescheduled(this.details(moved, calendar, type, invite, token), previous, trx);
      return { appointment: moved };
    });
    return this.managedBooking(this.repository, outcome.appointment);
  }

  /** POST /ex/appointments/manage/{token}/cancel: cancels the booking and frees its place. */
  async cancel(token: string): Promise<ManagedBooking> {
    const now = this.now();
    const hash = hashManageToken(token);
    const found = await this.repository.findByManageTokenHash(hash);
    if (!found) throw new NotFoundError(appointmentMessages.bookingNotFound);
    const outcome = await this.repository.transaction(async (tx, trx) => {
      await tx.lockCalendar(found.calendar_id);
      const appointment = await tx.findByManageTokenHash(hash);
      if (!appointment) throw new NotFoundError(appointmentMessages.bookingNotFound);
      if (appointment.status !== 'booked') throw new ConflictError(appointmentMessages.bookingAlreadyCancelled);
      const type = await tx.findType(appointment.appointment_type_id);
      const invite = await tx.findInvite(appointment.invite_id);
      const calendar = await tx.findCalendar(appointment.calendar_id);
      if (!type || !invite || !calendar) throw new NotFoundError(appointmentMessages.bookingNotFound);
      this.assertChangeable(appointment, type, now);
      const cancelled = await tx.cancelAppointment(appointment.id, now.toISOString());
      if (!cancelled) throw new ConflictError(appointmentMessages.bookingAlreadyCancelled);
      await tx.releaseSlotPlace(appointment.calendar_id, appointment.starts_at);
      await this.notifications.cancelled(this.details(cancelled, calendar, type, invite, null), trx);
      return { appointment: cancelled };
    });
    return this.managedBooking(this.repository, outcome.appointment);
  }

  /** GET /ex/appointments/calendar/{inviteId}: the invite's booking as an .ics (404 when there is none). */
  async inviteCalendarFile(inviteId: string): Promise<string> {
    const invite = await this.repository.findInvite(inviteId);
    const appointment = invite ? await this.repository.findByInvite(invite.id) : null;
    if (!invite || !appointment) throw new NotFoundError(appointmentMessages.bookingNotFound);
    const [calendar, type] = await Promise.all([this.repository.findCalendar(appointment.calendar_id), this.repository.findType(appointment.appointment_type_id)]);
    if (!calendar || !type) throw new NotFoundError(appointmentMessages.bookingNotFound);
    return this.notifications.calendarFile(this.details(appointment, calendar, type, invite, null));
  }

  // --- Reminders ---

  /**
   * The sweep of the reminder job (reminder-job.ts): claims the reminder of every booked appointment
   * starting within REMINDER_LEAD_HOURS that nobody claimed, each with a conditional UPDATE, so of
   * several instances sharing the database exactly one claims it. A booking made (or moved) inside
   * that window needs none (its confirmation was just sent): claimed, never sent. Answers the
   * appointments whose reminder mail is to be sent (one job each) and the time of the sweep.
   */
  async claimDueReminders(now: Date = this.now()): Promise<{ at: Date; appointmentIds: number[] }> {
    const due = await this.repository.dueReminders(now.toISOString(), new Date(now.getTime() + REMINDER_LEAD_HOURS * HOUR_MS).toISOString());
    const appointmentIds: number[] = [];
    for (const { id, starts_at: startsAt, updated_at: updatedAt } of due) {
      if (!(await this.repository.claimReminder(id, now.toISOString()))) continue;
      if (Date.parse(updatedAt) > Date.parse(startsAt) - REMINDER_LEAD_HOURS * HOUR_MS) continue;
      appointmentIds.push(id);
    }
    return { at: now, appointmentIds };
  }

  /**
   * The reminder job's handler: queues the reminder of one claimed appointment, once: marked sent and
   * queued in the mail outbox in one transaction. Nothing when it was cancelled, moved (its claim was
   * given back: a later sweep claims it again), already sent, has begun, or was moved inside the
   * window. `at`: when the sweep found it due; the mail speaks of the later of that and now. True when
   * it queued the mail (the outbox delivers it, with retries).
   */
  async sendReminder(appointmentId: number, at: Date): Promise<boolean> {
    const now = new Date(Math.max(at.getTime(), this.now().getTime()));
    const appointment = await this.repository.findById(appointmentId);
    if (!appointment || appointment.status !== 'booked' || appointment.reminder_claimed_at === null || appointment.reminder_sent_at !== null) return false;
    const startsAt = Date.parse(appointment.starts_at);
    if (startsAt <= now.getTime() || Date.parse(appointment.updated_at) > startsAt - REMINDER_LEAD_HOURS * HOUR_MS) return false;
    const [calendar, type, invite] = await Promise.all([
      this.repository.findCalendar(appointment.calendar_id),
      this.repository.findType(appointment.appointment_type_id),
      this.repository.findInvite(appointment.invite_id),
    ]);
    if (!calendar || !type || !invite) return false;
    return this.repository.transaction(async (tx, trx) => {
      if (!(await tx.markReminderSent(appointmentId, now.toISOString()))) return false;
      await this.notifications.reminder(this.details(appointment, calendar, type, invite, null), now, trx);
      return true;
    });
  }

  /** Gives a claimed reminder back when its job could not be queued, so that the next sweep tries again. */
  async releaseReminder(appointmentId: number): Promise<void> {
    await this.repository.releaseReminderClaim(appointmentId);
  }

  // --- Invoices ---

  /** The customer's booked appointments as invoice rows (GET /users/user-orders/details/{userId}). */
  async invoiceRows(userId: number): Promise<UserOrder[]> {
    const rows = await this.repository.listInvoiceAppointments(userId);
    return rows.map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      email: row.email,
      datetime: row.starts_at,
      type: row.type_name,
      priceSold: toDollars(Number(row.price_cents)),
    }));
  }

  // --- Steps ---

  /** The invite's calendars: its list (null: every active calendar), active ones only, in id order. */
  private async calendarsOf(invite: AppointmentInviteRow, repository: AppointmentsRepository = this.repository): Promise<CalendarRow[]> {
    const active = await repository.listCalendars({ activeOnly: true });
    const allowed = parseCalendarIds(invite.calendar_ids);
    return allowed === null ? active : active.filter((c) => allowed.includes(c.id));
  }

  private async activeType(id: number): Promise<AppointmentTypeRow> {
    const type = await this.repository.findType(id);
    if (!type || type.active !== 1) throw new NotFoundError(appointmentMessages.unknownAppointmentType);
    return type;
  }

  private async bookableCalendar(id: number): Promise<CalendarRow> {
    const calendar = await this.repository.findCalendar(id);
    if (!calendar || calendar.active !== 1) throw new ValidationError(appointmentMessages.calendarNotOffered);
    return calendar;
  }

  /** 400 for a malformed date, one before today (UTC, spec §5), or one past the booking window. */
  private assertBookableDate(date: string, timeZone: string, type: AppointmentTypeRow, now: Date): void {
    if (!DateTime.fromISO(date, { zone: 'utc' }).isValid) throw new ValidationError(appointmentMessages.dateInvalid);
    if (!isSelectableDate(date, now)) throw new ValidationError(appointmentMessages.dateInPast);
    if (!withinBookingWindow(date, timeZone, now, Number(type.booking_window_days))) {
      const today = DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? '';
      throw new ValidationError(date < today ? appointmentMessages.dateInPast : appointmentMessages.dateTooFar);
    }
  }

  /**
   * Inside the booking transaction: the slot starting at `start` must be offered with the bookings read
   * now. 409 when it is a slot of the day that others filled meanwhile; 400 when it is no slot at all.
   */
  private async recheckSlot(
    tx: AppointmentsRepository,
    calendar: CalendarRow,
    type: AppointmentTypeRow,
    start: Date,
    now: Date,
    excludeAppointmentId: number | null,
  ): Promise<Slot> {
    const date = DateTime.fromJSDate(start, { zone: calendar.time_zone }).toISODate() ?? '';
    this.assertBookableDate(date, calendar.time_zone, type, now);
    const input = await this.scheduleInput(tx, calendar, type, date, now, excludeAppointmentId);
    const slot = isOfferedSlot(input, start);
    if (slot) return slot;
    if (isOfferedSlot({ ...input, bookings: [] }, start)) throw new ConflictError(appointmentMessages.slotTaken);
    throw new ValidationError(appointmentMessages.timeNotOffered);
  }

  private async scheduleInput(
    repository: AppointmentsRepository,
    calendar: CalendarRow,
    type: AppointmentTypeRow,
    date: string,
    now: Date,
    excludeAppointmentId: number | null = null,
  ): Promise<ScheduleInput> {
    const dayStart = Date.parse(`${date}T00:00:00Z`);
    const [hours, exceptions, bookings] = await Promise.all([
      repository.listHours(calendar.id),
      repository.listExceptions(calendar.id, date, date),
      repository.bookingsBetween(calendar.id, new Date(dayStart - 2 * DAY_MS).toISOString(), new Date(dayStart + 3 * DAY_MS).toISOString()),
    ]);
    return {
      date,
      timeZone: calendar.time_zone,
      hours: hours.map(toOpeningHours),
      exceptions: exceptions.map(toDateException),
      type: toRules(type),
      bookings: bookings.filter((b) => b.id !== excludeAppointmentId).map(toExistingBooking),
      now,
    };
  }

  private assertChangeable(appointment: AppointmentRow, type: AppointmentTypeRow, now: Date): void {
    if (now.getTime() > changeableUntil(appointment, type).getTime()) throw new ConflictError(appointmentMessages.changeTooLate);
  }

  private timeSlot(slot: Slot, timeZone: string): TimeSlot {
    return { time: isoInZone(slot.start, timeZone), label: slotLabel(slot.start, timeZone), remaining: slot.remaining };
  }

  private bookedAppointment(appointment: AppointmentRow, calendar: CalendarRow, type: AppointmentTypeRow): BookedAppointment {
    return {
      firstName: appointment.first_name,
      datetime: isoInZone(new Date(appointment.starts_at), calendar.time_zone),
      appointmentId: appointment.id,
      calendarId: calendar.id,
      location: calendar.location,
      timeZone: calendar.time_zone,
      durationMinutes: Number(type.duration_minutes),
    };
  }

  private async managedBooking(repository: AppointmentsRepository, appointment: AppointmentRow): Promise<ManagedBooking> {
    const [calendar, type] = await Promise.all([repository.findCalendar(appointment.calendar_id), repository.findType(appointment.appointment_type_id)]);
    if (!calendar || !type) throw new NotFoundError(appointmentMessages.bookingNotFound);
    return {
      ...this.bookedAppointment(appointment, calendar, type),
      status: appointment.status,
      appointmentTypeId: type.id,
      appointmentTypeName: type.name,
      inviteId: appointment.invite_id,
      changeableUntil: isoInZone(changeableUntil(appointment, type), calendar.time_zone),
    };
  }

  private details(
    appointment: AppointmentRow,
    calendar: CalendarRow,
    type: AppointmentTypeRow,
    invite: InviteWithCustomer,
    token: string | null,
  ): BookingDetails {
    return {
      appointment,
      calendar,
      type,
      customer: { email: invite.email, firstName: appointment.first_name, lastName: appointment.last_name },
      inviteId: invite.id,
      manageToken: token,
      changeableUntil: changeableUntil(appointment, type),
    };
  }

}

function isExpired(invite: AppointmentInviteRow, now: Date): boolean {
  return invite.expires_at !== null && invite.expires_at <= now.toISOString();
}

function changeableUntil(appointment: AppointmentRow, type: AppointmentTypeRow): Date {
  return new Date(new Date(appointment.starts_at).getTime() - Number(type.change_cutoff_hours) * HOUR_MS);
}

function parseInstant(value: string): Date {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw new ValidationError(appointmentMessages.dateInvalid);
  return date;
}

function toOpeningHours(row: { weekday: number; start_minute: number; end_minute: number }): ScheduleInput['hours'][number] {
  return { weekday: Number(row.weekday) as ScheduleInput['hours'][number]['weekday'], startMinute: Number(row.start_minute), endMinute: Number(row.end_minute) };
}

function toDateException(row: { date: string; kind: 'closed' | 'open'; start_minute: number | null; end_minute: number | null }): ScheduleInput['exceptions'][number] {
  return {
    date: row.date,
    kind: row.kind,
    ...(row.start_minute !== null ? { startMinute: Number(row.start_minute) } : {}),
    ...(row.end_minute !== null ? { endMinute: Number(row.end_minute) } : {}),
  };
}

function toRules(type: AppointmentTypeRow): ScheduleInput['type'] {
  return {
    durationMinutes: Number(type.duration_minutes),
    bufferBeforeMinutes: Number(type.buffer_before_minutes),
    bufferAfterMinutes: Number(type.buffer_after_minutes),
    capacity: Number(type.capacity),
    minimumNoticeHours: Number(type.minimum_notice_hours),
    bookingWindowDays: Number(type.booking_window_days),
  };
}

function toExistingBooking(booking: { startsAt: string; endsAt: string; bufferBeforeMinutes: number; bufferAfterMinutes: number }): ScheduleInput['bookings'][number] {
  return {
    start: new Date(booking.startsAt),
    end: new Date(booking.endsAt),
    bufferBeforeMinutes: booking.bufferBeforeMinutes,
    bufferAfterMinutes: booking.bufferAfterMinutes,
  };
}
