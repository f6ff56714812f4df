import type { StudioMailOutbox } from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import { crashPoint } from '../crash-points';
import type { MailOutboxRow } from '../db/schema';
import { type Executor, onCommit } from '../db/transaction';
import type { JobQueue } from '../jobs/job-queue';
import { errorText } from '../jobs/job-queue';
import type { MailAttachment, Mailer, OutgoingMail } from './mailer';
import { MailOutboxRepository, type UndeliveredMailRow } from './outbox.repository';

/**
 * The transactional outbox of every mail (issue 25).
 *
 * 1. A module queues a mail with `enqueue(mail, executor)`, handing it the transaction of the change
 *    the mail reports (a booking, an order, an invitation key…): the row commits with the change or
 *    not at all. No mail is sent for a change that rolled back, and none is lost for one that committed.
 * 2. Once that transaction commits (db/transaction.ts: inTransaction runs the commit actions), the
 *    mail is handed to its sender: the 'mail-delivery' job (singletonKey `mail:<id>`) on the server,
 *    or at once in the studio CLI, which has no job queue running.
 * 3. Delivery claims the row (a guarded UPDATE: pending and not held by another sender), sends it
 *    through the transport (SMTP, or an .eml in DATA_DIR/outbox), then marks it sent and clears its
 *    bodies. A failed send is tried again with backoff (MAIL_RETRY_SECONDS doubling, up to an hour);
 *    after MAIL_MAX_ATTEMPTS it is failed, listed on the studio's jobs page with its error and a Retry.
 * 4. The sweep (outbox-sweep.ts, every MAIL_SWEEP_SECONDS) hands over every pending mail that is due
 *    and unclaimed: one whose commit was followed by a crash before its job was queued (due
 *    DISPATCH_GRACE_SECONDS after it was written), one waiting for its retry, one whose sender died
 *    (its claim ran out after MAIL_CLAIM_SECONDS).
 *
 * Sent once: only the claim holder sends, and a sent row is never claimed again. What is left is a
 * crash after the SMTP server accepted the mail and before the row is marked sent (the next statement):
 * that mail is sent again once its claim runs out, with the same Message-ID (`outbox-<id>.<time>@<domain>`),
 * so a duplicate is recognisable. The outbox folder is exactly-once even then: the file is named
 * after the row, and a resend replaces it.
 */

export const MAIL_DELIVERY_JOB = 'mail-delivery';

/** A mail written in a transaction is handed to its sender at commit; the sweep takes it this long after. */
export const DISPATCH_GRACE_SECONDS = 15;
/** Sent mails (without bodies) are kept this long, then the sweep deletes them. */
const KEEP_SENT_DAYS = 14;
/** The longest wait between two attempts. */
const MAX_RETRY_SECONDS = 3600;

export interface OutboxSettings {
  /** Sends tried before a mail is failed (MAIL_MAX_ATTEMPTS, default 10). */
  maxAttempts: number;
  /** The wait before the first retry, doubled each time up to an hour (MAIL_RETRY_SECONDS, default 60). */
  retrySeconds: number;
  /** How long one sender holds a mail it is sending (MAIL_CLAIM_SECONDS, default 120). */
  claimSeconds: number;
}

export const DEFAULT_OUTBOX_SETTINGS: OutboxSettings = { maxAttempts: 10, retrySeconds: 60, claimSeconds: 120 };

/** Who sends a committed mail: the job queue (the server), or this process at once (the CLI). */
export type OutboxDelivery = { jobs: Pick<JobQueue, 'send'> } | 'inline';

/** What the modules' mail classes need of the outbox: queueing a mail in the transaction of its change. */
export type MailQueue = Pick<MailOutbox, 'enqueue'>;

export type DeliveryOutcome = 'sent' | 'retrying' | 'failed' | 'skipped';

