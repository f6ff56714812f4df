import type { Kysely, Migration } from 'kysely';

/**
 * Full-resolution downloads (issue 15 §3). Frozen: never edit once shipped; add a new migration.
 *
 * - `corporate_clients.allow_full_resolution`: 1 lets the company's customers (the studio's own
 *   customers: the default company's row) download each photo's original file besides the Social
 *   Media and High Resolution renditions. Off by default: the studio opts in per company.
 */
export function fullResolutionDownloads(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('corporate_clients')
        .addColumn('allow_full_resolution', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('corporate_clients').dropColumn('allow_full_resolution').execute();
    },
  };
}
