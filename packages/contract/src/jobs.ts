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

export const STUDIO_MAIL_STATUSES = ['pending', 'failed'] as const;

export const studioUndeliveredMail = z
  .object({
    id: z.number(),
    kind: z.string().describe("What the mail is, e.g. 'booking-confirmation', 'invitation', 'order-placed'"),
    to: z.string(),
    subject: z.string(),
    status: z.enum(STUDIO_MAIL_STATUSES).describe('pending: to be sent (again); failed: out of attempts'),
    attempts: z.number().describe('Sends tried'),
    lastError: z.string().nullable().describe('Why the last send failed; null before the first attempt'),
    nextAttemptAt: z.string().nullable().describe('When it is tried next (ISO 8601, UTC); null once failed'),
    createdAt: z.string().describe('When the change it reports was committed (ISO 8601, UTC)'),
  })
  .register(z.globalRegistry, { id: 'StudioUndeliveredMail', description: 'A mail of the outbox not delivered yet' });
export type StudioUndeliveredMail = z.infer<typeof studioUndeliveredMail>;

export const studioMailOutbox = z
  .object({
    counts: z.object({
      pending: z.number().describe('Waiting to be sent, or to be tried again'),
      failed: z.number().describe('Out of attempts'),
    }),
    items: z.array(studioUndeliveredMail).describe('Failed mails first, then pending ones, newest first'),
    total: z.number(),
  })
  .register(z.globalRegistry, { id: 'StudioMailOutbox', description: 'The mails not delivered yet: counts and a page of them' });
export type StudioMailOutbox = z.infer<typeof studioMailOutbox>;

/** GET /api/studio/jobs?page&pageSize */
export const studioJobsQuery = studioPageQuery;
export const studioJobsResponse = z
  .object({
    backend: z.enum(['pg-boss', 'local']).describe('pg-boss on PostgreSQL; the in-process queue on SQLite'),
    counts: jobCounts,
    byName: z.array(jobCounts.extend({ name: z.string() })).describe('The counts per job kind'),
    failed: z.object({ items: z.array(studioFailedJob), total: z.number() }).describe('A page of the failed jobs, newest failure first'),
    mails: studioMailOutbox,
  })
  .register(z.globalRegistry, { id: 'StudioJobs', description: 'Background jobs: counts per state and the failed ones; the mails not delivered yet' });
export type StudioJobsResponse = z.infer<typeof studioJobsResponse>;

/** POST /api/studio/jobs/{id}/retry */
export const studioJobIdParams = z.object({ id: z.string().min(1).max(100) });
export const studioJobRetryResult = z
  .object({ id: z.string(), name: z.string() })
  .register(z.globalRegistry, { id: 'StudioJobRetried', description: 'The job queued again, with one more attempt' });
export type StudioJobRetryResult = z.infer<typeof studioJobRetryResult>;

/** GET /api/studio/jobs/mails?page&pageSize */
export const studioMailsQuery = studioPageQuery;

/** POST /api/studio/jobs/mails/{id}/retry */
export const studioMailIdParams = z.object({ id: z.coerce.number().int().min(1) });
export const studioMailRetryResult = studioUndeliveredMail;
