import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { healthResponse } from '@studio-gallery/contract';
import type { HealthService } from '../../modules/health/health.service';

export const healthRoutes: FastifyPluginAsyncZod<{ health: HealthService }> = async (app, { health }) => {
  app.get(
    '/health',
    {
      config: { operation: { operationId: 'getHealth', access: 'public', answers: { 200: 'The server is up' } } },
      schema: { tags: ['system'], summary: 'Liveness check', response: { 200: healthResponse } },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      config: { operation: { operationId: 'getReadiness', access: 'public', answers: { 200: 'The server and its database answer' }, errors: [503] } },
      schema: {
        tags: ['system'],
        summary: 'Readiness check: 503 while the database cannot be reached (for a load balancer\'s active health checks)',
        response: { 200: healthResponse },
      },
    },
    async () => {
      await health.ready();
      return { status: 'ok' as const };
    },
  );
};
