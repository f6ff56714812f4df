import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import { PeriodicSweep } from '../../jobs/periodic-sweep';
import type { Storage } from '../../storage/storage';
import type { StorageMaintenanceRepository } from './storage-maintenance.repository';

/** Files younger than this are never orphans: an import or an edit may be writing them before its row. */
export const ORPHAN_MIN_AGE_MS = 24 * 3_600_000;
/** The sweep runs once a day on each instance (and once at start). */
export const ORPHAN_SWEEP_INTERVAL_MINUTES = 24 * 60;

export interface OrphanSweepOptions {
  /** Report what would go, remove nothing. */
  dryRun?: boolean;
  /** Only files older than this (default a day). */
  olderThanMs?: number;
  now?: Date;
}

export interface OrphanSweepResult {
  dryRun: boolean;
  /** Files looked at under photos/ and uploads/. */
  scanned: number;
  /** Files no row names, older than the limit: removed (or, in a dry run, to remove). */
  removedFiles: number;
  /** Distinct photo folders and shoot upload folders among them. */
  removedFolders: number;
  removedBytes: number;
  /** Files no row names but too young (or of unknown age) to be sure: kept. */
  keptYoung: number;
  /** Temporary files of writes cut short (`.tmp` on local disk): removed; not counted in a dry run. */
  temporaryFiles: number;
  /** Up to 50 of the keys removed, for the report. */
  sample: string[];
}

/**
 * Orphans (issue 25): files under `photos/` and `uploads/` that no row names, and temporary files of
 * writes cut short, older than a day. An import that crashed between its files and its row, a retouch
 * replaced while a crash hit, an import whose uploads were not deleted: they take space for good
 * otherwise. A file a row names is never touched: the names are read from the database first, and a
 * file written after that is younger than a day.
 */
export class OrphanSweep {
  private readonly periodic: PeriodicSweep<OrphanSweepResult>;

  constructor(
    private readonly repository: StorageMaintenanceRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
    log: FastifyBaseLogger,
    intervalMinutes = ORPHAN_SWEEP_INTERVAL_MINUTES,
  ) {
    this.periodic = new PeriodicSweep('orphan sweep', intervalMinutes, () => this.run(), log, (result) =>
      result.removedFiles > 0 || result.temporaryFiles > 0
        ? { removedFiles: result.removedFiles, removedFolders: result.removedFolders, removedBytes: result.removedBytes, temporaryFiles: result.temporaryFiles }
        : null,
    );
  }

  start(): void {
    this.periodic.start();
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  async run(options: OrphanSweepOptions = {}): Promise<OrphanSweepResult> {
    const dryRun = options.dryRun ?? false;
    const olderThanMs = options.olderThanMs ?? ORPHAN_MIN_AGE_MS;
    const now = options.now ?? this.clock();
    const before = now.getTime() - olderThanMs;
    const result: OrphanSweepResult = { dryRun, scanned: 0, removedFiles: 0, removedFolders: 0, removedBytes: 0, keptYoung: 0, temporaryFiles: 0, sample: [] };
    const folders = new Set<string>();

    // Names first: whatever is stored after this read is younger than the limit.
    const photoFolders = await this.repository.namedPhotoFolders();
    const uploads = await this.repository.namedUploads(new Date(before));
    const sweeps: [string, (key: string) => boolean][] = [
      ['photos/', (key) => photoFolders.has(folderOf(key))],
      ['uploads/', (key) => uploads.has(key)],
    ];
    for (const [prefix, named] of sweeps) {
      for await (const entry of this.storage.list(prefix)) {
        result.scanned += 1;
        if (named(entry.key)) continue;
        if (!entry.modifiedAt || entry.modifiedAt.getTime() >= before) {
          result.keptYoung += 1;
          continue;
        }
        if (!dryRun) await this.storage.delete(entry.key);
        result.removedFiles += 1;
        result.removedBytes += entry.size;
        folders.add(folderOf(entry.key));
        if (result.sample.length < 50) result.sample.push(entry.key);
      }
    }
    result.removedFolders = folders.size;
    if (!dryRun && this.storage.sweepTemporary) result.temporaryFiles = await this.storage.sweepTemporary(olderThanMs);
    return result;
  }
}

/** `photos/<hex>/hr.jpg` → `photos/<hex>`; `uploads/<shoot>/<upload>` → `uploads/<shoot>`. */
function folderOf(key: string): string {
  return key.split('/').slice(0, 2).join('/');
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The daily orphan sweep of Storage: started by server.ts after listening, stopped when the app closes. */
    orphanSweep: OrphanSweep;
  }
}
