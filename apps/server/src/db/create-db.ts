import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './schema';

export type Dialect = DatabaseConfig['dialect'];

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** PostgreSQL schema every connection works in (created by the migrator); null: the default. */
  schema: string | null;
}

/** Opens the database the configuration names; `destroy()` on `kysely` closes it. */
export function createDb(config: DatabaseConfig): Db {
  return config.dialect === 'sqlite'
    ? { kysely: openSqlite(config.file), dialect: 'sqlite', schema: null }
    : { kysely: openPostgres(config.url, config.schema), dialect: 'postgres', schema: config.schema };
}

function openSqlite(file: string): Kysely<Database> {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  cachePreparedStatements(database);
  return new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
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
