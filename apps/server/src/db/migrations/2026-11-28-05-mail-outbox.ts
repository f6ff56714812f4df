import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * The transactional outbox of every mail (issue 25, mail/outbox.ts). Frozen: never edit once shipped;
 * add a new migration.
 *
 * - `mail_outbox`: one row per mail, written in the same database transaction as the change it
 *   reports (a booking, an order, an invitation…), then delivered by the 'mail-delivery' job.
 *   `status`: pending (to send; `next_attempt_at` not before, `claimed_until` while one sender has it),
 *   sent (`sent_at`; the bodies are cleared then: they carry one-time links), failed (no attempt left;
 *   `last_error` says why; the studio may retry it). `attempts` counts the sends tried.
 *   `dedupe_key`: a mail that must be queued at most once (a reminder per claim) names itself.
 * - `users.invitation_owed_at`: an import added photos for a customer who has not activated their
 *   account, and their invitation has not been queued yet. Set in the transaction that adds the
 *   photo, cleared in the transaction that queues the invitation, so a rerun after a crash still invites.
 */
export function mailOutbox(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('mail_outbox')
        .addColumn('id', 'integer', identity)
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('recipient', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('html_body', 'text', (c) => c.notNull())
        .addColumn('attachments_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('links_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('dedupe_key', 'text', (c) => c.unique())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending', 'sent', 'failed')`))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addColumn('claimed_until', 'text')
        .addColumn('sent_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('mail_outbox_due').on('mail_outbox').columns(['status', 'next_attempt_at']).execute();
      await db.schema.createIndex('mail_outbox_created').on('mail_outbox').columns(['status', 'created_at']).execute();
      await db.schema.alterTable('users').addColumn('invitation_owed_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('users').dropColumn('invitation_owed_at').execute();
      await db.schema.dropTable('mail_outbox').execute();
    },
  };
}
