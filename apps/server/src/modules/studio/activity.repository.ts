import type { StudioActivityItem } from '@studio-gallery/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

/** Who did it: a signed-in studio user, or null for the studio CLI. */
export type ActivityActor = { id: number } | null;

/** The studio activity log (staff_activity): who (null = the studio CLI), what, when. */
export class ActivityRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one action; `details` is kept as a JSON object. */
  async recordActivity(actor: ActivityActor, action: string, subject: string, details: Record<string, unknown> = {}, now: Date = new Date()): Promise<void> {
    await recordActivity(this.db, actor, action, subject, details, now);
  }

  /** A page of the log, newest first. */
  async page(page: number, pageSize: number): Promise<{ items: StudioActivityItem[]; total: number }> {
    const rows = await this.db
      .selectFrom('staff_activity')
      .leftJoin('users', 'users.id', 'staff_activity.actor_user_id')
      .select([
        'staff_activity.id',
        'staff_activity.created_at',
        'staff_activity.action',
        'staff_activity.subject',
        'staff_activity.details_json',
        'staff_activity.actor_user_id',
        'users.email as actor_email',
      ])
      .orderBy('staff_activity.created_at', 'desc')
      .orderBy('staff_activity.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await this.db.selectFrom('staff_activity').select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow();
    return {
      items: rows.map((row) => ({
        id: Number(row.id),
        at: row.created_at,
        actor: row.actor_user_id === null ? null : { id: Number(row.actor_user_id), email: row.actor_email ?? '' },
        action: row.action,
        subject: row.subject,
        details: parseDetails(row.details_json),
      })),
      total: Number(count.n),
    };
  }

  /** Entries recorded at or after `since`. */
  async countSince(since: Date): Promise<number> {
    const row = await this.db
      .selectFrom('staff_activity')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('created_at', '>=', since.toISOString())
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

/** Records one action on any Kysely handle (usable inside another repository's transaction). */
export async function recordActivity(
  db: Kysely<Database>,
  actor: ActivityActor,
  action: string,
  subject: string,
  details: Record<string, unknown> = {},
  now: Date = new Date(),
): Promise<void> {
  await db
    .insertInto('staff_activity')
    .values({ actor_user_id: actor?.id ?? null, action, subject, details_json: JSON.stringify(details), created_at: now.toISOString() })
    .execute();
}

function parseDetails(json: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(json);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
