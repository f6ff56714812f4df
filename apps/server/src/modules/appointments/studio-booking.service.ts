import {
  type CalendarException,
  type CalendarExceptionRequest,
  type DayHours,
  type InviteStatus,
  type StudioAppointmentType,
  type StudioAppointmentTypeRequest,
  type StudioAppointmentTypes,
  type StudioCalendar,
  type StudioCalendarRequest,
  type StudioInvite,
  minutesToClockTime,
  studioBookingMessages,
} from '@studio-gallery/contract';
import { DateTime } from 'luxon';
import type { Clock } from '../../clock';
import type { AppointmentTypeRow, CalendarExceptionRow, CalendarHoursRow, CalendarRow } from '../../db/schema';
import { ConflictError, ForbiddenError, NotFoundError } from '../../errors';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { AppointmentsStudio } from './appointments-studio';
import type { AppointmentsRepository, InviteBookingRow, InviteListRow } from './appointments.repository';

/** Who acts, and whether they may set prices (admins only, issue 15 §1). */
export interface BookingActor {
  actor: ActivityActor;
  role: 'staff' | 'admin';
}

export interface NewStudioInvite {
  email: string;
  name?: string | undefined;
  appointmentTypeId: number;
  calendarIds: number[];
  expiresInDays: number;
}

const FAR_FUTURE = '9999-12-31';

/** The states in which an invite's link still books: resending it makes sense. */
const BOOKABLE_STATUSES: ReadonlySet<InviteStatus> = new Set(['open', 'cancelled']);

function rangeOf(row: { start_minute: number | null; end_minute: number | null }) {
  return { from: minutesToClockTime(row.start_minute ?? 0), to: minutesToClockTime(row.end_minute ?? 1440) };
}

function weekOf(hours: CalendarHoursRow[]): DayHours[] {
  return [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: hours.filter((h) => Number(h.weekday) === weekday).map(rangeOf) }));
}

function exceptionsOf(rows: CalendarExceptionRow[]): CalendarException[] {
  const byDate = new Map<string, CalendarException>();
  for (const row of rows) {
    const entry = byDate.get(row.date) ?? { date: row.date, kind: row.kind, ranges: [] };
    if (row.kind === 'open' || row.start_minute !== null) entry.ranges.push(rangeOf(row));
    byDate.set(row.date, entry);
  }
  return [...byDate.values()];
}

export function toStudioAppointmentType(row: AppointmentTypeRow): StudioAppointmentType {
  return {
    id: Number(row.id),
    name: row.name,
    durationMinutes: Number(row.duration_minutes),
    capacity: Number(row.capacity),
    bufferBeforeMinutes: Number(row.buffer_before_minutes),
    bufferAfterMinutes: Number(row.buffer_after_minutes),
    minimumNoticeHours: Number(row.minimum_notice_hours),
    bookingWindowDays: Number(row.booking_window_days),
    changeCutoffHours: Number(row.change_cutoff_hours),
    priceCents: Number(row.price_cents),
    active: Number(row.active) === 1,
  };
}

/**
 * The studio's booking settings from the dashboard (issue 15 §4): calendars, their week and date
 * exceptions, appointment types and invites. The work is AppointmentsStudio's (shared with the CLI);
 * this adds the dashboard's shapes, the admin-only price rule and the activity log.
 */
export class StudioBookingService {
  constructor(
    private readonly studio: AppointmentsStudio,
    private readonly repository: AppointmentsRepository,
    private readonly activity: Pick<ActivityRepository, 'recordActivity'>,
    private readonly clock: Clock,
  ) {}

  // --- Calendars ---

  async calendars(): Promise<StudioCalendar[]> {
    const rows = await this.repository.listCalendars();
    return Promise.all(rows.map((row) => this.toCalendar(row)));
  }

  async createCalendar(actor: ActivityActor, input: StudioCalendarRequest): Promise<StudioCalendar> {
    const row = await this.studio.addCalendar(input);
    await this.record(actor, 'calendar.create', row.name, { calendarId: row.id, location: row.location, timeZone: row.time_zone });
    return this.toCalendar(row);
  }

  async updateCalendar(actor: ActivityActor, id: number, input: StudioCalendarRequest): Promise<StudioCalendar> {
    const before = await this.calendarRow(id);
    const row = await this.studio.updateCalendar(id, input);
    await this.record(actor, 'calendar.update', row.name, {
      calendarId: id,
      before: { name: before.name, location: before.location, timeZone: before.time_zone },
      after: { name: row.name, location: row.location, timeZone: row.time_zone },
    });
    return this.toCalendar(row);
  }

  async setCalendarActive(actor: ActivityActor, id: number, active: boolean): Promise<StudioCalendar> {
    const before = await this.calendarRow(id);
    const row = await this.studio.setCalendarActive(id, active);
    if (Number(before.active) !== Number(row.active)) await this.record(actor, active ? 'calendar.activate' : 'calendar.deactivate', row.name, { calendarId: id });
    return this.toCalendar(row);
  }

