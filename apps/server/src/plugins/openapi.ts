import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiRouteTable, createDocumentTransform, createRouteTransform } from './openapi-document';

export const DOCS_PREFIX = '/api/docs';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api operation with its declaration (routes/api/operation.ts): the document and the authorization matrix come from it. */
    apiRouteTable: ApiRouteTable;
  }
}

const TAGS = [
  { name: 'accounts', description: 'Sign-in, sign-up, activation, passwords and sessions' },
  { name: 'users', description: "The caller's profile, invoices and notification settings" },
  { name: 'gallery', description: 'Photos and sessions: pages, favourites, names, sharing, downloads' },
  { name: 'editor', description: 'The photo editor’s work on the server: background removal' },
  { name: 'commerce', description: 'Prices, tax, coupons, card payments' },
  { name: 'orders', description: 'Orders (special requests) for retouching' },
  { name: 'branding', description: 'What the login screen and sidebar show' },
  { name: 'appointments', description: 'Booking from invite links: invites, free times, bookings, reschedule and cancel' },
  { name: 'studio', description: 'The studio dashboard (/api/studio): staff and admins only, role read on every call' },
  { name: 'system', description: 'Health' },
];

/**
 * The live OpenAPI document at /api/docs/json and its UI at /api/docs, built from the routes' zod
 * schemas and their `config.operation` (routes/api/operation.ts). Registered before the routes: every
 * /api route added later goes through the route table, and one without a declaration stops the app.
 */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string }) => {
    const table = new ApiRouteTable((hook) => app.hasDecorator('authRateLimit') && hook === app.authRateLimit);
    app.decorate('apiRouteTable', table);
    app.addHook('onRoute', (route) => {
      if (route.url.startsWith('/api/') && !route.url.startsWith(DOCS_PREFIX)) table.add(route);
    });

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: {
          title: 'Studio Gallery API',
          description: 'Paths and field names follow the product spec §7; see docs/api.md for the decisions.',
          version: options.version,
        },
        // Relative: the document's own origin (the paths start with /api).
        servers: [{ url: '/', description: 'This server' }],
        tags: TAGS,
        components: {
          securitySchemes: {
            bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            // Session-code visitors (gallery calls): the 44-character code of the session.
            sessionCode: { type: 'apiKey', in: 'header', name: 'X-Session-Code' },
          },
        },
      },
      transform: createRouteTransform(table),
      transformObject: createDocumentTransform(),
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX });
  },
  { name: 'openapi' },
);
