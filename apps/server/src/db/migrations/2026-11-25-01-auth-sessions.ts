import type { Kysely, Migration } from 'kysely';

/**
 * One row per signed-in token (issue 11, "Sessions that can end"): the token's `id_token` is the row's
 * id, and a token is honoured only while its row exists. Logout deletes the row; a password change,
 * a reset and "Sign out of all devices" delete the user's rows. Frozen: never edit once shipped.
 */
export function authSessions(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('auth_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('auth_sessions_user').on('auth_sessions').columns(['user_id', 'expires_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('auth_sessions').execute();
    },
  };
}
