import type { BulkInviteFailure } from '@studio-gallery/contract';
import { type Kysely, sql } from 'kysely';
import type { BulkInviteKind, BulkInviteRow, Database, PhotoSessionRow, UserRow } from '../../db/schema';
import { type Executor, inTransaction } from '../../db/transaction';
import { recordActivity } from '../studio/activity.repository';
import type { ActivityEntry } from './companies.repository';

/** Recipients inserted per statement: well under SQLite's and PostgreSQL's parameter limits. */
const CHUNK = 200;
/** The failures a progress answer lists (the counts stay exact). */
const FAILURES_SHOWN = 500;

/** The SQL of bulk invites (bulk_invites, bulk_invite_recipients; migration 2026-11-27-05). */
export class CompanyInvitesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction with a repository bound to it (and the transaction, for the invite's mail). */
  transaction<T>(work: (repository: CompanyInvitesRepository, trx: Executor) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new CompanyInvitesRepository(trx), trx));
  }

  /**
   * A bulk invite with one pending recipient per user, and its activity entry, in one transaction;
   * `andThen` runs in it too (the job that sends it: issue 25, no bulk invite without its job).
   */
  async insert(
    values: { companyId: number; kind: BulkInviteKind; options: Record<string, unknown>; userIds: number[]; createdBy: number | null; at: Date },
    activity: (id: number) => ActivityEntry,
    andThen?: (id: number, trx: Kysely<Database>) => Promise<unknown>,
  ): Promise<number> {
    const at = values.at.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const { id } = await trx
        .insertInto('bulk_invites')
        .values({
          corporate_client_id: values.companyId,
          kind: values.kind,
          options_json: JSON.stringify(values.options),
          total: values.userIds.length,
          created_by: values.createdBy,
          created_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (let i = 0; i < values.userIds.length; i += CHUNK) {
        await trx
          .insertInto('bulk_invite_recipients')
          .values(values.userIds.slice(i, i + CHUNK).map((userId) => ({ bulk_invite_id: id, user_id: userId, updated_at: at })))
          .execute();
      }
      const entry = activity(id);
      await recordActivity(trx, entry.actor, entry.action, entry.subject, entry.details, entry.at);
      await andThen?.(Number(id), trx);
      return Number(id);
    });
  }

  async find(id: number): Promise<BulkInviteRow | undefined> {
    const row = await this.db.selectFrom('bulk_invites').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? { ...row, id: Number(row.id), corporate_client_id: Number(row.corporate_client_id), total: Number(row.total), sent: Number(row.sent), failed: Number(row.failed) } : undefined;
  }

  /** The recipients still to invite, with their accounts, in the order they were added. */
  async pending(bulkId: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('bulk_invite_recipients as r')
      .innerJoin('users', 'users.id', 'r.user_id')
      .selectAll('users')
      .where('r.bulk_invite_id', '=', bulkId)
      .where('r.status', '=', 'pending')
      .orderBy('r.id')
      .execute();
  }

  async setStatus(bulkId: number, status: 'running' | 'done' | 'failed', at: Date, error: string | null = null): Promise<void> {
    await this.db
      .updateTable('bulk_invites')
      .set({ status, error, finished_at: status === 'running' ? null : at.toISOString() })
      .where('id', '=', bulkId)
      .execute();
  }

  /**
   * Settles one pending recipient (sent or failed) and recounts the bulk invite, in one transaction.
   * A recipient already settled is left as it is (false).
   */
  async settle(bulkId: number, userId: number, outcome: { status: 'sent'; inviteId: string | null } | { status: 'failed'; error: string }, at: Date): Promise<boolean> {
    return inTransaction(this.db, async (trx) => {
      const result = await trx
        .updateTable('bulk_invite_recipients')
        .set({
          status: outcome.status,
          error: outcome.status === 'failed' ? outcome.error.slice(0, 500) : null,
          invite_id: outcome.status === 'sent' ? outcome.inviteId : null,
          updated_at: at.toISOString(),
        })
        .where('bulk_invite_id', '=', bulkId)
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      const count = (status: 'sent' | 'failed') =>
        sql<number>`(select count(*) from bulk_invite_recipients where bulk_invite_id = ${bulkId} and status = ${status})`;
      await trx.updateTable('bulk_invites').set({ sent: count('sent'), failed: count('failed') }).where('id', '=', bulkId).execute();
      return true;
    });
  }

  /** The failed recipients with who they are, first failures first. */
  async failures(bulkId: number): Promise<BulkInviteFailure[]> {
    const rows = await this.db
      .selectFrom('bulk_invite_recipients as r')
      .innerJoin('users', 'users.id', 'r.user_id')
      .select(['users.id', 'users.email', 'users.first_name', 'users.last_name', 'r.error'])
      .where('r.bulk_invite_id', '=', bulkId)
      .where('r.status', '=', 'failed')
      .orderBy('r.id')
      .limit(FAILURES_SHOWN)
      .execute();
    return rows.map((row) => ({ userId: Number(row.id), email: row.email, firstName: row.first_name, lastName: row.last_name, error: row.error ?? 'Failed' }));
  }

  /** The user's latest photo session (by date, then newest), or none. */
  async latestSession(userId: number): Promise<PhotoSessionRow | undefined> {
    return this.db
      .selectFrom('photo_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('session_date', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
