import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/create-db';
import type { JobPayloads, JobQueue, JobRegistry } from './job-queue';
import { LocalJobQueue } from './local-job-queue';
import { PgBossQueue } from './pg-boss-queue';

export interface CreateJobQueueOptions {
  /** Only stop() gives up waiting for running handlers after this long (default 30 s). */
  stopTimeoutMs?: number;
  log?: FastifyBaseLogger;
}

/** The app's job queue for its database: pg-boss on PostgreSQL, the in-process queue on SQLite. */
export function createJobQueue<R extends JobRegistry = JobPayloads>(
  db: Db,
  config: Pick<Config, 'database' | 'jobs'>,
  options: CreateJobQueueOptions = {},
): JobQueue<R> {
  const common = { pollIntervalMs: config.jobs.pollIntervalMs, work: config.jobs.enabled, leaseSeconds: config.jobs.leaseSeconds, stopTimeoutMs: options.stopTimeoutMs, log: options.log };
  if (config.database.dialect === 'postgres') {
    return new PgBossQueue<R>({ ...common, connectionString: config.database.url, schema: config.jobs.pgBossSchema });
  }
  return new LocalJobQueue<R>(db.kysely, common);
}
