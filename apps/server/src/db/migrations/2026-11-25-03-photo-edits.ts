import type { Kysely, Migration } from 'kysely';

/**
 * A photo's edited version, saved by the in-browser editor (POST /ex/images/save-edited-image): its
 * own media folder beside the original and the retouched version, which stay untouched. All null
 * while the photo has no edit. Frozen: never edit once shipped; add a new migration.
 *
 * - `edited_media_key`, `edited_ext`, `edited_crc32`: the folder, its original's extension and its
 *   download files' CRC-32s, as for the original (`media_*`) and the retouched version (`retouched_*`).
 * - `edited_from`: the version the edit was made from, `original` or `retouched` (the one the photo
 *   showed when it was saved); the edited version takes its place in the photo's fields.
 * - `edit_recipe`: the editor's recipe as JSON (packages/contract editRecipe), or null.
 * - `edited_at`: when it was saved (ISO-8601 UTC).
 *
 * The same statements on SQLite and PostgreSQL; the photo triggers of 2026-11-22-04 raise the
 * session's revision on any of these changes, so cached gallery pages follow an edit.
 */
export function photoEdits(): Migration {
  const columns = ['edited_media_key', 'edited_ext', 'edited_crc32', 'edited_from', 'edit_recipe', 'edited_at'] as const;
  return {
    async up(db: Kysely<unknown>) {
      for (const column of columns) await db.schema.alterTable('photos').addColumn(column, 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      for (const column of [...columns].reverse()) await db.schema.alterTable('photos').dropColumn(column).execute();
    },
  };
}
