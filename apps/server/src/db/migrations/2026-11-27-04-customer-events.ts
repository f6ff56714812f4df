import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * What customers do in their gallery, for the studio's customer page (issue 15 §3). Frozen: never
 * edit once shipped; add a new migration.
 *
 * - `customer_events`: one action of a customer (or of a visitor holding one of their session codes:
 *   `user_id` is the session's owner) — viewed, favourited, unfavourited, skipped, unskipped,
 *   downloaded, shared, edited, ordered — with the session and photo it concerned when there is one.
 *   The session and photo ids are set null when those rows go; `details_json` keeps their names as
 *   they were, so the timeline still reads after a deletion.
 */
export function customerEvents(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('customer_events')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('session_id', 'integer', (c) => c.references('photo_sessions.id').onDelete('set null'))
        .addColumn('photo_id', 'integer', (c) => c.references('photos.id').onDelete('set null'))
        .addColumn('kind', 'text', (c) =>
          c.notNull().check(sql`kind in ('viewed', 'favourited', 'unfavourited', 'skipped', 'unskipped', 'downloaded', 'shared', 'edited', 'ordered')`),
        )
        .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('customer_events_user_created').on('customer_events').columns(['user_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('customer_events').execute();
    },
  };
}
