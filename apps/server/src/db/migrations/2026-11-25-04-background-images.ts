import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * The studio's own backdrops for the editor's background panel (GET
 * /background/background-images/by-client/{client}), managed with `npm run studio -- backgrounds`.
 * Frozen: never edit once shipped; add a new migration.
 *
 * - `corporate_client_id`: whose backdrop it is (the default studio's row for the studio's own); the
 *   backdrops go with their client.
 * - `image_key`, `thumbnail_key`: the stored rendition (JPEG) and its thumbnail (WebP), under
 *   `backgrounds/` (served at /api/media); `width`, `height`: the rendition's size.
 * - `status`: 1 listed, 0 disabled (kept, not shown).
 */
export function backgroundImages(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('background_images')
        .addColumn('id', 'integer', identity)
        .addColumn('corporate_client_id', 'integer', (c) => c.notNull().references('corporate_clients.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('image_key', 'text', (c) => c.notNull())
        .addColumn('thumbnail_key', 'text', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1).check(sql`status in (0, 1)`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('background_images_client_status')
        .on('background_images')
        .columns(['corporate_client_id', 'status'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('background_images').execute();
    },
  };
}
