import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, waitForJobs } from '../jobs';
import { PeriodicSweep } from '../jobs/periodic-sweep';
import { MAIL_DELIVERY_JOB, type MailOutbox } from './outbox';

/**
 * The mail outbox's delivery job and sweep (outbox.ts). app.ts registers the job on every instance;
 * server.ts starts the sweep (every MAIL_SWEEP_SECONDS; 0: off) on every instance: what it hands
 * over is claimed by one sender only, and a job already waiting for a mail is not queued twice.
 */
export function registerMailDeliveryJob(jobs: JobQueue, outbox: Pick<MailOutbox, 'deliver' | 'settings'>): void {
  jobs.register(
    MAIL_DELIVERY_JOB,
    async ({ mailId }) => {
      await outbox.deliver(mailId);
    },
    // A transport failure is the outbox's to retry (recorded on the row); a throw here is the database's.
    { retryLimit: 2, retryDelaySeconds: 10, concurrency: 4, expireInSeconds: outbox.settings.claimSeconds + 60 },
  );
}

export class MailOutboxSweep {
  private readonly periodic: PeriodicSweep<{ handed: number[]; jobIds: string[]; pruned: number }>;

  constructor(
    private readonly outbox: Pick<MailOutbox, 'sweep'>,
    private readonly jobs: Pick<JobQueue, 'state'>,
    intervalSeconds: number,
    log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicSweep('mail outbox sweep', intervalSeconds / 60, () => this.outbox.sweep(), log, ({ handed, pruned }) =>
      handed.length > 0 || pruned > 0 ? { mailsHandedOver: handed.length, sentMailsPruned: pruned } : null,
    );
  }

  /** Starts the timer (0 seconds: off); one sweep at a time. */
  start(): void {
    this.periodic.start();
  }

  /**
   * One sweep now (`now`: look as if later), waiting until the delivery jobs it queued have run (on
   * whichever instance works them): the ids of the mails it handed over.
   */
  async runOnce(now?: Date): Promise<number[]> {
    const { handed, jobIds } = await this.outbox.sweep(now);
    await waitForJobs(this.jobs, jobIds);
    return handed;
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The mail outbox sweep: server.ts starts it; the app's close stops it. */
    mailOutboxSweep: MailOutboxSweep;
  }
}
