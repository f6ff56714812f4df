import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  commerceMessages,
  orderIdParams,
  orderedPhotosQuery,
  orderedPhotosResponse,
  specialRequestListResponse,
  specialRequestOrder,
  specialRequestRequest,
  specialRequestResponse,
  successBody,
} from '@studio-gallery/contract';
import type { OrdersService } from '../../modules/orders/orders.service';
import { currentUserId } from '../../plugins/auth';

/** Orders (special requests): create after payment (or free), list, one. The caller's own only. */
export const ordersRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const tags = ['orders'];
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/SpecialRequest',
    {
      config: {
        operation: {
          operationId: 'createOrder',
          access: 'user',
          answers: { 200: 'The order (the same one again for a transaction already ordered)' },
          errors: [404],
          // The first customer's transaction: not the caller's, so not found.
          expect: { otherCustomer: 404 },
          sample: (r) => ({
            body: {
              transactionId: r.transactionId,
              totalPrice: 10,
              orderDetails: [{ imageid: r.photoId, image: r.photoUrl, name: 'photo', price: 10, tax: 0, serviceType: 'TOUCHUPSERVICE', sessionid: r.sessionId }],
            },
          }),
        },
      },
      schema: {
        tags,
        summary: 'Create the order of a paid transaction (once), or a free order (transactionId null or 0, total 0)',
        description: '400 when the cart no longer matches the payment or the studio prices.',
        body: specialRequestRequest,
        response: { 200: specialRequestResponse },
      },
    },
    async (request) => {
      const order = await orders.create(currentUserId(request), request.body);
      return { ...successBody(true, commerceMessages.specialRequestCreated), success: true as const, order };
    },
  );

  app.get(
    '/SpecialRequest',
    {
      config: {
        operation: { operationId: 'listOrders', access: 'user', answers: { 200: "The caller's orders, newest first" }, expect: { otherCustomer: 200 } },
      },
      schema: { tags, summary: "The caller's orders, newest first", response: { 200: specialRequestListResponse } },
    },
    async (request) => orders.list(currentUserId(request)),
  );

  app.get(
    '/SpecialRequest/ordered-photos',
    {
      config: {
        operation: {
          operationId: 'listOrderedPhotos',
          access: 'user',
          answers: { 200: 'The photos among these that already have the service in one of the caller’s orders' },
          // Another customer's order is not theirs: an empty list.
          expect: { otherCustomer: 200 },
          sample: (r) => ({ query: { serviceType: 'TOUCHUPSERVICE', photoIds: String(r.photoId) } }),
        },
      },
      schema: {
        tags,
        summary: 'Which of these photos already have this service ordered or delivered (the service modal warns with the order number)',
        querystring: orderedPhotosQuery,
        response: { 200: orderedPhotosResponse },
      },
    },
    async (request) => orders.orderedPhotos(currentUserId(request), request.query.photoIds, request.query.serviceType),
  );

  app.get(
    '/SpecialRequest/:id',
    {
      config: {
        operation: {
          operationId: 'getOrder',
          access: 'user',
          answers: { 200: 'The order' },
          errors: [404],
          expect: { otherCustomer: 404 },
          sample: (r) => ({ params: { id: r.orderId } }),
        },
      },
      schema: { tags, summary: "One of the caller's orders (404 for anyone else's)", params: orderIdParams, response: { 200: specialRequestOrder } },
    },
    async (request) => orders.get(currentUserId(request), request.params.id),
  );
};
