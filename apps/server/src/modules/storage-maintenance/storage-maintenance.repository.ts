import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** What the database names in Storage, for the orphan sweep: nothing else may be removed. */
export class StorageMaintenanceRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every photo folder a photo row names (`photos/<32 hex>`): original, retouched and edited versions, deleted photos included. */
  async namedPhotoFolders(): Promise<Set<string>> {
    const rows = await this.db.selectFrom('photos').select(['media_key', 'retouched_media_key', 'edited_media_key']).execute();
    const named = new Set<string>();
    for (const row of rows) {
      for (const key of [row.media_key, row.retouched_media_key, row.edited_media_key]) if (key) named.add(key);
    }
    return named;
  }

  /**
   * The stored uploads a shoot still needs: those of shoots not imported yet, and of shoots imported
   * after `doneBefore` (the import deletes them itself; a crash in between leaves them to the sweep).
   */
  async namedUploads(doneBefore: Date): Promise<Set<string>> {
    const rows = await this.db
      .selectFrom('shoot_upload_files as f')
      .innerJoin('shoot_uploads as s', 's.id', 'f.shoot_upload_id')
      .select('f.storage_key')
      .where('f.storage_key', 'is not', null)
      .where((eb) => eb.or([eb('s.status', '!=', 'done'), eb('s.finished_at', 'is', null), eb('s.finished_at', '>=', doneBefore.toISOString())]))
      .execute();
    return new Set(rows.map((row) => row.storage_key).filter((key): key is string => key !== null));
  }
}
