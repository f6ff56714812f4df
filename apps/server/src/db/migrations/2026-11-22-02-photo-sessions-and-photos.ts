import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Photo sessions and their photos. Frozen: never edit once shipped; add a new migration.
 *
 * Shaped for the gallery page (docs/api.md, "Gallery"): one customer's live photos (deleted_at is
 * null) in display order, 12 at a time, plus five counts. The partial indexes hold the ordering
 * columns first and the three flags after them, so a page filters in the index and reads only its 12
 * rows. The counts are not counted per request: each session keeps its own (live, skipped, retouched
 * and favourite photos not skipped), changed by the same transaction as the photo, so a customer's
 * counts cost one row per session whether they have 50 photos or 5,000.
 */
export function photoSessionsAndPhotos(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('photo_sessions')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        // YYYY-MM-DD, the day of the shoot.
        .addColumn('session_date', 'text', (c) => c.notNull())
        // The 44-character gallery token visitors open the session with.
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        // Counters of the session's live photos, kept by the photos repository.
        .addColumn('live_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retouched_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('favourite_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('photo_sessions_user_id').on('photo_sessions').columns(['user_id', 'id']).execute();

      await db.schema
        .createTable('photos')
        .addColumn('id', 'integer', identity)
        .addColumn('session_id', 'integer', (c) => c.notNull().references('photo_sessions.id').onDelete('cascade'))
        // Denormalised from the session for the per-customer queries.
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('content_hash', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        // Storage folder of the renditions (photos/<random>/{original.<ext>,thumb.webp,...}).
        .addColumn('media_key', 'text', (c) => c.notNull())
        .addColumn('original_ext', 'text', (c) => c.notNull())
        .addColumn('retouched_media_key', 'text')
        .addColumn('retouched_ext', 'text')
        .addColumn('is_retouched', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_favourite', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_skipped', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('shared_at', 'text')
        .addColumn('deleted_at', 'text')
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('photos_session_content', ['session_id', 'content_hash'])
        .addCheckConstraint('photos_retouched_consistent', sql`(is_retouched = 1) = (retouched_media_key is not null)`)
        .execute();
      // Raw SQL: a partial index with a descending column reads the same on both dialects.
      await sql`create index photos_user_page on photos (user_id, session_id desc, position, id, is_skipped, is_favourite, is_retouched) where deleted_at is null`.execute(db);
      await sql`create index photos_session_page on photos (session_id, position, id, is_skipped, is_favourite, is_retouched) where deleted_at is null`.execute(db);
    },

    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('photos').execute();
      await db.schema.dropTable('photo_sessions').execute();
    },
  };
}
