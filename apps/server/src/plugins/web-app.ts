import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app at / when its folder exists, pre-compressed when the browser accepts it:
 * hashed files under /assets are cached for good, everything else is revalidated, and any other page path gets index.html (client routing).
 * Unknown /api paths answer 404 `{ message }`.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { webDist: string }) => {
    const hasWebApp = fs.existsSync(path.join(options.webDist, 'index.html'));
    if (hasWebApp) {
      await app.register(fastifyStatic, {
        root: options.webDist,
        prefix: '/',
        // The web build writes .br and .gz copies (apps/web/scripts/compress-dist.mjs).
        preCompressed: true,
        cacheControl: false,
        setHeaders(res, filePath) {
          const inAssets = path.relative(options.webDist, filePath).split(path.sep)[0] === 'assets';
          res.setHeader('cache-control', inAssets ? IMMUTABLE : 'no-cache');
        },
      });
    }

    app.setNotFoundHandler((request, reply) => {
      if (hasWebApp && isPageRequest(request)) return reply.sendFile('index.html');
      throw new NotFoundError(messages.notFound);
    });
  },
  { name: 'web-app' },
);

/** A browser navigation to a client-side route: not the API, not a missing file such as /assets/x.js. */
function isPageRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?')[0] ?? '';
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !/^\/(api|assets)(\/|$)/.test(pathname) && !lastSegment.includes('.');
}
