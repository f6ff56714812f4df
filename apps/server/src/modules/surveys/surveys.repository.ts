import type { Kysely } from 'kysely';
import type { Database, SurveyQuestionRow, SurveyResponseRow, SurveyRow } from '../../db/schema';

export interface NewSurveyQuestion {
  kind: 'text' | 'choice' | 'yesno';
  label: string;
  required: boolean;
  options?: string[];
}

export interface SurveyWithQuestions {
  survey: SurveyRow;
  questions: SurveyQuestionRow[];
}

/** Surveys, their questions and answers; and the one look-up of a reset key the answers need. */
export class SurveysRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findByFormKey(formKey: string): Promise<SurveyWithQuestions | null> {
    const survey = await this.db.selectFrom('surveys').selectAll().where('form_key', '=', formKey).executeTakeFirst();
    if (!survey) return null;
    const questions = await this.db
      .selectFrom('survey_questions')
      .selectAll()
      .where('survey_id', '=', survey.id)
      .orderBy('position')
      .execute();
    return { survey, questions };
  }

  /** A survey and its questions in one transaction; null when the form key is taken. */
  insertSurvey(formKey: string, title: string, questions: readonly NewSurveyQuestion[], now: Date): Promise<SurveyWithQuestions | null> {
    return this.db.transaction().execute(async (trx) => {
      const taken = await trx.selectFrom('surveys').select('id').where('form_key', '=', formKey).executeTakeFirst();
      if (taken) return null;
      const survey = await trx
        .insertInto('surveys')
        .values({ form_key: formKey, title, created_at: now.toISOString() })
        .returningAll()
        .executeTakeFirstOrThrow();
      const rows = await trx
        .insertInto('survey_questions')
        .values(
          questions.map((q, position) => ({
            survey_id: survey.id,
            position,
            kind: q.kind,
            label: q.label,
            required: q.required ? 1 : 0,
            options_json: q.kind === 'choice' ? JSON.stringify(q.options ?? []) : null,
          })),
        )
        .returningAll()
        .execute();
      return { survey, questions: rows.sort((a, b) => a.position - b.position) };
    });
  }

  async setActive(formKey: string, active: boolean): Promise<SurveyRow | null> {
    const row = await this.db.updateTable('surveys').set({ active: active ? 1 : 0 }).where('form_key', '=', formKey).returningAll().executeTakeFirst();
    return row ?? null;
  }

  /** Every survey with its number of questions and answers, oldest first. */
  listSurveys(): Promise<(SurveyRow & { question_count: number; response_count: number })[]> {
    return this.db
      .selectFrom('surveys')
      .selectAll('surveys')
      .select((eb) => [
        eb.selectFrom('survey_questions').select(eb.fn.countAll<number>().as('n')).whereRef('survey_questions.survey_id', '=', 'surveys.id').as('question_count'),
        eb.selectFrom('survey_responses').select(eb.fn.countAll<number>().as('n')).whereRef('survey_responses.survey_id', '=', 'surveys.id').as('response_count'),
      ])
      .orderBy('id')
      .execute()
      .then((rows) => rows.map((r) => ({ ...r, question_count: Number(r.question_count ?? 0), response_count: Number(r.response_count ?? 0) })));
  }

  /**
   * The account of an unused, unexpired reset key (its SHA-256), without using it: the /reset/finish
   * link's key proves the mailbox while the survey is answered, and is used up by the password form.
   */
  async findResetKeyOwner(keyHash: string, now: Date): Promise<{ userId: number; email: string } | null> {
    const row = await this.db
      .selectFrom('user_keys')
      .innerJoin('users', 'users.id', 'user_keys.user_id')
      .select(['users.id as userId', 'users.email as email'])
      .where('user_keys.key_hash', '=', keyHash)
      .where('user_keys.purpose', '=', 'reset')
      .where('user_keys.used_at', 'is', null)
      .where('user_keys.expires_at', '>', now.toISOString())
      .executeTakeFirst();
    return row ?? null;
  }

  /** Throws the database's unique violation when this email already answered the survey. */
  async insertResponse(row: { id: string; surveyId: number; email: string; couponCode: string; answers: Record<string, string> }, now: Date): Promise<void> {
    await this.db
      .insertInto('survey_responses')
      .values({
        id: row.id,
        survey_id: row.surveyId,
        email: row.email,
        coupon_code: row.couponCode,
        answers_json: JSON.stringify(row.answers),
        created_at: now.toISOString(),
      })
      .execute();
  }

  /** Whether `email` answered (the survey of `surveyId`, when given) under session code `code`. */
  async hasResponse(email: string, code: string, surveyId?: number): Promise<boolean> {
    let query = this.db.selectFrom('survey_responses').select('id').where('email', '=', email).where('coupon_code', '=', code);
    if (surveyId !== undefined) query = query.where('survey_id', '=', surveyId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  async findResponse(id: string): Promise<(SurveyResponseRow & { form_key: string }) | null> {
    const row = await this.db
      .selectFrom('survey_responses')
      .innerJoin('surveys', 'surveys.id', 'survey_responses.survey_id')
      .selectAll('survey_responses')
      .select('surveys.form_key')
      .where('survey_responses.id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /** Records the session code of a response that has none yet; false when it has another. */
  async setResponseCode(id: string, code: string): Promise<boolean> {
    const updated = await this.db
      .updateTable('survey_responses')
      .set({ coupon_code: code })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('coupon_code', '=', ''), eb('coupon_code', '=', code)]))
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  async findById(id: number): Promise<SurveyRow | null> {
    return (await this.db.selectFrom('surveys').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** A page of a survey's answers, newest first, and how many there are (the studio dashboard). */
  async responsesPage(surveyId: number, page: number, pageSize: number): Promise<{ rows: SurveyResponseRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('survey_responses')
      .selectAll()
      .where('survey_id', '=', surveyId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await this.db
      .selectFrom('survey_responses')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('survey_id', '=', surveyId)
      .executeTakeFirstOrThrow();
    return { rows, total: Number(count.n) };
  }

  responsesOf(surveyId: number): Promise<SurveyResponseRow[]> {
    return this.db.selectFrom('survey_responses').selectAll().where('survey_id', '=', surveyId).orderBy('created_at').orderBy('id').execute();
  }
}
