import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  PROFILE_IMAGE_MAX_BYTES,
  getUserByIdQuery,
  idPathParams,
  messages,
  successBody,
  updateUserDetailsRequest,
  updateUserDetailsResponse,
  userDetails,
  userIdPathParams,
  userOrdersResponse,
} from '@studio-gallery/contract';
import type { OrdersService } from '../../modules/orders/orders.service';
import type { AppointmentsService } from '../../modules/appointments/appointments.service';
import type { UsersService } from '../../modules/users/users.service';
import { assertSelf } from '../../plugins/auth';

export interface UsersRoutesOptions {
  users: UsersService;
  orders: OrdersService;
  /** The customer's appointments are rows of the invoice list too (issue 14 §2). */
  appointments: AppointmentsService;
}

/** A profile photo arrives as base64 inside JSON: 4/3 of its bytes, plus the other fields. */
const UPDATE_DETAILS_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;
/** Names and a contact number fit in far less: a larger body carries a photo. */
const PHOTO_BODY_BYTES = 8 * 1024;

/** Profile details and invoices, each for the caller only. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, orders, appointments }) => {
  const tags = ['users'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/users/GetUseById',
    {
      config: {
        operation: {
          operationId: 'getUserByQuery',
          access: 'user',
          answers: { 200: "The caller's account" },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ query: { UserId: r.userId } }),
        },
      },
      schema: { tags, summary: "The caller's details (UserId must be the caller's)", querystring: getUserByIdQuery, response: { 200: userDetails } },
    },
    async (request) => users.getDetails(assertSelf(request, request.query.UserId)),
  );

  app.get(
    '/users/:id',
    {
      config: {
        operation: {
          operationId: 'getUser',
          access: 'user',
          answers: { 200: "The caller's account" },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ params: { id: r.userId } }),
        },
      },
      schema: { tags, summary: "The caller's details (id must be the caller's)", params: idPathParams, response: { 200: userDetails } },
    },
    async (request) => users.getDetails(assertSelf(request, request.params.id)),
  );

  app.put(
    '/users/UpdateUserDetailsWithImage',
    {
      bodyLimit: UPDATE_DETAILS_BODY_LIMIT,
      config: {
        legacyErrorBody: true,
        operation: {
          operationId: 'updateUserDetails',
          access: 'user',
          answers: { 200: 'Saved: the account as it is now' },
          errors: [403, 503],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ body: { userId: r.userId, firstName: 'Mallory', lastName: 'Other' } }),
        },
      },
      // When the image queue is full, a photo is refused (503) before its body is even read, and the
      // connection is closed rather than drained, so a burst's refused bodies are never read (the
      // docs/benchmarks.md, "Image bursts"); the queue checks again before decoding.
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) <= PHOTO_BODY_BYTES) return;
        try {
          users.assertImageRoom();
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
      schema: {
        tags,
        summary: 'Update names, contact number and optionally the profile photo (base64, no data: prefix)',
        description: '503 while the server is busy with other images (try again shortly).',
        body: updateUserDetailsRequest.strict(),
        response: { 200: updateUserDetailsResponse },
      },
    },
    async (request) => {
      const user = await users.updateDetails(assertSelf(request, request.body.userId), request.body);
      return { ...successBody(true, messages.userDetailsUpdated), user };
    },
  );

  app.get(
    '/users/user-orders/details/:userId',
    {
      config: {
        operation: {
          operationId: 'listInvoiceOrders',
          access: 'user',
          answers: { 200: "The caller's orders, for invoices" },
          errors: [403],
          expect: { otherCustomer: 403 },
          sample: (r) => ({ params: { userId: r.userId } }),
        },
      },
      schema: { tags, summary: "The caller's orders, for invoices", params: userIdPathParams, response: { 200: userOrdersResponse } },
    },
    async (request) => {
      const userId = assertSelf(request, request.params.userId);
      const [orderRows, appointmentRows] = await Promise.all([orders.invoiceOrders(userId), appointments.invoiceRows(userId)]);
      return [...orderRows, ...appointmentRows];
    },
  );
};
