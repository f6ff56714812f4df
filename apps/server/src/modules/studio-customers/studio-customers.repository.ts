import type { Kysely } from 'kysely';
import type { Database, PhotoRow, PhotoSessionRow, UserRow } from '../../db/schema';

/** The SQL of a customer's studio page that the gallery's repository does not have. */
export class StudioCustomersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUser(id: number): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The customer's sessions, newest first (their counters hold the photo counts). */
  sessions(userId: number): Promise<PhotoSessionRow[]> {
    return this.db.selectFrom('photo_sessions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  }

  /** When the newest activation link (sign-up or invitation) was made; null: never. */
  async lastInvitedAt(userId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_keys')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('user_id', '=', userId)
      .where('purpose', '=', 'activation')
      .executeTakeFirst();
    return row?.at ?? null;
  }

  /** The session's favourites as the gallery counts them (not skipped), in file order. */
  favourites(sessionId: number): Promise<Pick<PhotoRow, 'name' | 'original_ext'>[]> {
    return this.db
      .selectFrom('photos')
      .select(['name', 'original_ext'])
      .where('session_id', '=', sessionId)
      .where('deleted_at', 'is', null)
      .where('is_favourite', '=', 1)
      .where('is_skipped', '=', 0)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  /** Every photo row of the session, deleted ones included (their files go with the session). */
  allPhotos(sessionId: number): Promise<PhotoRow[]> {
    return this.db.selectFrom('photos').selectAll().where('session_id', '=', sessionId).execute();
  }

  /** How many of the session's photos are in a retouch order (such a session is kept). */
  async orderedPhotos(sessionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('special_request_items')
      .innerJoin('photos', 'photos.id', 'special_request_items.photo_id')
      .select((eb) => eb.fn.count<string | number>('special_request_items.photo_id').distinct().as('n'))
      .where('photos.session_id', '=', sessionId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Deletes the session and, by cascade, its photos; false when it was already gone. */
  async deleteSession(sessionId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('photo_sessions').where('id', '=', sessionId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
