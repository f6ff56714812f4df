import type { Kysely, Migration } from 'kysely';

/**
 * The CRC-32 of each photo's download files (`sm.jpg`, `hr.jpg`), original and retouched, computed
 * when they are stored, as JSON `{"sm":…,"hr":…}`. A ZIP of photos then writes each entry's checksum
 * in its local header and sends the file without reading it through a checksum (media/zip-writer.ts).
 * Photos stored before this migration have none (null): their ZIP entries are checksummed on the way
 * through, as before. Frozen: never edit once shipped; add a new migration.
 */
export function downloadChecksums(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('photos').addColumn('media_crc32', 'text').execute();
      await db.schema.alterTable('photos').addColumn('retouched_crc32', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('photos').dropColumn('retouched_crc32').execute();
      await db.schema.alterTable('photos').dropColumn('media_crc32').execute();
    },
  };
}
