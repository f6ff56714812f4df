import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database, JobRow } from '../db/schema';
import {
  DEFAULT_HANDLER_OPTIONS,
  type FailedJob,
  type JobContext,
  type JobHandler,
  type JobHandlerOptions,
  type JobName,
  type JobPayloads,
  type JobQueue,
  type JobQueueCounts,
  type JobRegistry,
  type JobState,
  type SendOptions,
  emptyCounts,
  errorText,
  summarizePayload,
} from './job-queue';

export interface LocalJobQueueOptions {
  /** Milliseconds between looks for due jobs (default 1000); a send on this instance looks at once. */
  pollIntervalMs?: number;
  /** How long stop() waits for running handlers (default 30 s); then they count as failed attempts. */
  stopTimeoutMs?: number;
  /** false: this instance only sends (JOBS_ENABLED=off). */
  work?: boolean;
  /**
   * Seconds a running job's lease lasts (default 60): renewed every quarter of it while the handler
   * runs, so a job whose instance died is taken back by another within about this long.
   */
  leaseSeconds?: number;
  log?: FastifyBaseLogger;
}

interface Registration {
  handler: JobHandler<unknown>;
  options: Required<JobHandlerOptions>;
  running: number;
}

/** Completed jobs are deleted after a day, failed ones after two weeks (looked at every 10 minutes). */
const KEEP_COMPLETED_MS = 24 * 3_600_000;
const KEEP_FAILED_MS = 14 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** Active jobs past their lease are looked for this often at most (and every half lease when that is shorter). */
const RECOVER_EVERY_MS = 30_000;

/** The n-th retry's wait: retryDelay · 2^(n-1) and up to as much again (jitter), as pg-boss does. */
export function retryDelayMs(options: Pick<Required<JobHandlerOptions>, 'retryDelaySeconds' | 'retryBackoff'>, attempts: number, random = Math.random()): number {
  const base = options.retryDelaySeconds * 1000;
  if (!options.retryBackoff) return base;
  const scaled = Math.max(base, 1000) * 2 ** Math.min(16, Math.max(0, attempts - 1));
  return Math.round(scaled + scaled * random);
}

/**
 * The job queue on SQLite (issue 15 §5): in-process, persisted in the `jobs` table so queued jobs
 * survive a restart. Each instance polls for due jobs of the names it registered and claims each with
 * `UPDATE … WHERE id = ? AND state = 'queued'` (exactly one claimer gets the row), so several
 * instances on one database file never run a job twice. A failed attempt is queued again with
 * exponential backoff until its attempts run out; then it is listed as failed. Timers are unref'd.
 *
 * Leases (issue 25): a claimed job holds a short lease (`expires_at`, JOB_LEASE_SECONDS) that its
 * instance renews while the handler runs, up to the handler's expireInSeconds. When the instance
 * dies (kill -9, power loss), the lease runs out within a minute and any instance takes the job back,
 * at once: it did not fail, its server went away. Handlers are idempotent, so running again is safe.
 */
export class LocalJobQueue<R extends JobRegistry = JobPayloads> implements JobQueue<R> {
  readonly kind = 'local' as const;
  private readonly instanceId = randomUUID();
  private readonly registrations = new Map<string, Registration>();
  private readonly running = new Map<string, Promise<void>>();
  private readonly pollIntervalMs: number;
  private readonly stopTimeoutMs: number;
  private readonly work: boolean;
  private readonly leaseMs: number;
  private readonly recoverEveryMs: number;
  private readonly log: FastifyBaseLogger | undefined;
  private started = false;
  private stopping = false;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private pollAgain = false;
  private lastRecover = 0;
  private lastPrune = 0;

  constructor(
    private readonly db: Kysely<Database>,
    options: LocalJobQueueOptions = {},
  ) {
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    this.work = options.work ?? true;
    this.leaseMs = Math.max(1, options.leaseSeconds ?? 60) * 1000;
    this.recoverEveryMs = Math.min(RECOVER_EVERY_MS, Math.max(500, this.leaseMs / 2));
    this.log = options.log;
  }

