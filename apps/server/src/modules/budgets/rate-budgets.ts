import type { Database as SqliteDatabase, Statement as SqliteStatement } from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Clock } from '../../clock';
import { BatchLoader } from '../../db/batch-loader';
import { CommitMemo } from '../../db/commit-memo';
import type { Database } from '../../db/schema';

/** A kind of budget: `limit` units per client and window of `windowMs`. */
export interface Budget {
  /** Part of the key: `auth`, `code`. */
  name: string;
  limit: number;
  windowMs: number;
}

/** A client's budget as one call found it. */
export interface BudgetState {
  /** Units spent in the current window (after this call's spend, when it spent). */
  spent: number;
  limit: number;
  /** Whether the call is within the budget: spent <= limit after a spend, spent < limit after a look. */
  allowed: boolean;
  /** When the current window ends and the budget is whole again. */
  resetsAt: Date;
}

/** Rows of ended windows are deleted at most this often, by each instance. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Budgets of attempts per client and window, kept in the database (`rate_budgets`) so that every
 * instance of the server spends from the same one: N instances together allow what one allows
 * (docs/operations.md "Many instances"). A window starts with the client's first spend and lasts
 * `windowMs`, as @fastify/rate-limit's did. A spend is one atomic upsert, so concurrent spends on
 * any instance are all counted and never more than `limit` of them are allowed.
 *
 * Fails closed: when the database cannot be reached the error goes up and the call fails (503 from
 * plugins/error-handler.ts, like every call that needs the database); the attempt is not let through.
 */
export class RateBudgets {
  private nextPruneAt = 0;
  /** SQLite: budget rows read at once and remembered until the next commit by anyone (peek). */
  private readonly rows: CommitMemo<string, BudgetRow | null>;
  private rowOfKey: SqliteStatement<[string], BudgetRow> | undefined;
  /** Elsewhere (PostgreSQL, a transaction open): the looks of one turn of the event loop share one query. */
  private readonly batchedRows = new BatchLoader<string, BudgetRow | null>(
    async (keys) => {
      const rows = await this.db.selectFrom('rate_budgets').select(['key', 'spent', 'resets_at']).where('key', 'in', keys).execute();
      return new Map(rows.map((row) => [row.key, { spent: row.spent, resets_at: row.resets_at }]));
    },
    () => null,
  );

  /** `sqlite`: the connection (Db.sqlite), for reading a budget at once; null on PostgreSQL. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly clock: Clock,
    private readonly log?: FastifyBaseLogger,
    sqlite: SqliteDatabase | null = null,
  ) {
    this.rows = new CommitMemo(sqlite, KNOWN_BUDGETS);
  }

  /** Spends one unit of `client`'s `budget` and answers whether it was within the budget. */
  async spend(budget: Budget, client: string): Promise<BudgetState> {
    const now = this.clock();
    const nowIso = now.toISOString();
    const freshEnd = new Date(now.getTime() + budget.windowMs).toISOString();
    const row = await this.db
      .insertInto('rate_budgets')
      .values({ key: keyOf(budget, client), spent: 1, resets_at: freshEnd })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          // Both read the row as it was before this statement: an ended window starts again at 1.
          spent: sql<number>`case when rate_budgets.resets_at <= ${nowIso} then 1 else rate_budgets.spent + 1 end`,
          resets_at: sql<string>`case when rate_budgets.resets_at <= ${nowIso} then ${freshEnd} else rate_budgets.resets_at end`,
        }),
      )
      .returning(['spent', 'resets_at'])
      .executeTakeFirstOrThrow();
    await this.pruneWhenDue(now);
    const spent = Number(row.spent);
    return { spent, limit: budget.limit, allowed: spent <= budget.limit, resetsAt: new Date(row.resets_at) };
  }

  /**
   * Looks at `client`'s `budget` without spending: allowed while some of it is left. At once (no
   * promise) on SQLite, where a budget's row is remembered until the next commit by anyone (a spend
   * on any instance is one); elsewhere batched (db/batch-loader.ts: never answered by a query that
   * began before the look). A visitor paging with a right code looks on every call and spends nothing.
   */
  peek(budget: Budget, client: string): BudgetState | Promise<BudgetState> {
    const key = keyOf(budget, client);
    const row = this.rows.read(key, (sqlite) => {
      this.rowOfKey ??= sqlite.prepare<[string], BudgetRow>('select spent, resets_at from rate_budgets where key = ?');
      return this.rowOfKey.get(key) ?? null;
    });
    if (row !== undefined) return stateOf(budget, row, this.clock());
    return this.batchedRows.load(key).then((read) => stateOf(budget, read, this.clock()));
  }

  /** Deletes the rows of ended windows; returns how many. */
  async prune(): Promise<number> {
    const result = await this.db.deleteFrom('rate_budgets').where('resets_at', '<=', this.clock().toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private async pruneWhenDue(now: Date): Promise<void> {
    if (now.getTime() < this.nextPruneAt) return;
    this.nextPruneAt = now.getTime() + PRUNE_EVERY_MS;
    try {
      await this.prune();
    } catch (error) {
      this.log?.warn({ err: error }, 'could not prune ended rate budgets');
    }
  }
}

interface BudgetRow {
  spent: number;
  resets_at: string;
}

/** Budgets remembered between commits (peek on SQLite): ~100 bytes each. */
const KNOWN_BUDGETS = 10_000;

/** A budget as its row shows it at `now` (an ended window, or none: whole). */
function stateOf(budget: Budget, row: BudgetRow | null, now: Date): BudgetState {
  const current = row !== null && row.resets_at > now.toISOString();
  const spent = current ? Number(row.spent) : 0;
  const resetsAt = current ? new Date(row.resets_at) : new Date(now.getTime() + budget.windowMs);
  return { spent, limit: budget.limit, allowed: spent < budget.limit, resetsAt };
}

/** Seconds until `state`'s window ends, at least 1: the Retry-After of a refusal. */
export function secondsUntilReset(state: BudgetState, now: Date): number {
  return Math.max(1, Math.ceil((state.resetsAt.getTime() - now.getTime()) / 1000));
}

function keyOf(budget: Budget, client: string): string {
  return `${budget.name}:${client}`;
}
