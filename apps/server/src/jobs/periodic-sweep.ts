import type { FastifyBaseLogger } from 'fastify';

/**
 * A sweep the server runs every `intervalMinutes` (0: off) and once at start, never two at a time; a
 * failure is logged and the next tick tries again. The appointment reminders and the gallery
 * lifecycle run on it; what a sweep does (claim rows, queue jobs) is theirs.
 */
export class PeriodicSweep<Result> {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly name: string,
    private readonly intervalMinutes: number,
    private readonly run: () => Promise<Result>,
    private readonly log: FastifyBaseLogger,
    /** What to log after a sweep: null when there is nothing worth a line. */
    private readonly summary: (result: Result) => Record<string, number> | null,
  ) {}

  start(): void {
    if (this.timer || this.intervalMinutes <= 0) return;
    this.timer = setInterval(() => this.tick(), this.intervalMinutes * 60_000);
    this.timer.unref();
    this.tick();
  }

  private tick(): void {
    if (this.running) return;
    this.running = this.run()
      .then(
        (result) => {
          const summary = this.summary(result);
          if (summary) this.log.info(summary, this.name);
        },
        (error: unknown) => this.log.error({ err: error }, `${this.name} failed`),
      )
      .finally(() => {
        this.running = null;
      });
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