  async setWeek(actor: ActivityActor, id: number, days: DayHours[]): Promise<StudioCalendar> {
    const row = await this.calendarRow(id);
    await this.studio.setWeek(String(id), days);
    await this.record(actor, 'calendar.hours', row.name, { calendarId: id, days });
    return this.toCalendar(row);
  }

  async setException(actor: ActivityActor, id: number, input: CalendarExceptionRequest): Promise<StudioCalendar> {
    const row = await this.calendarRow(id);
    await this.studio.setDateRanges(String(id), input.date, input.kind, input.ranges ?? []);
    await this.record(actor, 'calendar.exception', row.name, { calendarId: id, date: input.date, kind: input.kind, ranges: input.ranges ?? [] });
    return this.toCalendar(row);
  }

  async removeException(actor: ActivityActor, id: number, date: string): Promise<StudioCalendar> {
    const row = await this.calendarRow(id);
    await this.studio.removeDate(String(id), date);
    await this.record(actor, 'calendar.exception.remove', row.name, { calendarId: id, date });
    return this.toCalendar(row);
  }

  // --- Appointment types ---

  async types(includeInactive: boolean): Promise<StudioAppointmentTypes> {
    const [types, calendars] = await Promise.all([this.repository.listTypes(), this.repository.listCalendars({ activeOnly: !includeInactive })]);
    return {
      types: types.filter((t) => includeInactive || Number(t.active) === 1).map(toStudioAppointmentType),
      calendars: calendars.map((c) => ({ id: Number(c.id), name: c.name, location: c.location, active: Number(c.active) === 1 })),
    };
  }

  async createType(who: BookingActor, input: StudioAppointmentTypeRequest): Promise<StudioAppointmentType> {
    if (who.role !== 'admin' && (input.priceCents ?? 0) !== 0) throw new ForbiddenError(studioBookingMessages.priceAdminOnly);
    const row = await this.studio.addType(input);
    await this.record(who.actor, 'appointment-type.create', row.name, { typeId: row.id, ...input });
    return toStudioAppointmentType(row);
  }

  async updateType(who: BookingActor, id: number, input: StudioAppointmentTypeRequest): Promise<StudioAppointmentType> {
    const before = await this.repository.findType(id);
    if (!before) throw new NotFoundError(studioBookingMessages.typeNotFound);
    const priceChanges = input.priceCents !== undefined && input.priceCents !== Number(before.price_cents);
    if (priceChanges && who.role !== 'admin') throw new ForbiddenError(studioBookingMessages.priceAdminOnly);
    const row = await this.studio.updateType(id, input);
    await this.record(who.actor, 'appointment-type.update', row.name, { typeId: id, before: toStudioAppointmentType(before), after: toStudioAppointmentType(row) });
    return toStudioAppointmentType(row);
  }

  async setTypeActive(actor: ActivityActor, id: number, active: boolean): Promise<StudioAppointmentType> {
    const before = await this.repository.findType(id);
    if (!before) throw new NotFoundError(studioBookingMessages.typeNotFound);
    const row = await this.studio.setTypeActive(id, active);
    if (Number(before.active) !== Number(row.active)) await this.record(actor, active ? 'appointment-type.activate' : 'appointment-type.deactivate', row.name, { typeId: id });
    return toStudioAppointmentType(row);
  }

  // --- Invites ---

  async invites(page: number, pageSize: number): Promise<{ items: StudioInvite[]; total: number }> {
    const [{ rows, total }, calendars] = await Promise.all([this.repository.listInvites(page, pageSize), this.repository.listCalendars()]);
    const names = new Map(calendars.map((c) => [Number(c.id), c.name]));
    const bookings = await this.repository.bookingsOfInvites(rows.map((row) => row.id));
    return { items: rows.map((row) => this.toInvite(row, names, bookings.filter((b) => b.invite_id === row.id))), total };
  }

  async createInvite(actor: ActivityActor, input: NewStudioInvite): Promise<StudioInvite> {
    const type = await this.repository.findType(input.appointmentTypeId);
    if (!type) throw new NotFoundError(studioBookingMessages.typeNotFound);
    for (const calendarId of input.calendarIds) {
      if (!(await this.repository.findCalendar(calendarId))) throw new NotFoundError(studioBookingMessages.calendarNotFound);
    }
    const created = await this.studio.invite({
      email: input.email,
      type: String(type.id),
      calendars: input.calendarIds.map(String),
      expiresDays: input.expiresInDays === 0 ? null : input.expiresInDays,
      ...(input.name ? { name: input.name } : {}),
    });
    await this.record(actor, 'invite.create', created.customer.email, {
      inviteId: created.invite.id,
      typeId: type.id,
      typeName: type.name,
      calendarIds: input.calendarIds,
      expiresAt: created.invite.expires_at,
      customerCreated: created.customerCreated,
    });
    return this.inviteById(created.invite.id);
  }

