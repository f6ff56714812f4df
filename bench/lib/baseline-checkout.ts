// An earlier commit of the server, built beside the current one, so a benchmark can measure "before"
// and "after" a change in one run on the same data (e.g. bench/gallery-page.ts --compare <ref>).
//
// The commit is checked out into a temporary git worktree whose node_modules links to this checkout's
// packages, except the workspace's own (@studio-gallery/*), which point at the worktree's sources, so
// its bundle inlines its own contract. Its server bundle is built there with its own build script.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { repoRoot } from './server';

const run = promisify(execFile);

export interface BaselineCheckout {
  /** The worktree's root: pass as `root` to startServer. */
  root: string;
  /** The short commit id. */
  commit: string;
  /** The last migration name the baseline knows (ISO-dated names sort in order). */
  lastMigration: string;
  dispose(): Promise<void>;
}

export async function checkOutBaseline(ref: string): Promise<BaselineCheckout> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-baseline-'));
  await run('git', ['worktree', 'add', '--detach', root, ref], { cwd: repoRoot });
  const commit = (await run('git', ['rev-parse', '--short', 'HEAD'], { cwd: root })).stdout.trim();

  const modules = path.join(root, 'node_modules');
  fs.mkdirSync(path.join(modules, '@studio-gallery'), { recursive: true });
  for (const entry of fs.readdirSync(path.join(repoRoot, 'node_modules'))) {
    if (entry === '@studio-gallery') continue;
    fs.symlinkSync(path.join(repoRoot, 'node_modules', entry), path.join(modules, entry));
  }
  for (const [name, folder] of [['contract', 'packages/contract']] as const) {
    fs.symlinkSync(path.join(root, folder), path.join(modules, '@studio-gallery', name));
  }
  await run(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: root });

  const migrations = fs
    .readdirSync(path.join(root, 'apps/server/src/db/migrations'))
    .filter((f) => /^\d{4}-\d{2}-\d{2}-.*\.ts$/.test(f))
    .map((f) => f.replace(/\.ts$/, ''))
    .sort();
  const lastMigration = migrations.at(-1);
  if (!lastMigration) throw new Error(`no migrations in ${ref}`);

  return {
    root,
    commit,
    lastMigration,
    async dispose() {
      await run('git', ['worktree', 'remove', '--force', root], { cwd: repoRoot }).catch(() => undefined);
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `body` while the migrations newer than `lastMigration` are hidden from Kysely's bookkeeping,
 * so the baseline's server starts on today's schema (it refuses a database that applied migrations
 * it does not know). Their tables and columns stay: an older server ignores them.
 */
export async function withNewerMigrationsHidden<T>(db: Kysely<unknown>, lastMigration: string, body: () => Promise<T>): Promise<T> {
  const table = sql.table('kysely_migration');
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from ${table} where name > ${lastMigration}`.execute(db);
  await sql`delete from ${table} where name > ${lastMigration}`.execute(db);
  try {
    return await body();
  } finally {
    for (const row of rows) await sql`insert into ${table} (name, timestamp) values (${row.name}, ${row.timestamp})`.execute(db);
  }
}
