import type { StudioJobsResponse, StudioMailOutbox, StudioUndeliveredMail } from '@studio-gallery/contract';
import type { Clock } from '../clock';
import { NotFoundError } from '../errors';
import type { MailOutbox } from '../mail/outbox';
import type { ActivityRepository } from '../modules/studio/activity.repository';
import type { JobQueue } from './job-queue';

/** Undelivered mails the jobs screen shows with the jobs (the rest: GET /api/studio/jobs/mails). */
const MAILS_SHOWN = 20;

/**
 * The studio's "Background jobs" screen (GET /api/studio/jobs, POST /api/studio/jobs/{id}/retry), with
 * the mail outbox's undelivered mails (GET /api/studio/jobs/mails, POST /api/studio/jobs/mails/{id}/retry).
 */
export class JobsDashboard {
  constructor(
    private readonly jobs: JobQueue,
    private readonly mails: Pick<MailOutbox, 'overview' | 'retry'>,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  /** Counts per state (and per job name), a page of the failed jobs, newest failure first, and the undelivered mails. */
  async overview(page: number, pageSize: number): Promise<StudioJobsResponse> {
    const [counts, failed, mails] = await Promise.all([this.jobs.counts(), this.jobs.failed(page, pageSize), this.mails.overview(1, MAILS_SHOWN)]);
    return { backend: this.jobs.kind, counts: counts.total, byName: counts.byName, failed, mails };
  }

  /** Queues a failed job again (one more attempt) and records who did it; 404 when no such failed job. */
  async retry(actorUserId: number, id: string): Promise<{ id: string; name: string }> {
    const retried = await this.jobs.retry(id);
    if (!retried) throw new NotFoundError('There is no failed job with this id.');
    await this.activity.recordActivity({ id: actorUserId }, 'job.retry', `job:${retried.id}`, { name: retried.name }, this.clock());
    return retried;
  }

  /** A page of the mails not delivered yet (failed first, then pending), with the counts. */
  mailOutbox(page: number, pageSize: number): Promise<StudioMailOutbox> {
    return this.mails.overview(page, pageSize);
  }

  /** Sends an undelivered mail again now (a failed one gets one more attempt); 404 when there is no such mail. */
  async retryMail(actorUserId: number, id: number): Promise<StudioUndeliveredMail> {
    const retried = await this.mails.retry(id);
    if (!retried) throw new NotFoundError('There is no undelivered mail with this id (it may be on its way already).');
    await this.activity.recordActivity({ id: actorUserId }, 'mail.retry', `mail:${retried.id}`, { to: retried.to, subject: retried.subject }, this.clock());
    return retried;
  }
}
