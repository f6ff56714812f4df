import { type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * A revision per photo session, raised by the database itself whenever one of the session's photos is
 * inserted, changed or deleted, by whatever code (the API, the studio CLI in another process, a
 * repair by hand). Frozen: never edit once shipped; add a new migration.
 *
 * The gallery's page answers are cached per request and reused while the revisions they were built
 * from are unchanged (modules/gallery/page-answers.ts); triggers rather than repository code, so no
 * write path can forget to invalidate them.
 */
export function sessionRevisions(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('photo_sessions').addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      if (dialect === 'sqlite') {
        for (const [event, sessionIds] of [
          ['insert', 'new.session_id'],
          ['update', 'old.session_id, new.session_id'],
          ['delete', 'old.session_id'],
        ] as const) {
          await sql
            .raw(
              `create trigger photos_revise_session_on_${event} after ${event} on photos begin ` +
                `update photo_sessions set revision = revision + 1 where id in (${sessionIds}); end`,
            )
            .execute(db);
        }
        return;
      }
      await sql`
        create function photos_revise_session() returns trigger language plpgsql as $$
        begin
          if tg_op <> 'INSERT' then
            update photo_sessions set revision = revision + 1 where id = old.session_id;
          end if;
          if tg_op = 'INSERT' or (tg_op = 'UPDATE' and new.session_id <> old.session_id) then
            update photo_sessions set revision = revision + 1 where id = new.session_id;
          end if;
          return null;
        end
        $$`.execute(db);
      await sql`
        create trigger photos_revise_session after insert or update or delete on photos
        for each row execute function photos_revise_session()`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'sqlite') {
        for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger photos_revise_session_on_${event}`).execute(db);
      } else {
        await sql`drop trigger photos_revise_session on photos`.execute(db);
        await sql`drop function photos_revise_session()`.execute(db);
      }
      await db.schema.alterTable('photo_sessions').dropColumn('revision').execute();
    },
  };
}
