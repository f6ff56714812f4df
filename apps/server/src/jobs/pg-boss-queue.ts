import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import PgBoss from 'pg-boss';
import {
  DEFAULT_HANDLER_OPTIONS,
  type FailedJob,
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
  summarizePayload,
} from './job-queue';

export interface PgBossQueueOptions {
  connectionString: string;
  /** pg-boss's own schema (a lower-case identifier, at most 50 characters). */
  schema: string;
  /** Milliseconds between a worker's looks for jobs (at least 500, pg-boss's floor; default 1000). */
  pollIntervalMs?: number;
  /** How long stop() waits for running handlers (default 30 s). */
  stopTimeoutMs?: number;
  /** false: this instance only sends (JOBS_ENABLED=off). */
  work?: boolean;
  /** Seconds a running job's lease lasts (default 60): see keepLeased. */
  leaseSeconds?: number;
  log?: FastifyBaseLogger;
}

interface Registration {
  handler: JobHandler<unknown>;
  options: Required<JobHandlerOptions>;
}

/** Failed jobs stay in pg-boss's job table (and the dashboard) two weeks, completed ones a day. */
const ARCHIVE_COMPLETED_SECONDS = 24 * 3600;
const ARCHIVE_FAILED_SECONDS = 14 * 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const STATES: Record<string, JobState | undefined> = {
  created: 'queued',
  retry: 'retrying',
  active: 'active',
  completed: 'completed',
  failed: 'failed',
};

/**
 * The job queue on PostgreSQL (issue 15 §5): pg-boss in its own schema of the app's database. Jobs
 * are fetched with `FOR UPDATE SKIP LOCKED`, so instances sharing the database never run a job twice;
 * retries with exponential backoff are pg-boss's own (retryLimit, retryDelay, retryBackoff, set per
 * queue). Every queue uses pg-boss's `stately` policy so that `singletonKey` means "one job per key
 * waiting"; a send without a key gets the job's own id as its key (no deduplication).
 *
 * pg-boss talks to the database through a pool of this class (not pg-boss's own), so that stop() can
 * wait for the completion pg-boss records without waiting for it, before the pool ends.
 *
 * Leases (issue 25). pg-boss 10 counts a run as lost when `started_on + expire_in` has passed (its
 * maintenance, `failJobsByTimeout`, then queues it again with the queue's retry delay, or fails it),
 * and it also races each handler against the `expire_in` it fetched the job with. It has no heartbeat.
 * So the queue keeps `expire_in` = the handler's expireInSeconds (the in-process limit of a run), and
 * as soon as a job is fetched, and every quarter lease while it runs, this instance rewrites that
 * job's row to `expire_in = (now() - started_on) + lease` (never past expireInSeconds). A job whose
 * instance died is thus past its expiry within a lease, and maintenance, every half lease here
 * (maintenanceIntervalSeconds; pg-boss's default is 2 minutes), hands it to any instance.
 */
export class PgBossQueue<R extends JobRegistry = JobPayloads> implements JobQueue<R> {
  readonly kind = 'pg-boss' as const;
  private readonly pool: pg.Pool;
  private readonly boss: PgBoss;
  private readonly schema: string;
  private readonly registrations = new Map<string, Registration>();
  private readonly queues = new Map<string, Promise<void>>();
  private readonly workers = new Map<string, string[]>();
  private readonly inFlight = new Set<Promise<unknown>>();
  /** Handlers running on this instance (a fetch in flight when stop() began may still start one). */
  private readonly runningHandlers = new Set<Promise<unknown>>();
  private readonly pollIntervalSeconds: number;
  private readonly stopTimeoutMs: number;
  private readonly work: boolean;
  private readonly leaseSeconds: number;
  private readonly log: FastifyBaseLogger | undefined;
  private opened: Promise<void> | null = null;
  private working = false;
  private closed = false;

