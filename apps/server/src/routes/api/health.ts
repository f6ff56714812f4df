import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { healthResponse } from '@studio-gallery/contract';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { operation: { operationId: 'getHealth', access: 'public', answers: { 200: 'The server is up' } } },
      schema: { tags: ['system'], summary: 'Liveness check', response: { 200: healthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );
};
