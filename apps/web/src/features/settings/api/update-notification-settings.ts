import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type notificationSettings, type NotificationSettings } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { notificationSettingsQueryKey } from './get-notification-settings';

/** POST /NotificationSettings {userId, isEmail, isSms} → the saved settings. */
export async function updateNotificationSettings(values: NotificationSettings) {
  return api.post<Answer<typeof notificationSettings>>('/NotificationSettings', values);
}

/** Optimistic: the switch moves at once and moves back if saving fails. */
export function useUpdateNotificationSettings(userId: string) {
  const queryClient = useQueryClient();
  const key = notificationSettingsQueryKey(userId);
  return useMutation({
    mutationFn: updateNotificationSettings,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
    onSuccess: (saved) => queryClient.setQueryData(key, saved),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
