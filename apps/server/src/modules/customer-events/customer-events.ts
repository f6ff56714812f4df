import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { CustomerEventKind, PhotoRow } from '../../db/schema';
import type { CustomerEventsRepository } from './customer-events.repository';

/** Who acted: the signed-in customer, or a visitor holding one of the customer's session codes. */
export type CustomerEventActor = 'customer' | 'visitor';

export interface CustomerEventSubject {
  /** The customer (for a visitor: the owner of the session their code opens). */
  userId: number;
  sessionId?: number | null;
  photoId?: number | null;
  by?: CustomerEventActor;
  /** Kind-specific extras (resolution, count, orderNumber), kept as JSON. */
  details?: Record<string, unknown>;
}

/** "viewed" is recorded at most once per customer and session (or whole gallery) per hour. */
export const VIEWED_INTERVAL_MS = 60 * 60 * 1000;
/** The recent "viewed" keys remembered in memory (a cache in front of the database check). */
const MAX_REMEMBERED_VIEWS = 10_000;

/** What the gallery, download, edit and order services call: one call per customer action. */
export interface CustomerEventRecorder {
  /** Records one event; never throws (a failure is logged, the caller's action goes on). */
  record(kind: CustomerEventKind, subject: CustomerEventSubject): Promise<void>;
  /** The same for an action on one photo (its owner, session and name come from the row). */
  photo(kind: CustomerEventKind, photo: Pick<PhotoRow, 'id' | 'user_id' | 'session_id'>, by: CustomerEventActor, details?: Record<string, unknown>): Promise<void>;
  /**
   * A gallery page was opened: the whole gallery (sessionId null) or one session (a visitor's code).
   * Nothing to wait for (undefined) when the view was recorded lately (the cached page's usual case).
   */
  viewed(userId: number, sessionId: number | null, by: CustomerEventActor): Promise<void> | undefined;
}

/** Records nothing (services built without a recorder: unit tests, tools). */
export const NO_CUSTOMER_EVENTS: CustomerEventRecorder = {
  record: async () => {},
  photo: async () => {},
  viewed: () => undefined,
};

/**
 * Records what customers do in their gallery (issue 15 §3) for the studio's customer timeline. It
 * never throws into the caller: the customer's favourite or download matters more than its record.
 */
export class CustomerEvents implements CustomerEventRecorder {
  /** `${userId}:${sessionId}` → when its last "viewed" was recorded or found. */
  private readonly lastViewed = new Map<string, number>();

  constructor(
    private readonly events: CustomerEventsRepository,
    private readonly clock: Clock,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
  ) {}

  async record(kind: CustomerEventKind, subject: CustomerEventSubject): Promise<void> {
    try {
      await this.events.insert({
        userId: subject.userId,
        sessionId: subject.sessionId ?? null,
        photoId: subject.photoId ?? null,
        kind,
        details: { ...subject.details, by: subject.by ?? 'customer' },
        at: this.clock(),
      });
    } catch (error) {
      this.log.warn({ err: error, kind, userId: subject.userId }, 'could not record a customer event');
    }
  }

  photo(kind: CustomerEventKind, photo: Pick<PhotoRow, 'id' | 'user_id' | 'session_id'>, by: CustomerEventActor, details?: Record<string, unknown>): Promise<void> {
    return this.record(kind, { userId: photo.user_id, sessionId: photo.session_id, photoId: photo.id, by, ...(details ? { details } : {}) });
  }

  viewed(userId: number, sessionId: number | null, by: CustomerEventActor): Promise<void> | undefined {
    const key = `${userId}:${sessionId ?? '-'}`;
    const now = this.clock().getTime();
    const last = this.lastViewed.get(key);
    if (last !== undefined && now - last < VIEWED_INTERVAL_MS) return undefined;
    // Remembered before the awaits, so parallel page requests record one view.
    this.remember(key, now);
    return this.recordView(userId, sessionId, by, now);
  }

  private async recordView(userId: number, sessionId: number | null, by: CustomerEventActor, now: number): Promise<void> {
    try {
      if (await this.events.hasSince(userId, 'viewed', sessionId, new Date(now - VIEWED_INTERVAL_MS))) return;
    } catch (error) {
      this.log.warn({ err: error, userId }, 'could not check the last customer view');
      return;
    }
    await this.record('viewed', { userId, sessionId, by });
  }

  private remember(key: string, at: number): void {
    if (this.lastViewed.size >= MAX_REMEMBERED_VIEWS) this.lastViewed.clear();
    this.lastViewed.set(key, at);
  }
}
