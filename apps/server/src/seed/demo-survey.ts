import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { SurveysRepository } from '../modules/surveys/surveys.repository';

export const DEMO_SURVEY_FORM_KEY = 'demo-survey';

/** The demo survey (DEMO_DATA on), shown on /reset/finish when q holds formid "demo-survey"; added once. */
export async function seedDemoSurvey(db: Kysely<Database>, now: Date): Promise<void> {
  const surveys = new SurveysRepository(db);
  if (await surveys.findByFormKey(DEMO_SURVEY_FORM_KEY)) return;
  await surveys.insertSurvey(
    DEMO_SURVEY_FORM_KEY,
    'Before your photos',
    [
      { kind: 'text', label: 'Your job title', required: false },
      { kind: 'choice', label: 'How did you hear about us?', required: true, options: ['Friend', 'Search', 'Event'] },
      { kind: 'yesno', label: 'May we use your photo on our website?', required: true },
    ],
    now,
  );
}
