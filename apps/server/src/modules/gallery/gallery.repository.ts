import type { GalleryFlag } from '@studio-gallery/contract';
import {
  type Compilable,
  CompiledQuery,
  type ExpressionBuilder,
  type Kysely,
  PostgresAdapter,
  type Transaction,
  type Updateable,
  sql,
} from 'kysely';
import type { Database as SqliteDatabase, Statement as SqliteStatement } from 'better-sqlite3';
import type { Database, NewPhotoRow, PhotoRow, PhotoSessionRow, PhotosTable } from '../../db/schema';
import { CommitMemo } from '../../db/commit-memo';
import { isUniqueViolation } from '../../db/unique-violation';
import type { StoredMediaFolder } from './photo-media';
import { markInvitationOwed } from '../accounts/accounts.repository';

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

/** The columns a gallery page shows (GalleryService.toPhoto), not the whole row. */
export const PAGE_COLUMNS = [
  'id',
  'session_id',
  'name',
  'width',
  'height',
  'media_key',
  'original_ext',
  'retouched_media_key',
  'retouched_ext',
  'edited_media_key',
  'edited_from',
  'edit_recipe',
  'is_skipped',
  'is_favourite',
  'shared_at',
  'position',
] as const;
export type PagePhotoRow = Pick<PhotoRow, (typeof PAGE_COLUMNS)[number]>;

/** A sum: a number in SQLite, a string (bigint) in PostgreSQL. */
type CountValue = number | string;

interface CountsRow {
  live: CountValue;
  skipped: CountValue;
  retouched: CountValue;
  favourites: CountValue;
}

/** A row of `pageAndCounts`: the counts, and a photo (all null when the page is empty). */
export type PageAndCountsRow = CountsRow & { [K in keyof PagePhotoRow]: PagePhotoRow[K] | null };

export type PageStatements =
  | { kind: 'sqlite'; counts: CompiledQuery<CountsRow>; page: CompiledQuery<PagePhotoRow> }
  | { kind: 'postgres'; pageAndCounts: CompiledQuery<PageAndCountsRow> };

function firstRow<R>(result: { rows: R[] }): R {
  const row = result.rows[0];
  if (row === undefined) throw new Error('the counts row is missing');
  return row;
}

function toCounts(row: CountsRow): PhotoCounts {
  const skipped = Number(row.skipped);
  const all = Number(row.live) - skipped;
  const retouched = Number(row.retouched);
  return { all, original: all - retouched, retouched, favourites: Number(row.favourites), skipped };
}

export interface RevisionRow {
  user_id: CountValue;
  sessions: CountValue;
  newest: CountValue;
  revisions: CountValue;
  archived: CountValue;
}

const REVISIONS_SELECT =
  'select user_id, count(*) as sessions, max(id) as newest, sum(revision) as revisions, sum(case when archived_at is null then 0 else 1 end) as archived from photo_sessions';

/** The revision of a customer with no sessions (see userRevisions). */
export const NO_SESSIONS_REVISION = '0:0:0';

/** A customer's page revision, and whether every one of their sessions is archived (the gallery lifecycle). */
export interface UserRevision {
  revision: string;
  allArchived: boolean;
}

export const NO_SESSIONS: UserRevision = { revision: NO_SESSIONS_REVISION, allArchived: false };

/** Customers' revisions remembered between commits (readUserRevision): ~100 bytes each. */
const KNOWN_REVISIONS = 10_000;
/** Sessions remembered by code between commits (readSessionByCode): ~500 bytes each. */
const KNOWN_SESSION_CODES = 2_000;

function toUserRevision(row: RevisionRow): UserRevision {
  return { revision: `${row.sessions}:${row.newest}:${row.revisions}`, allArchived: Number(row.archived) === Number(row.sessions) };
}

/** A photo with whether its session is archived (its photos then are not shown: the gallery lifecycle). */
export type GalleryPhotoRow = PhotoRow & { session_archived_at: string | null };

/** An edited version to record (see setEdit). */
export interface NewPhotoEdit {
  stored: StoredMediaFolder;
  /** The editor's recipe, as JSON. */
  recipe: string | null;
  at: Date;
}

/** A photo before and after a change. */
export interface PhotoChange {
  before: PhotoRow;
  after: PhotoRow;
  changed: boolean;
}

export interface NewSession {
  userId: number;
  name: string;
  sessionDate: string;
  code: string;
  /** When the gallery expires (see galleryExpiryFrom). */
  expiresAt: Date;
}

/** The values a cached statement takes; everything else in it is fixed by its shape key. */
interface StatementValues {
  scopeId: number;
  limit?: number;
  offset?: number;
  search?: string;
}

