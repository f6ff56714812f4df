import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export interface SurveySubmittedQuery {
  email: string;
  /** The session code of the entry link ('' when none). */
  code: string;
  formKey: string;
}

/** GET /users/CheckTypeFormSubmit?email&code (spec §7), narrowed to the form key (our formId). */
export async function checkSurveySubmitted({ email, code, formKey }: SurveySubmittedQuery) {
  return api.get<boolean>('/users/CheckTypeFormSubmit', { query: { email, code, formId: formKey } });
}

export const surveySubmittedQueryKey = (query: SurveySubmittedQuery) => ['survey-submitted', query.formKey, query.email, query.code] as const;

export function useSurveySubmitted(query: SurveySubmittedQuery | null) {
  return useQuery(
    queryOptions({
      queryKey: surveySubmittedQueryKey(query ?? { email: '', code: '', formKey: '' }),
      queryFn: () => checkSurveySubmitted(query as SurveySubmittedQuery),
      enabled: query !== null,
    }),
  );
}
