import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  commerceMessages,
  orderIdParams,
  specialRequestListResponse,
  specialRequestOrder,
  specialRequestRequest,
  specialRequestResponse,
  successBody,
} from '@studio-gallery/contract';
import type { OrdersService } from '../../modules/orders/orders.service';
import { currentUserId } from '../../plugins/auth';
import { bearerAuth, errorResponses } from './responses';

/** Orders (special requests): create after payment (or free), list, one. The caller's own only. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['orders'];
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/SpecialRequest',
    {
      schema: {
        tags,
        summary: 'Create the order of a paid transaction (once), or a free order (transactionId null or 0, total 0)',
        security: bearerAuth,
        body: specialRequestRequest,
        response: { 200: specialRequestResponse, ...errorResponses },
      },
    },
    async (request) => {
      const order = await orders.create(currentUserId(request), request.body);
      return { ...successBody(true, commerceMessages.specialRequestCreated), success: true as const, order };
    },
  );

  app.get(
    '/SpecialRequest',
    { schema: { tags, summary: "The caller's orders, newest first", security: bearerAuth, response: { 200: specialRequestListResponse, ...errorResponses } } },
    async (request) => orders.list(currentUserId(request)),
  );

  app.get(
    '/SpecialRequest/:id',
    {
      schema: { tags, summary: "One of the caller's orders (404 for anyone else's)", security: bearerAuth, params: orderIdParams, response: { 200: specialRequestOrder, ...errorResponses } },
    },
    async (request) => orders.get(currentUserId(request), request.params.id),
  );
};
