import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Background jobs on SQLite (issue 15 §5; jobs/local-job-queue.ts). Frozen: never edit once shipped;
 * add a new migration. Created on PostgreSQL too (the schema stays the same on both), where it stays
 * empty: there the jobs live in pg-boss's own schema.
 *
 * - `state`: queued (waiting, `run_at` not before), active (claimed by `locked_by` until `expires_at`),
 *   completed, failed (no attempt left; `last_error` says why). A job is claimed with
 *   `UPDATE … SET state = 'active' WHERE id = ? AND state = 'queued'`, so it runs once.
 * - `attempts` counts the runs started, `attempt_limit` the runs allowed (a retry from the dashboard
 *   allows one more).
 * - `singleton_key`: at most one job of a name and key waits for its first run (partial unique index).
 */
export function jobs(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('payload_json', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull().check(sql`state in ('queued', 'active', 'completed', 'failed')`))
        .addColumn('singleton_key', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempt_limit', 'integer', (c) => c.notNull())
        .addColumn('run_at', 'text', (c) => c.notNull())
        .addColumn('locked_by', 'text')
        .addColumn('started_at', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('finished_at', 'text')
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('jobs_state_run_at').on('jobs').columns(['state', 'name', 'run_at']).execute();
      await db.schema.createIndex('jobs_finished_at').on('jobs').columns(['state', 'finished_at']).execute();
      await db.schema
        .createIndex('jobs_singleton')
        .unique()
        .on('jobs')
        .columns(['name', 'singleton_key'])
        .where(sql<boolean>`state = 'queued' and attempts = 0 and singleton_key is not null`)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('jobs').execute();
    },
  };
}
