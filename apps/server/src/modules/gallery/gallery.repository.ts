import type { GalleryFlag } from '@studio-gallery/contract';
import { type ExpressionBuilder, type Kysely, type Transaction, type Updateable, sql } from 'kysely';
import type { Database, NewPhotoRow, PhotoRow, PhotoSessionRow, PhotosTable } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

/** The photos a page shows: one customer's, or one session's. */
export type PhotoScope = { userId: number } | { sessionId: number };

export interface PhotoCounts {
  all: number;
  original: number;
  retouched: number;
  favourites: number;
  skipped: number;
}

export interface PhotoPageQuery {
  flag: GalleryFlag;
  search: string | null;
  limit: number;
  offset: number;
  /** Photos in display order (newest session first, then file order), or by name / id either way. */
  order: { column: 'display' | 'name' | 'id'; direction: 'asc' | 'desc' };
}

export interface NewSession {
  userId: number;
  name: string;
  sessionDate: string;
  code: string;
}

/** Sessions and photos. Every photo query filters `deleted_at is null` so the partial indexes apply. */
export class GalleryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  // --- sessions ---

  insertSession(session: NewSession, now: Date): Promise<PhotoSessionRow> {
    return this.db
      .insertInto('photo_sessions')
      .values({
        user_id: session.userId,
        name: session.name,
        session_date: session.sessionDate,
        code: session.code,
        created_at: now.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findSessionById(id: number): Promise<PhotoSessionRow | undefined> {
    return this.db.selectFrom('photo_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findSessionByCode(code: string): Promise<PhotoSessionRow | undefined> {
    return this.db.selectFrom('photo_sessions').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** The customer's newest session with this name (and date, when given). */
  findSessionByName(userId: number, name: string, sessionDate: string | null): Promise<PhotoSessionRow | undefined> {
    let query = this.db.selectFrom('photo_sessions').selectAll().where('user_id', '=', userId).where('name', '=', name);
    if (sessionDate) query = query.where('session_date', '=', sessionDate);
    return query.orderBy('id', 'desc').limit(1).executeTakeFirst();
  }

  /** The customer's sessions, newest first (their counters say how many photos each holds). */
  listSessions(userId: number): Promise<PhotoSessionRow[]> {
    return this.db.selectFrom('photo_sessions').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').execute();
  }

  async renameSession(id: number, name: string): Promise<PhotoSessionRow | null> {
    const row = await this.db.updateTable('photo_sessions').set({ name }).where('id', '=', id).returningAll().executeTakeFirst();
    return row ?? null;
  }

  // --- photos: import ---

  findPhotoByHash(sessionId: number, contentHash: string): Promise<PhotoRow | undefined> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('content_hash', '=', contentHash)
      .executeTakeFirst();
  }

  /** The new photo, or null when the session already holds this content (a parallel import won). */
  async insertPhoto(photo: NewPhotoRow): Promise<PhotoRow | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
        await applyDeltas(trx, row.session_id, contribution(row));
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  async nextPosition(sessionId: number): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.max('position').as('max'))
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1;
  }

  /** Attaches a retouched version only if the photo has none yet; false when it already had one. */
  async attachRetouched(photoId: number, mediaKey: string, extension: string): Promise<boolean> {
    const changed = await this.changePhoto(photoId, (before) =>
      before.retouched_media_key === null ? { retouched_media_key: mediaKey, retouched_ext: extension, is_retouched: 1 } : null,
    );
    return changed?.changed === true;
  }

  // --- photos: reading ---

  findPhoto(id: number): Promise<PhotoRow | undefined> {
    return this.db.selectFrom('photos').selectAll().where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
  }

  findPhotos(ids: number[]): Promise<PhotoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('photos').selectAll().where('id', 'in', ids).where('deleted_at', 'is', null).execute();
  }

  /** The five tab counts, from the sessions' counters: one row per session, however many photos. */
  async counts(scope: PhotoScope): Promise<PhotoCounts> {
    const row = await this.db
      .selectFrom('photo_sessions')
      .select([
        sql<number>`coalesce(sum(live_count), 0)`.as('live'),
        sql<number>`coalesce(sum(skipped_count), 0)`.as('skipped'),
        sql<number>`coalesce(sum(retouched_count), 0)`.as('retouched'),
        sql<number>`coalesce(sum(favourite_count), 0)`.as('favourites'),
      ])
      .where('userId' in scope ? 'user_id' : 'id', '=', 'userId' in scope ? scope.userId : scope.sessionId)
      .executeTakeFirstOrThrow();
    const all = Number(row.live) - Number(row.skipped);
    const retouched = Number(row.retouched);
    return { all, original: all - retouched, retouched, favourites: Number(row.favourites), skipped: Number(row.skipped) };
  }

  /** The same counts by scanning the photos: what the counters must always equal (tests, repairs). */
  async countByScan(scope: PhotoScope): Promise<PhotoCounts> {
    const row = await this.db
      .selectFrom('photos')
      .select([
        sql<number>`coalesce(sum(case when is_skipped = 0 then 1 else 0 end), 0)`.as('all'),
        sql<number>`coalesce(sum(case when is_skipped = 0 and is_retouched = 0 then 1 else 0 end), 0)`.as('original'),
        sql<number>`coalesce(sum(case when is_skipped = 0 and is_retouched = 1 then 1 else 0 end), 0)`.as('retouched'),
        sql<number>`coalesce(sum(case when is_skipped = 0 and is_favourite = 1 then 1 else 0 end), 0)`.as('favourites'),
        sql<number>`coalesce(sum(is_skipped), 0)`.as('skipped'),
      ])
      .where((eb) => scopeFilter(eb, scope))
      .where('deleted_at', 'is', null)
      .executeTakeFirstOrThrow();
    return {
      all: Number(row.all),
      original: Number(row.original),
      retouched: Number(row.retouched),
      favourites: Number(row.favourites),
      skipped: Number(row.skipped),
    };
  }

  /** How many photos the flag and search select (the page count needs it when searching). */
  async countMatching(scope: PhotoScope, flag: GalleryFlag, search: string | null): Promise<number> {
    const row = await this.db
      .selectFrom('photos')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where((eb) => scopeFilter(eb, scope))
      .where('deleted_at', 'is', null)
      .where((eb) => flagFilter(eb, flag))
      .$if(search !== null, (q) => q.where(nameContains(search ?? '')))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  page(scope: PhotoScope, query: PhotoPageQuery): Promise<PhotoRow[]> {
    let q = this.db
      .selectFrom('photos')
      .selectAll()
      .where((eb) => scopeFilter(eb, scope))
      .where('deleted_at', 'is', null)
      .where((eb) => flagFilter(eb, query.flag))
      .$if(query.search !== null, (qb) => qb.where(nameContains(query.search ?? '')));
    const { column, direction } = query.order;
    if (column === 'display') {
      // The index order: newest session first, then file order. "desc" (the corporate default) reverses it.
      const reverse = direction === 'asc';
      q = q
        .orderBy('session_id', reverse ? 'asc' : 'desc')
        .orderBy('position', reverse ? 'desc' : 'asc')
        .orderBy('id', reverse ? 'desc' : 'asc');
    } else {
      q = q.orderBy(column, direction).orderBy('id', direction);
    }
    return q.limit(query.limit).offset(query.offset).execute();
  }

  /** Live photos of one session, in display order. */
  sessionPhotos(sessionId: number): Promise<PhotoRow[]> {
    return this.db
      .selectFrom('photos')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('deleted_at', 'is', null)
      .orderBy('position')
      .orderBy('id')
      .execute();
  }

  // --- photos: changes (each keeps the session's counters in step, in one transaction) ---

  setSkipped(id: number, skipped: boolean): Promise<PhotoRow | null> {
    return this.changed(id, () => ({ is_skipped: skipped ? 1 : 0 }));
  }

  setFavourite(id: number, favourite: boolean): Promise<PhotoRow | null> {
    return this.changed(id, () => ({ is_favourite: favourite ? 1 : 0 }));
  }

  /** Flips the favourite flag under the row's lock, so two clicks racing still toggle twice. */
  toggleFavourite(id: number): Promise<PhotoRow | null> {
    return this.changed(id, (before) => ({ is_favourite: before.is_favourite === 1 ? 0 : 1 }));
  }

  rename(id: number, name: string): Promise<PhotoRow | null> {
    return this.changed(id, () => ({ name }));
  }

  /** Marks the photo shared (the first share's time is kept). */
  markShared(id: number, at: Date): Promise<PhotoRow | null> {
    return this.changed(id, (before) => (before.shared_at ? null : { shared_at: at.toISOString() }));
  }

  /** Removes the photo from every list; its files stay in storage. */
  softDelete(id: number, at: Date): Promise<PhotoRow | null> {
    return this.changed(id, () => ({ deleted_at: at.toISOString() }));
  }

  private async changed(id: number, change: (before: PhotoRow) => Updateable<PhotosTable> | null): Promise<PhotoRow | null> {
    return (await this.changePhoto(id, change))?.after ?? null;
  }

  /**
   * Changes a live photo and moves its session's counters by the difference its change makes. The
   * first statement is a no-op update that locks the row (no FOR UPDATE in SQLite), so the state the
   * change is computed from is the one it applies to, even with parallel requests on PostgreSQL.
   */
  private changePhoto(
    id: number,
    change: (before: PhotoRow) => Updateable<PhotosTable> | null,
  ): Promise<{ after: PhotoRow; changed: boolean } | null> {
    return this.db.transaction().execute(async (trx) => {
      const before = await trx
        .updateTable('photos')
        .set((eb) => ({ position: eb.ref('position') }))
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!before) return null;
      const changes = change(before);
      if (!changes) return { after: before, changed: false };
      const after = await trx.updateTable('photos').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      const [was, is] = [contribution(before), contribution(after)];
      await applyDeltas(trx, before.session_id, {
        live_count: is.live_count - was.live_count,
        skipped_count: is.skipped_count - was.skipped_count,
        retouched_count: is.retouched_count - was.retouched_count,
        favourite_count: is.favourite_count - was.favourite_count,
      });
      return { after, changed: true };
    });
  }
}