/** Stand-ins the statements are compiled with once, found again among the compiled parameters (flags are not among them). */
const SENTINELS: Required<StatementValues> = { scopeId: -987_654_301, limit: -987_654_302, offset: -987_654_303, search: '\u0000search\u0000' };

/**
 * Kysely statements compiled once per shape and bound to new values by position. The query is built
 * once with sentinel values, and each parameter that is a sentinel is a slot; the rest (flags) are
 * part of the shape. A shape whose builder does not pass every value as a parameter is refused.
 */
class StatementCache {
  private readonly templates = new Map<string, { sql: string; parameters: readonly unknown[]; slots: (keyof StatementValues | null)[] }>();

  bind<R>(shape: string, values: StatementValues, build: (v: Required<StatementValues>) => Compilable<R>): CompiledQuery<R> {
    let template = this.templates.get(shape);
    if (template === undefined) {
      const compiled = build(SENTINELS).compile();
      const bySentinel = new Map<unknown, keyof StatementValues>(
        (Object.keys(SENTINELS) as (keyof StatementValues)[]).map((k) => [SENTINELS[k], k]),
      );
      const slots = compiled.parameters.map((p) => bySentinel.get(p) ?? null);
      for (const key of Object.keys(values) as (keyof StatementValues)[]) {
        if (values[key] !== undefined && !slots.includes(key)) throw new Error(`statement ${shape}: ${key} is not a parameter`);
      }
      template = { sql: compiled.sql, parameters: compiled.parameters, slots };
      this.templates.set(shape, template);
    }
    const { parameters, slots } = template;
    const bound = parameters.map((p, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? p : values[slot];
    });
    return CompiledQuery.raw(template.sql, bound) as CompiledQuery<R>;
  }
}

/** Sessions and photos. Every photo query filters `deleted_at is null` so the partial indexes apply. */
export class GalleryRepository {
  /** The page call's statements, compiled once per shape (building them cost ~6 % of a page's CPU). */
  private readonly statements = new StatementCache();

  /** The page statements differ by database (see pageStatements). */
  private readonly postgres: boolean;

  /** SQLite: the revision statement, prepared on the connection at first use (see readUserRevision). */
  private revisionOfUser: SqliteStatement<[number], RevisionRow> | undefined;
  /** SQLite: customers' revisions, read at once and remembered until the next commit. */
  private readonly revisions: CommitMemo<number, UserRevision>;
  /** SQLite: the session statement by code, prepared at first use (see readSessionByCode). */
  private sessionByCode: SqliteStatement<[string], PhotoSessionRow> | undefined;
  private readonly sessionsByCode: CommitMemo<string, PhotoSessionRow | null>;

