import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type SurveyAnswers, type successResponse, type surveyResponseCreated } from '@studio-gallery/contract';
import { ApiError, api, type Answer } from '../../../lib/api-client';
import { surveySubmittedQueryKey } from './check-survey-submitted';

export interface SubmitSurveyInput {
  /** The reset key of the /reset/finish link: what proves the customer (docs/api.md). */
  resetKey: string;
  formKey: string;
  email: string;
  code: string;
  answers: SurveyAnswers;
}

/**
 * POST /ex/users/survey-responses (ours), then POST /users/AddFormResponseIdBySessionCouponCode
 * (spec §7) with the formResponseId it answered. Answers that endpoint's message ('Form submitted
 * successfully!').
 */
export async function submitSurvey({ resetKey, formKey, email, code, answers }: SubmitSurveyInput): Promise<string> {
  const created = await api.post<Answer<typeof surveyResponseCreated>>('/ex/users/survey-responses', { key: resetKey, formKey, email, code, answers });
  const linked = await api.post<Answer<typeof successResponse>>('/users/AddFormResponseIdBySessionCouponCode', undefined, {
    query: { couponCode: code, formResponseId: created.formResponseId, formId: formKey, email },
  });
  if (!linked.success) throw new ApiError(400, linked.message);
  return linked.message;
}

export function useSubmitSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitSurvey,
    onSuccess: (_message, { formKey, email, code }) => {
      queryClient.setQueryData(surveySubmittedQueryKey({ formKey, email, code }), true);
    },
  });
}
