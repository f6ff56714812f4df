import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { NotFoundError } from '../errors';

const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * The photo editor's face models and tfjs WebAssembly (public/editor-models/, ~1.9 MB brotli): they change
 * only when @vladmandic/human is upgraded, but their names carry no content hash (the library asks for
 * fixed names under one base URL), so they cannot be `immutable`. Revalidating on every editor open
 * (`no-cache`) costs seven conditional requests before the first detection, and, since a build rewrites the
 * files' mtimes and so their ETags, a full download after every release anyway. Instead: fresh for a
 * day, then served from cache for a week more while the browser revalidates in the background (ETag /
 * Last-Modified, 304 when unchanged). The price is that for up to a day after a release that changes
 * these files a browser may pair the new worker script with the old .wasm or weights, and face
 * detection then fails with its own message (the editor still works without it); a release that
 * upgrades human should therefore also rename the folder (face-detection.ts `defaultModelBaseUrl`).
 */
const EDITOR_MODELS = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * Serves the built web app at / when its folder exists, pre-compressed when the browser accepts it:
 * hashed files under /assets are cached for good, the editor's models for a day (EDITOR_MODELS),
 * everything else is revalidated, and any other page path gets index.html (client routing).
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
          const folder = path.relative(options.webDist, filePath).split(path.sep)[0];
          res.setHeader('cache-control', folder === 'assets' ? IMMUTABLE : folder === 'editor-models' ? EDITOR_MODELS : 'no-cache');
          // The same URL is sent as brotli, gzip or plain: a shared cache must key on Accept-Encoding.
          res.setHeader('vary', 'accept-encoding');
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

/**
 * The CSP sources (`'sha256-…'`) of index.html's inline scripts: its boot script, which paints the
 * stored first screen before the app's code arrives (apps/web/src/app/first-screen-boot.ts). Inline
 * because a file would cost a request before the first paint; the CSP otherwise allows scripts from
 * 'self' only. None without a built app.
 */
export function inlineScriptSources(webDist: string): string[] {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) return [];
  const html = fs.readFileSync(indexFile, 'utf8');
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => `'sha256-${createHash('sha256').update(match[1]!, 'utf8').digest('base64')}'`);
}
