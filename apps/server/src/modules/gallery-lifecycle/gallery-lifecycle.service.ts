import {
  type ExpiringGallery,
  GALLERY_EXPIRY_REMINDER_DAYS,
  type StudioCustomerSession,
  endOfDayUtc,
  galleryExpiryFrom,
  galleryLifecycleMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { PhotoSessionRow } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import { toSession } from '../studio-customers/studio-customers.service';
import type { ExpiryReminderMails } from './expiry-reminder-mail';
import type { GalleryLifecycleRepository } from './gallery-lifecycle.repository';

const DAY_MS = 86_400_000;

/**
 * The gallery lifecycle (issue 15 §3; spec §9 FAQ: hosted one year plus twelve months' archive):
 * each session has an expiry; the customer is mailed a reminder GALLERY_EXPIRY_REMINDER_DAYS before;
 * on expiry the daily sweep archives it (photos no longer shown or downloadable, files kept); staff
 * move the expiry, archive at once or restore with a new expiry. Every staff change is in the activity log.
 */
export class GalleryLifecycleService {
  constructor(
    private readonly sessions: GalleryLifecycleRepository,
    private readonly mails: Pick<ExpiryReminderMails, 'send'>,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
  ) {}

  /** A new expiry: the end of `expiresOn` (UTC), which must be after now. */
  async setExpiry(actor: ActivityActor, sessionId: number, expiresOn: string): Promise<StudioCustomerSession> {
    const before = await this.session(sessionId);
    const expiresAt = this.futureDay(expiresOn);
    if (before.archived_at !== null) throw new ConflictError(`${galleryLifecycleMessages.alreadyArchived} Restore it to give it a new expiry.`);
    const row = await this.sessions.setExpiry(sessionId, expiresAt);
    if (!row) throw new NotFoundError(galleryLifecycleMessages.noSuchSession);
    await this.activity.recordActivity(actor, 'session.expiry', row.name, { sessionId, userId: row.user_id, expiresAt: row.expires_at }, this.clock());
    return toSession(row);
  }

  async archive(actor: ActivityActor, sessionId: number): Promise<StudioCustomerSession> {
    await this.session(sessionId);
    const row = await this.sessions.archive(sessionId, this.clock());
    if (!row) throw new ConflictError(galleryLifecycleMessages.alreadyArchived);
    await this.activity.recordActivity(actor, 'session.archive', row.name, { sessionId, userId: row.user_id }, this.clock());
    return toSession(row);
  }

  /** Shown again until the end of `expiresOn`, or GALLERY_HOSTING_MONTHS from now. */
  async restore(actor: ActivityActor, sessionId: number, expiresOn: string | undefined): Promise<StudioCustomerSession> {
    await this.session(sessionId);
    const expiresAt = expiresOn === undefined ? galleryExpiryFrom(this.clock()) : this.futureDay(expiresOn);
    const row = await this.sessions.restore(sessionId, expiresAt);
    if (!row) throw new ConflictError(galleryLifecycleMessages.notArchived);
    await this.activity.recordActivity(actor, 'session.restore', row.name, { sessionId, userId: row.user_id, expiresAt: row.expires_at }, this.clock());
    return toSession(row);
  }

  /** Live galleries expiring within `days`, soonest first (the home screen). */
  async expiringSoon(days = GALLERY_EXPIRY_REMINDER_DAYS, limit = 10): Promise<ExpiringGallery[]> {
    const rows = await this.sessions.expiringBy(new Date(this.clock().getTime() + days * DAY_MS), limit);
    return rows.map((row) => ({
      sessionId: row.session_id,
      sessionName: row.session_name,
      customerId: row.user_id,
      customerName: `${row.first_name} ${row.last_name}`.trim(),
      expiresAt: row.expires_at,
      reminderSentAt: row.expiry_reminder_sent_at,
    }));
  }

  // --- the sweep (gallery-lifecycle-job.ts) ---

  /** A sweep run on demand by staff, in the activity log. */
  async recordSweep(actor: ActivityActor, result: { reminded: number; archived: number }): Promise<void> {
    await this.activity.recordActivity(actor, 'gallery.sweep', 'Gallery sweep', result, this.clock());
  }

  /** Archives every live session past its expiry: their ids. */
  archiveExpired(now: Date = this.clock()): Promise<number[]> {
    return this.sessions.archiveExpired(now);
  }

  /** Claims the reminders due at `now` (each once, whichever instance sweeps): the sessions and the claim time. */
  async claimDueReminders(now: Date = this.clock()): Promise<{ at: string; sessionIds: number[] }> {
    const sessionIds = await this.sessions.claimDueReminders(now, new Date(now.getTime() + GALLERY_EXPIRY_REMINDER_DAYS * DAY_MS));
    return { at: now.toISOString(), sessionIds };
  }

  releaseReminder(sessionId: number, claimedAt: string): Promise<void> {
    return this.sessions.releaseReminder(sessionId, claimedAt);
  }

  /**
   * Queues one session's reminder mail in the outbox (the job's handler): false when it is no longer
   * due (archived, deleted, or its expiry changed since the claim, which clears the claim) or was queued already.
   */
  async sendReminder(sessionId: number): Promise<boolean> {
    const reminder = await this.sessions.reminder(sessionId);
    if (!reminder || reminder.archived_at !== null || reminder.expiry_reminder_sent_at === null || reminder.expires_at === '') return false;
    // Once per claim (its time names it): a job run again after a crash does not queue a second mail.
    return this.mails.send(reminder, `gallery-expiry:${sessionId}:${reminder.expiry_reminder_sent_at}`);
  }

  private async session(sessionId: number): Promise<PhotoSessionRow> {
    const session = await this.sessions.findSession(sessionId);
    if (!session) throw new NotFoundError(galleryLifecycleMessages.noSuchSession);
    return session;
  }

  private futureDay(day: string): Date {
    const at = endOfDayUtc(day);
    if (Number.isNaN(at.getTime())) throw new ValidationError(galleryLifecycleMessages.invalidDate);
    if (at.getTime() <= this.clock().getTime()) throw new ValidationError(galleryLifecycleMessages.expiryInPast);
    return at;
  }
}