  register<N extends JobName<R>>(name: N, handler: JobHandler<R[N]>, options: JobHandlerOptions = {}): void {
    this.registrations.set(name, { handler: handler as JobHandler<unknown>, options: { ...DEFAULT_HANDLER_OPTIONS, ...options }, running: 0 });
    if (this.started) this.wake();
  }

  async send<N extends JobName<R>>(name: N, payload: R[N], options: SendOptions = {}): Promise<string | null> {
    const now = new Date();
    const runAt =
      options.startAfter instanceof Date ? options.startAfter : new Date(now.getTime() + Math.max(0, options.startAfter ?? 0) * 1000);
    const retryLimit = this.registrations.get(name)?.options.retryLimit ?? DEFAULT_HANDLER_OPTIONS.retryLimit;
    // In the caller's transaction when given: the row exists exactly when the caller's change commits.
    // (This instance's poll waits for the connection the transaction holds, so it sees the row once committed.)
    const row = await (options.within ?? this.db)
      .insertInto('jobs')
      .values({
        id: randomUUID(),
        name,
        payload_json: JSON.stringify(payload ?? null),
        state: 'queued',
        singleton_key: options.singletonKey ?? null,
        attempt_limit: retryLimit + 1,
        run_at: runAt.toISOString(),
        created_at: now.toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (row && this.started) this.wake();
    return row?.id ?? null;
  }

  async start(): Promise<void> {
    if (this.started || !this.work) return;
    this.started = true;
    this.stopping = false;
    this.wake();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopping = true;
    this.started = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.polling;
    const runs = [...this.running.values()];
    if (runs.length > 0) {
      let timeout: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timeout = setTimeout(() => resolve('timeout'), this.stopTimeoutMs);
        timeout.unref();
      });
      const outcome = await Promise.race([Promise.allSettled(runs).then(() => 'done' as const), timedOut]);
      clearTimeout(timeout);
      if (outcome === 'timeout') {
        // As pg-boss does: what is still running counts as a failed attempt (retried if it has attempts left).
        for (const id of this.running.keys()) await this.failAttempt(id, 'the server stopped while the job was running');
      }
    }
  }

