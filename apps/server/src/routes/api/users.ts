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
import type { UsersService } from '../../modules/users/users.service';
import { assertSelf } from '../../plugins/auth';
import { bearerAuth, errorResponses, legacyErrorResponses } from './responses';

export interface UsersRoutesOptions {
  users: UsersService;
  orders: OrdersService;
}

/** A profile photo arrives as base64 inside JSON: 4/3 of its bytes, plus the other fields. */
const UPDATE_DETAILS_BODY_LIMIT = Math.ceil((PROFILE_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** Profile details and invoices, each for the caller only. */
export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, { users, orders }) => {
  const tags = ['users'];
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/users/GetUseById',
    {
      schema: { tags, summary: "The caller's details", security: bearerAuth, querystring: getUserByIdQuery, response: { 200: userDetails, ...errorResponses } },
    },
    async (request) => users.getDetails(assertSelf(request, request.query.UserId)),
  );

  app.get(
    '/users/:id',
    {
      schema: { tags, summary: "The caller's details", security: bearerAuth, params: idPathParams, response: { 200: userDetails, ...errorResponses } },
    },
    async (request) => users.getDetails(assertSelf(request, request.params.id)),
  );

  app.put(
    '/users/UpdateUserDetailsWithImage',
    {
      bodyLimit: UPDATE_DETAILS_BODY_LIMIT,
      config: { legacyErrorBody: true },
      schema: {
        tags,
        summary: 'Update names, contact number and optionally the profile photo (base64, no data: prefix)',
        security: bearerAuth,
        body: updateUserDetailsRequest.strict(),
        response: { 200: updateUserDetailsResponse, ...legacyErrorResponses },
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
      schema: { tags, summary: "The caller's orders, for invoices", security: bearerAuth, params: userIdPathParams, response: { 200: userOrdersResponse, ...errorResponses } },
    },
    async (request) => orders.invoiceOrders(assertSelf(request, request.params.userId)),
  );
};
