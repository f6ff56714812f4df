import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Bulk invites of a company's employees (issue 15 §2), sent by the 'company-invites' job. Frozen:
 * never edit once shipped; add a new migration.
 *
 * - `bulk_invites`: one bulk invite — the company, its kind (booking: an appointment invite each;
 *   gallery: the gallery invitation of each employee's latest session), what the booking invites are
 *   for (`options_json`), its counts (total, sent, failed) and state (queued → running → done | failed).
 * - `bulk_invite_recipients`: each employee invited and how it went (pending → sent | failed, with the
 *   error and, for booking invites, the invite made). The job sends only the pending ones, so a retry
 *   never mails an employee twice.
 */
export function bulkInvites(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('bulk_invites')
        .addColumn('id', 'integer', identity)
        .addColumn('corporate_client_id', 'integer', (c) => c.notNull().references('corporate_clients.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('booking', 'gallery')`))
        .addColumn('options_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sent', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'running', 'done', 'failed')`))
        .addColumn('error', 'text')
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('bulk_invites_company').on('bulk_invites').columns(['corporate_client_id', 'created_at']).execute();
      await db.schema
        .createTable('bulk_invite_recipients')
        .addColumn('id', 'integer', identity)
        .addColumn('bulk_invite_id', 'integer', (c) => c.notNull().references('bulk_invites.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('error', 'text')
        .addColumn('invite_id', 'text', (c) => c.references('appointment_invites.id').onDelete('set null'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('bulk_invite_recipients_bulk_user', ['bulk_invite_id', 'user_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('bulk_invite_recipients').execute();
      await db.schema.dropTable('bulk_invites').execute();
    },
  };
}
