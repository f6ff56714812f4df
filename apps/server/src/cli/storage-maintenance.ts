import { parseArgs } from 'node:util';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock } from '../clock';
import type { Database } from '../db/schema';
import { OrphanSweep } from '../modules/storage-maintenance/orphan-sweep';
import { StorageMaintenanceRepository } from '../modules/storage-maintenance/storage-maintenance.repository';
import { ThumbnailBackfill } from '../modules/storage-maintenance/thumbnail-backfill';
import type { Storage } from '../storage/storage';

export const SWEEP_ORPHANS_USAGE = `  npm run studio -- storage sweep-orphans [--dry-run]

Removes stored files that no database row names, older than a day: photo folders under photos/ left
by an import or an edit cut short, uploads under uploads/ no shoot needs, and .tmp files of writes cut
short (local disk). Never a file a row names. Prints the counts; --dry-run prints them and removes
nothing. The server runs the same sweep once a day.`;

export class SweepOrphansUsageError extends Error {}

/** `storage sweep-orphans [--dry-run]` on the studio's database and store; the exit code. */
export async function runSweepOrphans(argv: string[], context: { db: Kysely<Database>; storage: Storage }, out: (line: string) => void = console.log): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: { 'dry-run': { type: 'boolean' } } });
  if (positionals.length > 0) throw new SweepOrphansUsageError(`storage sweep-orphans takes only --dry-run (got "${positionals.join(' ')}")`);
  const quiet = { info: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
  const sweep = new OrphanSweep(new StorageMaintenanceRepository(context.db), context.storage, systemClock, quiet);
  const result = await sweep.run({ dryRun: values['dry-run'] === true });
  const verb = result.dryRun ? 'would remove' : 'removed';
  out(`Looked at ${result.scanned} stored files under photos/ and uploads/.`);
  out(`${verb} ${result.removedFiles} files no row names (${result.removedFolders} folders, ${(result.removedBytes / 1e6).toFixed(1)} MB); kept ${result.keptYoung} younger than a day.`);
  if (!result.dryRun) out(`removed ${result.temporaryFiles} temporary files of writes cut short.`);
  for (const key of result.sample) out(`  ${key}`);
  if (result.removedFiles > result.sample.length) out(`  … and ${result.removedFiles - result.sample.length} more`);
  return 0;
}

export const BACKFILL_THUMBNAILS_USAGE = `  npm run studio -- storage backfill-thumbnails

Makes the AVIF grid thumbnails (280 and 400 px, issue 23) of every photo stored before they existed,
from its 800 px one (~150 ms a photo). Until then the gallery shows those photos' 400 px WebP in their
place. Safe to run again or to stop: what exists is skipped.`;

/** `storage backfill-thumbnails` on the studio's database and store; the exit code (1 when a folder could not be done). */
export async function runBackfillThumbnails(argv: string[], context: { db: Kysely<Database>; storage: Storage }, out: (line: string) => void = console.log): Promise<number> {
  if (argv.length > 0) throw new SweepOrphansUsageError(`storage backfill-thumbnails takes no arguments (got "${argv.join(' ')}")`);
  const backfill = new ThumbnailBackfill(new StorageMaintenanceRepository(context.db), context.storage);
  const result = await backfill.run((done, todo) => {
    if (done % 1000 === 0) out(`  ${done} of ${todo}`);
  });
  out(`${result.folders} photo folders: ${result.present} had the AVIF thumbnails; ${result.made} files made now.`);
  if (result.failed.length > 0) {
    out(`${result.failed.length} have no readable 800 px thumbnail to make them from (they keep showing the 400 px WebP):`);
    for (const folder of result.failed.slice(0, 50)) out(`  ${folder}`);
  }
  return result.failed.length > 0 ? 1 : 0;
}
