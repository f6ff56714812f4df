import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Frozen: never edit a migration that has shipped; add a new one. Written against `Kysely<unknown>` on
 * purpose, because the Database interface describes the latest schema, not this moment's.
 */
export function accountsAndBranding(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('corporate_clients')
        .addColumn('id', 'integer', identity)
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('base_url', 'text', (c) => c.unique())
        .addColumn('accent_color', 'text', (c) => c.notNull())
        .addColumn('logo_dark_key', 'text')
        .addColumn('logo_white_key', 'text')
        .addColumn('background_key', 'text')
        .addColumn('copyright', 'text', (c) => c.notNull())
        .addColumn('tiktok_url', 'text')
        .addColumn('instagram_url', 'text')
        .addColumn('twitter_url', 'text')
        .addColumn('youtube_url', 'text')
        .addColumn('faqs_json', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('support_email', 'text')
        .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // At most one default studio.
      await db.schema
        .createIndex('corporate_clients_one_default')
        .on('corporate_clients')
        .column('is_default')
        .unique()
        .where(sql.ref('is_default'), '=', 1)
        .execute();

      await db.schema
        .createTable('slider_images')
        .addColumn('id', 'integer', identity)
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('gallery', 'corporate')`))
        .addColumn('title', 'text')
        .addColumn('photo_key', 'text', (c) => c.notNull())
        .addColumn('link_url', 'text')
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('slider_images_kind_position').on('slider_images').columns(['kind', 'position']).execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', identity)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('password_hash', 'text')
        .addColumn('activated', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('contact_number', 'text')
        .addColumn('image_key', 'text')
        .addColumn('google_sub', 'text', (c) => c.unique())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('user_keys')
        .addColumn('id', 'integer', identity)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('activation', 'reset', 'invite')`))
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('user_keys_user_id').on('user_keys').column('user_id').execute();

      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('is_email', 'integer', (c) => c.notNull())
        .addColumn('is_sms', 'integer', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },

    async down(db: Kysely<unknown>) {
      for (const table of ['notification_settings', 'user_keys', 'users', 'slider_images', 'corporate_clients']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
