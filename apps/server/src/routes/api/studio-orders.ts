import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  MAX_DELIVERY_FILE_BYTES,
  idParam,
  studioDeliveryFileQuery,
  studioDeliveryResult,
  studioOrderDetail,
  studioOrdersQuery,
  studioOrdersResponse,
} from '@studio-gallery/contract';
import { z } from 'zod';
import { ValidationError } from '../../errors';
import type { StudioOrdersService } from '../../modules/studio-orders/studio-orders.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** Content types a delivered file may be sent as; its content decides whether it is an image. */
const FILE_CONTENT_TYPES = /^(?:application\/octet-stream|image\/)/;

/** The retouch order queue and delivery by upload (issue 15 §4), for staff. */
export const studioOrdersRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; studioOrders: StudioOrdersService }> = async (app, { studio, studioOrders }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  // Only in this plugin: the delivery upload is the file's bytes, not JSON.
  app.addContentTypeParser(FILE_CONTENT_TYPES, { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_FILE_BYTES }, (_request, body, done) => done(null, body));

  app.get(
    '/studio/orders',
    {
      config: {
        operation: { operationId: 'listStudioOrders', access: 'staff', answers: { 200: 'A page of retouch orders' }, sample: () => ({ query: { status: 'open', page: 1, pageSize: 10 } }) },
      },
      schema: {
        tags,
        summary: 'The retouch order queue: open orders by due time (overdue first), or delivered ones',
        querystring: studioOrdersQuery,
        response: { 200: studioOrdersResponse },
      },
    },
    async (request) => studioOrders.queue(request.query.status, request.query.page, request.query.pageSize),
  );

  app.get(
    '/studio/orders/:id',
    {
      config: {
        operation: { operationId: 'getStudioOrder', access: 'staff', answers: { 200: 'The order with its photos' }, errors: [404], sample: (r) => ({ params: { id: r.orderId } }) },
      },
      schema: {
        tags,
        summary: "A retouch order: its photos (signed URLs of the shown version and the original) and the customer's edit recipe",
        params: z.object({ id: idParam }),
        response: { 200: studioOrderDetail },
      },
    },
    async (request) => studioOrders.detail(request.params.id),
  );

  app.put(
    '/studio/orders/:id/files',
    {
      bodyLimit: MAX_DELIVERY_FILE_BYTES,
      config: {
        operation: {
          operationId: 'deliverStudioOrderFile',
          access: 'staff',
          answers: { 200: 'The file was attached to its photo' },
          errors: [404],
          // The matrix sends no file: staff and admins reach the call and are told to send one.
          expect: { staff: 400, admin: 400 },
          sample: (r) => ({ params: { id: r.orderId }, query: { fileName: 'IMG_0001.jpg' } }),
        },
      },
      schema: {
        tags,
        summary: 'Deliver one retouched file of an order',
        description:
          'The body is the file itself (Content-Type image/* or application/octet-stream, at most 200 MB), judged by its content (JPEG, PNG, WebP or TIFF). ' +
          'It is attached to the ordered photo of the same name without extension (any case), replacing an earlier delivery of that photo. ' +
          'The upload that brings the last missing file marks the order delivered and mails the customer. 400: no photo of the order has that name, or not an image.',
        params: z.object({ id: idParam }),
        querystring: studioDeliveryFileQuery,
        response: { 200: studioDeliveryResult },
      },
    },
    async (request) => {
      if (!Buffer.isBuffer(request.body) || request.body.length === 0) throw new ValidationError('Please send the retouched file (an image) as the body of the request.');
      return studioOrders.deliverFile({ id: currentUserId(request) }, request.params.id, request.query.fileName, request.body);
    },
  );
};
