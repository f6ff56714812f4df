import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Companies (issue 15 §2). Frozen: never edit once shipped; add a new migration.
 *
 * - `corporate_client_hosts`: the host names a company's branding is served on, several a company,
 *   unique across companies, stored lower case without scheme, port or path (the check refuses the
 *   rest). Branding lookups read this table first, then `corporate_clients.base_url` (kept: it holds
 *   a company's first host, and hosts written before this migration). Existing base URLs without a
 *   port are copied in.
 * - `users.corporate_client_id`: the company a customer works for; null = the studio's own customers.
 *   Deleting a company keeps its employees' accounts (ON DELETE SET NULL).
 */
export function companies(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('corporate_client_hosts')
        .addColumn('id', 'integer', identity)
        .addColumn('corporate_client_id', 'integer', (c) => c.notNull().references('corporate_clients.id').onDelete('cascade'))
        .addColumn('host', 'text', (c) =>
          c
            .notNull()
            .unique()
            .check(sql`host = lower(host) and host <> '' and host not like '%/%' and host not like '%:%' and host not like '% %'`),
        )
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('corporate_client_hosts_client').on('corporate_client_hosts').column('corporate_client_id').execute();
      await sql`
        insert into corporate_client_hosts (corporate_client_id, host, created_at)
        select id, lower(base_url), created_at from corporate_clients
        where base_url is not null and base_url <> '' and base_url not like '%/%' and base_url not like '%:%' and base_url not like '% %'`.execute(db);

      await db.schema
        .alterTable('users')
        .addColumn('corporate_client_id', 'integer', (c) => c.references('corporate_clients.id').onDelete('set null'))
        .execute();
      await db.schema.createIndex('users_corporate_client').on('users').column('corporate_client_id').where(sql.ref('corporate_client_id'), 'is not', null).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_corporate_client').execute();
      await db.schema.alterTable('users').dropColumn('corporate_client_id').execute();
      await db.schema.dropTable('corporate_client_hosts').execute();
    },
  };
}
