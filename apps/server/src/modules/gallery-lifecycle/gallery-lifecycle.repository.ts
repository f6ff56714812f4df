import { type Kysely, sql } from 'kysely';
import type { Database, PhotoSessionRow } from '../../db/schema';

/** A session whose expiry reminder is due, with what its mail needs: the customer and their company. */
export interface ReminderRow {
  session_id: number;
  session_name: string;
  expires_at: string;
  user_id: number;
  email: string;
  first_name: string;
  /** The customer's company (null: the studio's own customer). */
  company_name: string | null;
  company_accent_color: string | null;
  company_support_email: string | null;
  /** One of the company's host names, where its branded gallery opens. */
  company_host: string | null;
  /** Null when the session was archived or its expiry moved since the claim. */
  archived_at: string | null;
  expiry_reminder_sent_at: string | null;
}

export interface ExpiringRow {
  session_id: number;
  session_name: string;
  user_id: number;
  first_name: string;
  last_name: string;
  expires_at: string;
  expiry_reminder_sent_at: string | null;
}

/**
 * The lifecycle columns of photo_sessions (migration 2026-11-28-01). Every change raises the
 * session's revision, so cached gallery pages (PageAnswers) are rebuilt: an archived session's photos
 * leave the customer's pages at once.
 */
export class GalleryLifecycleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findSession(id: number): Promise<PhotoSessionRow | undefined> {
    return this.db.selectFrom('photo_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A new expiry (the reminder is due again before it). */
  async setExpiry(id: number, expiresAt: Date): Promise<PhotoSessionRow | null> {
    const row = await this.db
      .updateTable('photo_sessions')
      .set({ expires_at: expiresAt.toISOString(), expiry_reminder_sent_at: null })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Archives a live session: null when there is no such session or it was already archived. */
  async archive(id: number, at: Date): Promise<PhotoSessionRow | null> {
    const row = await this.db
      .updateTable('photo_sessions')
      .set((eb) => ({ archived_at: at.toISOString(), revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .where('archived_at', 'is', null)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Restores an archived session with a new expiry: null when there is no such session or it is live. */
  async restore(id: number, expiresAt: Date): Promise<PhotoSessionRow | null> {
    const row = await this.db
      .updateTable('photo_sessions')
      .set((eb) => ({ archived_at: null, expires_at: expiresAt.toISOString(), expiry_reminder_sent_at: null, revision: eb('revision', '+', 1) }))
      .where('id', '=', id)
      .where('archived_at', 'is not', null)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Archives every live session past its expiry, in one statement: the ids archived now. */
  async archiveExpired(now: Date): Promise<number[]> {
    const at = now.toISOString();
    const rows = await this.db
      .updateTable('photo_sessions')
      .set((eb) => ({ archived_at: at, revision: eb('revision', '+', 1) }))
      .where('archived_at', 'is', null)
      .where('expires_at', 'is not', null)
      .where('expires_at', '<=', at)
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Claims the reminders due now (live sessions expiring after `now` and by `until`, not reminded
   * yet): one guarded UPDATE, so of several instances sweeping at once each session is claimed once.
   */
  async claimDueReminders(now: Date, until: Date): Promise<number[]> {
    const rows = await this.db
      .updateTable('photo_sessions')
      .set({ expiry_reminder_sent_at: now.toISOString() })
      .where('archived_at', 'is', null)
      .where('expiry_reminder_sent_at', 'is', null)
      .where('expires_at', '>', now.toISOString())
      .where('expires_at', '<=', until.toISOString())
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }

  /** Gives a claim back (its job could not be queued): the next sweep claims it again. */
  async releaseReminder(sessionId: number, claimedAt: string): Promise<void> {
    await this.db
      .updateTable('photo_sessions')
      .set({ expiry_reminder_sent_at: null })
      .where('id', '=', sessionId)
      .where('expiry_reminder_sent_at', '=', claimedAt)
      .execute();
  }

  /** What the reminder mail of a session needs. */
  reminder(sessionId: number): Promise<ReminderRow | undefined> {
    return this.db
      .selectFrom('photo_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('corporate_clients as c', 'c.id', 'u.corporate_client_id')
      .select([
        's.id as session_id',
        's.name as session_name',
        's.archived_at',
        's.expiry_reminder_sent_at',
        'u.id as user_id',
        'u.email',
        'u.first_name',
        'c.name as company_name',
        'c.accent_color as company_accent_color',
        'c.support_email as company_support_email',
        (eb) =>
          eb
            .selectFrom('corporate_client_hosts as h')
            .select('h.host')
            .whereRef('h.corporate_client_id', '=', 'c.id')
            .orderBy('h.id')
            .limit(1)
            .as('company_host'),
      ])
      .select(sql<string>`coalesce(s.expires_at, '')`.as('expires_at'))
      .where('s.id', '=', sessionId)
      .executeTakeFirst() as Promise<ReminderRow | undefined>;
  }

  /** Live sessions expiring by `until`, soonest first (the studio's home screen). */
  expiringBy(until: Date, limit: number): Promise<ExpiringRow[]> {
    return this.db
      .selectFrom('photo_sessions as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .select(['s.id as session_id', 's.name as session_name', 'u.id as user_id', 'u.first_name', 'u.last_name', 's.expiry_reminder_sent_at'])
      .select(sql<string>`s.expires_at`.as('expires_at'))
      .where('s.archived_at', 'is', null)
      .where('s.expires_at', 'is not', null)
      .where('s.expires_at', '<=', until.toISOString())
      .orderBy('s.expires_at')
      .orderBy('s.id')
      .limit(limit)
      .execute();
  }
}
