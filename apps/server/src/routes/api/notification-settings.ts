import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { notificationSettings, userIdPathParams } from '@studio-gallery/contract';
import type { NotificationSettingsService } from '../../modules/notifications/notification-settings.service';
import { assertSelf } from '../../plugins/auth';

export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ settings: NotificationSettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['users'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/NotificationSettings/:userId',
    {
      config: {
        operation: {
          operationId: 'getNotificationSettings',
          access: 'user',
          answers: { 200: "The caller's notification settings (both on until saved)" },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ params: { userId: r.userId } }),
        },
      },
      schema: { tags, summary: "The caller's notification settings", params: userIdPathParams, response: { 200: notificationSettings } },
    },
    async (request) => settings.get(assertSelf(request, request.params.userId)),
  );

  app.post(
    '/NotificationSettings',
    {
      config: {
        operation: {
          operationId: 'saveNotificationSettings',
          access: 'user',
          answers: { 200: 'Saved: the settings as they are now' },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ body: { userId: r.userId, isEmail: false, isSms: false } }),
        },
      },
      schema: { tags, summary: "Save the caller's notification settings", body: notificationSettings.strict(), response: { 200: notificationSettings } },
    },
    async (request) => {
      const { userId, isEmail, isSms } = request.body;
      return settings.save(assertSelf(request, userId), { isEmail, isSms });
    },
  );
};
