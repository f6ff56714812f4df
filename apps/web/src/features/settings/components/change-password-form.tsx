import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  changePasswordFormSchema,
  messages,
  type ChangePasswordForm as ChangePasswordValues,
} from '@studio-gallery/contract';
import { isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordField } from '../../../components/password-field';
import { useChangePassword } from '../api/change-password';

export function ChangePasswordForm() {
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useChangePassword();
  const { errors } = form.formState;

  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      notifySuccess(messages.passwordUpdated);
    } catch (error) {
      if (isApiError(error) && isUnexpectedFailure(error.status)) return;
      const message = isApiError(error) && error.message ? error.message : messages.passwordUpdateFailed;
      if (message.includes(messages.currentPasswordIncorrect)) {
        form.setError('currentPassword', { type: 'server', message }, { shouldFocus: true });
      } else {
        notifyError(message);
      }
    }
  });

  return (
    <Paper withBorder p="lg" maw={560}>
      <Title order={2} fz="lg">
        Change password
      </Title>
      <Text size="sm" c="dimmed" mt={4} mb="lg">
        Use at least 8 characters. You stay signed in on this device; your other devices are signed out.
      </Text>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Stack gap="md">
          <PasswordField
            label="Current Password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <NewPasswordFields
            form={form}
            name="newPassword"
            label="New Password"
            confirmName="confirmPassword"
            confirmLabel="Confirm New Password"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending}>
              Update Password
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
