import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { messages } from '@studio-gallery/contract';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { contentTypeForKey } from '../../media/content-types';
import { PictureWidths, isPictureWidth } from '../../media/picture-widths';
import { type Storage, isPublicMediaKey } from '../../storage/storage';

/**
 * Public media (logos, sliders, profile photos, studio backdrops): only the files directly inside the public folders
 * (PUBLIC_MEDIA_FOLDERS). The gallery's photo storage (`photos/…`, originals included) is never served
 * here: photos go out only through signed URLs and download tokens, which check the photo is live and
 * the caller may see it. Keys are random, so a URL reveals nothing and cannot be guessed, and a key's
 * content never changes: cache it for good. `?w=` (a contract MEDIA_PICTURE_WIDTHS width) answers a
 * picture's smaller WebP copy (media/picture-widths.ts), or the file itself when it is no picture.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  const widths = new PictureWidths(storage);
  app.get(
    '/media/*',
    {
      config: {
        // A static asset route, like the web app's own files: its URLs come ready-made in answers
        // (logos, sliders, profile photos) for <img src>, and its keys contain '/', which an OpenAPI
        // path parameter cannot carry. Out of the document; in the authorization matrix.
        operation: {
          operationId: 'getPublicMedia',
          access: 'public',
          hidden: true,
          answers: { 200: 'The image' },
          files: ['image/*'],
          errors: [404],
          sample: (r) => ({ params: { '*': r.profileImageKey } }),
        },
      },
      schema: {
        tags: ['media'],
        summary: 'A stored image',
        params: z.object({ '*': z.string() }),
        querystring: z.object({
          w: z.coerce
            .number()
            .refine(isPictureWidth, 'Not one of the picture widths')
            .optional()
            .describe('Width of the WebP copy of a picture (360, 720, 1080 or 1440; never enlarged)'),
        }),
      },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      const { w } = request.query;
      const copy = isPublicMediaKey(requested) && w !== undefined && isPictureWidth(w) ? await widths.copyOf(requested, w) : null;
      const key = copy ?? requested;
      const file = copy !== null || isPublicMediaKey(key) ? await storage.getStream(key) : null;
      if (!file) throw new NotFoundError(messages.notFound);
      return reply
        .header('content-type', contentTypeForKey(key))
        .header('content-length', file.size)
        .header('cache-control', 'public, max-age=31536000, immutable')
        // Images only: an SVG opened directly must not run scripts.
        .header('content-security-policy', "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox")
        .send(file.stream);
    },
  );
};
