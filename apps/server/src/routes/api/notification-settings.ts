import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { notificationSettings, userIdPathParams } from '@studio-gallery/contract';
import type { NotificationSettingsService } from '../../modules/notifications/notification-settings.service';
import { assertSelf } from '../../plugins/auth';
import { bearerAuth, errorResponses } from './responses';

export const notificationSettingsRoutes: FastifyPluginAsyncZod<{ settings: NotificationSettingsService }> = async (
  app,
  { settings },
) => {
  const tags = ['users'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/NotificationSettings/:userId',
    {
      schema: { tags, summary: "The caller's notification settings", security: bearerAuth, params: userIdPathParams, response: { 200: notificationSettings, ...errorResponses } },
    },
    async (request) => settings.get(assertSelf(request, request.params.userId)),
  );

  app.post(
    '/NotificationSettings',
    {
      schema: { tags, summary: "Save the caller's notification settings", security: bearerAuth, body: notificationSettings.strict(), response: { 200: notificationSettings, ...errorResponses } },
    },
    async (request) => {
      const { userId, isEmail, isSms } = request.body;
      return settings.save(assertSelf(request, userId), { isEmail, isSms });
    },
  );
};