  /** `sqlite`: the SQLite connection itself (Db.sqlite), for the page's per-request revision read. */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SqliteDatabase | null = null,
  ) {
    this.postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    this.revisions = new CommitMemo(sqlite, KNOWN_REVISIONS);
    this.sessionsByCode = new CommitMemo(sqlite, KNOWN_SESSION_CODES);
  }

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
        expires_at: session.expiresAt.toISOString(),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  findSessionById(id: number): Promise<PhotoSessionRow | undefined> {
    return this.db.selectFrom('photo_sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The sessions the codes open, by code (absent: none). One query for many visitors (BatchLoader). */
  async findSessionsByCodes(codes: string[]): Promise<Map<string, PhotoSessionRow>> {
    const rows = await this.db.selectFrom('photo_sessions').selectAll().where('code', 'in', codes).execute();
    return new Map(rows.map((row) => [row.code, row]));
  }

  /**
   * SQLite: the session a code opens (null: none), read at once and remembered until the next commit
   * (db/commit-memo.ts), as a visitor paging a gallery asks with the same code again and again;
   * undefined where that cannot be done (PostgreSQL, a transaction open): use findSessionsByCodes.
   */
  readSessionByCode(code: string): PhotoSessionRow | null | undefined {
    return this.sessionsByCode.read(code, (sqlite) => {
      this.sessionByCode ??= sqlite.prepare<[string], PhotoSessionRow>('select * from photo_sessions where code = ?');
      return this.sessionByCode.get(code) ?? null;
    });
  }

  /**
   * Whether the customer's company allows Full resolution downloads: the company they belong to, or
   * the studio's own row (is_default) for its own customers (no company).
   */
  async fullResolutionAllowed(userId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom('users as u')
      .innerJoin('corporate_clients as c', (join) =>
        join.on((eb) => eb.or([eb('c.id', '=', eb.ref('u.corporate_client_id')), eb.and([eb('u.corporate_client_id', 'is', null), eb('c.is_default', '=', 1)])])),
      )
      .select('c.allow_full_resolution')
      .where('u.id', '=', userId)
      .executeTakeFirst();
    return Number(row?.allow_full_resolution ?? 0) === 1;
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
  /**
   * `oweInvitation`: the customer (not activated yet) is owed their invitation, marked in the same
   * transaction as the photo (CustomerInvitations.settleOwed queues it), so no crash loses it.
   */
  async insertPhoto(photo: NewPhotoRow, options: { oweInvitation?: boolean } = {}): Promise<PhotoRow | null> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const row = await trx.insertInto('photos').values(photo).returningAll().executeTakeFirstOrThrow();
        await applyDeltas(trx, row.session_id, contribution(row));
        if (options.oweInvitation) await markInvitationOwed(trx, row.user_id, new Date(row.created_at));
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** The customer (not activated yet) is owed their invitation (see insertPhoto). */
  async markInvitationOwed(userId: number, now: Date): Promise<void> {
    await markInvitationOwed(this.db, userId, now);
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
  async attachRetouched(photoId: number, stored: StoredMediaFolder): Promise<boolean> {
    const changed = await this.changePhoto(photoId, (before) =>
      before.retouched_media_key === null
        ? { retouched_media_key: stored.folder, retouched_ext: stored.extension, retouched_crc32: stored.crc32, is_retouched: 1 }
        : null,
    );
    return changed?.changed === true;
  }

  /**
   * Records `edit` as the photo's edited version, replacing any earlier one, or with null removes it:
   * one conditional update of the live photo under its row lock, so `before` holds exactly the edited
   * version it replaced (its folder is the caller's to delete, once this has committed). The edit is
   * recorded as made from the version the photo shows now: the retouched one when there is one.
   * Null when the photo is gone (deleted); `changed` false when there was no edit to remove.
   */
  setEdit(id: number, edit: NewPhotoEdit | null): Promise<PhotoChange | null> {
    return this.changePhoto(id, (before) => {
      if (edit === null) {
        if (before.edited_media_key === null) return null;
        return { edited_media_key: null, edited_ext: null, edited_crc32: null, edited_from: null, edit_recipe: null, edited_at: null };
      }
      return {
        edited_media_key: edit.stored.folder,
        edited_ext: edit.stored.extension,
        edited_crc32: edit.stored.crc32,
        edited_from: before.retouched_media_key !== null ? 'retouched' : 'original',
        edit_recipe: edit.recipe,
        edited_at: edit.at.toISOString(),
      };
    });
  }

  // --- photos: reading ---

  findPhoto(id: number): Promise<GalleryPhotoRow | undefined> {
    return this.photosWithSession().where('photos.id', '=', id).executeTakeFirst();
  }

  findPhotos(ids: number[]): Promise<GalleryPhotoRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.photosWithSession().where('photos.id', 'in', ids).execute();
  }

  private photosWithSession() {
    return this.db
      .selectFrom('photos')
      .innerJoin('photo_sessions', 'photo_sessions.id', 'photos.session_id')
      .selectAll('photos')
      .select('photo_sessions.archived_at as session_archived_at')
      .where('photos.deleted_at', 'is', null);
  }

  /** The five tab counts, from the sessions' counters: one row per session, however many photos. */
  async counts(scope: PhotoScope): Promise<PhotoCounts> {
    const byUser = 'userId' in scope;
    const statement = this.statements.bind(`counts:${byUser ? 'user' : 'session'}`, { scopeId: byUser ? scope.userId : scope.sessionId }, (v) =>
      this.countsQuery(byUser, v.scopeId),
    );
    return toCounts(firstRow(await this.db.executeQuery(statement)));
  }

  /**
   * What each customer's gallery pages are built from, as one value: the number of their sessions,
   * the newest session id and the sum of the sessions' revisions (raised by triggers on every photo
   * change). Revisions only grow and ids are never reused, so any change to a customer's photos or
   * sessions changes it. One query for many customers (BatchLoader); absent ones have no sessions.
   */
  async userRevisions(userIds: number[]): Promise<Map<number, UserRevision>> {
    const { rows } = await this.db.executeQuery(this.revisionsStatement(userIds));
    return new Map(rows.map((row) => [Number(row.user_id), toUserRevision(row)]));
  }

  /**
   * SQLite: one customer's revision (as userRevisions), read at once on the connection and remembered
   * until the next commit by anyone (db/commit-memo.ts); undefined where that cannot be done (on
   * PostgreSQL, while a transaction is open), where userRevisions waits its turn.
   */
  readUserRevision(userId: number): UserRevision | undefined {
    return this.revisions.read(userId, (sqlite) => {
      this.revisionOfUser ??= sqlite.prepare<[number], RevisionRow>(`${REVISIONS_SELECT} where user_id = ?`);
      const row = this.revisionOfUser.get(userId);
      return row === undefined || Number(row.sessions) === 0 ? NO_SESSIONS : toUserRevision(row);
    });
  }

  /** The SQL `userRevisions` runs (public for the benchmark's query plans): one text for any number of ids. */
  revisionsStatement(userIds: number[]): CompiledQuery<RevisionRow> {
    const statement = this.postgres
      ? CompiledQuery.raw(`${REVISIONS_SELECT} where user_id = any($1::integer[]) group by user_id`, [userIds])
      : CompiledQuery.raw(`${REVISIONS_SELECT} where user_id in (select value from json_each(?)) group by user_id`, [JSON.stringify(userIds)]);
    return statement as CompiledQuery<RevisionRow>;
  }

  private countsQuery(byUser: boolean, scopeId: number) {
    return this.db
      .selectFrom('photo_sessions')
      .select([
        sql<CountValue>`coalesce(sum(live_count), 0)`.as('live'),
        sql<CountValue>`coalesce(sum(skipped_count), 0)`.as('skipped'),
        sql<CountValue>`coalesce(sum(retouched_count), 0)`.as('retouched'),
        sql<CountValue>`coalesce(sum(favourite_count), 0)`.as('favourites'),
      ])
      .where(byUser ? 'user_id' : 'id', '=', scopeId)
      .where('archived_at', 'is', null);
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
      .$if(search !== null, (q) => q.where(nameContains(searchValue(search ?? '', this.postgres), this.postgres)))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** One page of photos (the columns a page shows) and the five tab counts. */
  async pageAndCounts(scope: PhotoScope, query: PhotoPageQuery): Promise<{ counts: PhotoCounts; rows: PagePhotoRow[] }> {
    const statements = this.pageStatements(scope, query);
    if (statements.kind === 'sqlite') {
      const counts = toCounts(firstRow(await this.db.executeQuery(statements.counts)));
      return { counts, rows: (await this.db.executeQuery(statements.page)).rows };
    }
    const { rows } = await this.db.executeQuery(statements.pageAndCounts);
    const first = firstRow({ rows });
    // The counts come on every row; a page past the end is the one row with no photo (left join).
    return { counts: toCounts(first), rows: first.id === null ? [] : (rows as PagePhotoRow[]) };
  }

  /**
   * The SQL `pageAndCounts` runs (public for the benchmark's query plans), compiled once per shape
   * (building it with Kysely on every request cost ~6 % of a page's CPU).
   *
   * PostgreSQL: one statement, one round trip: the counts row left-joined to the page, and the page a
   * deferred join whose ids come from the covering index `photos_user_page` alone (an index-only scan,
   * however deep the offset) before 12 rows are read. Paging `select *` with OFFSET made PostgreSQL
   * fetch and sort all of a big customer's rows for deep pages (9.4 ms at page 200, ~0.5 ms this way).
   *
   * SQLite: two plain statements (no round trip to save), the page straight off the same index. SQLite
   * does not treat the partial index as covering (`deleted_at` is not one of its columns), so a deferred
   * join reads the skipped rows all the same and only adds a join and a sort.
   */
  pageStatements(scope: PhotoScope, query: PhotoPageQuery): PageStatements {
    const byUser = 'userId' in scope;
    const scopeId = byUser ? scope.userId : scope.sessionId;
    const { column, direction } = query.order;
    const search = query.search === null ? null : searchValue(query.search, this.postgres);
    const shape = `${byUser ? 'user' : 'session'}:${query.flag}:${search === null ? '' : 'search'}:${column}:${direction}`;
    const values: StatementValues = { scopeId, offset: query.offset };
    if (search !== null) values.search = search;
    // The index order: newest session first, then file order. "desc" (the corporate default) reverses it.
    const reverse = direction === 'asc';
    const order: [OrderColumn, 'asc' | 'desc'][] =
      column === 'display'
        ? [
            ['session_id', reverse ? 'asc' : 'desc'],
            ['position', reverse ? 'desc' : 'asc'],
            ['id', reverse ? 'desc' : 'asc'],
          ]
        : [
            [column, direction],
            ['id', direction],
          ];
    const matching = (v: Required<StatementValues>) =>
      this.db
        .selectFrom('photos')
        .where((eb) => scopeFilter(eb, byUser ? { userId: v.scopeId } : { sessionId: v.scopeId }))
        .where('deleted_at', 'is', null)
        .where((eb) => flagFilter(eb, query.flag))
        .$if(search !== null, (qb) => qb.where(nameContains(v.search, this.postgres)));

    if (!this.postgres) {
      const counts = this.statements.bind(`counts:${byUser ? 'user' : 'session'}`, { scopeId }, (v) => this.countsQuery(byUser, v.scopeId));
      // The page size is written into SQLite's SQL (db/create-db.ts, LiteralLimitCompiler): part of the shape.
      const page = this.statements.bind(`page:${shape}:${query.limit}`, values, (v) => {
        let q = matching(v).select(PAGE_COLUMNS);
        for (const [c, d] of order) q = q.orderBy(c, d);
        return q.limit(query.limit).offset(v.offset);
      });
      return { kind: 'sqlite', counts, page };
    }

    const pageAndCounts = this.statements.bind(`page+counts:${shape}`, { ...values, limit: query.limit }, (v) => {
      let keys = matching(v).select([...new Set<OrderColumn>(order.map(([c]) => c))]);
      for (const [c, d] of order) keys = keys.orderBy(c, d);
      const page = this.db
        .selectFrom(keys.limit(v.limit).offset(v.offset).as('k'))
        .innerJoin('photos as p', 'p.id', 'k.id')
        .select(PAGE_COLUMNS.map((c) => `p.${c}` as const))
        .as('pg');
      let statement = this.db
        .selectFrom(this.countsQuery(byUser, v.scopeId).as('c'))
        .leftJoin(page, (join) => join.onTrue())
        .select(['c.live', 'c.skipped', 'c.retouched', 'c.favourites', ...PAGE_COLUMNS.map((c) => `pg.${c}` as const)]);
      for (const [c, d] of order) statement = statement.orderBy(`pg.${c}`, d);
      return statement;
    });
    return { kind: 'postgres', pageAndCounts };
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

  /**
   * Marks photos downloaded (the Downloads view; the first download's time is kept). Outside the
   * counters (no tab counts downloads); the revision trigger still renews their cached pages.
   */
  async markDownloaded(ids: readonly number[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('photos')
      .set({ downloaded_at: at.toISOString() })
      .where('id', 'in', [...ids])
      .where('downloaded_at', 'is', null)
      .where('deleted_at', 'is', null)
      .execute();
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
  private changePhoto(id: number, change: (before: PhotoRow) => Updateable<PhotosTable> | null): Promise<PhotoChange | null> {
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
      if (!changes) return { before, after: before, changed: false };
      const after = await trx.updateTable('photos').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
      const [was, is] = [contribution(before), contribution(after)];
      await applyDeltas(trx, before.session_id, {
        live_count: is.live_count - was.live_count,
        skipped_count: is.skipped_count - was.skipped_count,
        retouched_count: is.retouched_count - was.retouched_count,
        favourite_count: is.favourite_count - was.favourite_count,
      });
      return { before, after, changed: true };
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

/** A scope's photos; a customer's without those of their archived sessions (their other sessions stay shown). */
function scopeFilter(eb: ExpressionBuilder<Database, 'photos'>, scope: PhotoScope) {
  if ('userId' in scope) {
    const archived = eb
      .selectFrom('photo_sessions')
      .select('photo_sessions.id')
      .where('photo_sessions.user_id', '=', scope.userId)
      .where('photo_sessions.archived_at', 'is not', null);
    return eb.and([eb('user_id', '=', scope.userId), eb('session_id', 'not in', archived)]);
  }
  // An archived session's own pages are refused before they are built (GalleryService.liveSessionOfCode).
  return eb('session_id', '=', scope.sessionId);
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
    case 'Shared':
      return eb.and([eb('is_skipped', '=', 0), eb('shared_at', 'is not', null)]);
    case 'Downloads':
      return eb.and([eb('is_skipped', '=', 0), eb('downloaded_at', 'is not', null)]);
  }
}

/**
 * Names containing a text (bound as `searchValue` gives it), ignoring case, wildcards taken literally.
 * SQLite: `instr`, not LIKE: SQLite plans a LIKE by looking at its bound pattern, so each new binding
 * parsed and planned the statement again (as a bound LIMIT did: db/create-db.ts).
 */
function nameContains(value: string, postgres: boolean) {
  return postgres ? sql<boolean>`lower(name) like ${value} escape '\\'` : sql<boolean>`instr(lower(name), ${value}) > 0`;
}

function searchValue(text: string, postgres: boolean): string {
  return postgres ? likePattern(text) : text.toLowerCase();
}

function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

type OrderColumn = 'session_id' | 'position' | 'id' | 'name';