export interface EnqueueOptions {
  /** Queue this mail at most once, ever: a second enqueue with the key does nothing (answers null). */
  dedupeKey?: string;
}

export interface OutboxDependencies {
  db: Executor;
  transport: Mailer;
  delivery: OutboxDelivery;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The sender's address (MAIL_FROM): its domain ends the Message-IDs. */
  from: string;
  settings?: Partial<OutboxSettings>;
}

export class MailOutbox {
  private readonly db: Executor;
  private readonly transport: Mailer;
  private readonly delivery: OutboxDelivery;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger;
  private readonly domain: string;
  readonly settings: OutboxSettings;

  constructor({ db, transport, delivery, clock, log, from, settings }: OutboxDependencies) {
    this.db = db;
    this.transport = transport;
    this.delivery = delivery;
    this.clock = clock;
    this.log = log;
    this.domain = domainOf(from);
    this.settings = { ...DEFAULT_OUTBOX_SETTINGS, ...settings };
  }

  /**
   * Writes `mail` into the outbox with `executor`: the transaction of the change it reports (opened
   * with inTransaction, so the mail is handed to its sender once it commits), or the database (handed
   * over at once). Its id; null when `dedupeKey` was queued before.
   */
  async enqueue(mail: OutgoingMail, executor: Executor = this.db, options: EnqueueOptions = {}): Promise<number | null> {
    const now = this.clock();
    const id = await new MailOutboxRepository(executor).insert({
      kind: mail.kind ?? 'mail',
      recipient: mail.to,
      subject: mail.subject,
      text_body: mail.text,
      html_body: mail.html,
      attachments_json: JSON.stringify(mail.attachments ?? []),
      links_json: JSON.stringify(mail.links),
      dedupe_key: options.dedupeKey ?? null,
      next_attempt_at: new Date(now.getTime() + DISPATCH_GRACE_SECONDS * 1000).toISOString(),
      created_at: now.toISOString(),
    });
    if (id === null) return null;
    const handed = await onCommit(executor, () => this.dispatch(id));
    if (!handed) this.log.warn({ mailId: id }, 'mail queued in a transaction not opened by inTransaction: the mail sweep sends it');
    return id;
  }

  /**
   * After the commit: hands a mail to its sender. Never throws: whatever fails here (a crash, the job
   * queue's database), the mail is pending and the sweep hands it over again.
   */
  async dispatch(id: number): Promise<void> {
    crashPoint('after-commit-before-mail');
    await this.handOver(id);
  }

  /** The delivery job's id (null: sent inline, a job for it was waiting already, or the hand-over failed). */
  private async handOver(id: number): Promise<string | null> {
    try {
      if (this.delivery === 'inline') {
        await this.deliver(id);
        return null;
      }
      return await this.delivery.jobs.send(MAIL_DELIVERY_JOB, { mailId: id }, { singletonKey: `mail:${id}` });
    } catch (error) {
      this.log.error({ err: error, mailId: id }, 'mail could not be handed to its sender; the mail sweep tries again');
      return null;
    }
  }

  /**
   * Sends one mail if it is pending and no other sender holds it (the 'mail-delivery' job's handler).
   * A transport failure is recorded on the row (retried later, or failed), not thrown.
   */
  async deliver(id: number): Promise<DeliveryOutcome> {
    const repository = new MailOutboxRepository(this.db);
    const now = this.clock();
    const row = await repository.claim(id, now.toISOString(), new Date(now.getTime() + this.settings.claimSeconds * 1000).toISOString());
    if (!row) return 'skipped';
    try {
      await this.transport.send(toOutgoingMail(row), { messageId: this.messageIdOf(row), fileStem: fileStemOf(row) });
    } catch (error) {
      const attempts = Number(row.attempts);
      const giveUp = attempts >= this.settings.maxAttempts;
      const retryAt = giveUp ? null : new Date(this.clock().getTime() + this.retryDelaySeconds(attempts) * 1000).toISOString();
      await repository.recordFailure(id, errorText(error), retryAt);
      this.log.warn({ err: error, mailId: id, to: row.recipient, attempts, retryAt }, giveUp ? 'mail failed: no attempt left' : 'mail not sent; tried again later');
      return giveUp ? 'failed' : 'retrying';
    }
    // The one window where a mail may go out twice: sent, not marked yet. Nothing else happens in between.
    crashPoint('mail-after-send-before-mark');
    await repository.markSent(id, this.clock().toISOString());
    return 'sent';
  }

