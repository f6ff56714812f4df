import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Shoots uploaded from the browser (issue 15 §3). Frozen: never edit once shipped; add a new migration.
 *
 * - `shoot_uploads`: one upload of a shoot for a customer — who it is for, the session it goes to,
 *   and the import's state and counts (uploading → queued → importing → done | failed), shown live.
 * - `shoot_upload_files`: each file that finished uploading (tus), `kind` photo or retouched; the
 *   bytes wait in DATA_DIR/uploads/<upload_id> until the import job has taken them.
 */
export function shootUploads(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('shoot_uploads')
        .addColumn('id', 'integer', identity)
        .addColumn('customer_email', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('session_name', 'text', (c) => c.notNull())
        .addColumn('session_date', 'text')
        .addColumn('invite', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('uploading').check(sql`status in ('uploading', 'queued', 'importing', 'done', 'failed')`))
        .addColumn('total_files', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('imported', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('duplicates', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('retouches_attached', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('unreadable', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('failed_files', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('error', 'text')
        .addColumn('session_id', 'integer', (c) => c.references('photo_sessions.id').onDelete('set null'))
        .addColumn('customer_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('finished_at', 'text')
        .execute();
      await db.schema.createIndex('shoot_uploads_created_at').on('shoot_uploads').column('created_at').execute();
      await db.schema
        .createTable('shoot_upload_files')
        .addColumn('id', 'integer', identity)
        .addColumn('shoot_upload_id', 'integer', (c) => c.notNull().references('shoot_uploads.id').onDelete('cascade'))
        .addColumn('upload_id', 'text', (c) => c.notNull().unique())
        .addColumn('file_name', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('photo', 'retouched')`))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('outcome', 'text')
        .addColumn('reason', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shoot_upload_files_shoot').on('shoot_upload_files').column('shoot_upload_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shoot_upload_files').execute();
      await db.schema.dropTable('shoot_uploads').execute();
    },
  };
}
