import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { messages } from '@studio-gallery/contract';
import { z } from 'zod';
import { NotFoundError } from '../../errors';
import { contentTypeForKey } from '../../media/content-types';
import { type Storage, isValidStorageKey } from '../../storage/storage';

/**
 * Public media (logos, sliders, profile photos). Their keys are random, so a URL reveals nothing and
 * cannot be guessed, and a key's content never changes: cache it for good.
 */
export const mediaRoutes: FastifyPluginAsyncZod<{ storage: Storage }> = async (app, { storage }) => {
  app.get(
    '/media/*',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored image',
        params: z.object({ '*': z.string() }),
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const file = isValidStorageKey(key) ? await storage.getStream(key) : null;
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