  /** Looks for due jobs now (after a send on this instance, or a handler finished). */
  private wake(): void {
    if (!this.started || this.stopping) return;
    if (this.polling) {
      this.pollAgain = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.polling = this.poll()
      .catch((error: unknown) => this.log?.error({ err: error }, 'background jobs: looking for due jobs failed'))
      .finally(() => {
        this.polling = null;
        if (!this.started || this.stopping) return;
        if (this.pollAgain) {
          this.pollAgain = false;
          this.wake();
          return;
        }
        this.timer = setTimeout(() => {
          this.timer = null;
          this.wake();
        }, this.pollIntervalMs);
        this.timer.unref();
      });
  }

  private async poll(): Promise<void> {
    const now = Date.now();
    if (now - this.lastRecover >= this.recoverEveryMs) {
      this.lastRecover = now;
      await this.recoverExpired(new Date(now));
    }
    if (now - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = now;
      await this.prune(new Date(now));
    }
    for (const [name, registration] of this.registrations) {
      if (this.stopping) return;
      const free = registration.options.concurrency - registration.running;
      if (free <= 0) continue;
      const due = await this.db
        .selectFrom('jobs')
        .select('id')
        .where('state', '=', 'queued')
        .where('name', '=', name)
        .where('run_at', '<=', new Date().toISOString())
        .orderBy('run_at')
        .orderBy('created_at')
        .limit(free * 2)
        .execute();
      let claimed = 0;
      for (const { id } of due) {
        if (claimed >= free || this.stopping) break;
        const job = await this.claim(id, registration.options.expireInSeconds);
        if (!job) continue; // another instance was first
        claimed += 1;
        this.run(job, registration);
      }
      // More may be due than fit: look again when a slot frees (run() wakes the poll).
    }
  }

  /** Claims one queued job for this instance: the row, or null when someone else claimed it first. */
  private async claim(id: string, expireInSeconds: number): Promise<JobRow | null> {
    const now = new Date();
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({
        state: 'active',
        attempts: eb('attempts', '+', 1),
        locked_by: this.instanceId,
        started_at: now.toISOString(),
        expires_at: new Date(now.getTime() + Math.min(this.leaseMs, expireInSeconds * 1000)).toISOString(),
      }))
      .where('id', '=', id)
      .where('state', '=', 'queued')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    return (await this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  private run(job: JobRow, registration: Registration): void {
    registration.running += 1;
    const context: JobContext = { id: job.id, name: job.name, attempt: Number(job.attempts) };
    const heartbeat = this.keepLeased(job, registration.options.expireInSeconds);
    const done = (async () => {
      try {
        await registration.handler(JSON.parse(job.payload_json) as unknown, context);
        await this.db
          .updateTable('jobs')
          .set({ state: 'completed', finished_at: new Date().toISOString(), expires_at: null, last_error: null })
          .where('id', '=', job.id)
          .where('state', '=', 'active')
          .where('locked_by', '=', this.instanceId)
          .execute();
      } catch (error) {
        this.log?.warn({ err: error, job: job.id, name: job.name, attempt: context.attempt }, 'background job failed');
        await this.failAttempt(job.id, errorText(error));
      }
    })()
      .catch((error: unknown) => this.log?.error({ err: error, job: job.id }, 'background jobs: could not record the outcome of a job'))
      .finally(() => {
        clearInterval(heartbeat);
        registration.running -= 1;
        this.running.delete(job.id);
        this.wake();
      });
    this.running.set(job.id, done);
  }

  /**
   * Renews the lease of a running job every quarter lease, never past its start + expireInSeconds (a
   * hung run is let go). A renewal that fails (database busy) is tried again at the next beat.
   */
  private keepLeased(job: JobRow, expireInSeconds: number): NodeJS.Timeout {
    const deadline = Date.parse(job.started_at ?? new Date().toISOString()) + expireInSeconds * 1000;
    const timer = setInterval(() => {
      const expires = Math.min(Date.now() + this.leaseMs, deadline);
      if (expires <= Date.now()) return;
      this.db
        .updateTable('jobs')
        .set({ expires_at: new Date(expires).toISOString() })
        .where('id', '=', job.id)
        .where('state', '=', 'active')
        .where('locked_by', '=', this.instanceId)
        .execute()
        .catch((error: unknown) => this.log?.warn({ err: error, job: job.id }, 'background jobs: could not renew the lease of a running job'));
    }, Math.max(250, this.leaseMs / 4));
    timer.unref();
    return timer;
  }

  /** A failed attempt of an active job of this instance: queued again after its backoff, or failed. */
  private async failAttempt(id: string, message: string): Promise<void> {
    const row = await this.db.selectFrom('jobs').select(['name', 'attempts', 'attempt_limit']).where('id', '=', id).executeTakeFirst();
    if (!row) return;
    const options = this.registrations.get(row.name)?.options ?? DEFAULT_HANDLER_OPTIONS;
    const now = new Date();
    const again = Number(row.attempts) < Number(row.attempt_limit);
    await this.db
      .updateTable('jobs')
      .set(
        again
          ? { state: 'queued', run_at: new Date(now.getTime() + retryDelayMs(options, Number(row.attempts))).toISOString(), expires_at: null, last_error: message }
          : { state: 'failed', finished_at: now.toISOString(), expires_at: null, last_error: message },
      )
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where('locked_by', '=', this.instanceId)
      .execute();
  }

  /**
   * Active jobs whose lease ran out (their instance died, or the run hung past expireInSeconds): an
   * attempt each, queued again at once when attempts remain (the job did not fail: its server went away).
   */
  private async recoverExpired(now: Date): Promise<void> {
    const expired = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'attempts', 'attempt_limit', 'locked_by'])
      .where('state', '=', 'active')
      .where('expires_at', '<', now.toISOString())
      .execute();
    for (const row of expired) {
      if (row.locked_by === this.instanceId && this.running.has(row.id)) continue; // still ours, still running
      const again = Number(row.attempts) < Number(row.attempt_limit);
      const message = 'the job did not finish in time (its server may have stopped)';
      this.log?.warn({ job: row.id, name: row.name, attempts: Number(row.attempts), again }, 'background jobs: took back a job whose lease ran out');
      await this.db
        .updateTable('jobs')
        .set(
          again
            ? { state: 'queued', run_at: now.toISOString(), locked_by: null, expires_at: null, last_error: message }
            : { state: 'failed', finished_at: now.toISOString(), expires_at: null, last_error: message },
        )
        .where('id', '=', row.id)
        .where('state', '=', 'active')
        .where('expires_at', '<', now.toISOString())
        .execute();
    }
  }

