import { randomBytes } from 'node:crypto';
import {
  type Survey,
  type SurveyAnswers,
  type SurveyQuestion,
  normalizeEmail,
  surveyAnswerProblems,
  surveyMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { SurveyQuestionRow } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { hashOneTimeKey } from '../accounts/one-time-keys';
import type { NewSurveyQuestion, SurveyWithQuestions, SurveysRepository } from './surveys.repository';

export interface SurveyAnswerInput {
  /** The reset key of the /reset/finish link: proves the mailbox of `email`. */
  key: string;
  formKey: string;
  email: string;
  /** The session code of the entry link ('' when none). */
  code: string;
  answers: SurveyAnswers;
}

/**
 * The survey before set-password (issue 14 §4). Who may answer: the holder of an unused, unexpired
 * reset key, for that key's account only (docs/api.md). Answers are checked against the questions
 * here, whatever the browser checked.
 */
export class SurveysService {
  constructor(
    private readonly surveys: SurveysRepository,
    private readonly clock: Clock,
  ) {}

  /** The questions of an active survey; NotFound when unknown or inactive. */
  async getForm(formKey: string): Promise<Survey> {
    const found = await this.surveys.findByFormKey(formKey);
    if (!found || found.survey.active !== 1) throw new NotFoundError(surveyMessages.notFound);
    return toSurvey(found);
  }

  /** CheckTypeFormSubmit: whether `email` answered under session code `code` (that form's, when given). */
  async isSubmitted(email: string, code: string, formKey?: string): Promise<boolean> {
    let surveyId: number | undefined;
    if (formKey !== undefined) {
      const found = await this.surveys.findByFormKey(formKey);
      if (!found) return false;
      surveyId = found.survey.id;
    }
    return this.surveys.hasResponse(normalizeEmail(email), code.trim(), surveyId);
  }

  /** Stores the answers once per survey and email; answers the unguessable formResponseId. */
  async submit(input: SurveyAnswerInput): Promise<{ formResponseId: string }> {
    const now = this.clock();
    const owner = await this.surveys.findResetKeyOwner(hashOneTimeKey(input.key), now);
    if (!owner) throw new ValidationError(surveyMessages.keyInvalid);
    const email = normalizeEmail(input.email);
    if (owner.email !== email) throw new ForbiddenError(surveyMessages.emailMismatch);

    const survey = await this.getForm(input.formKey);
    const problems = surveyAnswerProblems(survey.questions, input.answers);
    const first = Object.entries(problems)[0];
    if (first) {
      const question = survey.questions.find((q) => q.id === first[0]);
      throw new ValidationError(question ? `${question.label}: ${first[1]}` : first[1]);
    }
    // Keep only the questions' answers, trimmed; skipped optional ones are left out.
    const answers: Record<string, string> = {};
    for (const question of survey.questions) {
      const value = (input.answers[question.id] ?? '').trim();
      if (value) answers[question.id] = value;
    }

    const formResponseId = randomBytes(18).toString('base64url');
    try {
      await this.surveys.insertResponse({ id: formResponseId, surveyId: survey.id, email, couponCode: input.code.trim(), answers }, now);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ConflictError(surveyMessages.alreadyAnswered);
      throw error;
    }
    return { formResponseId };
  }

  /**
   * AddFormResponseIdBySessionCouponCode: the response of `formResponseId` (unguessable, known only
   * to who submitted it) belongs to session code `couponCode`. Idempotent; NotFound unless the id,
   * form key and email all match; Conflict when it already belongs to another code.
   */
  async linkToSessionCode(input: { formResponseId: string; formId: string; email: string; couponCode: string }): Promise<void> {
    const response = await this.surveys.findResponse(input.formResponseId);
    if (!response || response.form_key !== input.formId || response.email !== normalizeEmail(input.email)) {
      throw new NotFoundError(surveyMessages.responseNotFound);
    }
    const code = input.couponCode.trim();
    if (response.coupon_code === code || code === '') return;
    if (!(await this.surveys.setResponseCode(response.id, code))) throw new ConflictError(surveyMessages.responseOtherCode);
  }

  // The studio's side (npm run studio -- surveys).

  async create(formKey: string, title: string, questions: readonly NewSurveyQuestion[]): Promise<Survey> {
    if (questions.length === 0) throw new ValidationError('A survey needs at least one question.');
    for (const q of questions) {
      if (q.kind === 'choice' && (q.options ?? []).length < 2) throw new ValidationError(`"${q.label}" needs at least two options.`);
    }
    const created = await this.surveys.insertSurvey(formKey, title, questions, this.clock());
    if (!created) throw new ConflictError(`A survey with the form key "${formKey}" exists already.`);
    return toSurvey(created);
  }

  list() {
    return this.surveys.listSurveys();
  }

  async setActive(formKey: string, active: boolean): Promise<void> {
    if (!(await this.surveys.setActive(formKey, active))) throw new NotFoundError(surveyMessages.notFound);
  }

  /** The answers as CSV (RFC 4180): created_at, email, session code, form response id, one column per question. */
  async exportCsv(formKey: string): Promise<string> {
    const found = await this.surveys.findByFormKey(formKey);
    if (!found) throw new NotFoundError(surveyMessages.notFound);
    const questions = found.questions;
    const header = ['submitted_at', 'email', 'session_code', 'form_response_id', ...questions.map((q) => q.label)];
    const rows = (await this.surveys.responsesOf(found.survey.id)).map((r) => {
      const answers = JSON.parse(r.answers_json) as Record<string, string>;
      return [r.created_at, r.email, r.coupon_code, r.id, ...questions.map((q) => inertCell(answers[String(q.id)] ?? ''))];
    });
    return toCsv([header, ...rows]);
  }
}

/** RFC 4180: CRLF line ends; a field with a comma, quote, CR or LF is quoted, quotes doubled. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const field = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
  return rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';
}

/** A customer's text that a spreadsheet would run as a formula gets a leading apostrophe (OWASP CSV injection). */
function inertCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function toSurvey({ survey, questions }: SurveyWithQuestions): Survey {
  return { id: survey.id, formKey: survey.form_key, title: survey.title, questions: questions.map(toQuestion) };
}

function toQuestion(row: SurveyQuestionRow): SurveyQuestion {
  return {
    id: String(row.id),
    kind: row.kind,
    label: row.label,
    required: row.required === 1,
    ...(row.kind === 'choice' ? { options: JSON.parse(row.options_json ?? '[]') as string[] } : {}),
  };
}
