import type { Insertable } from 'kysely';
import type { MailOutboxRow, MailOutboxStatus, MailOutboxTable } from '../db/schema';
import type { Executor } from '../db/transaction';

export type NewOutboxMail = Omit<Insertable<MailOutboxTable>, 'id' | 'status' | 'attempts' | 'last_error' | 'claimed_until' | 'sent_at'>;

/** A mail not delivered yet, as the studio's list shows it (no bodies). */
export type UndeliveredMailRow = Pick<
  MailOutboxRow,
  'id' | 'kind' | 'recipient' | 'subject' | 'status' | 'attempts' | 'last_error' | 'next_attempt_at' | 'created_at'
>;

/** The mail outbox's SQL (mail/outbox.ts); built over the database or the transaction of a change. */
export class MailOutboxRepository {
  constructor(private readonly db: Executor) {}

  /** The new row's id; null when a row with the same dedupe key exists already. */
  async insert(mail: NewOutboxMail): Promise<number | null> {
    let query = this.db.insertInto('mail_outbox').values(mail);
    if (mail.dedupe_key != null) query = query.onConflict((oc) => oc.column('dedupe_key').doNothing());
    const row = await query.returning('id').executeTakeFirst();
    return row ? Number(row.id) : null;
  }

  /**
   * Takes a pending mail for one sender until `until`, counting the attempt: one guarded UPDATE, so
   * of any number of instances exactly one gets it while the claim holds. Null when it is sent,
   * failed, gone, or another sender holds it.
   */
  async claim(id: number, now: string, until: string): Promise<MailOutboxRow | null> {
    const row = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Sent: the bodies go (they carry one-time links); to, subject and kind stay for a while. */
  async markSent(id: number, at: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: at, claimed_until: null, last_error: null, text_body: '', html_body: '', attachments_json: '[]' })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** A failed attempt: tried again from `retryAt`, or failed for good when that is null. */
  async recordFailure(id: number, error: string, retryAt: string | null): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({
        status: retryAt === null ? 'failed' : 'pending',
        last_error: error.slice(0, 1000),
        claimed_until: null,
        ...(retryAt === null ? {} : { next_attempt_at: retryAt }),
      })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Pending mails due at `now` that no sender holds, oldest first. */
  async due(now: string, limit: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((row) => Number(row.id));
  }

  /**
   * A failed mail gets one more attempt, a pending one is tried now: due at `now`. Null when there is
   * no such undelivered mail, or a sender holds it right now.
   */
  async retry(id: number, now: string): Promise<UndeliveredMailRow | null> {
    const row = await this.db
      .updateTable('mail_outbox')
      .set({ status: 'pending', next_attempt_at: now })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'failed'])
      .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
      .returning(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at'])
      .executeTakeFirst();
    return row ?? null;
  }

  async counts(): Promise<Record<MailOutboxStatus, number>> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select((eb) => ['status', eb.fn.countAll().as('count')])
      .groupBy('status')
      .execute();
    const counts: Record<MailOutboxStatus, number> = { pending: 0, sent: 0, failed: 0 };
    for (const row of rows) counts[row.status] = Number(row.count);
    return counts;
  }

  /** The mails not delivered, failed first, then the oldest pending. */
  async undelivered(page: number, pageSize: number): Promise<{ rows: UndeliveredMailRow[]; total: number }> {
    const [rows, total] = await Promise.all([
      this.db
        .selectFrom('mail_outbox')
        .select(['id', 'kind', 'recipient', 'subject', 'status', 'attempts', 'last_error', 'next_attempt_at', 'created_at'])
        .where('status', 'in', ['pending', 'failed'])
        .orderBy('status')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      this.db
        .selectFrom('mail_outbox')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('status', 'in', ['pending', 'failed'])
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.count) };
  }

  /** Deletes the sent mails older than `before`: how many. */
  async pruneSent(before: string): Promise<number> {
    const result = await this.db.deleteFrom('mail_outbox').where('status', '=', 'sent').where('sent_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
