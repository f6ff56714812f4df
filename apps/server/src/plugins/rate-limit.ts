import rateLimit from '@fastify/rate-limit';
import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { TooManyAttemptsError } from '../errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for sign-in, sign-up and password calls: they share one budget of attempts
     * per client address and minute, so spreading guesses over several calls does not help.
     */
    authRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: { attemptsPerMinute: number }) => {
    // Off by default: only the routes that add `authRateLimit` are counted (not /api/docs, not media).
    await app.register(rateLimit, { global: false });
    app.decorate(
      'authRateLimit',
      app.rateLimit({
        max: options.attemptsPerMinute,
        timeWindow: 60_000,
        errorResponseBuilder: () => new TooManyAttemptsError(messages.tooManyRequests),
      }),
    );
  },
  { name: 'rate-limit' },
);
