import { z } from 'zod';
import { studioPageQuery } from './studio';

/** Background jobs (issue 15 §5): the studio's "Background jobs" screen. Staff only. */

export const STUDIO_JOB_STATES = ['queued', 'retrying', 'active', 'completed', 'failed'] as const;
export type StudioJobState = (typeof STUDIO_JOB_STATES)[number];

const jobCounts = z
  .object({
    queued: z.number().describe('Waiting for their first run'),
    retrying: z.number().describe('Waiting for another run after a failed attempt'),
    active: z.number().describe('Running now'),
    completed: z.number().describe('Done (kept a day)'),
    failed: z.number().describe('Out of attempts (kept two weeks)'),
  })
  .register(z.globalRegistry, { id: 'StudioJobCounts', description: 'Jobs per state' });
export type StudioJobCounts = z.infer<typeof jobCounts>;

export const studioFailedJob = z
  .object({
    id: z.string(),
    name: z.string().describe("The job's kind, e.g. 'appointment-reminder'"),
    payloadSummary: z.string().describe('Its payload as JSON, cut to 200 characters'),
    attempts: z.number().describe('Runs started'),
    lastError: z.string().describe('Why the last attempt failed'),
    failedAt: z.string().describe('When (ISO 8601, UTC)'),
  })
  .register(z.globalRegistry, { id: 'StudioFailedJob', description: 'A background job that ran out of attempts' });
export type StudioFailedJob = z.infer<typeof studioFailedJob>;

/** GET /api/studio/jobs?page&pageSize */
export const studioJobsQuery = studioPageQuery;
export const studioJobsResponse = z
  .object({
    backend: z.enum(['pg-boss', 'local']).describe('pg-boss on PostgreSQL; the in-process queue on SQLite'),
    counts: jobCounts,
    byName: z.array(jobCounts.extend({ name: z.string() })).describe('The counts per job kind'),
    failed: z.object({ items: z.array(studioFailedJob), total: z.number() }).describe('A page of the failed jobs, newest failure first'),
  })
  .register(z.globalRegistry, { id: 'StudioJobs', description: 'Background jobs: counts per state and the failed ones' });
export type StudioJobsResponse = z.infer<typeof studioJobsResponse>;

/** POST /api/studio/jobs/{id}/retry */
export const studioJobIdParams = z.object({ id: z.string().min(1).max(100) });
export const studioJobRetryResult = z
  .object({ id: z.string(), name: z.string() })
  .register(z.globalRegistry, { id: 'StudioJobRetried', description: 'The job queued again, with one more attempt' });
export type StudioJobRetryResult = z.infer<typeof studioJobRetryResult>;