  /** The wait after the n-th failed attempt: retrySeconds · 2^(n-1), at most an hour. */
  retryDelaySeconds(attempts: number): number {
    return Math.min(MAX_RETRY_SECONDS, this.settings.retrySeconds * 2 ** Math.min(20, Math.max(0, attempts - 1)));
  }

  /**
   * The sweep: hands every due, unclaimed pending mail to its sender (`handed`: their ids; `jobIds`:
   * the delivery jobs queued for them); deletes old sent rows.
   */
  async sweep(now: Date = this.clock()): Promise<{ handed: number[]; jobIds: string[]; pruned: number }> {
    const repository = new MailOutboxRepository(this.db);
    const handed = await repository.due(now.toISOString(), 500);
    const jobIds: string[] = [];
    for (const id of handed) {
      const jobId = await this.handOver(id);
      if (jobId) jobIds.push(jobId);
    }
    const pruned = await repository.pruneSent(new Date(now.getTime() - KEEP_SENT_DAYS * 86_400_000).toISOString());
    return { handed, jobIds, pruned };
  }

  /** The studio's view: counts and a page of the undelivered mails (failed first). */
  async overview(page: number, pageSize: number): Promise<StudioMailOutbox> {
    const repository = new MailOutboxRepository(this.db);
    const [counts, undelivered] = await Promise.all([repository.counts(), repository.undelivered(page, pageSize)]);
    return { counts: { pending: counts.pending, failed: counts.failed }, items: undelivered.rows.map(toUndeliveredMail), total: undelivered.total };
  }

  /** A failed mail gets one more attempt, a pending one is tried now; null when there is no such mail to retry. */
  async retry(id: number): Promise<StudioMailOutbox['items'][number] | null> {
    const row = await new MailOutboxRepository(this.db).retry(id, this.clock().toISOString());
    if (!row) return null;
    await this.handOver(id);
    return toUndeliveredMail(row);
  }

  private messageIdOf(row: MailOutboxRow): string {
    return `outbox-${row.id}.${Date.parse(row.created_at)}@${this.domain}`;
  }
}

function toOutgoingMail(row: MailOutboxRow): OutgoingMail {
  return {
    to: row.recipient,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    links: parseJson<string[]>(row.links_json, []),
    attachments: parseJson<MailAttachment[]>(row.attachments_json, []),
    kind: row.kind,
  };
}

function toUndeliveredMail(row: UndeliveredMailRow): StudioMailOutbox['items'][number] {
  return {
    id: Number(row.id),
    kind: row.kind,
    to: row.recipient,
    subject: row.subject,
    status: row.status === 'failed' ? 'failed' : 'pending',
    attempts: Number(row.attempts),
    lastError: row.last_error,
    nextAttemptAt: row.status === 'failed' ? null : row.next_attempt_at,
    createdAt: row.created_at,
  };
}

/** `2026-11-28T10-15-00.123Z-mail-0000000042`: sorts by time, names the row (a resend replaces the file). */
function fileStemOf(row: MailOutboxRow): string {
  return `${row.created_at.replace(/:/g, '-')}-mail-${String(row.id).padStart(10, '0')}`;
}

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** `Studio Gallery <no-reply@studio.example>` → `studio.example`. */
function domainOf(from: string): string {
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return address.split('@')[1]?.trim() || 'studio-gallery.invalid';
}
