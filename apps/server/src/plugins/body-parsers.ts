import { JSON_PATCH_CONTENT_TYPE } from '@studio-gallery/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** The reset-password calls send a plain JSON string as `application/json-patch+json` (spec §7). */
export const bodyParsersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addContentTypeParser(JSON_PATCH_CONTENT_TYPE, { parseAs: 'string' }, app.getDefaultJsonParser('error', 'error'));
  },
  { name: 'body-parsers' },
);
