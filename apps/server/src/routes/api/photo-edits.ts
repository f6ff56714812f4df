import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { MAX_EDITED_IMAGE_BODY_BYTES, photoResponse, revertEditRequest, saveEditedImageRequest } from '@studio-gallery/contract';
import type { PhotoEditsService } from '../../modules/gallery/photo-edits.service';
import { THE_PHOTO, identifyViewers, photoWrite, viewerOf } from './gallery';

export interface PhotoEditsRoutesOptions {
  edits: PhotoEditsService;
}

/**
 * The edited image arrives as base64 inside JSON (at most MAX_EDITED_IMAGE_BODY_BYTES characters),
 * with the recipe and a few fields beside it. Every other route keeps the app's 1 MB.
 */
export const EDITED_IMAGE_BODY_LIMIT = MAX_EDITED_IMAGE_BODY_BYTES + 64 * 1024;
/** A body larger than this carries an image: refused at once while the image queue is full. */
const SMALL_BODY_BYTES = 64 * 1024;

/** A 1x1 PNG: what the authorization matrix sends (every caller it tries is refused before decoding). */
const SAMPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The editor's save and revert (spec §7 save-edited-image; revert-edit is ours): the photo's signed-in owner only. */
export const photoEditsRoutes: FastifyPluginAsyncZod<PhotoEditsRoutesOptions> = async (app, { edits }) => {
  const tags = ['gallery'];
  identifyViewers(app);

  app.post(
    '/ex/images/save-edited-image',
    {
      bodyLimit: EDITED_IMAGE_BODY_LIMIT,
      config: {
        operation: {
          ...photoWrite,
          operationId: 'saveEditedPhoto',
          answers: { 200: `${THE_PHOTO}, showing the edited version` },
          errors: [...photoWrite.errors, 503],
          sample: (r) => ({ body: { photoId: r.photoId, imageBase64: SAMPLE_PNG, contentType: 'image/png' } }),
        },
      },
      // While the image queue is full, an image is refused (503) before its body is read, and the
      // connection closed rather than drained (as the profile photo: routes/api/users.ts).
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) <= SMALL_BODY_BYTES) return;
        try {
          edits.assertImageRoom();
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
      schema: {
        tags,
        summary: 'Save the editor’s result as the photo’s edited version (the original and any retouch are kept)',
        description:
          'imageBase64: a JPEG, PNG or WebP (judged by its content, whatever contentType says), with or without a data: prefix; ' +
          'at most 100 megapixels (refused from its header, 400) and a body of at most 40 MB (413). ' +
          'Every rendition is made from it as at import (transparent pixels flattened onto white); a new save replaces the previous edit. ' +
          'Visitors with a session code: 403; another customer’s photo: 404; 503 while the server is busy with other images.',
        body: saveEditedImageRequest,
        response: { 200: photoResponse },
      },
    },
    async (request) => {
      const { photoId, imageBase64, recipe } = request.body;
      return edits.save(viewerOf(request), { photoId, imageBase64, recipe });
    },
  );

  app.post(
    '/ex/images/revert-edit',
    {
      config: {
        operation: {
          ...photoWrite,
          operationId: 'revertPhotoEdit',
          answers: { 200: `${THE_PHOTO}, without its edited version` },
          errors: [...photoWrite.errors, 409],
          sample: (r) => ({ body: { photoId: r.photoId } }),
        },
      },
      schema: {
        tags,
        summary: 'Remove the photo’s edited version: it shows the version the edit was made from again',
        description: '409 when the photo has no edit. Visitors with a session code: 403; another customer’s photo: 404.',
        body: revertEditRequest,
        response: { 200: photoResponse },
      },
    },
    async (request) => edits.revert(viewerOf(request), request.body.photoId),
  );
};
