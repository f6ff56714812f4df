import type { FastifyBaseLogger } from 'fastify';

/**
 * The reminder job of the server process (issue 14 §2): every `intervalMinutes`, the due reminders are
 * sent (AppointmentsService.runDueReminders claims each in the database, so several instances can run
 * it at once). Started by server.ts after listening, stopped when the app closes; tests call
 * runDueReminders themselves.
 */
export class AppointmentReminderJob {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly reminders: { runDueReminders(now?: Date): Promise<number> },
    private readonly intervalMinutes: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts the timer (0 minutes: off); one run at a time. */
  start(): void {
    if (this.timer || this.intervalMinutes <= 0) return;
    this.timer = setInterval(() => this.tick(), this.intervalMinutes * 60_000);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.reminders
      .runDueReminders()
      .then(
        (sent) => {
          if (sent > 0) this.log.info({ sent }, 'appointment reminders sent');
        },
        (error: unknown) => this.log.error({ err: error }, 'appointment reminders failed'),
      )
      .finally(() => {
        this.running = null;
      });
  }

  /** One run now (tests; an operator's nudge): how many reminders this instance sent. */
  runOnce(now?: Date): Promise<number> {
    return this.reminders.runDueReminders(now);
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The appointment reminder job: server.ts starts it; the app's close stops it. */
    appointmentReminders: AppointmentReminderJob;
  }
}
