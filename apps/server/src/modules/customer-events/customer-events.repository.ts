import type { Kysely } from 'kysely';
import type { CustomerEventKind, Database } from '../../db/schema';

export interface NewCustomerEvent {
  userId: number;
  sessionId: number | null;
  photoId: number | null;
  kind: CustomerEventKind;
  details: Record<string, unknown>;
  at: Date;
}

export interface CustomerEventTimelineRow {
  id: number;
  kind: CustomerEventKind;
  created_at: string;
  session_id: number | null;
  photo_id: number | null;
  details_json: string;
  photo_name: string | null;
  photo_deleted_at: string | null;
  session_name: string | null;
}

/** The SQL of customer_events: inserts (with the names of what they concern, as they are now) and the timeline. */
export class CustomerEventsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Records one event. The photo's and session's names are copied into details_json, so the
   * timeline still names them once they are deleted; a photo gives its session when none is named.
   */
  async insert(event: NewCustomerEvent): Promise<void> {
    let sessionId = event.sessionId;
    const details: Record<string, unknown> = { ...event.details };
    if (event.photoId !== null) {
      const photo = await this.db.selectFrom('photos').select(['name', 'session_id']).where('id', '=', event.photoId).executeTakeFirst();
      if (photo) {
        details.photoName ??= photo.name;
        sessionId ??= photo.session_id;
      }
    }
    if (sessionId !== null) {
      const session = await this.db.selectFrom('photo_sessions').select('name').where('id', '=', sessionId).executeTakeFirst();
      if (session) details.sessionName ??= session.name;
    }
    await this.db
      .insertInto('customer_events')
      .values({
        user_id: event.userId,
        session_id: sessionId,
        photo_id: event.photoId,
        kind: event.kind,
        details_json: JSON.stringify(details),
        created_at: event.at.toISOString(),
      })
      .execute();
  }

  /** True when the customer has an event of `kind` for this session (null: no session) at or after `since`. */
  async hasSince(userId: number, kind: CustomerEventKind, sessionId: number | null, since: Date): Promise<boolean> {
    let query = this.db
      .selectFrom('customer_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('created_at', '>=', since.toISOString())
      .where('kind', '=', kind);
    query = sessionId === null ? query.where('session_id', 'is', null) : query.where('session_id', '=', sessionId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  /** A page of a customer's events, newest first, with the photo's and session's current names. */
  async timeline(userId: number, page: number, pageSize: number): Promise<{ rows: CustomerEventTimelineRow[]; total: number }> {
    const rows = await this.db
      .selectFrom('customer_events')
      .leftJoin('photos', 'photos.id', 'customer_events.photo_id')
      .leftJoin('photo_sessions', 'photo_sessions.id', 'customer_events.session_id')
      .select([
        'customer_events.id',
        'customer_events.kind',
        'customer_events.created_at',
        'customer_events.session_id',
        'customer_events.photo_id',
        'customer_events.details_json',
        'photos.name as photo_name',
        'photos.deleted_at as photo_deleted_at',
        'photo_sessions.name as session_name',
      ])
      .where('customer_events.user_id', '=', userId)
      .orderBy('customer_events.created_at', 'desc')
      .orderBy('customer_events.id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    const count = await this.db
      .selectFrom('customer_events')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { rows: rows.map((row) => ({ ...row, id: Number(row.id) })), total: Number(count.n) };
  }
}
