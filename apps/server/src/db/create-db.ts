import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, type DatabaseConnection, type Driver, Kysely, type LimitNode, PostgresDialect, type QueryCompiler, SqliteDialect, SqliteDriver, SqliteQueryCompiler, ValueNode } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';
import { registerSqliteConnection } from './sqlite-commits';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema every connection works in (created by the migrator); null: the default. */
  schema: string | null;
  /**
   * SQLite only: the connection itself, for a read on every request that must not wait its turn behind
   * Kysely's connection mutex (the session check). Never for writes; null on PostgreSQL.
   */
  sqlite: SqliteDatabase.Database | null;
}

/** Opens the database the configuration names; `destroy()` on `kysely` closes it. */
export function createDb(config: DatabaseConfig): Db {
  if (config.dialect === 'postgres') {
    return { kysely: openPostgres(config.url, config.schema), dialect: 'postgres', schema: config.schema, sqlite: null };
  }
  const { kysely, database } = openSqlite(config.file);
  return { kysely, dialect: 'sqlite', schema: null, sqlite: database };
}

function openSqlite(file: string): { kysely: Kysely<Database>; database: SqliteDatabase.Database } {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  cachePreparedStatements(database);
  // Commits by any process, seen without a read transaction (db/sqlite-commits.ts; the gallery page's
  // revision); its descriptor is let go when the connection itself closes.
  if (file !== ':memory:' && database.pragma('journal_mode', { simple: true }) === 'wal') {
    const registered = registerSqliteConnection(database, file);
    const close = database.close.bind(database);
    database.close = () => {
      close();
      registered.release();
      return database;
    };
  }
  return { kysely: new Kysely<Database>({ dialect: new RollbackSafeSqliteDialect({ database }) }), database };
}

/**
 * SQLite rolls a transaction back by itself on some errors (SQLITE_FULL "database or disk is full",
 * SQLITE_IOERR, SQLITE_NOMEM); Kysely then sends its own ROLLBACK, which fails with "cannot rollback -
 * no transaction is active" and replaces the real error (issue 25). Roll back only a transaction that
 * is still open, so the first error is the one thrown and logged.
 *
 * Transactions begin IMMEDIATE: another process (`npm run studio -- import`, a second server) may
 * commit between a deferred transaction's first read and its first write, which in WAL mode then
 * fails at once with SQLITE_BUSY_SNAPSHOT ("database is locked"; busy_timeout cannot wait that out: a
 * studio's employee import failed so while a photo import ran). Taking the write lock first waits its
 * turn instead.
 */
class RollbackSafeSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: { database: SqliteDatabase.Database }) {
    super(settings);
  }

  override createDriver(): Driver {
    const database = this.settings.database;
    return new (class extends SqliteDriver {
      override async beginTransaction(connection: DatabaseConnection): Promise<void> {
        await connection.executeQuery(CompiledQuery.raw('begin immediate'));
      }

      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (!database.inTransaction) return;
        await super.rollbackTransaction(connection);
      }
    })({ database });
  }

  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}

/**
 * Writes a LIMIT of a plain count into the SQL instead of binding it. SQLite's planner looks at a
 * bound LIMIT's value, so every new binding of it (even to the same number) expires the prepared
 * statement and the next step parses and plans it again: once per gallery page (`bench/gallery-page.ts
 * --perf`: sqlite3Reprepare once a request). A count is never user text, and each distinct count is a
 * statement of its own in the cache below. Negative values (the gallery's statement templates'
 * stand-ins) stay parameters.
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const { limit } = node;
    if (ValueNode.is(limit) && typeof limit.value === 'number' && Number.isSafeInteger(limit.value) && limit.value >= 0) {
      this.append(`limit ${limit.value}`);
      return;
    }
    super.visitLimit(node);
  }
}

const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; compiling the same SQL again cost ~5 % of a
 * signed-in read under load. Statements are reusable in better-sqlite3, so keep the most recent ones.
 */
function cachePreparedStatements(database: SqliteDatabase.Database): void {
  const prepare = database.prepare.bind(database);
  const cache = new Map<string, SqliteDatabase.Statement>();
  database.prepare = ((sql: string) => {
    let statement = cache.get(sql);
    if (statement) {
      cache.delete(sql); // re-insert: Map order is the recency order
    } else {
      statement = prepare(sql);
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    }
    cache.set(sql, statement);
    return statement;
  }) as typeof database.prepare;
}

