import { type ReactNode, useState } from 'react';
import { Center, Loader } from '@mantine/core';
import { type SurveyAnswers, surveyMessages } from '@studio-gallery/contract';
import { errorMessage, isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { notifySuccess } from '../../../lib/notify';
import { useSurveySubmitted } from '../api/check-survey-submitted';
import { useSurveyForm } from '../api/get-survey-form';
import { useSubmitSurvey } from '../api/submit-survey';
import { SurveyForm } from './survey-form';

export interface SurveyGateProps {
  /** The entry link's formid (stored as formKey); no survey without it. */
  formKey: string | null;
  /** The entry link's email (stored as emailKey). */
  email: string | null;
  /** The entry link's session code (stored as code); '' when none. */
  code: string;
  /** The reset key of the link: what the server needs to take the answers (no key, no survey). */
  resetKey: string | null;
  /** What shows once the survey is answered, or when there is none to answer (the password form). */
  children: ReactNode;
}

/**
 * Set Password screen (spec §2): when a form key is present and CheckTypeFormSubmit says the survey
 * was not answered, the survey comes first; after 'Form submitted successfully!' the children show.
 * Anything that keeps the survey from showing (unknown form, a failed check) lets the children show:
 * the survey never stands between a customer and their password.
 */
export function SurveyGate({ formKey, email, code, resetKey, children }: SurveyGateProps) {
  const applies = Boolean(formKey && email && resetKey);
  const submitted = useSurveySubmitted(applies ? { formKey: formKey as string, email: email as string, code } : null);
  const form = useSurveyForm(applies && submitted.data === false ? formKey : null);
  const submit = useSubmitSurvey();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!applies || done || submitted.isError || submitted.data === true || form.isError) return <>{children}</>;
  if (submitted.isPending || form.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }

  const onSubmit = async (answers: SurveyAnswers) => {
    setFailure(null);
    try {
      const message = await submit.mutateAsync({ resetKey: resetKey as string, formKey: formKey as string, email: email as string, code, answers });
      notifySuccess(message || surveyMessages.formSubmitted);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setDone(true);
        return;
      }
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      setFailure(errorMessage(error, surveyMessages.notFound));
    }
  };

  return <SurveyForm survey={form.data} onSubmit={onSubmit} submitting={submit.isPending} failure={failure} />;
}
