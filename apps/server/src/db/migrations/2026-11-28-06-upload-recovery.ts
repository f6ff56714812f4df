import type { Kysely, Migration } from 'kysely';

/**
 * Browser shoot uploads that finish or say so, and that cannot fill the disk (issue 25, issue 21 §1
 * and §5; modules/studio-shoots). Frozen: never edit once shipped; add a new migration.
 *
 * - `shoot_upload_files.storage_key`: where a finished upload's bytes are kept, in the app's Storage
 *   (`uploads/<shoot id>/<upload id>`: local disk or the S3 bucket), so no file stays on the instance
 *   that took it. null for a file finished before this migration: its bytes are still in
 *   DATA_DIR/uploads/<upload_id>, where the import reads them.
 * - `shoot_upload_reservations`: one row per upload created and not finished yet, with the length it
 *   declared (Upload-Length), so the bytes in flight are counted against the per-shoot and the global
 *   budget by every instance. Deleted when the upload finishes (in the transaction that records its
 *   file), is deleted, or expires (UPLOAD_EXPIRY_HOURS after `created_at`).
 */
export function uploadRecovery(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('shoot_upload_files').addColumn('storage_key', 'text').execute();
      await db.schema
        .createTable('shoot_upload_reservations')
        .addColumn('upload_id', 'text', (c) => c.primaryKey())
        .addColumn('shoot_upload_id', 'integer', (c) => c.notNull().references('shoot_uploads.id').onDelete('cascade'))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('shoot_upload_reservations_shoot').on('shoot_upload_reservations').column('shoot_upload_id').execute();
      await db.schema.createIndex('shoot_upload_reservations_created_at').on('shoot_upload_reservations').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('shoot_upload_reservations').execute();
      await db.schema.alterTable('shoot_upload_files').dropColumn('storage_key').execute();
    },
  };
}
