import type { StudioJobsResponse } from '@studio-gallery/contract';
import type { Clock } from '../clock';
import { NotFoundError } from '../errors';
import type { ActivityRepository } from '../modules/studio/activity.repository';
import type { JobQueue } from './job-queue';

/** The studio's "Background jobs" screen (GET /api/studio/jobs, POST /api/studio/jobs/{id}/retry). */
export class JobsDashboard {
  constructor(
    private readonly jobs: JobQueue,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  /** Counts per state (and per job name) and a page of the failed jobs, newest failure first. */
  async overview(page: number, pageSize: number): Promise<StudioJobsResponse> {
    const [counts, failed] = await Promise.all([this.jobs.counts(), this.jobs.failed(page, pageSize)]);
    return { backend: this.jobs.kind, counts: counts.total, byName: counts.byName, failed };
  }

  /** Queues a failed job again (one more attempt) and records who did it; 404 when no such failed job. */
  async retry(actorUserId: number, id: string): Promise<{ id: string; name: string }> {
    const retried = await this.jobs.retry(id);
    if (!retried) throw new NotFoundError('There is no failed job with this id.');
    await this.activity.recordActivity({ id: actorUserId }, 'job.retry', `job:${retried.id}`, { name: retried.name }, this.clock());
    return retried;
  }
}
