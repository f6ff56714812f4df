import type { Kysely, Migration } from 'kysely';

/**
 * The Downloads view (issue 24 §1). Frozen: never edit once shipped; add a new migration.
 *
 * - `photos.downloaded_at`: when the photo was first downloaded (a single download at any size, or in
 *   a ZIP), like `shared_at` for shares; the page call's `flag=Downloads` lists the photos that have it.
 */
export function photoDownloads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('photos').addColumn('downloaded_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('photos').dropColumn('downloaded_at').execute();
    },
  };
}
