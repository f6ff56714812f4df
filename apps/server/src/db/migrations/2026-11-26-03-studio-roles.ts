import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * Studio roles and the activity log (issue 15 §1). Frozen: never edit once shipped; add a new migration.
 *
 * - `users.role`: customer (default) | staff | admin, read on every /api/studio call (a demoted user
 *   loses the studio on the next call).
 * - `staff_activity`: what studio staff changed, who (`actor_user_id`; null = the studio CLI) and when;
 *   `details_json` a JSON object. Deleting the actor's user keeps the entry (ON DELETE SET NULL).
 */
export function studioRoles(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo('customer').check(sql`role in ('customer', 'staff', 'admin')`))
        .execute();
      await db.schema
        .createTable('staff_activity')
        .addColumn('id', 'integer', identity)
        .addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('details_json', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('staff_activity_created_at').on('staff_activity').column('created_at').execute();
      await db.schema.createIndex('users_role').on('users').column('role').where(sql.ref('role'), '!=', 'customer').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_role').execute();
      await db.schema.dropTable('staff_activity').execute();
      await db.schema.alterTable('users').dropColumn('role').execute();
    },
  };
}
