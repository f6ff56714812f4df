import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { studioSurvey, studioSurveyResponsesPage, studioSurveysResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { saveBlobAs } from '../../../lib/file';
import { studioSettingsKeys } from './query-keys';

export type StudioSurvey = Answer<typeof studioSurvey>;
export type StudioSurveys = Answer<typeof studioSurveysResponse>;
export type StudioSurveyResponses = Answer<typeof studioSurveyResponsesPage>;

/** GET /studio/surveys: the surveys with their questions and answer counts. */
export function getStudioSurveys(signal?: AbortSignal): Promise<StudioSurveys> {
  return api.get<StudioSurveys>('/studio/surveys', { signal });
}

export function useStudioSurveys() {
  return useQuery({ queryKey: studioSettingsKeys.surveys(), queryFn: ({ signal }) => getStudioSurveys(signal) });
}

/** GET /studio/surveys/{id}/responses?page&pageSize: a page of answers, newest first. */
export function getStudioSurveyResponses(surveyId: number, page: number, pageSize: number, signal?: AbortSignal): Promise<StudioSurveyResponses> {
  return api.get<StudioSurveyResponses>(`/studio/surveys/${surveyId}/responses`, { query: { page, pageSize }, signal });
}

export function useStudioSurveyResponses(surveyId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: studioSettingsKeys.surveyResponses(surveyId, page, pageSize),
    queryFn: ({ signal }) => getStudioSurveyResponses(surveyId, page, pageSize, signal),
    placeholderData: keepPreviousData,
  });
}

/** GET /studio/surveys/{id}/responses.csv, saved as a file (the call needs the bearer token: no plain link). */
export async function downloadSurveyCsv(survey: Pick<StudioSurvey, 'id' | 'formKey'>): Promise<void> {
  const blob = await api.get<Blob>(`/studio/surveys/${survey.id}/responses.csv`, { responseType: 'blob' });
  saveBlobAs(blob, `survey-${survey.formKey}-responses.csv`);
}

export function useDownloadSurveyCsv() {
  return useMutation({ mutationFn: downloadSurveyCsv });
}
