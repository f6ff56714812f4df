import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type {
  AppointmentInviteRow,
  AppointmentRow,
  AppointmentTypeRow,
  AppointmentTypesTable,
  CalendarExceptionRow,
  CalendarHoursRow,
  CalendarRow,
  CalendarsTable,
  Database,
} from '../../db/schema';
import type { Insertable, Updateable } from 'kysely';
import { type Executor, inTransaction } from '../../db/transaction';

/** A booked appointment as availability counts it: its instants and its type's buffers. */
export interface BookingWithBuffers {
  id: number;
  startsAt: string;
  endsAt: string;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
}

/** An invite of the studio's list: its customer, its type's name, whether it is booked or a booking of it was cancelled. */
export interface InviteListRow extends InviteWithCustomer {
  type_name: string;
  booked: boolean;
  cancelled_booking: boolean;
}

/** A booking made from an invite, for the invite's history. */
export interface InviteBookingRow {
  invite_id: string;
  starts_at: string;
  status: 'booked' | 'cancelled';
  created_at: string;
  updated_at: string;
}

// SQLite answers EXISTS as 0/1, PostgreSQL as a boolean.
const sqlBoolean = (value: unknown): boolean => value === true || Number(value) === 1;

function toInviteListRow<T extends InviteWithCustomer & { type_name: string; booked: unknown; cancelled_booking: unknown }>(row: T): InviteListRow {
  return { ...row, booked: sqlBoolean(row.booked), cancelled_booking: sqlBoolean(row.cancelled_booking) };
}

/** An invite with its customer. */
export interface InviteWithCustomer extends AppointmentInviteRow {
  email: string;
  first_name: string;
  last_name: string;
}

export interface NewAppointment {
  inviteId: string;
  userId: number;
  calendarId: number;
  appointmentTypeId: number;
  startsAt: string;
  endsAt: string;
  firstName: string;
  lastName: string;
  phone: string;
  notes: string;
  manageTokenHash: string;
  priceCents: number;
}

/** Appointment rows of the invoice list (GET /users/user-orders/details/{userId}). */
export interface InvoiceAppointmentRow {
  id: number;
  starts_at: string;
  price_cents: number;
  first_name: string;
  last_name: string;
  email: string;
  type_name: string;
}

/** SQLite reports a lock it could not take (another process writing) as SQLITE_BUSY*. */
function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

/**
 * All SQL of appointment booking (issue 14): the studio's calendars, types, hours and exceptions,
 * invites, bookings, the per-slot counters that make over-booking impossible, and reminders.
 */
