import { type ColumnDefinitionBuilder, type Kysely, type Migration, sql } from 'kysely';
import type { Dialect } from '../create-db';

/**
 * The built-in survey before set-password (issue 14 §4), managed with `npm run studio -- surveys`.
 * Frozen: never edit once shipped; add a new migration.
 *
 * - `surveys.form_key`: the `formid` of the entry link (unique); `active` 1 shown, 0 not.
 * - `survey_questions`: `kind` text | choice | yesno; `options_json` a JSON array of a choice's
 *   options (null otherwise); `position` orders them.
 * - `survey_responses.id`: an unguessable text id (the spec's formResponseId); `email` normalized;
 *   `coupon_code` the session code of the entry link ('' when none); `answers_json` a JSON object of
 *   answers by question id. One answer per survey and email.
 */
export function surveys(dialect: Dialect): Migration {
  const identity = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('surveys')
        .addColumn('id', 'integer', identity)
        .addColumn('form_key', 'text', (c) => c.notNull().unique())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1).check(sql`active in (0, 1)`))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('survey_questions')
        .addColumn('id', 'integer', identity)
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('text', 'choice', 'yesno')`))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0).check(sql`required in (0, 1)`))
        .addColumn('options_json', 'text')
        .addUniqueConstraint('survey_questions_survey_position', ['survey_id', 'position'])
        .execute();
      await db.schema
        .createTable('survey_responses')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('survey_id', 'integer', (c) => c.notNull().references('surveys.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('coupon_code', 'text', (c) => c.notNull().defaultTo(''))
        .addColumn('answers_json', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('survey_responses_survey_email', ['survey_id', 'email'])
        .execute();
      await db.schema.createIndex('survey_responses_email_code').on('survey_responses').columns(['email', 'coupon_code']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('survey_responses').execute();
      await db.schema.dropTable('survey_questions').execute();
      await db.schema.dropTable('surveys').execute();
    },
  };
}