function openPostgres(connectionString: string, schema: string | null): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // A connection cut by the server (a restart, a failover) emits 'error': on the pool while idle, on the
  // client itself while checked out (between a transaction's statements, or as a query ends). Unheard,
  // either ends the process. The statements fail (answered 503 by plugins/error-handler.ts), the pool
  // drops the dead client when it is released, and the next query opens a new connection.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  prepareRepeatedStatements(pool, schema);
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: schema
        ? async (connection) => {
            // The name is validated as a plain identifier in config. PostgreSQL resolves search_path
            // per statement, so this works even before the migrator has created the schema.
            await connection.executeQuery(CompiledQuery.raw(`SET search_path TO "${schema}"`));
          }
        : undefined,
    }),
  });
}

/** A statement text seen this often is prepared (named) on each connection; at most this many per connection. */
const PREPARE_AFTER = 3;
const MAX_PREPARED_PER_CONNECTION = 200;
/** Statement texts counted (and named) for the whole pool; the oldest are forgotten first. */
const SEEN_LIMIT = 2000;
/** Only plain reads and writes are prepared. */
const PREPARABLE = /^\s*(?:select|insert|update|delete|with)\b/i;
/** Statements after which a prepared statement of the same text may mean something else or return another row type. */
const CHANGES_SCHEMA = /^\s*(?:create|alter|drop|comment|do)\b/i;
/** Statements that change (or drop) what one connection's session resolves names against or has prepared. */
const CHANGES_SESSION = /^\s*(?:set|reset|discard|deallocate)\b/i;
/** PostgreSQL refusing a prepared statement whose tables changed under it ("cached plan must not change result type"). */
const STALE_PLAN = '0A000';

type QueryFn = (...args: unknown[]) => unknown;

/**
 * Kysely sends every query as an unnamed statement, so PostgreSQL parses and plans it anew each time:
 * for the gallery page, planning (0.2-0.5 ms) costs more than running it (~0.1 ms). A statement text
 * that keeps coming back gets a name, and pg prepares it once per connection (`{ name, text, values }`)
 * and afterwards only binds and executes it.
 *
 * A name is never reused for something that could resolve differently. It is derived from the schema
 * the pool works in and the text, plus two generations: the pool's, bumped by any DDL sent through
 * the pool (migrations) or when PostgreSQL reports a stale plan (a migration run from elsewhere; that
 * one statement fails, the next calls prepare afresh), and the connection's, bumped by anything that
 * changes its session (`SET search_path`, `DISCARD`, `DEALLOCATE`). Old names are simply never used again.
 */
function prepareRepeatedStatements(pool: pg.Pool, schema: string | null): void {
  const seen = new Map<string, { count: number; hash: string | null }>();
  let poolGeneration = 0;
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as QueryFn;
    const prepared = new Set<string>();
    let sessionGeneration = 0;
    (client as unknown as { query: QueryFn }).query = (config: unknown, values?: unknown, callback?: unknown) => {
      if (typeof config !== 'string' || !Array.isArray(values) || callback !== undefined) return query(config, values, callback);
      if (!PREPARABLE.test(config)) {
        if (CHANGES_SCHEMA.test(config)) poolGeneration++;
        else if (CHANGES_SESSION.test(config)) sessionGeneration++;
        return query(config, values);
      }
      let entry = seen.get(config);
      if (entry === undefined) {
        if (seen.size >= SEEN_LIMIT) seen.delete(seen.keys().next().value as string);
        entry = { count: 0, hash: null };
        seen.set(config, entry);
      }
      if (entry.hash === null && ++entry.count >= PREPARE_AFTER) {
        entry.hash = createHash('sha256').update(`${schema ?? ''}\0${config}`).digest('base64url').slice(0, 24);
      }
      if (entry.hash === null) return query(config, values);
      const name = `s_${entry.hash}_${poolGeneration}_${sessionGeneration}`;
      if (!prepared.has(name) && prepared.size >= MAX_PREPARED_PER_CONNECTION) return query(config, values);
      prepared.add(name);
      return (query({ name, text: config, values }) as Promise<unknown>).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === STALE_PLAN) poolGeneration++;
        throw error;
      });
    };
  });
}
