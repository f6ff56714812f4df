import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, createDb } from './create-db';

/**
 * PostgreSQL connections prepare statements that come back (see create-db.ts). A prepared statement
 * must never be run after its tables changed shape or its connection's search_path moved: PostgreSQL
 * would refuse it ("cached plan must not change result type"). Runs with TEST_DATABASE_URL only.
 */
const url = process.env.TEST_DATABASE_URL;
const opened: Array<{ db: Db; schemas: string[] }> = [];

function open(schemas: string[]): Db {
  const db = createDb({ dialect: 'postgres', url: url ?? '', schema: schemas[0] ?? null });
  opened.push({ db, schemas });
  return db;
}

afterEach(async () => {
  for (const { db, schemas } of opened.splice(0)) {
    for (const schema of schemas) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.kysely);
    await db.kysely.destroy();
  }
});

const schemaName = () => `prep_${randomBytes(5).toString('hex')}`;
const PREPARED_AFTER = 3; // create-db.ts PREPARE_AFTER

describe.skipIf(!url)('prepared statements on PostgreSQL', () => {
  it('sees a column a migration added through the same pool', async () => {
    const schema = schemaName();
    const db = open([schema]);
    await sql`create schema ${sql.id(schema)}`.execute(db.kysely);
    await sql`create table t (a integer)`.execute(db.kysely);
    await sql`insert into t (a) values (1)`.execute(db.kysely);
    const read = () => sql<Record<string, unknown>>`select * from t`.execute(db.kysely);
    for (let i = 0; i < PREPARED_AFTER + 2; i++) expect((await read()).rows).toEqual([{ a: 1 }]);

    await sql`alter table t add column b integer default 2`.execute(db.kysely);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });

  it('does not run a statement prepared in one schema after the connection moved to another', async () => {
    const [first, second] = [schemaName(), schemaName()];
    const db = open([first, second]);
    await sql`create schema ${sql.id(first)}`.execute(db.kysely);
    await sql`create schema ${sql.id(second)}`.execute(db.kysely);
    await sql`create table ${sql.id(first, 't')} (a integer)`.execute(db.kysely);
    await sql`insert into ${sql.id(first, 't')} (a) values (1)`.execute(db.kysely);
    await sql`create table ${sql.id(second, 't')} (x text, y text)`.execute(db.kysely);
    await sql`insert into ${sql.id(second, 't')} (x, y) values ('x', 'y')`.execute(db.kysely);

    await db.kysely.connection().execute(async (connection) => {
      const read = () => sql<Record<string, unknown>>`select * from t`.execute(connection);
      for (let i = 0; i < PREPARED_AFTER + 2; i++) expect((await read()).rows).toEqual([{ a: 1 }]);
      await sql`set search_path to ${sql.id(second)}`.execute(connection);
      expect((await read()).rows).toEqual([{ x: 'x', y: 'y' }]);
    });
  });

  it('recovers after a migration run from elsewhere: at most one call fails', async () => {
    const schema = schemaName();
    const db = open([schema]);
    const other = open([]);
    await sql`create schema ${sql.id(schema)}`.execute(db.kysely);
    await sql`create table t (a integer)`.execute(db.kysely);
    await sql`insert into t (a) values (1)`.execute(db.kysely);
    const read = () => sql<Record<string, unknown>>`select * from t`.execute(db.kysely);
    for (let i = 0; i < PREPARED_AFTER + 2; i++) await read();

    await sql`alter table ${sql.id(schema, 't')} add column b integer default 2`.execute(other.kysely);
    const first = await read().then(
      (result) => result.rows,
      (error: unknown) => error,
    );
    if (!Array.isArray(first)) expect(String(first)).toMatch(/cached plan must not change result type/);
    expect((await read()).rows).toEqual([{ a: 1, b: 2 }]);
  });
});

describe.skipIf(!url)('connections cut by the server (a restart, a failover)', () => {
  // Unheard, the 'error' a cut connection emits ends the process (the fault campaign caught it:
  // apps/server/cluster/faults.ts); vitest fails the run on such an uncaught error.
  it('survives a connection cut while idle and while in a transaction, and answers again', async () => {
    const db = open([]);
    const other = open([]);
    // Idle in the pool.
    const idle = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db.kysely)).rows[0]!.pid;
    await sql`select pg_terminate_backend(${idle})`.execute(other.kysely);
    await new Promise((resolve) => setTimeout(resolve, 200));

    // Checked out, between two statements of a transaction.
    const inTransaction = db.kysely.transaction().execute(async (trx) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
      await sql`select pg_terminate_backend(${rows[0]!.pid})`.execute(other.kysely);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(trx);
    });
    await expect(inTransaction).rejects.toThrow();

    expect((await sql<{ one: number }>`select 1 as one`.execute(db.kysely)).rows).toEqual([{ one: 1 }]);
  });
});

describe('transactions on SQLite', () => {
  it('take the write lock first: another process writing between a transaction’s read and its write waits its turn, and the transaction commits', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-immediate-'));
    const file = path.join(dir, 'gallery.sqlite');
    const db = createDb({ dialect: 'sqlite', file });
    const other = new SqliteDatabase(file, { timeout: 0 }); // another process's connection, told at once when busy
    try {
      await sql`create table t (a integer)`.execute(db.kysely);
      let otherWrite: string | null = null;
      await db.kysely.transaction().execute(async (trx) => {
        await sql`select count(*) from t`.execute(trx);
        try {
          other.prepare('insert into t (a) values (2)').run();
          otherWrite = 'committed';
        } catch (error) {
          otherWrite = (error as { code?: string }).code ?? 'failed';
        }
        // Deferred, this write failed with SQLITE_BUSY_SNAPSHOT once the other connection had committed.
        await sql`insert into t (a) values (1)`.execute(trx);
      });
      expect(otherWrite).toBe('SQLITE_BUSY');
      const rows = await sql<{ a: number }>`select a from t`.execute(db.kysely);
      expect(rows.rows).toEqual([{ a: 1 }]);
    } finally {
      other.close();
      await db.kysely.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('LIMIT on SQLite', () => {
  // A bound LIMIT makes SQLite parse and plan the statement again at every step after a new binding
  // (sqlite3Reprepare once per gallery page, seen with `bench/gallery-page.ts --perf`): counts go in the SQL.
  it('is written into the SQL as a number, so the prepared statement is reused; offsets and stand-ins stay bound', async () => {
    const db = createDb({ dialect: 'sqlite', file: ':memory:' });
    try {
      await sql`create table t (a integer)`.execute(db.kysely);
      for (const a of [1, 2, 3]) await sql`insert into t (a) values (${a})`.execute(db.kysely);
      const query = (limit: number) => db.kysely.selectFrom('t' as never).select('a' as never).orderBy('a' as never).limit(limit).offset(1);
      const compiled = query(2).compile();
      expect(compiled.sql).toMatch(/ limit 2 offset \?$/);
      expect(compiled.parameters).toEqual([1]);
      expect((await query(2).execute()).map((row) => (row as { a: number }).a)).toEqual([2, 3]);
      const template = query(-5).compile();
      expect(template.sql).toMatch(/ limit \? offset \?$/);
      expect(template.parameters).toEqual([-5, 1]);
    } finally {
      await db.kysely.destroy();
    }
  });
});
