/**
 * The interface of the background job queue (issue 15 §5); see index.ts for the whole picture.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Every job of the app by name, with its payload (plain JSON: it is stored in the database). A module
 * adds its jobs here, registers a handler (`jobs.register(name, handler, options)`, wired in app.ts)
 * and sends them from its services (`jobs.send(name, payload)`).
 */
export type JobPayloads = {
  /** One appointment reminder mail (modules/appointments/reminder-job.ts); `at`: when the sweep found it due (ISO). */
  'appointment-reminder': { appointmentId: number; at: string };
  /** The import of a shoot uploaded from the browser (modules/studio-shoots). */
  'shoot-import': { shootId: number };
  /** A bulk invite of a company's employees (modules/companies/company-invites.service.ts): its pending recipients. */
  'company-invites': { bulkInviteId: number };
  /** One session's expiry reminder mail (modules/gallery-lifecycle/gallery-lifecycle-job.ts). */
  'gallery-expiry-reminder': { sessionId: number };
  /** One mail of the outbox, sent once committed (mail/outbox.ts); the outbox row holds the mail. */
  'mail-delivery': { mailId: number };
};

/** A map of job names to payload types: JobPayloads for the app; tests use their own. */
export type JobRegistry = { [name: string]: unknown };

export type JobName<R extends JobRegistry = JobPayloads> = keyof R & string;

/** What a handler is told about the run besides its payload. */
export interface JobContext {
  id: string;
  name: string;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
}

/** Runs one job; a throw (or rejection) is a failed attempt, retried while attempts remain. */
export type JobHandler<T> = (payload: T, job: JobContext) => Promise<void>;

export interface JobHandlerOptions {
  /** Retries after the first attempt (default 2). */
  retryLimit?: number;
  /** Wait before a retry, in seconds (default 30). */
  retryDelaySeconds?: number;
  /** Exponential backoff: the n-th retry waits retryDelay · 2^(n-1), up to twice that (jitter). Default true. */
  retryBackoff?: boolean;
  /** Jobs of this name one instance runs at once (default 1). */
  concurrency?: number;
  /**
   * The longest a run may take (default 15 minutes): after that it counts as failed and another
   * instance may take it. A run whose instance dies is taken back much sooner: while the handler runs
   * its instance renews a short lease (JOB_LEASE_SECONDS, default 60 s), and a job whose lease ran out
   * is retried by any instance (issue 25).
   */
  expireInSeconds?: number;
}

export interface SendOptions {
  /**
   * While a job of this name and key waits for its first run, another send with the key is dropped
   * (send answers null). Once it runs, a new one may be queued.
   */
  singletonKey?: string;
  /** Not before this time (a Date) or this many seconds from now. */
  startAfter?: Date | number;
  /**
   * The caller's open transaction (`db.transaction().execute(trx => …)`): the job is written in it, so
   * it exists exactly when the state change it goes with is committed (issue 25: no shoot `queued`
   * without its import job). On SQLite the row goes into the `jobs` table through `trx`; on PostgreSQL
   * pg-boss writes its job row through `trx` too (its `db` option).
   */
  within?: Kysely<Database>;
}

/** A job's state as the dashboard shows it; `retrying`: queued again after a failed attempt. */
export type JobState = 'queued' | 'retrying' | 'active' | 'completed' | 'failed';
export const JOB_STATES: readonly JobState[] = ['queued', 'retrying', 'active', 'completed', 'failed'];

export type JobCounts = Record<JobState, number>;

export interface JobQueueCounts {
  /** Every job name together. Completed jobs count while kept (a day). */
  total: JobCounts;
  /** Per job name, by name. */
  byName: ({ name: string } & JobCounts)[];
}

/** A job that ran out of attempts. */
export interface FailedJob {
  id: string;
  name: string;
  /** The payload as JSON, cut to 200 characters. */
  payloadSummary: string;
  /** Runs started. */
  attempts: number;
  lastError: string;
  /** When the last attempt failed (ISO 8601, UTC). */
  failedAt: string;
}

export interface JobQueue<R extends JobRegistry = JobPayloads> {
  /** 'pg-boss' on PostgreSQL, 'local' on SQLite. */
  readonly kind: 'pg-boss' | 'local';
  /** The handler of a job name on this instance, before or after start(). */
  register<N extends JobName<R>>(name: N, handler: JobHandler<R[N]>, options?: JobHandlerOptions): void;
  /** Queues a job: its id, or null when dropped for its singletonKey. Works before start() too. */
  send<N extends JobName<R>>(name: N, payload: R[N], options?: SendOptions): Promise<string | null>;
  /** Starts working the registered names (unless the queue was made with work: false). */
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running handlers (up to a timeout); then frees its connections. */
  stop(): Promise<void>;
  /** The failed jobs, newest failure first. */
  failed(page: number, pageSize: number): Promise<{ items: FailedJob[]; total: number }>;
  /** Queues a failed job again, with one more attempt: its name, or null when there is no such failed job. */
  retry(id: string): Promise<{ id: string; name: string } | null>;
  counts(): Promise<JobQueueCounts>;
  /** One job's state; null when unknown (or long gone). */
  state(id: string): Promise<JobState | null>;
  /** Whether a job of this name and singletonKey is waiting, retrying or running (not completed nor failed). */
  pending(name: JobName<R>, singletonKey: string): Promise<boolean>;
}

export const DEFAULT_HANDLER_OPTIONS: Required<JobHandlerOptions> = {
  retryLimit: 2,
  retryDelaySeconds: 30,
  retryBackoff: true,
  concurrency: 1,
  expireInSeconds: 15 * 60,
};

/** The payload as the failed list shows it. */
export function summarizePayload(payload: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(payload) ?? '';
  } catch {
    text = String(payload);
  }
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** An error as stored with the job. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : JSON.stringify(error) ?? 'failed';
}

export function emptyCounts(): JobCounts {
  return { queued: 0, retrying: 0, active: 0, completed: 0, failed: 0 };
}

/** Waits until every job has completed or failed (or `timeoutMs` passed): the states at the end. */
export async function waitForJobs(
  queue: Pick<JobQueue, 'state'>,
  ids: readonly string[],
  { timeoutMs = 20_000, intervalMs = 50 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<(JobState | null)[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(ids.map((id) => queue.state(id)));
    if (states.every((s) => s === 'completed' || s === 'failed' || s === null) || Date.now() >= deadline) return states;
    await new Promise((resolve) => setTimeout(resolve, intervalMs).unref());
  }
}
