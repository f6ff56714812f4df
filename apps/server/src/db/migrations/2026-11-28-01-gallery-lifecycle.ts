import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * The gallery lifecycle (issue 15 §3; spec §9: hosted 1 year plus 12 months archive). Frozen: never
 * edit once shipped; add a new migration.
 *
 * - `photo_sessions.expires_at`: when the gallery expires and the daily sweep archives it (ISO 8601,
 *   as every timestamp here). New sessions get created_at + 12 months; existing ones are backfilled
 *   the same way, but at least 30 days after the upgrade. Null: never expires.
 * - `photo_sessions.archived_at`: null while live; once set, the customer and session-code visitors
 *   no longer see or download the session's photos (the files are kept); a restore clears it.
 * - `photo_sessions.expiry_reminder_sent_at`: when the reminder mail was claimed for sending (a
 *   guarded UPDATE, so of several instances one mails); cleared when the expiry changes.
 */
export function galleryLifecycle(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('photo_sessions').addColumn('expires_at', 'text').execute();
      await db.schema.alterTable('photo_sessions').addColumn('archived_at', 'text').execute();
      await db.schema.alterTable('photo_sessions').addColumn('expiry_reminder_sent_at', 'text').execute();
      // A gallery already older than a year is not archived by the first sweep: it gets 30 days, so its
      // customer hears of it (the reminder goes 14 days ahead) before it is archived.
      const expiry =
        dialect === 'sqlite'
          ? sql`max(strftime('%Y-%m-%dT%H:%M:%fZ', created_at, '+12 months'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '+30 days'))`
          : sql`to_char(greatest(created_at::timestamptz + interval '12 months', now() + interval '30 days') at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
      await sql`update photo_sessions set expires_at = ${expiry}`.execute(db);
      await db.schema.createIndex('photo_sessions_expiry').on('photo_sessions').columns(['expires_at']).where(sql.ref('archived_at'), 'is', null).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('photo_sessions_expiry').execute();
      await db.schema.alterTable('photo_sessions').dropColumn('expiry_reminder_sent_at').execute();
      await db.schema.alterTable('photo_sessions').dropColumn('archived_at').execute();
      await db.schema.alterTable('photo_sessions').dropColumn('expires_at').execute();
    },
  };
}
