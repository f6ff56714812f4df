import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import {
  messages,
  setPasswordFormSchema,
  storageKeys,
  type SetPasswordForm as SetPasswordValues,
} from '@studio-gallery/contract';
import { paths } from '../../../config/paths';
import { FormErrorAlert } from '../../../components/form-alert';
import { FormHeading } from '../../../components/form-heading';
import { errorMessage, isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { storage } from '../../../lib/storage';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { ResultCard } from '../../../components/result-card';
import { useFinishPasswordReset } from '../api/finish-password-reset';

export interface SetPasswordFormProps {
  /** The reset key from the mailed link; null when the screen was opened without one. */
  resetKey: string | null;
  signedIn: boolean;
}

export function SetPasswordForm({ resetKey, signedIn }: SetPasswordFormProps) {
  const navigate = useNavigate();
  const form = useForm<SetPasswordValues>({
    resolver: zodResolver(setPasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const finish = useFinishPasswordReset();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    if (!resetKey) {
      setFailure(messages.resetKeyInvalid);
      return;
    }
    try {
      await finish.mutateAsync({ key: resetKey, newPassword });
      storage.remove(storageKeys.resetKey);
    } catch (error) {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      setFailure(errorMessage(error, messages.resetKeyInvalid));
    }
  });

  if (finish.isSuccess) {
    return (
      <ResultCard
        status="success"
        title="Thank You!"
        actions={
          <Button component={Link} to={paths.login} size="md" fullWidth>
            Go to Login Page
          </Button>
        }
      >
        {messages.passwordSet} You can now log in with your new password.
      </ResultCard>
    );
  }

  return (
    <Stack gap="lg">
      <FormHeading title="Set your password" description="Choose a password of 6 to 15 characters." />
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <FormErrorAlert message={failure} />
          <NewPasswordFields
            form={form}
            name="newPassword"
            label="New Password"
            confirmName="confirmPassword"
            confirmLabel="Confirm Password"
          />
          <Group grow gap="sm">
            {!resetKey ? (
              <Button
                type="button"
                variant="default"
                size="md"
                onClick={() => void navigate(signedIn ? paths.main : paths.login)}
              >
                Skip
              </Button>
            ) : null}
            <Button type="submit" size="md" loading={finish.isPending}>
              Save Password
            </Button>
          </Group>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        Already set?{' '}
        <Anchor component={Link} to={paths.login} fw={600}>
          Sign In
        </Anchor>
      </Text>
    </Stack>
  );
}
