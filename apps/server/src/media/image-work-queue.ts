import { messages } from '@studio-gallery/contract';
import { ServiceUnavailableError } from '../errors';
import { loadSharp } from './sharp';

export interface ImageWorkLimits {
  /** Images processed at once (IMAGE_QUEUE_CONCURRENCY). */
  concurrency: number;
  /** Requests allowed to wait for a turn (IMAGE_QUEUE_WAITING); one more is refused. */
  maxWaiting: number;
}

/** The queue is full: the request is refused with 503 before its image is decoded. */
export class ImageQueueFullError extends ServiceUnavailableError {
  constructor() {
    super(messages.imageQueueFull);
  }
}

/**
 * The one door to sharp for work a request brings (profile photos, resized shared photos). Turning a
 * 40-megapixel PNG into a profile photo takes ~60 MB of native memory for a moment; 440 of them at
 * once took the server past 1.5 GB, and it stayed above 1.3 GB idle (docs/benchmarks.md). Here at most
 * `concurrency` images are decoded at a time (sharp runs one libvips thread per image, its cache off:
 * media/sharp.ts), at most `maxWaiting` requests wait, and any further one is refused with a 503 at
 * once, so the memory a burst can take is bounded whatever its size, and what it took is given back.
 * Jobs decode their input inside `run`, so a waiting request holds only its body, never a decoded
 * image. One queue per app (services.ts); the studio CLI's imports do not go through it.
 */
export class ImageWorkQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: ImageWorkLimits) {}

  /** A new job would be refused now: lets a route refuse a large body before reading it. */
  get full(): boolean {
    return this.active >= this.limits.concurrency && this.waiting.length >= this.limits.maxWaiting;
  }

  /** For the routes' early check (before the body is read); `run` checks again. */
  assertRoom(): void {
    if (this.full) throw new ImageQueueFullError();
  }

  /** Jobs running and waiting, for tests and logs. */
  get load(): { active: number; waiting: number } {
    return { active: this.active, waiting: this.waiting.length };
  }

  /** Runs `job` when a slot is free; throws ImageQueueFullError at once when none is and the waiting line is full. */
  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limits.concurrency) {
      this.active += 1;
    } else {
      if (this.waiting.length >= this.limits.maxWaiting) throw new ImageQueueFullError();
      // The slot is handed over by the job that finishes (see finally): `active` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
    try {
      await loadSharp();
      return await job();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}
