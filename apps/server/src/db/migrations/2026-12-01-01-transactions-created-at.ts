import type { Kysely, Migration } from 'kysely';

/**
 * The studio home's revenue chart (issue 23 §5). Frozen: never edit once shipped; add a new migration.
 *
 * - `transactions_created_at`: GET /studio/revenue reads the last weeks' transactions by `created_at`;
 *   without it every home screen scanned every transaction ever recorded (EXPLAIN, 100,000
 *   transactions over 5 years: SQLite SCAN → SEARCH USING INDEX, PostgreSQL Seq Scan → Index Scan).
 */
export function transactionsCreatedAt(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('transactions_created_at').on('transactions').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('transactions_created_at').execute();
    },
  };
}
