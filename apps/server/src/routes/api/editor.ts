import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { editorMessages, removeBackgroundRequest, removeBackgroundResponse } from '@studio-gallery/contract';
import type { BackgroundRemovalService } from '../../modules/editor/background-removal.service';
import { identifyViewers, viewerOf } from './gallery';
import { EDITED_IMAGE_BODY_LIMIT } from './photo-edits';

export interface EditorRoutesOptions {
  backgroundRemoval: BackgroundRemovalService;
}

/** A body larger than this carries an image: refused at once while the segmentation pool is full. */
const SMALL_BODY_BYTES = 64 * 1024;

/** A 1x1 PNG: what the authorization matrix sends. */
const SAMPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** The editor's server-side image tools (issue 13): signed-in customers; session-code visitors 403. */
export const editorRoutes: FastifyPluginAsyncZod<EditorRoutesOptions> = async (app, { backgroundRemoval }) => {
  // Who is signed in, and a visitor's session code (so that a visitor is told 403, not 401).
  identifyViewers(app);

  app.post(
    '/ex/images/remove-background',
    {
      bodyLimit: EDITED_IMAGE_BODY_LIMIT,
      config: {
        operation: {
          access: 'viewer',
          expect: { otherCustomer: 200, visitor: 403 },
          operationId: 'removeBackground',
          answers: { 200: 'The photo as a PNG with alpha: the person kept, the backdrop transparent' },
          errors: [403, 503],
          sample: () => ({ body: { ImageBase64: SAMPLE_PNG } }),
        },
      },
      // While the pool is full, an image is refused (503) before its body is read (as save-edited-image).
      onRequest: async (request, reply) => {
        if (Number(request.headers['content-length'] ?? 0) <= SMALL_BODY_BYTES) return;
        try {
          backgroundRemoval.assertRoom();
        } catch (error) {
          reply.header('connection', 'close');
          throw error;
        }
      },
      schema: {
        tags: ['editor'],
        summary: 'Remove the background of a photo (person segmentation on the server)',
        description:
          'ImageBase64: a JPEG, PNG or WebP (judged by its content), with or without a data: prefix; at most 100 megapixels ' +
          '(refused from its header, 400) and a body of at most 40 MB (413). Answers a PNG of the same size (turned upright by its ' +
          'EXIF orientation) whose alpha is the person mask, refined at full size, with the edge colours decontaminated. ' +
          `Signed-in customers only; visitors with a session code: 403 ("${editorMessages.removeBackgroundNeedsLogin}"). ` +
          '503 while the server is busy with other removals.',
        body: removeBackgroundRequest,
        response: { 200: removeBackgroundResponse },
      },
    },
    async (request) => {
      const png = await backgroundRemoval.removeBackground(viewerOf(request), request.body.ImageBase64);
      return { success: true as const, message: editorMessages.backgroundRemoved, processedImageBase64: png.toString('base64') };
    },
  );
};
