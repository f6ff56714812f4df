import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Every response names its request id (generated per request), the key to its log lines, and, when
 * INSTANCE_ID is set, the instance that answered (`x-instance`: which process behind the proxy).
 */
export const requestIdPlugin = fp(
  async (app: FastifyInstance, options: { instanceId?: string | null }) => {
    const instanceId = options.instanceId ?? null;
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      if (instanceId) reply.header('x-instance', instanceId);
      return payload;
    });
  },
  { name: 'request-id' },
);
