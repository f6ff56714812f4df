import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import {
  studioJobIdParams,
  studioJobRetryResult,
  studioJobsQuery,
  studioJobsResponse,
  studioMailIdParams,
  studioMailOutbox,
  studioMailRetryResult,
  studioMailsQuery,
} from '@studio-gallery/contract';
import type { JobsDashboard } from '../../jobs';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** A job id no queue has: the matrix's retry reaches the call and is told there is no such job. */
const UNKNOWN_JOB_ID = '00000000-0000-4000-8000-000000000000';

/** An outbox id no row has: the matrix's mail retry reaches the call and is told there is no such mail. */
const UNKNOWN_MAIL_ID = 2_000_000_000;

/** Background jobs (issue 15 §5), for staff: counts per state, the failed jobs, and Retry; the undelivered mails (issue 25). */
export const studioJobsRoutes: FastifyPluginAsyncZod<{ studio: StudioAuthorizer; jobsDashboard: JobsDashboard }> = async (app, { studio, jobsDashboard }) => {
  const tags = ['studio'];
  guardStudioRoutes(app, studio);

  app.get(
    '/studio/jobs',
    {
      config: {
        operation: { operationId: 'listStudioJobs', access: 'staff', answers: { 200: 'Job counts per state and a page of the failed jobs' }, sample: () => ({ query: { page: 1, pageSize: 10 } }) },
      },
      schema: {
        tags,
        summary: 'Background jobs: counts per state (and per kind) and the failed jobs, newest failure first',
        description:
          'Imports, bulk invites, reminders and mail deliveries run as jobs: on PostgreSQL through pg-boss, on SQLite in-process. Completed jobs are counted for a day, failed ones listed for two weeks. `mails`: the mail outbox\'s undelivered mails (pending: waiting for a send or a retry; failed: out of attempts), failed first, the first 20 (the rest: GET /studio/jobs/mails).',
        querystring: studioJobsQuery,
        response: { 200: studioJobsResponse },
      },
    },
    async (request) => jobsDashboard.overview(request.query.page, request.query.pageSize),
  );

  app.post(
    '/studio/jobs/:id/retry',
    {
      config: {
        operation: {
          operationId: 'retryStudioJob',
          access: 'staff',
          answers: { 200: 'The job was queued again' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_JOB_ID } }),
        },
      },
      schema: {
        tags,
        summary: 'Run a failed job again',
        description: 'The job gets one more attempt and is queued at once. 404: no failed job has this id (it may be running again already). Recorded in the activity log.',
        params: studioJobIdParams,
        response: { 200: studioJobRetryResult },
      },
    },
    async (request) => jobsDashboard.retry(currentUserId(request), request.params.id),
  );

  app.get(
    '/studio/jobs/mails',
    {
      config: {
        operation: { operationId: 'listStudioUndeliveredMails', access: 'staff', answers: { 200: 'The undelivered mails: counts and a page' }, sample: () => ({ query: { page: 1, pageSize: 10 } }) },
      },
      schema: {
        tags,
        summary: 'The mails not delivered yet: counts (pending, failed) and a page of them, failed first',
        description:
          'Every mail is written to the mail outbox with the change it reports and sent by a job. A mail is pending until sent (a failed send is tried again with backoff); after its attempts run out it is failed and stays listed until retried. Bodies are not shown (they carry one-time links).',
        querystring: studioMailsQuery,
        response: { 200: studioMailOutbox },
      },
    },
    async (request) => jobsDashboard.mailOutbox(request.query.page, request.query.pageSize),
  );

  app.post(
    '/studio/jobs/mails/:id/retry',
    {
      config: {
        operation: {
          operationId: 'retryStudioMail',
          access: 'staff',
          answers: { 200: 'The mail is being sent again' },
          errors: [404],
          expect: { staff: 404, admin: 404 },
          sample: () => ({ params: { id: UNKNOWN_MAIL_ID } }),
        },
      },
      schema: {
        tags,
        summary: 'Send an undelivered mail again now',
        description:
          'A failed mail gets one more attempt, a pending one is tried at once instead of at its next retry. 404: no pending or failed mail has this id (it may be being sent right now). Recorded in the activity log.',
        params: studioMailIdParams,
        response: { 200: studioMailRetryResult },
      },
    },
    async (request) => jobsDashboard.retryMail(currentUserId(request), request.params.id),
  );
};
