import type { Kysely, Migration } from 'kysely';

/**
 * Budgets that every instance shares (issue 21 §2; modules/budgets/rate-budgets.ts). Frozen: never
 * edit once shipped; add a new migration.
 *
 * - `rate_budgets`: one row per budget and client (`key`, e.g. `auth:203.0.113.9`): the units `spent`
 *   in its current window, which ends at `resets_at` (ISO-8601 UTC). A spend is one upsert
 *   (`INSERT … ON CONFLICT (key) DO UPDATE … RETURNING spent`) that starts a new window when the old
 *   one has ended, so concurrent spends on any number of instances are counted exactly. Rows whose
 *   window has ended are pruned (index on `resets_at`).
 */
export function sharedBudgets(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('rate_budgets')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('spent', 'integer', (c) => c.notNull())
        .addColumn('resets_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('rate_budgets_resets_at').on('rate_budgets').column('resets_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('rate_budgets').execute();
    },
  };
}
