import { messages } from '@studio-gallery/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock';
import { TooManyAttemptsError } from '../errors';
import { type Budget, type BudgetState, type RateBudgets, secondsUntilReset } from '../modules/budgets/rate-budgets';

/** The session code a request asks with, exactly as its route uses it; null when it uses none. */
export type SessionCodeOf = (request: FastifyRequest) => string | null;

export interface SessionCodeHooks {
  /** Callback style: a visitor with a right code, whose address has budget left, goes on at once (issue 23). */
  onRequest: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
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
  /** The budgets table every instance shares (modules/budgets). */
  budgets: RateBudgets;
  /** Whether a code opens a session (one indexed lookup). */
  opensSession: (code: string) => Promise<boolean>;
}

/** How long a code found right is trusted without being looked up again, and how many such codes are kept. */
const RIGHT_CODE_TRUST_MS = 5000;
const RIGHT_CODES_KEPT = 10_000;

/**
 * Session codes are 264 random bits, so guessing one is hopeless; this budget keeps it so if codes
 * ever get shorter, and stops a client from hammering the code lookups. Only wrong codes count: a
 * visitor paging a gallery with a right code never spends any. Once an address has spent its budget,
 * every code call from it is refused with 429 until its minute is over — right codes too, or the
 * refusals would tell a right guess from a wrong one.
 *
 * Before the route runs: an address whose budget is spent is refused without its code being looked
 * at; otherwise the code is looked up, and a wrong one spends one unit (an atomic increment in the
 * shared `rate_budgets` table, so a burst of parallel guesses on any number of instances cannot slip
 * past: only the first `failuresPerMinute` get an answer). A right code spends nothing. The budget lives in the database: N
 * instances together allow what one allows. When it cannot be read, the call fails (503 when the
 * database is down), it is not let through.
 */
export const sessionCodeLimitPlugin = fp(
  async (app: FastifyInstance, options: SessionCodeLimitOptions) => {
    const budget: Budget = { name: 'code', limit: options.failuresPerMinute, windowMs: 60_000 };
    // Codes found right lately (issue 23): a visitor paging a gallery asks with the same code again and
    // again, and looking it up each time cost a query per request besides the budget's and the route's
    // own. A code that stops opening its session (deleted) is treated as right at most this long after,
    // which spends nothing an attacker could use; the route itself still answers 404/410 for it.
    const rightCodes = new Map<string, number>();
    const opensSession = (code: string): boolean | Promise<boolean> => {
      const now = performance.now();
      const until = rightCodes.get(code);
      if (until !== undefined && until > now) return true;
      rightCodes.delete(code);
      return options.opensSession(code).then((opens) => {
        if (opens) {
          if (rightCodes.size >= RIGHT_CODES_KEPT) rightCodes.delete(rightCodes.keys().next().value as string);
          rightCodes.set(code, now + RIGHT_CODE_TRUST_MS);
        }
        return opens;
      });
    };

    const refuse = (reply: FastifyReply, state: BudgetState): Error => {
      reply.header('retry-after', String(secondsUntilReset(state, options.clock())));
      return new TooManyAttemptsError(messages.tooManyRequests);
    };
    /** After the look at the address's budget: a right code goes on; a wrong one spends a unit. */
    const check = (request: FastifyRequest, reply: FastifyReply, code: string, state: BudgetState): void | Promise<void> => {
      if (!state.allowed) throw refuse(reply, state);
      const opens = opensSession(code);
      if (opens === true) return undefined;
      return Promise.resolve(opens).then(async (right) => {
        if (right) return;
        const spent = await options.budgets.spend(budget, request.ip);
        if (!spent.allowed) throw refuse(reply, spent);
      });
    };

    app.decorate('sessionCodeLimit', (codeOf: SessionCodeOf): SessionCodeHooks => ({
      onRequest: (request, reply, done) => {
        const code = codeOf(request);
        if (!code) return done();
        let outcome: void | Promise<void>;
        try {
          // A spent budget refuses before the code is looked at: the refusal is the same, and as fast, for any code.
          const peeked = options.budgets.peek(budget, request.ip);
          outcome = peeked instanceof Promise ? peeked.then((state) => check(request, reply, code, state)) : check(request, reply, code, peeked);
        } catch (error) {
          return done(asError(error));
        }
        if (outcome instanceof Promise) outcome.then(() => done(), (error: unknown) => done(asError(error)));
        else done();
      },
    }));
  },
  { name: 'session-code-limit' },
);

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