type Counter = 'live_count' | 'skipped_count' | 'retouched_count' | 'favourite_count';

/** What one photo adds to its session's counters. */
function contribution(photo: Pick<PhotoRow, 'deleted_at' | 'is_skipped' | 'is_retouched' | 'is_favourite'>): Record<Counter, number> {
  if (photo.deleted_at !== null) return { live_count: 0, skipped_count: 0, retouched_count: 0, favourite_count: 0 };
  const shown = photo.is_skipped === 1 ? 0 : 1;
  return { live_count: 1, skipped_count: photo.is_skipped, retouched_count: shown * photo.is_retouched, favourite_count: shown * photo.is_favourite };
}

/** Adds to the counters (`x = x + d`, which commutes, so parallel changes never lose one). */
async function applyDeltas(trx: Transaction<Database>, sessionId: number, deltas: Record<Counter, number>): Promise<void> {
  const set: Partial<Record<Counter, ReturnType<typeof sql<number>>>> = {};
  for (const [column, delta] of Object.entries(deltas) as [Counter, number][]) {
    if (delta !== 0) set[column] = sql<number>`${sql.ref(column)} + ${delta}`;
  }
  if (Object.keys(set).length === 0) return;
  await trx.updateTable('photo_sessions').set(set).where('id', '=', sessionId).execute();
}

function scopeFilter(eb: ExpressionBuilder<Database, 'photos'>, scope: PhotoScope) {
  return 'userId' in scope ? eb('user_id', '=', scope.userId) : eb('session_id', '=', scope.sessionId);
}

function flagFilter(eb: ExpressionBuilder<Database, 'photos'>, flag: GalleryFlag) {
  switch (flag) {
    case 'All':
      return eb('is_skipped', '=', 0);
    case 'Original':
      return eb.and([eb('is_skipped', '=', 0), eb('is_retouched', '=', 0)]);
    case 'Retouched':
      return eb.and([eb('is_skipped', '=', 0), eb('is_retouched', '=', 1)]);
    case 'Favorites':
      return eb.and([eb('is_skipped', '=', 0), eb('is_favourite', '=', 1)]);
    case 'Skip':
      return eb('is_skipped', '=', 1);
  }
}

/** Names containing `text`, ignoring case, with the LIKE wildcards in it taken literally. */
function nameContains(text: string) {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(name) like ${pattern} escape '\\'`;
}
