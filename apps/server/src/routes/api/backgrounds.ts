import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { backgroundImagesParams, backgroundImagesResponse } from '@studio-gallery/contract';
import type { BackgroundsService } from '../../modules/backgrounds/backgrounds.service';
import type { GalleryService } from '../../modules/gallery/gallery.service';
import { identifyViewers, viewerOf } from './gallery';

export interface BackgroundsRoutesOptions {
  backgrounds: BackgroundsService;
  /** Checks a visitor's session code. */
  gallery: GalleryService;
}

/**
 * The editor's studio backdrops (spec §7 background-images). The editor is open to a signed-in customer
 * and to a session-code visitor (who may edit and download a copy), so both may list them: the caller
 * of any gallery call (viewerOf), a visitor's code checked as on every other viewer call (404 "No Session
 * Available" for a wrong one, which spends the code budget). Nobody else: 401. The backdrops are not a
 * secret of one customer, so any client's may be asked for; their files are public media (/api/media).
 */
export const backgroundsRoutes: FastifyPluginAsyncZod<BackgroundsRoutesOptions> = async (app, { backgrounds, gallery }) => {
  identifyViewers(app);

  app.get(
    '/background/background-images/by-client/:client',
    {
      config: {
        operation: {
          operationId: 'listBackgroundImages',
          access: 'viewer',
          expect: { otherCustomer: 200, visitor: 200 },
          answers: { 200: "The client's listed backdrops; else the studio's; else the five built-ins" },
          errors: [404],
          sample: () => ({ params: { client: 1 } }),
        },
      },
      schema: {
        tags: ['gallery'],
        summary: "The background panel's studio backdrops for a corporate client",
        description:
          'Only listed backdrops (status true), oldest first. When the client has none, the default studio’s; when the studio has none either, five built-in backdrops. ' +
          'An unknown client id gets the studio’s. Images are 2400x3600 JPEG at most, thumbnails 240x360 WebP; both public /api/media URLs.',
        params: backgroundImagesParams,
        response: { 200: backgroundImagesResponse },
      },
    },
    async (request) => {
      const viewer = viewerOf(request);
      if (viewer.kind === 'visitor') await gallery.sessionOfCode(viewer.code);
      return backgrounds.listForClient(request.params.client);
    },
  );
};