  constructor(options: PgBossQueueOptions) {
    this.schema = options.schema;
    this.pollIntervalSeconds = Math.max(500, options.pollIntervalMs ?? 1000) / 1000;
    this.stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
    this.work = options.work ?? true;
    this.leaseSeconds = Math.max(1, options.leaseSeconds ?? 60);
    this.log = options.log;
    this.pool = new pg.Pool({ connectionString: options.connectionString, max: 5, application_name: 'studio-gallery-jobs' });
    this.pool.on('error', (error) => this.log?.error({ err: error }, 'background jobs: database connection failed'));
    // A checked-out connection cut by the server emits 'error' on its client: unheard, it would end the process.
    this.pool.on('connect', (client) => client.on('error', () => undefined));
    const executeSql = (text: string, values?: unknown[]) => {
      const query = this.pool.query(text, values);
      this.inFlight.add(query);
      void query.finally(() => this.inFlight.delete(query)).catch(() => undefined);
      return query;
    };
    this.boss = new PgBoss({
      db: { executeSql },
      schema: options.schema,
      migrate: true,
      schedule: false,
      supervise: true,
      // Expired runs are found every half lease (pg-boss: 2 minutes by default), so a dead instance's job comes back within about 1.5 leases.
      maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(this.leaseSeconds / 2))),
      archiveCompletedAfterSeconds: ARCHIVE_COMPLETED_SECONDS,
      archiveFailedAfterSeconds: ARCHIVE_FAILED_SECONDS,
      deleteAfterDays: 7,
    });
    // pg-boss reports worker and maintenance failures as events; an unheard 'error' would crash the process.
    this.boss.on('error', (error) => this.log?.error({ err: error }, 'background jobs: pg-boss reported an error'));
  }

  register<N extends JobName<R>>(name: N, handler: JobHandler<R[N]>, options: JobHandlerOptions = {}): void {
    this.registrations.set(name, { handler: handler as JobHandler<unknown>, options: { ...DEFAULT_HANDLER_OPTIONS, ...options } });
    this.queues.delete(name); // its options are applied when the queue is next made sure of
    if (this.working) void this.startWorkers(name).catch((error: unknown) => this.log?.error({ err: error, name }, 'background jobs: could not start a worker'));
  }

  async send<N extends JobName<R>>(name: N, payload: R[N], options: SendOptions = {}): Promise<string | null> {
    await this.ensureQueue(name);
    const id = randomUUID();
    const startAfter = options.startAfter instanceof Date ? options.startAfter : options.startAfter && options.startAfter > 0 ? options.startAfter : undefined;
    // In the caller's transaction when given (pg-boss's `db` option): the job row commits with the caller's change.
    const within = options.within;
    const db = within ? { db: { executeSql: (text: string, values?: unknown[]) => within.executeQuery(CompiledQuery.raw(text, values ?? [])) } } : {};
    const sent = await this.boss.send(name, (payload ?? null) as object, { id, singletonKey: options.singletonKey ?? id, ...(startAfter !== undefined ? { startAfter } : {}), ...db });
    // Workers of this instance look at once rather than at their next poll.
    if (sent) for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
    return sent;
  }

  async start(): Promise<void> {
    await this.open();
    for (const name of this.registrations.keys()) await this.ensureQueue(name);
    if (!this.work || this.working) return;
    this.working = true;
    for (const name of this.registrations.keys()) await this.startWorkers(name);
  }

  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.working = false;
    if (this.opened) {
      await this.opened.catch(() => undefined);
      // Graceful: workers stop fetching, running handlers finish (up to the timeout, then they fail).
      await this.boss.stop({ graceful: true, timeout: this.stopTimeoutMs, close: false }).catch((error: unknown) => this.log?.error({ err: error }, 'background jobs: pg-boss did not stop cleanly'));
    }
    // pg-boss records a job's completion without awaiting it: let those statements (and a handler that a
    // fetch in flight at stop() still started) finish first.
    while (this.inFlight.size > 0 || this.runningHandlers.size > 0) await Promise.allSettled([...this.inFlight, ...this.runningHandlers]);
    await this.pool.end();
  }

  async failed(page: number, pageSize: number): Promise<{ items: FailedJob[]; total: number }> {
    await this.open();
    const { rows } = await this.pool.query<{ id: string; name: string; data: unknown; retry_count: number; started_on: Date | null; output: unknown; completed_on: Date | null }>(
      `SELECT id, name, data, retry_count, started_on, output, completed_on FROM ${this.schema}.job
       WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss%'
       ORDER BY completed_on DESC, id LIMIT $1 OFFSET $2`,
      [pageSize, (page - 1) * pageSize],
    );
    const count = await this.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${this.schema}.job WHERE state = 'failed' AND name NOT LIKE '\\_\\_pgboss%'`);
    return {
      items: rows.map((row) => ({
        id: row.id,
        name: row.name,
        payloadSummary: summarizePayload(row.data),
        attempts: row.started_on ? Number(row.retry_count) + 1 : 0,
        lastError: errorOf(row.output),
        failedAt: (row.completed_on ?? new Date(0)).toISOString(),
      })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  }

  async retry(id: string): Promise<{ id: string; name: string } | null> {
    if (!UUID.test(id)) return null;
    await this.open();
    const { rows } = await this.pool.query<{ name: string }>(`SELECT name FROM ${this.schema}.job WHERE id = $1 AND state = 'failed'`, [id]);
    const name = rows[0]?.name;
    if (!name) return null;
    // The typings say void; pg-boss 10 answers { jobs, requested, affected }.
    const result = (await this.boss.retry(name, id)) as unknown as { affected: number };
    if (result.affected !== 1) return null;
    for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
    return { id, name };
  }

  async counts(): Promise<JobQueueCounts> {
    await this.open();
    const { rows } = await this.pool.query<{ name: string; state: string; n: string }>(
      `SELECT name, state::text AS state, count(*) AS n FROM ${this.schema}.job WHERE name NOT LIKE '\\_\\_pgboss%' GROUP BY name, state`,
    );
    const total = emptyCounts();
    const byName = new Map<string, { name: string } & ReturnType<typeof emptyCounts>>();
    for (const row of rows) {
      const state = STATES[row.state];
      if (!state) continue; // cancelled: not used by the app
      const n = Number(row.n);
      total[state] += n;
      const entry = byName.get(row.name) ?? { name: row.name, ...emptyCounts() };
      entry[state] += n;
      byName.set(row.name, entry);
    }
    return { total, byName: [...byName.values()].sort((a, b) => a.name.localeCompare(b.name)) };
  }

  async pending(name: JobName<R>, singletonKey: string): Promise<boolean> {
    await this.open();
    const { rows } = await this.pool.query(
      `SELECT 1 FROM ${this.schema}.job WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry', 'active') LIMIT 1`,
      [name, singletonKey],
    );
    return rows.length > 0;
  }

  async state(id: string): Promise<JobState | null> {
    if (!UUID.test(id)) return null;
    await this.open();
    const { rows } = await this.pool.query<{ state: string }>(
      `SELECT state::text AS state FROM ${this.schema}.job WHERE id = $1
       UNION ALL SELECT state::text FROM ${this.schema}.archive WHERE id = $1 LIMIT 1`,
      [id],
    );
    return rows[0] ? (STATES[rows[0].state] ?? null) : null;
  }

  /** Creates or migrates pg-boss's schema once per instance (also for an instance that only sends). */
  private open(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('the job queue is stopped'));
    this.opened ??= this.boss.start().then(() => undefined);
    return this.opened;
  }

  /** The queue of a name exists, with the options of this instance's handler (a queue per job name). */
  private ensureQueue(name: string): Promise<void> {
    let ready = this.queues.get(name);
    if (!ready) {
      ready = (async () => {
        await this.open();
        const options = this.registrations.get(name)?.options;
        const queueOptions = {
          policy: 'stately' as const,
          ...(options
            ? { retryLimit: options.retryLimit, retryDelay: options.retryDelaySeconds, retryBackoff: options.retryBackoff, expireInSeconds: options.expireInSeconds }
            : {}),
        };
        await this.boss.createQueue(name, { name, ...queueOptions });
        if (options) await this.boss.updateQueue(name, { name, ...queueOptions });
      })();
      ready.catch(() => this.queues.delete(name));
      this.queues.set(name, ready);
    }
    return ready;
  }

  /**
   * Renews the lease of a job this instance runs: at once (the job was fetched with the queue's long
   * expire_in), then every quarter lease, never past the job's start + expireInSeconds. A renewal that
   * fails is logged and tried again at the next beat.
   */
  private keepLeased(name: string, id: string, expireInSeconds: number): NodeJS.Timeout {
    const renew = () => {
      this.pool
        .query(
          `UPDATE ${this.schema}.job
           SET expire_in = LEAST(now() - started_on + make_interval(secs => $3), make_interval(secs => $4))
           WHERE name = $1 AND id = $2 AND state = 'active'`,
          [name, id, this.leaseSeconds, expireInSeconds],
        )
        .catch((error: unknown) => this.log?.warn({ err: error, job: id }, 'background jobs: could not renew the lease of a running job'));
    };
    renew();
    const timer = setInterval(renew, Math.max(250, (this.leaseSeconds * 1000) / 4));
    timer.unref();
    return timer;
  }

  private async startWorkers(name: string): Promise<void> {
    const registration = this.registrations.get(name);
    if (!registration) return;
    await this.ensureQueue(name);
    for (const id of this.workers.get(name) ?? []) await this.boss.offWork({ id });
    const ids: string[] = [];
    for (let i = 0; i < registration.options.concurrency; i++) {
      const worker = { id: '' };
      worker.id = await this.boss.work<unknown>(name, { batchSize: 1, includeMetadata: true, pollingIntervalSeconds: this.pollIntervalSeconds }, async ([job]) => {
        if (!job) return;
        const heartbeat = this.keepLeased(name, job.id, registration.options.expireInSeconds);
        const run = registration.handler(job.data, { id: job.id, name: job.name, attempt: Number(job.retryCount) + 1 });
        this.runningHandlers.add(run);
        try {
          await run;
        } finally {
          clearInterval(heartbeat);
          this.runningHandlers.delete(run);
          // A worker that found a job looks for the next at once rather than after its polling interval.
          if (worker.id && this.working) this.boss.notifyWorker(worker.id);
        }
      });
      ids.push(worker.id);
    }
    this.workers.set(name, ids);
  }
}

/** pg-boss keeps a thrown error as { name, message, stack }, a timeout as { value: { message } }. */
function errorOf(output: unknown): string {
  if (output && typeof output === 'object') {
    const record = output as { message?: unknown; value?: unknown };
    if (typeof record.message === 'string') return record.message;
    if (typeof record.value === 'string') return record.value;
    if (record.value && typeof record.value === 'object') return errorOf(record.value);
  }
  return output === null || output === undefined ? '' : JSON.stringify(output);
}
