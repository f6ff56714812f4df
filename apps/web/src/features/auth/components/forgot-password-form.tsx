import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import {
  forgotPasswordFormSchema,
  messages,
  type ForgotPasswordForm as ForgotValues,
} from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';
import { errorMessage, isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { ResultCard } from '../../../components/result-card';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const form = useForm<ForgotValues>({
    resolver: zodResolver(forgotPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const request = useRequestPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await request.mutateAsync(email);
      setSentTo(email);
    } catch (error) {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return; // toast already shown
      setFailure(errorMessage(error, messages.emailNotRegistered));
    }
  });

  if (sentTo) {
    return (
      <ResultCard
        status="success"
        title="Success!"
        actions={
          <Button component={Link} to={paths.login} size="md" fullWidth>
            Go to Login Page
          </Button>
        }
      >
        {messages.resetMailSent} It is on its way to <strong>{sentTo}</strong>.
      </ResultCard>
    );
  }

  return (
    <Stack gap="lg">
      <FormHeading
        title="Forgot your password?"
        description="Enter the email address of your account and we will send you a link to set a new password."
      />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" size="md" fullWidth loading={request.isPending}>
            Submit
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        Remembered it?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Login
        </Anchor>
      </Text>
    </Stack>
  );
}
