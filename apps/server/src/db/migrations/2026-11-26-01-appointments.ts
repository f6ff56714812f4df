import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Appointment booking from invite links (issue 14). Frozen: never edit once shipped; add a new migration.
 *
 * - `calendars`: a booth or room at a location, with its own IANA time zone (the studio's wall clock,
 *   default America/Chicago, spec §9); `active` 0 hides it from new bookings.
 * - `appointment_types`: duration, buffers, capacity per slot, minimum notice, booking window, the
 *   cutoff (hours before the start) until which the customer may reschedule or cancel, and a price.
 * - `calendar_hours`: weekly opening hours (weekday 1 = Monday … 7 = Sunday; minutes of the day, wall
 *   clock); `calendar_exceptions`: a closed date, or a date open at other hours.
 * - `appointment_invites`: the id is the unguessable key of /appointment?id=… (base64url of 18 random
 *   bytes); `calendar_ids` is a JSON array of the calendars it may book (null: every active one).
 * - `appointments`: instants as ISO-8601 UTC text; `manage_token_hash` is the SHA-256 of the secret in
 *   the mailed reschedule/cancel link; `sequence` is the iCalendar SEQUENCE (raised on each change);
 *   `reminder_claimed_at` is set by the one instance that sends the reminder. At most one booked
 *   appointment per invite (partial unique index).
 * - `appointment_slot_counts`: the over-booking guard. One row per calendar and start instant; a booking
 *   raises `booked` with a conditional UPDATE and the CHECK refuses more than `capacity`, whatever the race.
 */
export function appointments(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('calendars')
        .addColumn('id', 'integer', identity)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/Chicago'))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('appointment_types')
        .addColumn('id', 'integer', identity)
        .addColumn('name', 'text', (c) => c.notNull().unique())
        .addColumn('duration_minutes', 'integer', (c) => c.notNull().check(sql`duration_minutes > 0`))
        .addColumn('buffer_before_minutes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`buffer_before_minutes >= 0`))
        .addColumn('buffer_after_minutes', 'integer', (c) => c.notNull().defaultTo(0).check(sql`buffer_after_minutes >= 0`))
        .addColumn('capacity', 'integer', (c) => c.notNull().defaultTo(1).check(sql`capacity > 0`))
        .addColumn('minimum_notice_hours', 'integer', (c) => c.notNull().defaultTo(0).check(sql`minimum_notice_hours >= 0`))
        .addColumn('booking_window_days', 'integer', (c) => c.notNull().defaultTo(60).check(sql`booking_window_days > 0`))
        .addColumn('change_cutoff_hours', 'integer', (c) => c.notNull().defaultTo(24).check(sql`change_cutoff_hours >= 0`))
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0).check(sql`price_cents >= 0`))
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('calendar_hours')
        .addColumn('id', 'integer', identity)
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
        .addColumn('start_minute', 'integer', (c) => c.notNull())
        .addColumn('end_minute', 'integer', (c) => c.notNull())
        .addCheckConstraint('calendar_hours_range', sql`start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute`)
        .execute();
      await db.schema.createIndex('calendar_hours_calendar_id').on('calendar_hours').columns(['calendar_id', 'weekday']).execute();

      await db.schema
        .createTable('calendar_exceptions')
        .addColumn('id', 'integer', identity)
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        // YYYY-MM-DD on the calendar's wall clock.
        .addColumn('date', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('closed', 'open')`))
        .addColumn('start_minute', 'integer')
        .addColumn('end_minute', 'integer')
        .addCheckConstraint(
          'calendar_exceptions_range',
          sql`kind = 'closed' or (start_minute is not null and end_minute is not null and start_minute >= 0 and end_minute <= 1440 and start_minute < end_minute)`,
        )
        .execute();
      await db.schema.createIndex('calendar_exceptions_calendar_date').on('calendar_exceptions').columns(['calendar_id', 'date']).execute();

      await db.schema
        .createTable('appointment_invites')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('appointment_type_id', 'integer', (c) => c.notNull().references('appointment_types.id'))
        .addColumn('calendar_ids', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('cancelled_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('appointment_invites_user_id').on('appointment_invites').column('user_id').execute();

      await db.schema
        .createTable('appointments')
        .addColumn('id', 'integer', identity)
        .addColumn('invite_id', 'text', (c) => c.notNull().references('appointment_invites.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id'))
        .addColumn('appointment_type_id', 'integer', (c) => c.notNull().references('appointment_types.id'))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('booked', 'cancelled')`))
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('manage_token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('price_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('reminder_claimed_at', 'text')
        .addColumn('reminder_sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('appointments_one_booked_per_invite')
        .on('appointments')
        .column('invite_id')
        .unique()
        .where(sql.ref('status'), '=', 'booked')
        .execute();
      await db.schema.createIndex('appointments_calendar_starts_at').on('appointments').columns(['calendar_id', 'starts_at']).execute();
      await db.schema.createIndex('appointments_status_starts_at').on('appointments').columns(['status', 'starts_at']).execute();
      await db.schema.createIndex('appointments_user_id').on('appointments').column('user_id').execute();

      await db.schema
        .createTable('appointment_slot_counts')
        .addColumn('calendar_id', 'integer', (c) => c.notNull().references('calendars.id').onDelete('cascade'))
        .addColumn('starts_at', 'text', (c) => c.notNull())
        .addColumn('capacity', 'integer', (c) => c.notNull())
        .addColumn('booked', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('appointment_slot_counts_pkey', ['calendar_id', 'starts_at'])
        .addCheckConstraint('appointment_slot_counts_within_capacity', sql`booked >= 0 and booked <= capacity`)
        .execute();
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('appointment_slot_counts').execute();
      await db.schema.dropTable('appointments').execute();
      await db.schema.dropTable('appointment_invites').execute();
      await db.schema.dropTable('calendar_exceptions').execute();
      await db.schema.dropTable('calendar_hours').execute();
      await db.schema.dropTable('appointment_types').execute();
      await db.schema.dropTable('calendars').execute();
    },
  };
}
