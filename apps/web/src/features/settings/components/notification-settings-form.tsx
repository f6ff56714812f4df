import { Paper, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { messages, type NotificationSettings } from '@studio-gallery/contract';
import { errorMessage, isApiError, isUnexpectedFailure } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

export function NotificationSettingsForm({ userId }: { userId: string }) {
  const settings = useNotificationSettings(userId);
  const update = useUpdateNotificationSettings(userId);

  if (settings.isPending) {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={64} />
        <Skeleton h={64} />
      </Stack>
    );
  }
  if (settings.isError) {
    return <Text c="dimmed">Your notification settings could not be loaded. Please reload the page.</Text>;
  }

  const current = settings.data;
  const save = (next: NotificationSettings) => {
    update.mutate(next, {
      onSuccess: () => notifySuccess(messages.notificationSettingsSaved),
      onError: (error) => {
        if (isApiError(error) && isUnexpectedFailure(error.status)) return;
        notifyError(errorMessage(error, messages.unexpectedError));
      },
    });
  };

  return (
    <Paper withBorder>
      <Stack gap={0}>
        <Switch
          p="lg"
          size="md"
          labelPosition="left"
          label="Email notifications"
          description="Get an email when your photos are ready or an order is updated."
          checked={current.isEmail}
          onChange={(event) => save({ ...current, isEmail: event.currentTarget.checked })}
          styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
        />
        <Switch
          p="lg"
          size="md"
          labelPosition="left"
          label="SMS notifications"
          description="Get a text message for the same updates."
          checked={current.isSms}
          onChange={(event) => save({ ...current, isSms: event.currentTarget.checked })}
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
          styles={{ body: { justifyContent: 'space-between' }, labelWrapper: { flex: 1 } }}
        />
      </Stack>
    </Paper>
  );
}