  async resendInvite(actor: ActivityActor, id: string): Promise<StudioInvite> {
    const row = await this.inviteRow(id);
    if (!BOOKABLE_STATUSES.has(this.statusOf(row))) throw new ConflictError(studioBookingMessages.inviteNotOpen);
    const type = await this.repository.findType(row.appointment_type_id);
    if (!type) throw new NotFoundError(studioBookingMessages.typeNotFound);
    await this.studio.mailInvite(row, row, type);
    await this.record(actor, 'invite.resend', row.email, { inviteId: id });
    return this.inviteById(id);
  }

  async revokeInvite(actor: ActivityActor, id: string): Promise<StudioInvite> {
    const row = await this.inviteRow(id);
    if (row.booked) throw new ConflictError(studioBookingMessages.inviteUsed);
    if (await this.repository.cancelInvite(id, this.clock().toISOString())) await this.record(actor, 'invite.revoke', row.email, { inviteId: id });
    return this.inviteById(id);
  }

  // --- Helpers ---

  private async inviteRow(id: string): Promise<InviteListRow> {
    const row = await this.repository.findInviteListRow(id);
    if (!row) throw new NotFoundError(studioBookingMessages.inviteNotFound);
    return row;
  }

  private async inviteById(id: string): Promise<StudioInvite> {
    const [row, calendars, bookings] = await Promise.all([this.inviteRow(id), this.repository.listCalendars(), this.repository.bookingsOfInvites([id])]);
    return this.toInvite(row, new Map(calendars.map((c) => [Number(c.id), c.name])), bookings);
  }

  private statusOf(row: InviteListRow): InviteStatus {
    if (row.cancelled_at) return 'revoked';
    if (row.booked) return 'used';
    if (row.expires_at && row.expires_at <= this.clock().toISOString()) return 'expired';
    return row.cancelled_booking ? 'cancelled' : 'open';
  }

  /** Sent, each booking and its cancellation (a cancelled booking's last change is its cancellation), withdrawn. */
  private historyOf(row: InviteListRow, bookings: readonly InviteBookingRow[]): StudioInvite['history'] {
    const history: StudioInvite['history'] = [{ event: 'sent', at: row.created_at, appointmentAt: null }];
    for (const booking of bookings) {
      history.push({ event: 'booked', at: booking.created_at, appointmentAt: booking.starts_at });
      if (booking.status === 'cancelled') history.push({ event: 'cancelled', at: booking.updated_at, appointmentAt: booking.starts_at });
    }
    if (row.cancelled_at) history.push({ event: 'withdrawn', at: row.cancelled_at, appointmentAt: null });
    return history.sort((a, b) => a.at.localeCompare(b.at));
  }

  private toInvite(row: InviteListRow, calendarNames: Map<number, string>, bookings: readonly InviteBookingRow[]): StudioInvite {
    const calendarIds = row.calendar_ids ? (JSON.parse(row.calendar_ids) as number[]) : null;
    return {
      id: row.id,
      link: this.studio.inviteLink(row.id),
      status: this.statusOf(row),
      customer: { id: Number(row.user_id), email: row.email, name: `${row.first_name} ${row.last_name}`.trim() },
      type: { id: Number(row.appointment_type_id), name: row.type_name },
      calendars: calendarIds ? calendarIds.map((id) => ({ id, name: calendarNames.get(id) ?? `Calendar ${id}` })) : null,
      expiresAt: row.expires_at,
      createdAt: row.created_at,
      history: this.historyOf(row, bookings),
    };
  }

  private async calendarRow(id: number): Promise<CalendarRow> {
    const row = await this.repository.findCalendar(id);
    if (!row) throw new NotFoundError(studioBookingMessages.calendarNotFound);
    return row;
  }

  private async toCalendar(row: CalendarRow): Promise<StudioCalendar> {
    const today = DateTime.fromJSDate(this.clock(), { zone: row.time_zone }).toISODate() ?? '0000-01-01';
    const [hours, exceptions] = await Promise.all([this.repository.listHours(row.id), this.repository.listExceptions(row.id, today, FAR_FUTURE)]);
    return {
      id: Number(row.id),
      name: row.name,
      location: row.location,
      timeZone: row.time_zone,
      active: Number(row.active) === 1,
      week: weekOf(hours),
      exceptions: exceptionsOf(exceptions),
    };
  }

  private record(actor: ActivityActor, action: string, subject: string, details: Record<string, unknown>): Promise<void> {
    return this.activity.recordActivity(actor, action, subject, details, this.clock());
  }
}
