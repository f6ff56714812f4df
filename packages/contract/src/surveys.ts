import { z } from 'zod';

/**
 * The built-in survey shown before the Set Password form (spec §2 "Set Password screen", §7
 * CheckTypeFormSubmit / AddFormResponseIdBySessionCouponCode; issue 14 §4). A studio configures a
 * survey under a form key (the `formid` of the entry link's `q`); the customer answers it once.
 * docs/api.md documents the calls.
 */

export const surveyMessages = {
  /** Spec §8. */
  formSubmitted: 'Form submitted successfully!',
  // Ours:
  notFound: 'This survey is not available.',
  alreadyAnswered: 'You have already answered this survey.',
  required: 'Please answer this question.',
  choiceInvalid: 'Please choose one of the options.',
  yesNoInvalid: 'Please answer yes or no.',
  unknownQuestion: 'The answers do not match the survey.',
  tooLong: 'Please keep your answer under 1000 characters.',
  keyInvalid: 'This link is invalid or has expired. Please request a new one.',
  emailMismatch: 'This link belongs to another email address.',
  responseNotFound: 'Unknown form response.',
  responseOtherCode: 'This form response belongs to another session.',
} as const;

export const SURVEY_QUESTION_KINDS = ['text', 'choice', 'yesno'] as const;
export type SurveyQuestionKind = (typeof SURVEY_QUESTION_KINDS)[number];

export const SURVEY_ANSWER_MAX = 1000;
export const YES_NO = ['yes', 'no'] as const;

/** A form key: the `formid` of the entry link. */
export const surveyFormKey = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9_.-]+$/, 'A form key holds letters, digits, ., _ and -');

export const surveyQuestion = z
  .object({
    id: z.string().describe('Stable id of the question: the key of its answer'),
    kind: z.enum(SURVEY_QUESTION_KINDS).describe('text: short text; choice: one of `options`; yesno: "yes" or "no"'),
    label: z.string(),
    required: z.boolean(),
    options: z.array(z.string()).optional().describe('The choices of a `choice` question, in order'),
  })
  .register(z.globalRegistry, { id: 'SurveyQuestion' });
export type SurveyQuestion = z.infer<typeof surveyQuestion>;

/** GET /users/survey-form/{formKey} (ours). */
export const survey = z
  .object({
    id: z.number().int(),
    formKey: z.string(),
    title: z.string(),
    questions: z.array(surveyQuestion),
  })
  .register(z.globalRegistry, { id: 'Survey' });
export type Survey = z.infer<typeof survey>;

export const surveyFormParams = z.object({ formKey: surveyFormKey });

/** Answers by question id; a text, a choice's option, or "yes"/"no". Unanswered questions are left out or ''. */
export const surveyAnswers = z.record(z.string().max(40), z.string().max(SURVEY_ANSWER_MAX, surveyMessages.tooLong));
export type SurveyAnswers = z.infer<typeof surveyAnswers>;

/** A session code as the entry link carries it ('' when the link has none). */
const sessionCode = z.string().trim().max(200);

/**
 * POST /ex/users/survey-responses (ours). `key` is the reset key of the /reset/finish link: it proves
 * the caller holds the mailbox of `email` (docs/api.md).
 */
export const surveyResponseRequest = z.object({
  key: z.string().min(1).max(200).describe('The reset key of the /reset/finish link (unused, unexpired)'),
  formKey: surveyFormKey,
  email: z.string().trim().min(1).max(254),
  code: sessionCode.default('').describe('The session code of the entry link (`code` of `q`); empty when none'),
  answers: surveyAnswers,
});
export type SurveyResponseRequest = z.input<typeof surveyResponseRequest>;

export const surveyResponseCreated = z
  .object({ formResponseId: z.string().describe('Unguessable id of the stored answers') })
  .register(z.globalRegistry, { id: 'SurveyResponseCreated' });
export type SurveyResponseCreated = z.infer<typeof surveyResponseCreated>;

/** GET /users/CheckTypeFormSubmit?email&code (spec §7), plus our optional formId (a form key). */
export const checkSurveySubmittedQuery = z.object({
  email: z.string().trim().min(1).max(254),
  code: sessionCode.default(''),
  formId: surveyFormKey.optional().describe('Ours: only answers of this form key count'),
});

/** POST /users/AddFormResponseIdBySessionCouponCode (spec §7): all four in the query. */
export const addFormResponseQuery = z.object({
  couponCode: sessionCode.default(''),
  formResponseId: z.string().min(1).max(100),
  formId: surveyFormKey,
  email: z.string().trim().min(1).max(254),
});

/** One answer's problem, in the customer's words; null when the answer is fine. */
export function surveyAnswerProblem(question: SurveyQuestion, raw: string | undefined): string | null {
  const value = (raw ?? '').trim();
  if (value === '') return question.required ? surveyMessages.required : null;
  if (value.length > SURVEY_ANSWER_MAX) return surveyMessages.tooLong;
  if (question.kind === 'choice' && !(question.options ?? []).includes(value)) return surveyMessages.choiceInvalid;
  if (question.kind === 'yesno' && !(YES_NO as readonly string[]).includes(value)) return surveyMessages.yesNoInvalid;
  return null;
}

/**
 * The answers checked against the survey's questions (shared by the form and the server): every
 * problem by question id, empty when they can be stored. Answers to unknown questions are a problem.
 */
export function surveyAnswerProblems(questions: readonly SurveyQuestion[], answers: SurveyAnswers): Record<string, string> {
  const problems: Record<string, string> = {};
  const known = new Set(questions.map((q) => q.id));
  for (const id of Object.keys(answers)) if (!known.has(id)) problems[id] = surveyMessages.unknownQuestion;
  for (const question of questions) {
    const problem = surveyAnswerProblem(question, answers[question.id]);
    if (problem) problems[question.id] = problem;
  }
  return problems;
}

/** The zod schema of a survey's answers, for forms (react-hook-form + zodResolver). */
export function surveyAnswersSchema(questions: readonly SurveyQuestion[]) {
  return z.object(
    Object.fromEntries(
      questions.map((question) => [
        question.id,
        z
          .string()
          .optional()
          .superRefine((value, ctx) => {
            const problem = surveyAnswerProblem(question, value);
            if (problem) ctx.addIssue({ code: 'custom', message: problem });
          }),
      ]),
    ),
  );
}
