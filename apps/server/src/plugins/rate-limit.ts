import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import { TooManyAttemptsError } from '../errors';
import { type Budget, type RateBudgets, secondsUntilReset } from '../modules/budgets/rate-budgets';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook for sign-in, sign-up and password calls (and the calls that take an invite id or
     * a booking's manage token): they share one budget of attempts per client address and minute,
     * so spreading guesses over several calls does not help.
     */
    authRateLimit: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  }
}

export interface RateLimitOptions {
  attemptsPerMinute: number;
  /** The budgets table every instance shares (modules/budgets). */
  budgets: RateBudgets;
  clock: Clock;
}

/**
 * The sign-in attempt budget (AUTH_RATE_LIMIT a minute per client address), kept in the database so
 * that every instance spends from the same one. Every counted call gets `x-ratelimit-limit`,
 * `x-ratelimit-remaining` and `x-ratelimit-reset` (seconds); a refused one `429 { message }` with
 * `retry-after`, as @fastify/rate-limit answered before. When the budget cannot be read the call
 * fails (503 when the database is down); it is never let through. Only the routes that add
 * `authRateLimit` are counted.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, options: RateLimitOptions) => {
    const budget: Budget = { name: 'auth', limit: options.attemptsPerMinute, windowMs: 60_000 };
    app.decorate('authRateLimit', async (request: FastifyRequest, reply: FastifyReply) => {
      const state = await options.budgets.spend(budget, request.ip);
      const reset = secondsUntilReset(state, options.clock());
      reply.header('x-ratelimit-limit', state.limit);
      reply.header('x-ratelimit-remaining', Math.max(0, state.limit - state.spent));
      reply.header('x-ratelimit-reset', reset);
      if (!state.allowed) {
        reply.header('retry-after', reset);
        throw new TooManyAttemptsError(messages.tooManyRequests);
      }
    });
  },
  { name: 'rate-limit' },
);
