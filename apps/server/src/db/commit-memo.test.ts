import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { CommitMemo } from './commit-memo';
import { type Db, createDb } from './create-db';

const opened: Array<{ db: Db; dir: string }> = [];

afterEach(async () => {
  for (const { db, dir } of opened.splice(0)) {
    await db.kysely.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

async function openDb(): Promise<Db> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'commit-memo-'));
  const db = createDb({ dialect: 'sqlite', file: path.join(dir, 'memo.sqlite') });
  opened.push({ db, dir });
  await sql`create table t (k text primary key, v integer)`.execute(db.kysely);
  await sql`insert into t (k, v) values ('a', 1)`.execute(db.kysely);
  return db;
}

/** A reader that counts its reads of `t` on the connection. */
function counted(db: Db) {
  let reads = 0;
  const memo = new CommitMemo<string, number | null>(db.sqlite, 100);
  const read = (key: string) =>
    memo.read(key, (sqlite) => {
      reads += 1;
      return (sqlite.prepare('select v from t where k = ?').get(key) as { v: number } | undefined)?.v ?? null;
    });
  return { read, reads: () => reads };
}

describe('CommitMemo', () => {
  it('reads once between commits, and again after a commit by this connection or by another process', async () => {
    const db = await openDb();
    const { read, reads } = counted(db);
    expect(read('a')).toBe(1); // the first read opens the commit watch
    expect(read('a')).toBe(1);
    expect(read('a')).toBe(1);
    expect(reads()).toBe(2);
    expect(read('missing')).toBeNull();
    expect(read('missing')).toBeNull();
    expect(reads()).toBe(3); // null is remembered too

    await sql`update t set v = 2 where k = 'a'`.execute(db.kysely);
    expect(read('a')).toBe(2);
    expect(read('a')).toBe(2);
    expect(reads()).toBe(4);

    const other = new SqliteDatabase(path.join(path.dirname(db.sqlite!.name), 'memo.sqlite'));
    other.prepare(`insert into t (k, v) values ('missing', 3)`).run();
    other.close();
    expect(read('missing')).toBe(3);
    expect(read('a')).toBe(2);
    expect(reads()).toBe(6); // a commit elsewhere forgets every remembered value
  });

  it('does not read while a transaction is open on the connection (its writes are not committed), nor without a SQLite connection', async () => {
    const db = await openDb();
    const { read } = counted(db);
    expect(read('a')).toBe(1);
    await db.kysely.transaction().execute(async (trx) => {
      await sql`update t set v = 5 where k = 'a'`.execute(trx);
      expect(read('a')).toBeUndefined();
    });
    expect(read('a')).toBe(5);
    expect(new CommitMemo<string, number>(null, 10).read('a', () => 1)).toBeUndefined();
  });
});
