import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Radio, Stack, TextInput } from '@mantine/core';
import { type Survey, type SurveyAnswers, type SurveyQuestion, surveyAnswersSchema } from '@studio-gallery/contract';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';

export interface SurveyFormProps {
  survey: Survey;
  /** Called with the answers once they pass the same checks the server makes. */
  onSubmit: (answers: SurveyAnswers) => Promise<void> | void;
  submitting?: boolean;
  /** Why the last submit failed (the server's message); nothing while null. */
  failure?: string | null;
}

type Values = Record<string, string | undefined>;

/**
 * The studio's survey, built from its questions (short text, one of several options, yes/no). Required
 * questions are marked; problems show under their question. One column: it reads on a phone.
 */
export function SurveyForm({ survey, onSubmit, submitting = false, failure = null }: SurveyFormProps) {
  const schema = useMemo(() => surveyAnswersSchema(survey.questions), [survey.questions]);
  const form = useForm<Values>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: Object.fromEntries(survey.questions.map((q) => [q.id, ''])),
  });

  const submit = form.handleSubmit(async (values) => {
    const answers: SurveyAnswers = {};
    for (const question of survey.questions) {
      const value = (values[question.id] ?? '').trim();
      if (value) answers[question.id] = value;
    }
    await onSubmit(answers);
  });

  return (
    <Stack gap="lg">
      <FormHeading title="A few questions first" description={survey.title} />
      <form noValidate onSubmit={(event) => void submit(event)} aria-label={survey.title}>
        <Stack gap="lg">
          <FormErrorAlert message={failure} />
          {survey.questions.map((question) => (
            <Controller
              key={question.id}
              control={form.control}
              name={question.id}
              render={({ field, fieldState }) => (
                <QuestionField question={question} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} error={fieldState.error?.message} />
              )}
            />
          ))}
          <Button type="submit" size="md" fullWidth loading={submitting || form.formState.isSubmitting}>
            Submit answers
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

interface QuestionFieldProps {
  question: SurveyQuestion;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error: string | undefined;
}

function QuestionField({ question, value, onChange, onBlur, error }: QuestionFieldProps) {
  const common = { label: question.label, withAsterisk: question.required, error };
  switch (question.kind) {
    case 'text':
      return (
        <TextInput
          {...common}
          size="md"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          onBlur={onBlur}
          maxLength={1000}
        />
      );
    case 'choice':
      return (
        <Radio.Group {...common} size="md" value={value || null} onChange={onChange} onBlur={onBlur}>
          <Stack gap="xs" mt="xs">
            {(question.options ?? []).map((option) => (
              <Radio key={option} value={option} label={option} size="md" />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'yesno':
      return (
        <Radio.Group {...common} size="md" value={value || null} onChange={onChange} onBlur={onBlur}>
          <Group gap="xl" mt="xs">
            <Radio value="yes" label="Yes" size="md" />
            <Radio value="no" label="No" size="md" />
          </Group>
        </Radio.Group>
      );
  }
}