  private async prune(now: Date): Promise<void> {
    await this.db
      .deleteFrom('jobs')
      .where((eb) =>
        eb.or([
          eb.and([eb('state', '=', 'completed'), eb('finished_at', '<', new Date(now.getTime() - KEEP_COMPLETED_MS).toISOString())]),
          eb.and([eb('state', '=', 'failed'), eb('finished_at', '<', new Date(now.getTime() - KEEP_FAILED_MS).toISOString())]),
        ]),
      )
      .execute();
  }

  async failed(page: number, pageSize: number): Promise<{ items: FailedJob[]; total: number }> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['id', 'name', 'payload_json', 'attempts', 'last_error', 'finished_at'])
      .where('state', '=', 'failed')
      .orderBy('finished_at', 'desc')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await this.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('state', '=', 'failed')
      .executeTakeFirstOrThrow();
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        payloadSummary: summarizePayload(parseJson(row.payload_json)),
        attempts: Number(row.attempts),
        lastError: row.last_error ?? '',
        failedAt: row.finished_at ?? '',
      })),
      total: Number(count.n),
    };
  }

  async retry(id: string): Promise<{ id: string; name: string } | null> {
    const row = await this.db.selectFrom('jobs').select(['name']).where('id', '=', id).where('state', '=', 'failed').executeTakeFirst();
    if (!row) return null;
    const result = await this.db
      .updateTable('jobs')
      .set((eb) => ({ state: 'queued', run_at: new Date().toISOString(), attempt_limit: eb('attempts', '+', 1), finished_at: null, locked_by: null }))
      .where('id', '=', id)
      .where('state', '=', 'failed')
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return null;
    if (this.started) this.wake();
    return { id, name: row.name };
  }

  async counts(): Promise<JobQueueCounts> {
    const rows = await this.db
      .selectFrom('jobs')
      .select([
        'name',
        'state',
        sql<number>`case when state = 'queued' and attempts > 0 then 1 else 0 end`.as('retrying'),
        (eb) => eb.fn.countAll<string | number>().as('n'),
      ])
      .groupBy(['name', 'state', sql`case when state = 'queued' and attempts > 0 then 1 else 0 end`])
      .execute();
    const total = emptyCounts();
    const byName = new Map<string, { name: string } & ReturnType<typeof emptyCounts>>();
    for (const row of rows) {
      const state: JobState = row.state === 'queued' && Number(row.retrying) === 1 ? 'retrying' : row.state;
      const n = Number(row.n);
      total[state] += n;
      const entry = byName.get(row.name) ?? { name: row.name, ...emptyCounts() };
      entry[state] += n;
      byName.set(row.name, entry);
    }
    return { total, byName: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  }

  async pending(name: JobName<R>, singletonKey: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('jobs')
      .select('id')
      .where('name', '=', name)
      .where('singleton_key', '=', singletonKey)
      .where('state', 'in', ['queued', 'active'])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  async state(id: string): Promise<JobState | null> {
    const row = await this.db.selectFrom('jobs').select(['state', 'attempts']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return row.state === 'queued' && Number(row.attempts) > 0 ? 'retrying' : row.state;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
