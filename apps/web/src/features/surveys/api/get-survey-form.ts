import { queryOptions, useQuery } from '@tanstack/react-query';
import { type survey } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /users/survey-form/{formKey} (ours): the survey's questions, in order; 404 when unknown or inactive. */
export async function getSurveyForm(formKey: string) {
  return api.get<Answer<typeof survey>>(`/users/survey-form/${encodeURIComponent(formKey)}`);
}

export const surveyFormQueryKey = (formKey: string) => ['survey-form', formKey] as const;

export function useSurveyForm(formKey: string | null) {
  return useQuery(
    queryOptions({
      queryKey: surveyFormQueryKey(formKey ?? ''),
      queryFn: () => getSurveyForm(formKey ?? ''),
      enabled: formKey !== null,
      staleTime: Infinity,
    }),
  );
}
