import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  GALLERY_EXPIRY_REMINDER_DAYS,
  GALLERY_HOSTING_MONTHS,
  gallerySweepResult,
  idParam,
  sessionExpiryRequest,
  sessionRestoreRequest,
  studioRenamedSession,
} from '@studio-gallery/contract';
import { z } from 'zod';
import type { GalleryLifecycleService } from '../../modules/gallery-lifecycle/gallery-lifecycle.service';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** An id nothing has: the matrix's writes point at it, so they never archive its customer's gallery. */
const NO_SUCH_ID = 999_999_999;

/** The gallery lifecycle (issue 15 §3), for staff: a session's expiry, archive now, restore, and the sweep on demand. */
export const studioGalleryLifecycleRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; galleryLifecycle: GalleryLifecycleService }> = async (
  app,
  { studio, galleryLifecycle },
) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);
  const params = z.object({ id: idParam });
  const actorOf = (request: Parameters<typeof currentUserId>[0]) => ({ id: currentUserId(request) });

  app.put(
    '/studio/sessions/:id/expiry',
    {
      config: {
        operation: {
          operationId: 'setStudioSessionExpiry',
          access: 'staff',
          answers: { 200: 'The session with its new expiry' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID }, body: { expiresOn: '2099-01-31' } }),
        },
      },
      schema: {
        tags,
        summary: "Set when a session's gallery expires",
        description:
          `The gallery is shown until the end of that day (UTC), then archived by the daily sweep. The reminder mail goes out ${GALLERY_EXPIRY_REMINDER_DAYS} days before ` +
          '(again, if it had gone out for the old date). 400: not a date, or not in the future; 409: the session is archived (restore it instead).',
        params,
        body: sessionExpiryRequest,
        response: { 200: studioRenamedSession },
      },
    },
    async (request) => galleryLifecycle.setExpiry(actorOf(request), request.params.id, request.body.expiresOn),
  );

  app.post(
    '/studio/sessions/:id/archive',
    {
      config: {
        operation: {
          operationId: 'archiveStudioSession',
          access: 'staff',
          answers: { 200: 'The archived session' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID } }),
        },
      },
      schema: {
        tags,
        summary: 'Archive a session now',
        description:
          'Its photos are no longer shown to the customer or session-code visitors, nor downloadable (410 "This gallery has been archived. Contact the studio to restore it."); ' +
          'the files are kept. 409: already archived.',
        params,
        response: { 200: studioRenamedSession },
      },
    },
    async (request) => galleryLifecycle.archive(actorOf(request), request.params.id),
  );

  app.post(
    '/studio/sessions/:id/restore',
    {
      config: {
        operation: {
          operationId: 'restoreStudioSession',
          access: 'staff',
          answers: { 200: 'The restored session with its new expiry' },
          errors: [404, 409],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: NO_SUCH_ID }, body: {} }),
        },
      },
      schema: {
        tags,
        summary: 'Restore an archived session',
        description: `Shown again at once, until the end of expiresOn (UTC) or ${GALLERY_HOSTING_MONTHS} months from now. 400: a date not in the future; 409: not archived.`,
        params,
        body: sessionRestoreRequest,
        response: { 200: studioRenamedSession },
      },
    },
    async (request) => galleryLifecycle.restore(actorOf(request), request.params.id, request.body.expiresOn),
  );

  app.post(
    '/studio/gallery-lifecycle/sweep',
    {
      config: {
        operation: { operationId: 'runStudioGallerySweep', access: 'staff', answers: { 200: 'What the sweep did' } },
      },
      schema: {
        tags,
        summary: 'Run the daily gallery sweep now',
        description:
          `Archives the sessions past their expiry and mails the reminder to each customer whose gallery expires within ${GALLERY_EXPIRY_REMINDER_DAYS} days (once per expiry). ` +
          'It also runs once a day on its own; running it again does nothing twice.',
        response: { 200: gallerySweepResult },
      },
    },
    async (request) => {
      const result = await app.galleryLifecycleSweep.runOnce();
      await galleryLifecycle.recordSweep(actorOf(request), result);
      return result;
    },
  );
};

