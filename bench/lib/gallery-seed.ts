// Seeds a gallery database fast: rows go in directly (multi-row inserts in big transactions) through
// the server's own createDb + migrations, so the schema and indexes are exactly the server's. Photo
// media keys are dummy folders unless the caller writes files for them (the page call only signs URLs).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hash } from '@node-rs/argon2';
import { sql } from 'kysely';
import { seededRandom } from '@studio-gallery/contract';
import { type DatabaseConfig, loadConfig } from '../../apps/server/src/config';
import { type Db, createDb } from '../../apps/server/src/db/create-db';
import { migrateToLatest } from '../../apps/server/src/db/migrate';
import type { NewPhotoRow } from '../../apps/server/src/db/schema';

export type BenchDialect = 'sqlite' | 'postgres';

export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

export interface BenchDatabase {
  db: Db;
  dialect: BenchDialect;
  dataDir: string;
  /** Environment the server needs to open the same database. */
  serverEnv: Record<string, string>;
  /** Closes the connection, drops the PostgreSQL schema and removes the data folder. */
  dispose(): Promise<void>;
}

/** A fresh, migrated database: a SQLite file in a temporary DATA_DIR, or a new PostgreSQL schema. */
export async function openBenchDatabase(dialect: BenchDialect, label: string): Promise<BenchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `sg-bench-${label}-`));
  const schema = `bench_${label.replace(/[^a-z0-9_]/g, '_')}_${process.pid}`;
  const pgUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_PG_URL;
  const config: DatabaseConfig =
    dialect === 'sqlite' ? { dialect: 'sqlite', file: path.join(dataDir, 'gallery.sqlite') } : { dialect: 'postgres', url: pgUrl, schema };
  const db = createDb(config);
  if (dialect === 'postgres') await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.kysely);
  await migrateToLatest(db);
  const serverEnv: Record<string, string> = { DATA_DIR: dataDir, DEMO_DATA: 'off' };
  if (dialect === 'postgres') Object.assign(serverEnv, { DATABASE_URL: pgUrl, DATABASE_SCHEMA: schema });
  return {
    db,
    dialect,
    dataDir,
    serverEnv,
    async dispose() {
      if (dialect === 'postgres') {
        // The servers' job queue (pg-boss) made a schema of its own beside this one: named as config.ts names it.
        const jobsSchema = loadConfig({ DATA_DIR: dataDir, ...serverEnv }).jobs.pgBossSchema;
        for (const name of [schema, jobsSchema]) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db.kysely);
      }
      await db.kysely.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SeedCustomer {
  email: string;
  password: string;
  photos: number;
  /** Sessions the photos are spread over (in display order, newest first, like real imports). */
  sessions: number;
}

export interface SeededCustomer extends SeedCustomer {
  id: number;
}

export interface SeedPlan {
  /** Customers signed in by the benchmark (known passwords). */
  measured: SeedCustomer[];
  /** Other customers and how many photos they share between them (spread unevenly, 1–3 sessions each). */
  others: { customers: number; photos: number };
  /** Media folder of a photo (index over all photos); default: a dummy, never-written folder. */
  mediaKey?: (photoIndex: number) => string;
  /** Run ANALYZE on SQLite too (the server never does). */
  analyzeSqlite?: boolean;
}


const PHOTO_BATCH = 1000;

/**
 * Inserts users, sessions and photos; each session's counters are computed from the flags it gets
 * (about 5 % skipped, 20 % retouched, 10 % favourites), exactly as the repository would keep them.
 */
export async function seedGallery(bench: BenchDatabase, plan: SeedPlan): Promise<{ measured: SeededCustomer[]; photos: number; ms: number }> {
  const started = Date.now();
  const kysely = bench.db.kysely;
  // Deterministic, so every run seeds the same data.
  const random = seededRandom(20261122);
  const now = new Date().toISOString();
  const sharedHash = await hash(`bench-${randomBytes(8).toString('hex')}`);

  // Customers: the measured ones first, then the others with an uneven share of the remaining photos.
  interface Plan { email: string; passwordHash: string; photos: number; sessions: number }
  const customers: Plan[] = [];
  for (const c of plan.measured) customers.push({ email: c.email, passwordHash: await hash(c.password), photos: c.photos, sessions: c.sessions });
  const weights = Array.from({ length: plan.others.customers }, () => 0.25 + random() * 1.5);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  let left = plan.others.photos;
  weights.forEach((w, i) => {
    const photos = i === weights.length - 1 ? left : Math.max(1, Math.round((plan.others.photos * w) / weightSum));
    left -= photos;
    customers.push({ email: `customer${i}@bench.test`, passwordHash: sharedHash, photos, sessions: 1 + Math.floor(random() * 3) });
  });

  await kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < customers.length; i += 500) {
      await trx
        .insertInto('users')
        .values(
          customers.slice(i, i + 500).map((c, j) => ({
            email: c.email,
            first_name: 'Bench',
            last_name: `Customer ${i + j}`,
            password_hash: c.passwordHash,
            activated: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .execute();
    }
  });
  const idByEmail = new Map((await kysely.selectFrom('users').select(['id', 'email']).execute()).map((u) => [u.email, u.id]));

  // Sessions, interleaved between customers the way imports over time would interleave them.
  interface SessionPlan { userId: number; photos: number; id?: number }
  const sessions: SessionPlan[] = [];
  for (const c of customers) {
    const userId = idByEmail.get(c.email)!;
    const per = Math.floor(c.photos / c.sessions);
    for (let s = 0; s < c.sessions; s++) sessions.push({ userId, photos: s === c.sessions - 1 ? c.photos - per * (c.sessions - 1) : per });
  }
  for (let i = sessions.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [sessions[i], sessions[j]] = [sessions[j]!, sessions[i]!];
  }

  let photoIndex = 0;
  await kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < sessions.length; i += 500) {
      const chunk = sessions.slice(i, i + 500);
      const rows = await trx
        .insertInto('photo_sessions')
        .values(chunk.map((s, j) => ({ user_id: s.userId, name: `Shoot ${i + j}`, session_date: '2026-11-01', code: randomBytes(33).toString('base64url'), created_at: now })))
        .returning('id')
        .execute();
      rows.forEach((r, j) => (chunk[j]!.id = r.id));
    }
  });

  const counters: { id: number; live: number; skipped: number; retouched: number; favourites: number }[] = [];
  let batch: NewPhotoRow[] = [];
  await kysely.transaction().execute(async (trx) => {
    const flush = async () => {
      if (batch.length > 0) await trx.insertInto('photos').values(batch).execute();
      batch = [];
    };
    for (const s of sessions) {
      const c = { id: s.id!, live: 0, skipped: 0, retouched: 0, favourites: 0 };
      for (let p = 0; p < s.photos; p++, photoIndex++) {
        const skipped = random() < 0.05 ? 1 : 0;
        const retouched = random() < 0.2 ? 1 : 0;
        const favourite = random() < 0.1 ? 1 : 0;
        c.live++;
        c.skipped += skipped;
        if (!skipped) {
          c.retouched += retouched;
          c.favourites += favourite;
        }
        const mediaKey = plan.mediaKey ? plan.mediaKey(photoIndex) : `photos/${photoIndex.toString(16).padStart(32, '0')}`;
        batch.push({
          session_id: s.id!,
          user_id: s.userId,
          name: `IMG_${String(p + 1).padStart(4, '0')}`,
          content_hash: `${s.id}-${p}-`.padEnd(64, '0'),
          width: 4000,
          height: 6000,
          media_key: mediaKey,
          original_ext: 'jpg',
          retouched_media_key: retouched ? `${mediaKey}r` : null,
          retouched_ext: retouched ? 'jpg' : null,
          is_retouched: retouched,
          is_favourite: favourite,
          is_skipped: skipped,
          position: p,
          created_at: now,
        });
        if (batch.length >= PHOTO_BATCH) await flush();
      }
      counters.push(c);
    }
    await flush();
    for (const c of counters) {
      await trx
        .updateTable('photo_sessions')
        .set({ live_count: c.live, skipped_count: c.skipped, retouched_count: c.retouched, favourite_count: c.favourites })
        .where('id', '=', c.id)
        .execute();
    }
  });
  // PostgreSQL's autovacuum would vacuum and analyze freshly inserted tables this size within a minute
  // (insert-triggered autovacuum, PostgreSQL 13+); do it now, so plans and index-only scans are those of
  // a settled database. SQLite is left as the server leaves it (no ANALYZE, no sqlite_stat1) unless
  // asked, so the plans are the ones it gets.
  if (bench.dialect === 'postgres') await sql`vacuum analyze users, photo_sessions, photos`.execute(kysely);
  else if (plan.analyzeSqlite) await sql`analyze`.execute(kysely);

  const measured = plan.measured.map((c) => ({ ...c, id: idByEmail.get(c.email)! }));
  return { measured, photos: photoIndex, ms: Date.now() - started };
}

/** Signs in through the API (the same call the web app makes) and returns the bearer token. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (!response.ok) throw new Error(`sign-in of ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id_token: string }).id_token;
}
