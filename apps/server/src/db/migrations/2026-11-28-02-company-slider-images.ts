import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Slider images per company (issue 15 §2). Frozen: never edit once shipped; add a new migration.
 *
 * - `slider_images.corporate_client_id`: whose login slider ('gallery') or sidebar promo ('corporate')
 *   picture it is. Null, like the default company's id, means the studio's own: the rows written
 *   before this migration (and by the demo seed) stay the studio's. A company's pictures go with it.
 */
export function companySliderImages(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('slider_images')
        .addColumn('corporate_client_id', 'integer', (c) => c.references('corporate_clients.id').onDelete('cascade'))
        .execute();
      await db.schema
        .createIndex('slider_images_client_kind_position')
        .on('slider_images')
        .columns(['corporate_client_id', 'kind', 'position'])
        .where(sql.ref('corporate_client_id'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('slider_images_client_kind_position').execute();
      await db.schema.alterTable('slider_images').dropColumn('corporate_client_id').execute();
    },
  };
}