export class AppointmentsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one database transaction with a repository bound to it (and the transaction, for
   * the mails that report the change: the mail outbox queues them in it). A SQLite database shared
   * by several processes may refuse the transaction's lock (SQLITE_BUSY): it is retried a few times.
   */
  async transaction<T>(work: (repository: AppointmentsRepository, trx: Executor) => Promise<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      try {
        // inTransaction: the booking mails queued in the outbox with `trx` are handed over once it commits.
        return await inTransaction(this.db, (trx) => work(new AppointmentsRepository(trx), trx));
      } catch (error) {
        if (!isSqliteBusy(error) || attempt >= 4) throw error;
        await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
      }
    }
  }

  /**
   * Inside a transaction: takes the calendar's row lock (PostgreSQL) or the write lock (SQLite) first,
   * so that concurrent bookings of one calendar re-check availability one after another and each sees
   * the others' committed bookings. The slot counter still has the last word.
   */
  async lockCalendar(calendarId: number): Promise<void> {
    await this.db.updateTable('calendars').set((eb) => ({ active: eb.ref('active') })).where('id', '=', calendarId).execute();
  }

  // --- Calendars, hours, exceptions ---

  listCalendars(options: { activeOnly?: boolean } = {}): Promise<CalendarRow[]> {
    let query = this.db.selectFrom('calendars').selectAll().orderBy('id');
    if (options.activeOnly) query = query.where('active', '=', 1);
    return query.execute();
  }

  async findCalendar(id: number): Promise<CalendarRow | null> {
    return (await this.db.selectFrom('calendars').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findCalendarByName(name: string): Promise<CalendarRow | null> {
    return (await this.db.selectFrom('calendars').selectAll().where('name', '=', name).orderBy('id').executeTakeFirst()) ?? null;
  }

  insertCalendar(values: Omit<Insertable<CalendarsTable>, 'id'>): Promise<CalendarRow> {
    return this.db.insertInto('calendars').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateCalendar(id: number, values: { name: string; location: string; time_zone: string }): Promise<CalendarRow | null> {
    return (await this.db.updateTable('calendars').set(values).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
  }

  async setCalendarActive(id: number, active: boolean): Promise<CalendarRow | null> {
    return (await this.db.updateTable('calendars').set({ active: active ? 1 : 0 }).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
  }

  listHours(calendarId: number): Promise<CalendarHoursRow[]> {
    return this.db.selectFrom('calendar_hours').selectAll().where('calendar_id', '=', calendarId).orderBy('weekday').orderBy('start_minute').execute();
  }

  /** Sets the opening hours of these weekdays (replacing what they had). */
  async setHours(calendarId: number, weekdays: number[], startMinute: number, endMinute: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_hours').where('calendar_id', '=', calendarId).where('weekday', 'in', weekdays).execute();
      await trx
        .insertInto('calendar_hours')
        .values(weekdays.map((weekday) => ({ calendar_id: calendarId, weekday, start_minute: startMinute, end_minute: endMinute })))
        .execute();
    });
  }

  /** Replaces the whole week's opening hours of a calendar. */
  async replaceWeekHours(calendarId: number, ranges: { weekday: number; startMinute: number; endMinute: number }[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_hours').where('calendar_id', '=', calendarId).execute();
      if (ranges.length === 0) return;
      await trx
        .insertInto('calendar_hours')
        .values(ranges.map((r) => ({ calendar_id: calendarId, weekday: r.weekday, start_minute: r.startMinute, end_minute: r.endMinute })))
        .execute();
    });
  }

  /** The exceptions of the dates from `fromDate` to `toDate` (YYYY-MM-DD, inclusive). */
  listExceptions(calendarId: number, fromDate: string, toDate: string): Promise<CalendarExceptionRow[]> {
    return this.db
      .selectFrom('calendar_exceptions')
      .selectAll()
      .where('calendar_id', '=', calendarId)
      .where('date', '>=', fromDate)
      .where('date', '<=', toDate)
      .orderBy('date')
      .orderBy('id')
      .execute();
  }

  /** Replaces the exceptions of one date with this one. */
  async setException(calendarId: number, date: string, kind: 'closed' | 'open', startMinute: number | null, endMinute: number | null): Promise<void> {
    const ranges = startMinute === null || endMinute === null ? [] : [{ startMinute, endMinute }];
    await this.setExceptionRanges(calendarId, date, kind, ranges);
  }

  /** Replaces the exceptions of one date: closed (the whole day when `ranges` is empty), or open at `ranges`. */
  async setExceptionRanges(calendarId: number, date: string, kind: 'closed' | 'open', ranges: { startMinute: number; endMinute: number }[]): Promise<void> {
    const rows = ranges.length
      ? ranges.map((r) => ({ calendar_id: calendarId, date, kind, start_minute: r.startMinute, end_minute: r.endMinute }))
      : [{ calendar_id: calendarId, date, kind, start_minute: null, end_minute: null }];
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('calendar_exceptions').where('calendar_id', '=', calendarId).where('date', '=', date).execute();
      await trx.insertInto('calendar_exceptions').values(rows).execute();
    });
  }

  /** Removes the exceptions of one date; false when it had none. */
  async deleteExceptions(calendarId: number, date: string): Promise<boolean> {
    const result = await this.db.deleteFrom('calendar_exceptions').where('calendar_id', '=', calendarId).where('date', '=', date).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  // --- Appointment types ---

  listTypes(): Promise<AppointmentTypeRow[]> {
    return this.db.selectFrom('appointment_types').selectAll().orderBy('id').execute();
  }

  async findType(id: number): Promise<AppointmentTypeRow | null> {
    return (await this.db.selectFrom('appointment_types').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findTypeByName(name: string): Promise<AppointmentTypeRow | null> {
    return (await this.db.selectFrom('appointment_types').selectAll().where('name', '=', name).executeTakeFirst()) ?? null;
  }

  insertType(values: Omit<Insertable<AppointmentTypesTable>, 'id'>): Promise<AppointmentTypeRow> {
    return this.db.insertInto('appointment_types').values(values).returningAll().executeTakeFirstOrThrow();
  }

  async updateType(id: number, values: Omit<Updateable<AppointmentTypesTable>, 'id' | 'created_at'>): Promise<AppointmentTypeRow | null> {
    return (await this.db.updateTable('appointment_types').set(values).where('id', '=', id).returningAll().executeTakeFirst()) ?? null;
  }

  // --- Invites ---

  /** A page of invites, newest first, with their customer, type and whether a booking holds them. */
  async listInvites(page: number, pageSize: number): Promise<{ rows: InviteListRow[]; total: number }> {
    const rows = await this.inviteListQuery().orderBy('appointment_invites.created_at', 'desc').orderBy('appointment_invites.id').limit(pageSize).offset((page - 1) * pageSize).execute();
    const count = await this.db.selectFrom('appointment_invites').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return { rows: rows.map(toInviteListRow), total: Number(count.n) };
  }

  async findInviteListRow(id: string): Promise<InviteListRow | null> {
    const row = await this.inviteListQuery().where('appointment_invites.id', '=', id).executeTakeFirst();
    return row ? toInviteListRow(row) : null;
  }

  private inviteListQuery() {
    return this.db
      .selectFrom('appointment_invites')
      .innerJoin('users', 'users.id', 'appointment_invites.user_id')
      .innerJoin('appointment_types', 'appointment_types.id', 'appointment_invites.appointment_type_id')
      .selectAll('appointment_invites')
      .select(['users.email', 'users.first_name', 'users.last_name', 'appointment_types.name as type_name'])
      .select((eb) =>
        eb
          .exists(eb.selectFrom('appointments').select('appointments.id').whereRef('appointments.invite_id', '=', 'appointment_invites.id').where('appointments.status', '=', 'booked'))
          .as('booked'),
      )
      .select((eb) =>
        eb
          .exists(eb.selectFrom('appointments').select('appointments.id').whereRef('appointments.invite_id', '=', 'appointment_invites.id').where('appointments.status', '=', 'cancelled'))
          .as('cancelled_booking'),
      );
  }

  /** The bookings made from these invites, oldest first (one query for a page of the list). */
  async bookingsOfInvites(inviteIds: readonly string[]): Promise<InviteBookingRow[]> {
    if (inviteIds.length === 0) return [];
    return this.db
      .selectFrom('appointments')
      .select(['invite_id', 'starts_at', 'status', 'created_at', 'updated_at'])
      .where('invite_id', 'in', inviteIds)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async insertInvite(values: {
    id: string;
    userId: number;
    appointmentTypeId: number;
    calendarIds: number[] | null;
    expiresAt: string | null;
    createdAt: string;
  }): Promise<AppointmentInviteRow> {
    return this.db
      .insertInto('appointment_invites')
      .values({
        id: values.id,
        user_id: values.userId,
        appointment_type_id: values.appointmentTypeId,
        calendar_ids: values.calendarIds ? JSON.stringify(values.calendarIds) : null,
        expires_at: values.expiresAt,
        cancelled_at: null,
        created_at: values.createdAt,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async findInvite(id: string): Promise<InviteWithCustomer | null> {
    const row = await this.db
      .selectFrom('appointment_invites')
      .innerJoin('users', 'users.id', 'appointment_invites.user_id')
      .selectAll('appointment_invites')
      .select(['users.email', 'users.first_name', 'users.last_name'])
      .where('appointment_invites.id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** The newest open invite of a customer for a type (the demo seed reuses it). */
  async findOpenInvite(userId: number, appointmentTypeId: number): Promise<AppointmentInviteRow | null> {
    const row = await this.db
      .selectFrom('appointment_invites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('appointment_type_id', '=', appointmentTypeId)
      .where('cancelled_at', 'is', null)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  async cancelInvite(id: string, now: string): Promise<boolean> {
    const result = await this.db.updateTable('appointment_invites').set({ cancelled_at: now }).where('id', '=', id).where('cancelled_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  // --- Appointments ---

  /** The booking made from an invite: the booked one, else the newest cancelled one. */
  async findByInvite(inviteId: string): Promise<AppointmentRow | null> {
    const row = await this.db
      .selectFrom('appointments')
      .selectAll()
      .where('invite_id', '=', inviteId)
      .orderBy(sql`case when status = 'booked' then 0 else 1 end`)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    return row ?? null;
  }

  async findById(id: number): Promise<AppointmentRow | null> {
    return (await this.db.selectFrom('appointments').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async findByManageTokenHash(hash: string): Promise<AppointmentRow | null> {
    return (await this.db.selectFrom('appointments').selectAll().where('manage_token_hash', '=', hash).executeTakeFirst()) ?? null;
  }

  /** Booked appointments of a calendar starting in [fromIso, toIso), with their types' buffers. */
  async bookingsBetween(calendarId: number, fromIso: string, toIso: string): Promise<BookingWithBuffers[]> {
    const rows = await this.db
      .selectFrom('appointments')
      .innerJoin('appointment_types', 'appointment_types.id', 'appointments.appointment_type_id')
      .select([
        'appointments.id',
        'appointments.starts_at',
        'appointments.ends_at',
        'appointment_types.buffer_before_minutes',
        'appointment_types.buffer_after_minutes',
      ])
      .where('appointments.calendar_id', '=', calendarId)
      .where('appointments.status', '=', 'booked')
      .where('appointments.starts_at', '>=', fromIso)
      .where('appointments.starts_at', '<', toIso)
      .orderBy('appointments.starts_at')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      bufferBeforeMinutes: Number(row.buffer_before_minutes),
      bufferAfterMinutes: Number(row.buffer_after_minutes),
    }));
  }

  insertAppointment(values: NewAppointment, now: string): Promise<AppointmentRow> {
    return this.db
      .insertInto('appointments')
      .values({
        invite_id: values.inviteId,
        user_id: values.userId,
        calendar_id: values.calendarId,
        appointment_type_id: values.appointmentTypeId,
        starts_at: values.startsAt,
        ends_at: values.endsAt,
        status: 'booked',
        first_name: values.firstName,
        last_name: values.lastName,
        phone: values.phone,
        notes: values.notes,
        manage_token_hash: values.manageTokenHash,
        sequence: 0,
        price_cents: values.priceCents,
        reminder_claimed_at: null,
        reminder_sent_at: null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Moves a booked appointment; SEQUENCE + 1 and its reminder is due again. Null when it is no longer booked. */
  async moveAppointment(id: number, to: { calendarId: number; startsAt: string; endsAt: string }, now: string): Promise<AppointmentRow | null> {
    const row = await this.db
      .updateTable('appointments')
      .set((eb) => ({
        calendar_id: to.calendarId,
        starts_at: to.startsAt,
        ends_at: to.endsAt,
        sequence: eb('sequence', '+', 1),
        reminder_claimed_at: null,
        reminder_sent_at: null,
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Cancels a booked appointment (SEQUENCE + 1); null when it was not booked. */
  async cancelAppointment(id: number, now: string): Promise<AppointmentRow | null> {
    const row = await this.db
      .updateTable('appointments')
      .set((eb) => ({ status: 'cancelled' as const, sequence: eb('sequence', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  // --- The over-booking guard ---

  /** The counter row of a slot, created (booked 0) when missing; a concurrent creator's row wins. */
  async ensureSlotCounter(calendarId: number, startsAt: string, capacity: number): Promise<void> {
    await this.db
      .insertInto('appointment_slot_counts')
      .values({ calendar_id: calendarId, starts_at: startsAt, capacity, booked: 0 })
      .onConflict((conflict) => conflict.columns(['calendar_id', 'starts_at']).doNothing())
      .execute();
  }

  /** Takes one place of the slot; false when it is full (the conditional UPDATE changed no row). */
  async takeSlotPlace(calendarId: number, startsAt: string): Promise<boolean> {
    const result = await this.db
      .updateTable('appointment_slot_counts')
      .set((eb) => ({ booked: eb('booked', '+', 1) }))
      .where('calendar_id', '=', calendarId)
      .where('starts_at', '=', startsAt)
      .where((eb) => eb('booked', '<', eb.ref('capacity')))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async releaseSlotPlace(calendarId: number, startsAt: string): Promise<void> {
    await this.db
      .updateTable('appointment_slot_counts')
      .set((eb) => ({ booked: eb('booked', '-', 1) }))
      .where('calendar_id', '=', calendarId)
      .where('starts_at', '=', startsAt)
      .where('booked', '>', 0)
      .execute();
  }

  // --- Reminders ---

  /**
   * Booked appointments starting in [fromIso, toIso) whose reminder nobody claimed yet, or whose claim
   * is an hour old and never sent (its sweep died between the claim and queueing the job: issue 25).
   * markReminderSent keeps the reminder to one mail whatever happens.
   */
  dueReminders(fromIso: string, toIso: string, limit = 100): Promise<{ id: number; starts_at: string; updated_at: string }[]> {
    return this.db
      .selectFrom('appointments')
      .select(['id', 'starts_at', 'updated_at'])
      .where('status', '=', 'booked')
      .where(unclaimed(fromIso))
      .where('starts_at', '>=', fromIso)
      .where('starts_at', '<', toIso)
      .orderBy('starts_at')
      .limit(limit)
      .execute();
  }

  /** Claims the reminder of one appointment: true for exactly one caller, whatever the instance. */
  async claimReminder(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('appointments')
      .set({ reminder_claimed_at: now })
      .where('id', '=', id)
      .where('status', '=', 'booked')
      .where(unclaimed(now))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Marks a claimed reminder sent, in the transaction that queues its mail in the outbox (the reminder
   * job): true for exactly one caller, so that a job run twice queues it once.
   */
  async markReminderSent(id: number, now: string): Promise<boolean> {
    const result = await this.db
      .updateTable('appointments')
      .set({ reminder_sent_at: now })
      .where('id', '=', id)
      .where('reminder_claimed_at', 'is not', null)
      .where('reminder_sent_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a claimed but unsent reminder back (sending failed), so that a later run tries again. */
  async releaseReminderClaim(id: number): Promise<void> {
    await this.db.updateTable('appointments').set({ reminder_claimed_at: null }).where('id', '=', id).where('reminder_sent_at', 'is', null).execute();
  }

  // --- Invoices ---

  listInvoiceAppointments(userId: number): Promise<InvoiceAppointmentRow[]> {
    return this.db
      .selectFrom('appointments')
      .innerJoin('users', 'users.id', 'appointments.user_id')
      .innerJoin('appointment_types', 'appointment_types.id', 'appointments.appointment_type_id')
      .select([
        'appointments.id',
        'appointments.starts_at',
        'appointments.price_cents',
        'appointments.first_name',
        'appointments.last_name',
        'users.email',
        'appointment_types.name as type_name',
      ])
      .where('appointments.user_id', '=', userId)
      .where('appointments.status', '=', 'booked')
      .orderBy('appointments.starts_at', 'desc')
      .execute();
  }
}

/** A claim older than this that never led to the reminder being sent is given up (see dueReminders). */
const STALE_REMINDER_CLAIM_MS = 3_600_000;

/** No claim, or a stale one whose reminder was never sent. */
function unclaimed(nowIso: string) {
  const stale = new Date(Date.parse(nowIso) - STALE_REMINDER_CLAIM_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'appointments'>) =>
    eb.or([eb('reminder_claimed_at', 'is', null), eb.and([eb('reminder_claimed_at', '<', stale), eb('reminder_sent_at', 'is', null)])]);
}
