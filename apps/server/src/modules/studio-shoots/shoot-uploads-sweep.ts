import type { FastifyBaseLogger } from 'fastify';
import { PeriodicSweep } from '../../jobs/periodic-sweep';
import type { ShootUploadsService, ShootUploadsSweepResult } from './shoot-uploads.service';

/** Once a minute: an upload complete without its row, or a shoot queued without its job, waits a minute at most. */
export const SHOOT_UPLOADS_SWEEP_MINUTES = 1;

/**
 * The shoot uploads' sweep (issue 25, issue 21 §5), at start-up and every minute on each instance:
 * uploads of its spool complete without a row are recorded, unfinished ones past UPLOAD_EXPIRY_HOURS
 * deleted with their reservations, and shoots `queued` or `importing` whose job is gone settled
 * (ShootUploadsService.sweep). Started by server.ts after listening; tests call runOnce.
 */
export class ShootUploadsSweep {
  private readonly periodic: PeriodicSweep<ShootUploadsSweepResult>;

  constructor(
    private readonly shoots: Pick<ShootUploadsService, 'sweep'>,
    intervalMinutes: number,
    log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicSweep('shoot uploads sweep', intervalMinutes, () => this.shoots.sweep(), log, (result) =>
      Object.values(result).some((n) => n > 0) ? { ...result } : null,
    );
  }

  start(): void {
    this.periodic.start();
  }

  runOnce(now?: Date): Promise<ShootUploadsSweepResult> {
    return this.shoots.sweep(now);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The shoot uploads' sweep: started by server.ts after listening, stopped when the app closes. */
    shootUploadsSweep: ShootUploadsSweep;
  }
}
