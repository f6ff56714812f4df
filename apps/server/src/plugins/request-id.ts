import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Every response names its request id (generated per request), the key to its log lines. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('x-request-id', request.id);
      return payload;
    });
  },
  { name: 'request-id' },
);
