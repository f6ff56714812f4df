import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  customerInviteRequest,
  customerInviteResult,
  customerTimelineQuery,
  customerTimelineResponse,
  favouritesExportQuery,
  idParam,
  studioCustomerDetail,
  studioRenameRequest,
  studioRenamedPhoto,
  studioRenamedSession,
  studioSessionPhotos as studioSessionPhotosAnswer,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { StudioSessionPhotosService } from '../../modules/studio-customers/session-photos';
import type { StudioCustomersService } from '../../modules/studio-customers/studio-customers.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** An id nothing has: the matrix's writes point at it, so they never change its customer's gallery. */
const NO_SUCH_ID = 999_999_999;

/** RFC 6266: an ASCII fallback plus the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** A customer's page (issue 15 §3), for staff: sessions, invitation, timeline, renames, deletions, favourites export. */
export const studioCustomersRoutes: FastifyPluginAsyncZod<{
  studio: StudioAuthorizer;
  studioCustomers: StudioCustomersService;
  studioSessionPhotos: StudioSessionPhotosService;
}> = async (app, { studio, studioCustomers, studioSessionPhotos }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const params = z.object({ id: idParam });

  app.get(
    '/studio/customers/:id',
    {
      config: {
        operation: { operationId: 'getStudioCustomer', access: 'staff', answers: { 200: 'The customer with their sessions' }, errors: [404], sample: (r) => ({ params: { id: r.userId } }) },
      },
      schema: {
        tags,
        summary: 'A customer: their sessions (gallery code, photo and favourite counts, newest first) and whether they activated their account',
        params,
        response: { 200: studioCustomerDetail },
      },
    },
    async (request) => studioCustomers.detail(request.params.id),
  );

  app.get(
    '/studio/customers/:id/timeline',
    {
      config: {
        operation: {
          operationId: 'getStudioCustomerTimeline',
          access: 'staff',
          answers: { 200: 'A page of what the customer did, newest first' },
          errors: [404],
          sample: (r) => ({ params: { id: r.userId }, query: { page: 1, pageSize: 10 } }),
        },
      },
      schema: {
        tags,
        summary: 'What the customer (or a visitor with their session code) did in the gallery, newest first',
        description:
          'Kinds: viewed (at most once per session, or the whole gallery, per hour), favourited, unfavourited, skipped, unskipped, downloaded, shared, edited, ordered. ' +
          'Photo and session names are as they are now, or as they were once deleted.',
        params,
        querystring: customerTimelineQuery,
        response: { 200: customerTimelineResponse },
      },
    },
    async (request) => studioCustomers.timeline(request.params.id, request.query.page, request.query.pageSize),
  );

  app.post(
    '/studio/customers/:id/invite',
    {
      config: {
        operation: {
          operationId: 'inviteStudioCustomer',
          access: 'staff',
          answers: { 200: 'The mail was sent' },
          errors: [404],
          sample: (r) => ({ params: { id: r.userId }, body: { sessionId: r.sessionId } }),
        },
      },
      schema: {
        tags,
        summary: 'Send (or send again) the mail about a session of the customer',
        description:
          'A customer who never activated their account gets the gallery invitation with a fresh activation link (30 days); one who did gets "your photos are ready" with a sign-in link. 404: not their session.',
        params,
        body: customerInviteRequest,
        response: { 200: customerInviteResult },
      },
    },
    async (request) => studioCustomers.invite({ id: currentUserId(request) }, request.params.id, request.body.sessionId),
  );

  app.put(
    '/studio/sessions/:id',
    {
      config: {
        operation: {
          operationId: 'renameStudioSession',
          access: 'staff',
          answers: { 200: 'The renamed session' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID }, body: { name: 'Renamed by the matrix' } }),
        },
      },
      schema: { tags, summary: "Rename a customer's session (the customer sees the new name at once)", params, body: studioRenameRequest, response: { 200: studioRenamedSession } },
    },
    async (request) => studioCustomers.renameSession({ id: currentUserId(request) }, request.params.id, request.body.name),
  );

  app.delete(
    '/studio/sessions/:id',
    {
      config: {
        operation: {
          operationId: 'deleteStudioSession',
          access: 'staff',
          answers: { 204: 'The session and its photos are deleted' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID } }),
        },
      },
      schema: {
        tags,
        summary: 'Delete a session with its photos and their files',
        description: '409 when a photo of the session is in a retouch order (the order needs it).',
        params,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await studioCustomers.deleteSession({ id: currentUserId(request) }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/studio/sessions/:id/photos',
    {
      config: {
        operation: {
          operationId: 'listStudioSessionPhotos',
          access: 'staff',
          answers: { 200: "The session's live photos, in gallery order" },
          errors: [404],
          sample: (r) => ({ params: { id: r.sessionId } }),
        },
      },
      schema: {
        tags,
        summary: "A session's photos for the studio: names, thumbnails and what the customer marked, to rename or delete single photos",
        params,
        response: { 200: studioSessionPhotosAnswer },
      },
    },
    async (request) => studioSessionPhotos.list(request.params.id),
  );

  app.put(
    '/studio/photos/:id',
    {
      config: {
        operation: {
          operationId: 'renameStudioPhoto',
          access: 'staff',
          answers: { 200: 'The renamed photo' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID }, body: { name: 'IMG_0001' } }),
        },
      },
      schema: { tags, summary: "Rename a customer's photo", params, body: studioRenameRequest, response: { 200: studioRenamedPhoto } },
    },
    async (request) => studioCustomers.renamePhoto({ id: currentUserId(request) }, request.params.id, request.body.name),
  );

  app.delete(
    '/studio/photos/:id',
    {
      config: {
        operation: {
          operationId: 'deleteStudioPhoto',
          access: 'staff',
          answers: { 204: "The photo is gone from the customer's gallery" },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID } }),
        },
      },
      schema: { tags, summary: "Delete a photo from the customer's gallery", params, response: { 204: z.null() } },
    },
    async (request, reply) => {
      await studioCustomers.deletePhoto({ id: currentUserId(request) }, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/studio/sessions/:id/favourites.txt',
    {
      config: {
        operation: {
          operationId: 'exportStudioSessionFavourites',
          access: 'staff',
          answers: { 200: 'The file-name list, as an attachment' },
          files: ['text/plain'],
          errors: [404],
          sample: (r) => ({ params: { id: r.sessionId }, query: { format: 'captureone' } }),
        },
      },
      schema: {
        tags,
        summary: "The session's favourites as file names, for Lightroom or Capture One",
        description:
          'File name = photo name + the original file extension. lightroom: one line, the names separated by commas (paste into the Library Filter: Text, Filename, Contains); ' +
          'captureone: one name per line. Skipped photos are left out, as in the gallery.',
        params,
        querystring: favouritesExportQuery,
      },
    },
    async (request, reply) => {
      const { fileName, body } = await studioCustomers.favouritesExport(request.params.id, request.query.format);
      return reply
        .header('content-type', 'text/plain; charset=utf-8')
        .header('content-disposition', attachment(fileName))
        .header('cache-control', 'no-store')
        .send(body);
    },
  );
};
