import { queryOptions, useQuery } from '@tanstack/react-query';
import { type notificationSettings } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';

/** GET /NotificationSettings/{userId}: email and SMS switches (both on by default). */
export async function getNotificationSettings(userId: string) {
  return api.get<Answer<typeof notificationSettings>>(`/NotificationSettings/${encodeURIComponent(userId)}`);
}

export const notificationSettingsQueryKey = (userId: string) => ['notification-settings', userId] as const;

export const notificationSettingsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: notificationSettingsQueryKey(userId),
    queryFn: () => getNotificationSettings(userId),
  });

export function useNotificationSettings(userId: string) {
  return useQuery(notificationSettingsQueryOptions(userId));
}
