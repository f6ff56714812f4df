import { describe, expect, it } from 'vitest';
import { type SurveyQuestion, surveyAnswerProblems, surveyAnswersSchema, surveyMessages } from './surveys';

const questions: SurveyQuestion[] = [
  { id: '1', kind: 'text', label: 'Job', required: false },
  { id: '2', kind: 'choice', label: 'Heard', required: true, options: ['Friend', 'Search'] },
  { id: '3', kind: 'yesno', label: 'Photo', required: false },
];

describe('survey answers', () => {
  it('accepts what fits and leaves optional questions unanswered', () => {
    expect(surveyAnswerProblems(questions, { '2': 'Friend' })).toEqual({});
    expect(surveyAnswerProblems(questions, { '1': 'Chef', '2': ' Search ', '3': 'no' })).toEqual({});
  });

  it('names each problem by question id', () => {
    expect(surveyAnswerProblems(questions, { '1': 'x'.repeat(1001), '3': 'maybe', '9': 'extra' })).toEqual({
      '1': surveyMessages.tooLong,
      '2': surveyMessages.required,
      '3': surveyMessages.yesNoInvalid,
      '9': surveyMessages.unknownQuestion,
    });
    expect(surveyAnswerProblems(questions, { '2': 'friend' })).toEqual({ '2': surveyMessages.choiceInvalid });
  });

  it('gives forms the same rules as a zod schema', () => {
    const schema = surveyAnswersSchema(questions);
    expect(schema.safeParse({ '1': '', '2': 'Search', '3': '' }).success).toBe(true);
    const failed = schema.safeParse({ '1': '', '2': '', '3': 'yes' });
    expect(failed.success).toBe(false);
    expect(failed.error?.issues).toEqual([expect.objectContaining({ path: ['2'], message: surveyMessages.required })]);
  });
});
