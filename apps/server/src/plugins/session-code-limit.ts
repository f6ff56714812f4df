import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import { TooManyAttemptsError } from '../errors';

/** The session code a request asks with, exactly as its route uses it; null when it uses none. */
export type SessionCodeOf = (request: FastifyRequest) => string | null;

export interface SessionCodeHooks {
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  onResponse: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Hooks for a call that opens a gallery by session code: a budget of wrong codes per client
     * address and minute (SESSION_CODE_RATE_LIMIT). Spread them into the route's options.
     */
    sessionCodeLimit: (codeOf: SessionCodeOf) => SessionCodeHooks;
  }
}

export interface SessionCodeLimitOptions {
  /** Wrong codes allowed per client address and minute. */
  failuresPerMinute: number;
  clock: Clock;
  /** Whether a code opens a session; asked only when a call with a code failed (status >= 400). */
  opensSession: (code: string) => Promise<boolean>;
}

const WINDOW_MS = 60_000;
/** Addresses tracked at most (~100 bytes each); the oldest window goes first. */
const MAX_ADDRESSES = 50_000;

interface Window {
  /** Wrong codes, plus the calls in flight (counted up front, given back when their code was right). */
  count: number;
  resetAt: number;
}

/**
 * Session codes are 264 random bits, so guessing one is hopeless; this budget keeps it so if codes
 * ever get shorter, and stops a client from hammering the code lookups. Only wrong codes count: a
 * visitor paging a gallery with a right code never spends any. Once an address has spent its budget,
 * every code call from it is refused with 429 until its minute is over — right codes too, or the
 * refusals would tell a right guess from a wrong one.
 *
 * A call is counted when it arrives and given back when it answers with its code right (or answers
 * below 400), so a burst of parallel guesses cannot all slip in before the first is counted. "Wrong"
 * is checked (one indexed lookup) only for failed answers. Like the sign-in limit, the count lives in
 * this process: N instances allow N budgets.
 */
export const sessionCodeLimitPlugin = fp(
  async (app: FastifyInstance, options: SessionCodeLimitOptions) => {
    const windows = new Map<string, Window>();
    const inFlight = new WeakMap<FastifyRequest, { window: Window; code: string }>();

    const windowOf = (address: string, now: number): Window => {
      const current = windows.get(address);
      if (current && current.resetAt > now) return current;
      const fresh: Window = { count: 0, resetAt: now + WINDOW_MS };
      windows.delete(address);
      if (windows.size >= MAX_ADDRESSES) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      windows.set(address, fresh);
      return fresh;
    };

    app.decorate('sessionCodeLimit', (codeOf: SessionCodeOf): SessionCodeHooks => ({
      onRequest: async (request, reply) => {
        const code = codeOf(request);
        if (!code) return;
        const now = options.clock().getTime();
        const window = windowOf(request.ip, now);
        if (window.count >= options.failuresPerMinute) {
          reply.header('retry-after', String(Math.max(1, Math.ceil((window.resetAt - now) / 1000))));
          throw new TooManyAttemptsError(messages.tooManyRequests);
        }
        window.count += 1;
        inFlight.set(request, { window, code });
      },
      onResponse: async (request, reply) => {
        const held = inFlight.get(request);
        if (!held) return;
        inFlight.delete(request);
        const wrong = reply.statusCode >= 400 && !(await options.opensSession(held.code).catch(() => false));
        // A window that has ended since is not touched: the object is no longer in the map.
        if (!wrong) held.window.count = Math.max(0, held.window.count - 1);
      },
    }));
  },
  { name: 'session-code-limit' },
);
