import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { editorMessages, removeBackgroundRequest, removeBackgroundResponse, retouchPortraitRequest, retouchPortraitResponse, retouchSettings } from '@studio-gallery/contract';
import type { BackgroundRemovalService } from '../../modules/editor/background-removal.service';
import type { PortraitRetouchService } from '../../modules/editor/portrait-retouch.service';
import { identifyViewers, viewerOf } from './gallery';
import { EDITED_IMAGE_BODY_LIMIT } from './photo-edits';

export interface EditorRoutesOptions {
  backgroundRemoval: BackgroundRemovalService;
  portraitRetouch: PortraitRetouchService;
}

/** A body larger than this carries an image: refused at once while the segmentation pool is full. */
const SMALL_BODY_BYTES = 64 * 1024;

/** A 1x1 PNG: what the authorization matrix sends. */
const SAMPLE_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** While the model pool is full, an image is refused (503) before its body is read (as save-edited-image). */
function refuseWhileFull(assertRoom: () => void) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (Number(request.headers['content-length'] ?? 0) <= SMALL_BODY_BYTES) return;
    try {
      assertRoom();
    } catch (error) {
      reply.header('connection', 'close');
      throw error;
    }
  };
}

/** An answer already serialised as JSON (as gallery.ts sendPageAnswer). */
function sendJson(reply: FastifyReply, body: Buffer) {
  return reply.header('content-type', 'application/json; charset=utf-8').send(body);
}

/** The editor's server-side image tools (issue 13): signed-in customers; session-code visitors 403. */
export const editorRoutes: FastifyPluginAsyncZod<EditorRoutesOptions> = async (app, { backgroundRemoval, portraitRetouch }) => {
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
      onRequest: refuseWhileFull(() => backgroundRemoval.assertRoom()),
      schema: {
        tags: ['editor'],
        summary: 'Remove the background of a photo (person segmentation on the server)',
        description:
          'ImageBase64: a JPEG, PNG or WebP (judged by its content), with or without a data: prefix; at most 25 megapixels ' +
          `(AI_MAX_INPUT_PIXELS, refused from its header before any pixel is decoded: 400 "${editorMessages.aiImageTooLarge}") ` +
          'and a body of at most 40 MB (413). Answers a PNG of the same size (turned upright by its ' +
          'EXIF orientation) whose alpha is the person mask, refined at full size, with the edge colours decontaminated. ' +
          `Signed-in customers only; visitors with a session code: 403 ("${editorMessages.removeBackgroundNeedsLogin}"). ` +
          '503 while the server is busy with other removals.',
        body: removeBackgroundRequest,
        response: { 200: removeBackgroundResponse },
      },
    },
    async (request, reply) => {
      const base64 = await backgroundRemoval.removeBackground(viewerOf(request), request.body.ImageBase64);
      // removeBackgroundResponse written around the worker's base64 bytes: JSON.stringify would copy a 6 MB string twice on the event loop.
      const body = Buffer.concat([Buffer.from(`{"success":true,"message":${JSON.stringify(editorMessages.backgroundRemoved)},"processedImageBase64":"`), base64, Buffer.from('"}')]);
      return sendJson(reply, body);
    },
  );

  app.post(
    '/ex/images/retouch-portrait',
    {
      bodyLimit: EDITED_IMAGE_BODY_LIMIT,
      config: {
        operation: {
          access: 'viewer',
          expect: { otherCustomer: 200, visitor: 403 },
          operationId: 'retouchPortrait',
          answers: { 200: 'The portrait retouched (JPEG, the same size), or unchanged when no face was found' },
          errors: [403, 503],
          sample: () => ({ body: { ImageBase64: SAMPLE_PNG } }),
        },
      },
      onRequest: refuseWhileFull(() => portraitRetouch.assertRoom()),
      schema: {
        tags: ['editor'],
        summary: 'Free AI retouch of a portrait (face mesh and skin smoothing on the server)',
        description:
          'ImageBase64: a JPEG, PNG or WebP (judged by its content), with or without a data: prefix; at most 25 megapixels ' +
          `(AI_MAX_INPUT_PIXELS, refused from its header before any pixel is decoded: 400 "${editorMessages.aiImageTooLarge}") ` +
          'and a body of at most 40 MB (413). strength: 0 (unchanged) to 1, default 0.5 (moderate). ' +
          'Optional controls, each true by default: removeBlemishes (small spots painted over), keepMoles (dark, round, ' +
          'well-defined spots stay; false removes them too), reduceShine, softenUnderEyes (shadows and fine lines under and ' +
          'beside the eyes), evenSkinTone (blotchy redness). ' +
          'Finds the face and its 468-point mesh, builds a skin mask (face and neck without eyes, brows, lips and nostrils, gated ' +
          "by the person's own skin colour, lightness and smoothness, so beard, glasses and backdrop are left alone) and " +
          'smooths the skin by frequency separation (texture kept). Answers a JPEG of the same size (turned upright by its EXIF orientation); without a ' +
          `face, the photo unchanged and the message "${editorMessages.retouchNoFace}". ` +
          `Signed-in customers only; visitors with a session code: 403 ("${editorMessages.retouchNeedsLogin}"). ` +
          '503 while the server is busy with other image work of this kind.',
        body: retouchPortraitRequest,
        response: { 200: retouchPortraitResponse },
      },
    },
    async (request) => {
      const { jpeg, faceFound } = await portraitRetouch.retouchPortrait(viewerOf(request), request.body.ImageBase64, retouchSettings(request.body));
      return {
        success: true as const,
        message: faceFound ? editorMessages.portraitRetouched : editorMessages.retouchNoFace,
        processedImageBase64: jpeg.toString('base64'),
      };
    },
  );
};
