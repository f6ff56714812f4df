import type { StudioCustomer } from '@studio-gallery/contract';
import { type Kysely, sql } from 'kysely';
import type { Database, UserRole, UserRow } from '../../db/schema';

/** An appointment with what the studio's screens show of it. */
export interface StudioBookingRow {
  id: number;
  starts_at: string;
  ends_at: string;
  status: 'booked' | 'cancelled';
  first_name: string;
  last_name: string;
  calendar_id: number;
  calendar_name: string;
  time_zone: string;
  type_name: string;
  email: string;
}

/** The SQL of the studio dashboard: roles, customers, bookings, the order queue's size. */
export class StudioRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's role, read on every /api/studio call; null when the user is gone. */
  async roleOf(userId: number): Promise<UserRole | null> {
    const row = await this.db.selectFrom('users').select('role').where('id', '=', userId).executeTakeFirst();
    return row?.role ?? null;
  }

  findUser(userId: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  async setRole(userId: number, role: UserRole, now: Date): Promise<UserRow> {
    return this.db
      .updateTable('users')
      .set({ role, updated_at: now.toISOString() })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Studio staff and admins, by email. */
  staff(): Promise<UserRow[]> {
    return this.db.selectFrom('users').selectAll().where('role', '!=', 'customer').orderBy('email').execute();
  }

  /** How many admins there are (the last one cannot be demoted). */
  async adminCount(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A page of customers (role customer), matching `search` in email or names, newest first. */
  async customers(search: string | undefined, page: number, pageSize: number): Promise<{ items: StudioCustomer[]; total: number }> {
    let base = this.db.selectFrom('users').where('users.role', '=', 'customer');
    if (search) {
      const pattern = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      base = base.where(
        sql<boolean>`(users.email like ${pattern} escape '\\' or lower(users.first_name) like ${pattern} escape '\\' or lower(users.last_name) like ${pattern} escape '\\' or lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\')`,
      );
    }
    const total = await base.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    const rows = await base
      .select((eb) => [
        'users.id',
        'users.email',
        'users.first_name',
        'users.last_name',
        'users.updated_at',
        eb.selectFrom('photo_sessions').whereRef('photo_sessions.user_id', '=', 'users.id').select((s) => s.fn.countAll<string | number>().as('n')).as('sessions'),
        eb
          .selectFrom('photos')
          .whereRef('photos.user_id', '=', 'users.id')
          .where('photos.deleted_at', 'is', null)
          .select((s) => s.fn.countAll<string | number>().as('n'))
          .as('photos'),
        eb.selectFrom('photo_sessions').whereRef('photo_sessions.user_id', '=', 'users.id').select((s) => s.fn.max('photo_sessions.created_at').as('m')).as('last_session'),
        eb.selectFrom('special_requests').whereRef('special_requests.user_id', '=', 'users.id').select((s) => s.fn.max('special_requests.created_at').as('m')).as('last_order'),
        eb.selectFrom('appointments').whereRef('appointments.user_id', '=', 'users.id').select((s) => s.fn.max('appointments.updated_at').as('m')).as('last_booking'),
      ])
      .orderBy('users.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return {
      total: Number(total.n),
      items: rows.map((row) => ({
        id: Number(row.id),
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        sessions: Number(row.sessions ?? 0),
        photos: Number(row.photos ?? 0),
        lastActivityAt: latest([row.updated_at, row.last_session, row.last_order, row.last_booking]),
      })),
    };
  }

  /** Appointments starting in [fromIso, toIso), of one calendar or all, by start. */
  bookings(fromIso: string, toIso: string, calendarId?: number): Promise<StudioBookingRow[]> {
    let query = this.db
      .selectFrom('appointments')
      .innerJoin('calendars', 'calendars.id', 'appointments.calendar_id')
      .innerJoin('appointment_types', 'appointment_types.id', 'appointments.appointment_type_id')
      .innerJoin('users', 'users.id', 'appointments.user_id')
      .select([
        'appointments.id',
        'appointments.starts_at',
        'appointments.ends_at',
        'appointments.status',
        'appointments.first_name',
        'appointments.last_name',
        'appointments.calendar_id',
        'calendars.name as calendar_name',
        'calendars.time_zone',
        'appointment_types.name as type_name',
        'users.email',
      ])
      .where('appointments.starts_at', '>=', fromIso)
      .where('appointments.starts_at', '<', toIso);
    if (calendarId !== undefined) query = query.where('appointments.calendar_id', '=', calendarId);
    return query.orderBy('appointments.starts_at').orderBy('appointments.id').execute();
  }

  /** Calendars (active ones, or the one asked for even when inactive), by id. */
  calendars(calendarId?: number): Promise<{ id: number; name: string; time_zone: string }[]> {
    let query = this.db.selectFrom('calendars').select(['id', 'name', 'time_zone']);
    query = calendarId === undefined ? query.where('active', '=', 1) : query.where('id', '=', calendarId);
    return query.orderBy('id').execute();
  }

  /** Retouch orders not delivered yet. */
  async ordersDue(): Promise<number> {
    const row = await this.db
      .selectFrom('special_requests')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('status', '!=', 'DELIVERED')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

function latest(values: (string | null | undefined)[]): string | null {
  let best: string | null = null;
  for (const value of values) if (value && (best === null || value > best)) best = value;
  return best;
}
