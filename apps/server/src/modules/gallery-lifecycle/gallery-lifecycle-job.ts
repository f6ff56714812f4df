import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, waitForJobs } from '../../jobs';
import { PeriodicSweep } from '../../jobs/periodic-sweep';
import type { GalleryLifecycleService } from './gallery-lifecycle.service';

export const GALLERY_EXPIRY_REMINDER_JOB = 'gallery-expiry-reminder';

/** The sweep runs once a day. */
export const GALLERY_SWEEP_INTERVAL_MINUTES = 24 * 60;

type LifecycleSweeps = Pick<GalleryLifecycleService, 'archiveExpired' | 'claimDueReminders' | 'releaseReminder' | 'sendReminder'>;

/**
 * The expiry reminder mail as a background job: its handler queues one session's reminder in the mail
 * outbox (claimed first by the sweep, and queued once per claim), which sends it with retries
 * (undelivered mails on /studio/jobs). app.ts registers it on every instance.
 */
export function registerGalleryExpiryReminderJob(jobs: JobQueue, lifecycle: Pick<LifecycleSweeps, 'sendReminder'>): void {
  jobs.register(
    GALLERY_EXPIRY_REMINDER_JOB,
    async ({ sessionId }) => {
      await lifecycle.sendReminder(sessionId);
    },
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, concurrency: 2 },
  );
}

/**
 * The gallery lifecycle sweep (issue 15 §3, §5), daily on every instance (server.ts starts it): it
 * archives the sessions past their expiry (one guarded UPDATE: idempotent, whichever instance runs
 * it), then claims the due reminders (a guarded UPDATE: of several instances exactly one claims each)
 * and queues one mail job per claimed session, keyed by the session (singletonKey `gallery-expiry:<id>`).
 * Staff run it on demand (POST /api/studio/gallery-lifecycle/sweep); tests call runOnce.
 */
export class GalleryLifecycleJob {
  private readonly periodic: PeriodicSweep<{ archived: number[]; queued: string[] }>;

  constructor(
    private readonly lifecycle: LifecycleSweeps,
    private readonly jobs: JobQueue,
    intervalMinutes: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicSweep('gallery lifecycle sweep', intervalMinutes, () => this.sweep(), log, ({ archived, queued }) =>
      archived.length > 0 || queued.length > 0 ? { archived: archived.length, reminders: queued.length } : null,
    );
  }

  /** Starts the timer (0 minutes: off); one sweep at a time. */
  start(): void {
    this.periodic.start();
  }

  /** Archives what expired and queues the due reminders: the sessions archived and the reminder jobs queued. */
  async sweep(now?: Date): Promise<{ archived: number[]; queued: string[] }> {
    const archived = await this.lifecycle.archiveExpired(now);
    const { at, sessionIds } = await this.lifecycle.claimDueReminders(now);
    const queued: string[] = [];
    for (const sessionId of sessionIds) {
      try {
        const id = await this.jobs.send(GALLERY_EXPIRY_REMINDER_JOB, { sessionId }, { singletonKey: `gallery-expiry:${sessionId}` });
        // null: a job of this session is already waiting; it mails the reminder when it runs.
        if (id) queued.push(id);
      } catch (error) {
        this.log.error({ err: error, sessionId }, 'gallery expiry reminder could not be queued; the next sweep tries again');
        await this.lifecycle.releaseReminder(sessionId, at);
      }
    }
    return { archived, queued };
  }

  /** One sweep now, waiting until its mail jobs have run (on whichever instance works them). */
  async runOnce(now?: Date): Promise<{ reminded: number; archived: number }> {
    const { archived, queued } = await this.sweep(now);
    await waitForJobs(this.jobs, queued);
    return { reminded: queued.length, archived: archived.length };
  }

  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The gallery lifecycle sweep: server.ts starts it; the app's close stops it. */
    galleryLifecycleSweep: GalleryLifecycleJob;
  }
}
