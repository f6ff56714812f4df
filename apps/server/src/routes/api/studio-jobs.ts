import type { FastifyPluginAsyncZod } from '@fastify/type-provider-zod';
import { studioJobIdParams, studioJobRetryResult, studioJobsQuery, studioJobsResponse } from '@studio-gallery/contract';
import type { JobsDashboard } from '../../jobs';
import { currentUserId } from '../../plugins/auth';
import { type StudioAuthorizer, guardStudioRoutes } from './studio-access';

/** A job id no queue has: the matrix's retry reaches the call and is told there is no such job. */
const UNKNOWN_JOB_ID = '00000000-0000-4000-8000-000000000000';

/** Background jobs (issue 15 §5), for staff: counts per state, the failed jobs, and Retry. */
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
        description: 'Imports, bulk invites, reminder and expiry mails run as jobs: on PostgreSQL through pg-boss, on SQLite in-process. Completed jobs are counted for a day, failed ones listed for two weeks.',
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
};
