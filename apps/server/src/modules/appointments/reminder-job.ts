import type { FastifyBaseLogger } from 'fastify';
import { type JobQueue, waitForJobs } from '../../jobs';
import { PeriodicSweep } from '../../jobs/periodic-sweep';

export const APPOINTMENT_REMINDER_JOB = 'appointment-reminder';

/** What the reminder job needs of AppointmentsService. */
export interface AppointmentReminders {
  claimDueReminders(now?: Date): Promise<{ at: Date; appointmentIds: number[] }>;
  sendReminder(appointmentId: number, at: Date): Promise<boolean>;
  releaseReminder(appointmentId: number): Promise<void>;
}

/**
 * The reminder mail as a background job: its handler queues one appointment's reminder in the mail
 * outbox (once: the appointment row is marked sent in the same transaction); the outbox sends it, with
 * its retries (undelivered mails on /studio/jobs). A failed run (the database) is retried with backoff
 * (1, 2, 4, … minutes), then listed on /studio/jobs. app.ts registers it on every instance.
 */
export function registerAppointmentReminderJob(jobs: JobQueue, reminders: AppointmentReminders): void {
  jobs.register(
    APPOINTMENT_REMINDER_JOB,
    async ({ appointmentId, at }) => {
      await reminders.sendReminder(appointmentId, new Date(at));
    },
    { retryLimit: 5, retryDelaySeconds: 60, retryBackoff: true, concurrency: 2 },
  );
}

/**
 * The reminder sweep of the server process (issue 14 §2, on the job queue since issue 15 §5): every
 * `intervalMinutes`, the due reminders are claimed in the database (AppointmentsService.claimDueReminders:
 * of several instances exactly one claims each) and one job per claimed reminder is queued, keyed by
 * the booking (singletonKey `appointment:<id>`). Started by server.ts after listening, stopped when the
 * app closes; tests call runOnce.
 */
export class AppointmentReminderJob {
  private readonly periodic: PeriodicSweep<string[]>;

  constructor(
    private readonly reminders: AppointmentReminders,
    private readonly jobs: JobQueue,
    intervalMinutes: number,
    private readonly log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicSweep('appointment reminder sweep', intervalMinutes, () => this.sweep(), log, (queued) =>
      queued.length > 0 ? { queued: queued.length } : null,
    );
  }

  /** Starts the timer (0 minutes: off); one sweep at a time. */
  start(): void {
    this.periodic.start();
  }

  /** Claims the due reminders and queues a job for each: the ids of the jobs queued. */
  async sweep(now?: Date): Promise<string[]> {
    const { at, appointmentIds } = await this.reminders.claimDueReminders(now);
    const queued: string[] = [];
    for (const appointmentId of appointmentIds) {
      try {
        const id = await this.jobs.send(APPOINTMENT_REMINDER_JOB, { appointmentId, at: at.toISOString() }, { singletonKey: `appointment:${appointmentId}` });
        // null: a job of this booking is already waiting; it mails the reminder when it runs.
        if (id) queued.push(id);
      } catch (error) {
        this.log.error({ err: error, appointmentId }, 'appointment reminder could not be queued; the next sweep tries again');
        await this.reminders.releaseReminder(appointmentId);
      }
    }
    return queued;
  }

  /**
   * One sweep now (tests; an operator's nudge), waiting until its jobs have run (on whichever
   * instance works them): how many reminder jobs this instance queued.
   */
  async runOnce(now?: Date): Promise<number> {
    const queued = await this.sweep(now);
    await waitForJobs(this.jobs, queued);
    return queued.length;
  }

  /** Stops the timer and waits for a sweep in progress. */
  stop(): Promise<void> {
    return this.periodic.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The appointment reminder sweep: server.ts starts it; the app's close stops it. */
    appointmentReminders: AppointmentReminderJob;
  }
}
