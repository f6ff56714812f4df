import { type StudioSurvey, type StudioSurveyResponsesPage, studioSettingsMessages } from '@studio-gallery/contract';
import { NotFoundError } from '../../errors';
import type { SurveysRepository } from '../surveys/surveys.repository';
import { type SurveysService, toSurvey } from '../surveys/surveys.service';

/**
 * The surveys' answers in the studio dashboard (issue 15 §4, staff): the surveys with their questions
 * and answer counts, a page of answers, and the CSV export the CLI's `surveys export` writes.
 */
export class StudioSurveysService {
  constructor(
    private readonly surveys: SurveysService,
    private readonly repository: SurveysRepository,
  ) {}

  async list(): Promise<StudioSurvey[]> {
    const rows = await this.surveys.list();
    const result: StudioSurvey[] = [];
    for (const row of rows) {
      const found = await this.repository.findByFormKey(row.form_key);
      if (!found) continue;
      result.push({
        ...toSurvey(found),
        active: Number(row.active) === 1,
        createdAt: new Date(row.created_at).toISOString(),
        responseCount: row.response_count,
      });
    }
    return result;
  }

  async responses(surveyId: number, page: number, pageSize: number): Promise<StudioSurveyResponsesPage> {
    await this.surveyOf(surveyId);
    const { rows, total } = await this.repository.responsesPage(surveyId, page, pageSize);
    return {
      items: rows.map((row) => ({
        id: row.id,
        submittedAt: new Date(row.created_at).toISOString(),
        email: row.email,
        sessionCode: row.coupon_code,
        answers: parseAnswers(row.answers_json),
      })),
      total,
    };
  }

  /** The answers as CSV (SurveysService.exportCsv) and a file name for them. */
  async csv(surveyId: number): Promise<{ fileName: string; csv: string }> {
    const survey = await this.surveyOf(surveyId);
    return { fileName: `survey-${survey.form_key}-responses.csv`, csv: await this.surveys.exportCsv(survey.form_key) };
  }

  private async surveyOf(id: number) {
    const survey = await this.repository.findById(id);
    if (!survey) throw new NotFoundError(studioSettingsMessages.surveyNotFound);
    return survey;
  }
}

function parseAnswers(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return {};
    return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}
