import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { type Db, createDb } from './create-db';
import { migrateToLatest } from './migrate';
import { migrationsFor } from './migrations';

/**
 * Instances of the app, and the API suite's test files, migrate schemas of one PostgreSQL database at
 * the same time as others change theirs. Runs with TEST_DATABASE_URL only.
 */
const url = process.env.TEST_DATABASE_URL;
const opened: Db[] = [];
const schemaName = () => `migr_${randomBytes(5).toString('hex')}`;

function open(schema: string): Db {
  const db = createDb({ dialect: 'postgres', url: url ?? '', schema });
  opened.push(db);
  return db;
}

afterAll(async () => {
  for (const db of opened) {
    if (db.schema) await sql`drop schema if exists ${sql.id(db.schema)} cascade`.execute(db.kysely);
    await db.kysely.destroy();
  }
});

describe.skipIf(!url)('migrations on PostgreSQL', () => {
  it('run to the end while another schema of the database keeps gaining and losing columns', async () => {
    const other = open(schemaName());
    await sql`create schema ${sql.id(other.schema ?? '')}`.execute(other.kysely);
    await sql`create table churn (id serial primary key)`.execute(other.kysely);
    let churning = true;
    let changes = 0;
    const churn = (async () => {
      while (churning) {
        await sql`alter table churn add column policy serial`.execute(other.kysely);
        await sql`alter table churn drop column policy`.execute(other.kysely);
        changes++;
      }
    })();
    try {
      for (let run = 0; run < 3; run++) {
        const db = open(schemaName());
        expect(await migrateToLatest(db)).toEqual(Object.keys(migrationsFor('postgres')));
      }
    } finally {
      churning = false;
      await churn;
    }
    expect(changes).toBeGreaterThan(0);
  });
});
