import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, createDb } from './create-db';
import { sqliteCommitsOf } from './sqlite-commits';

// The watch that lets the gallery page skip its per-request read transaction (issue 23): it must
// move with every commit, from this connection, another one, or another process, and stay put otherwise.

const dirs: string[] = [];
const opened: Db[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.kysely.destroy();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function open(file: string): Db {
  const db = createDb({ dialect: 'sqlite', file });
  opened.push(db);
  return db;
}

function databaseFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-commits-'));
  dirs.push(dir);
  return path.join(dir, 'gallery.sqlite');
}

/** A connection with a table, read once and watched (as GalleryRepository does after its first read). */
async function watched(file: string) {
  const db = open(file);
  await sql`create table if not exists t (a integer)`.execute(db.kysely);
  db.sqlite!.prepare('select count(*) from t').get();
  const commits = sqliteCommitsOf(db.sqlite!)!;
  commits.attach();
  return { db, commits };
}

/** Another process writes to the file, as `npm run studio` would. */
function writeFromAnotherProcess(file: string, value: number): void {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `const D = require(${JSON.stringify(betterSqlite3)}); const db = new D(process.argv[1]); db.pragma('busy_timeout = 5000'); db.prepare('insert into t (a) values (?)').run(Number(process.argv[2])); db.close();`;
  execFileSync(process.execPath, ['-e', script, file, String(value)]);
}

describe('SQLite commit watch', () => {
  it('stays put while only reads happen, and moves with each commit by this connection, another one, or another process', async () => {
    const file = databaseFile();
    const { db, commits } = await watched(file);
    const first = commits.current();
    expect(first).not.toBeNull();
    db.sqlite!.prepare('select * from t').all();
    expect(commits.current()).toBe(first);

    await sql`insert into t (a) values (1)`.execute(db.kysely); // this connection
    const afterOwn = commits.current();
    expect(afterOwn).not.toBe(first);
    expect(commits.current()).toBe(afterOwn);

    const other = open(file); // another connection of this process
    await sql`insert into t (a) values (2)`.execute(other.kysely);
    const afterOther = commits.current();
    expect(afterOther).not.toBe(afterOwn);

    writeFromAnotherProcess(file, 3);
    const afterProcess = commits.current();
    expect(afterProcess).not.toBe(afterOther);
    expect(commits.current()).toBe(afterProcess);

    // A checkpoint that empties the WAL, then a commit: still seen.
    db.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    const checkpointed = commits.current();
    writeFromAnotherProcess(file, 4);
    expect(commits.current()).not.toBe(checkpointed);
    expect(db.sqlite!.prepare('select count(*) as n from t').get()).toEqual({ n: 4 });
  });

  it('answers nothing before the connection has read the database, and for an in-memory one', async () => {
    const db = open(databaseFile());
    expect(sqliteCommitsOf(db.sqlite!)!.current()).toBeNull();
    expect(sqliteCommitsOf(open(':memory:').sqlite!)).toBeNull();
  });

  it('keeps watching while another connection to the same file is open, and lets go with the last', async () => {
    const file = databaseFile();
    const { db, commits } = await watched(file);
    const second = open(file);
    expect(sqliteCommitsOf(second.sqlite!)).toBe(commits);
    second.sqlite!.close();
    opened.splice(opened.indexOf(second), 1);
    const before = commits.current();
    expect(before).not.toBeNull();
    writeFromAnotherProcess(file, 5);
    expect(commits.current()).not.toBe(before);
    db.sqlite!.close();
    expect(commits.current()).toBeNull(); // closed with the last connection
  });
});
