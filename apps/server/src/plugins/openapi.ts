import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from '@fastify/type-provider-zod';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const DOCS_PREFIX = '/api/docs';

/** The live OpenAPI document (from the routes' zod schemas) at /api/docs/json and its UI at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Studio Gallery API',
          description: 'Paths and field names follow the product spec §7; see docs/api.md for the decisions.',
          version: options.version,
        },
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // Session-code visitors (gallery calls): the 44-character code of the session.
            sessionCode: { type: 'apiKey', in: 'header', name: 'X-Session-Code' },
          },
        },
      },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'openapi' },
);
