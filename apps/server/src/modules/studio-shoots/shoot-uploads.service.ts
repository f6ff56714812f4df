import { buffer } from 'node:stream/consumers';
import {
  type CreateShoot,
  MAX_SHOOT_FILES,
  type ShootUpload,
  type ShootUploadsResponse,
  shootUploadMetadata,
} from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import { crashPoint } from '../../crash-points';
import type { ShootUploadFileRow, ShootUploadRow } from '../../db/schema';
import { ConflictError, DomainError, NotFoundError, PayloadTooLargeError, ValidationError } from '../../errors';
import type { JobQueue } from '../../jobs';
import { ImageTooLargeError, UnreadableImageError } from '../../media/renditions';
import { InsufficientStorageError, STORAGE_FULL_MESSAGE, isStorageFull } from '../../resource-errors';
import type { Storage } from '../../storage/storage';
import type { ImportOutcome, ImportSource } from '../gallery/photo-import.service';
import { photoNameOf } from '../gallery/photo-import.service';
import type { ShootImport, ShootImportResult } from '../gallery/shoot-import.service';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { ImportCounts, ShootUploadsRepository } from './shoot-uploads.repository';
import { UploadFolder, type UploadSpool } from './upload-spool';

export { UploadFolder, type UploadSpool };

export interface ShootImporter {
  importShoot(input: ShootImport): Promise<ShootImportResult>;
}

/** What a tus upload says it is, once checked against the shoot it names. */
export interface AcceptedUpload {
  shootId: number;
  fileName: string;
  kind: 'photo' | 'retouched';
}

/** The limits of uploads in flight (config `uploads`: UPLOAD_EXPIRY_HOURS, UPLOAD_BUDGET_BYTES, UPLOAD_SHOOT_BUDGET_BYTES). */
export type UploadLimits = Config['uploads'];

/** What one sweep of the shoot uploads did (ShootUploadsSweep logs it). */
export interface ShootUploadsSweepResult {
  /** Uploads whose bytes were complete with no row: recorded now. */
  recovered: number;
  /** Unfinished uploads past UPLOAD_EXPIRY_HOURS: deleted (bytes and tus record). */
  expired: number;
  /** Spool files of uploads already recorded (moved to Storage): deleted. */
  cleaned: number;
  /** Reservations older than the expiry (their instance is gone): deleted. */
  reservationsExpired: number;
  /** Shoots `queued` whose import job was missing: queued again. */
  requeued: number;
  /** Shoots `importing` whose job gave up (its runs kept dying): marked failed, to be started again. */
  stalled: number;
}

/** A shoot `queued` or `importing` with no job for this long is looked at by the sweep. */
const STALLED_AFTER_MS = 2 * 60_000;
/** A spool file without its tus record (a creation cut short) is deleted after this long. */
const HALF_CREATED_AFTER_MS = 60 * 60_000;

/** The Storage key of a finished upload's bytes. */
export function uploadStorageKey(shootId: number, uploadId: string): string {
  return `uploads/${shootId}/${uploadId}`;
}

/** The job that imports a shoot, keyed by the shoot: at most one waits at a time. */
function importJobKey(shootId: number): string {
  return `shoot-${shootId}`;
}

/**
 * Shoots uploaded from the browser (issue 15 §3): the studio opens an upload for a customer, the
 * files arrive over tus (resumable), each is checked by content when it completes, and the import —
 * ShootImportService, the CLI's own — runs as the `shoot-import` job, recording its progress per file
 * so the page can show it live. A shoot of 500 photos of 8 MB never sits in memory: each file is read
 * from Storage when the import reaches it, two at a time.
 *
 * Nothing lost when the server dies (issue 25):
 * - An upload finishes or says so: its bytes go to Storage, then its row is written, and only then is
 *   the completion acknowledged; a failure answers an error and leaves the upload complete-able (a
 *   HEAD or PATCH finishes it). An upload whose bytes are complete but which has no row (a crash in
 *   between) becomes a row on HEAD, on the sweep at start-up and every minute after.
 * - startImport writes the shoot's `queued` and its job in one transaction.
 * - The sweep queues again a `queued` shoot whose job is missing, and fails an `importing` one whose
 *   job gave up, so none waits for ever.
 * - Bytes in flight are reserved against a per-shoot and a global budget, and unfinished uploads
 *   expire (issue 21 §5).
 */
export class ShootUploadsService {
  /** Finishes in progress on this instance, by upload id (a HEAD during the last PATCH waits for it). */
  private readonly finishing = new Map<string, Promise<number>>();

  constructor(
    private readonly shoots: ShootUploadsRepository,
    private readonly importer: ShootImporter,
    private readonly uploads: UploadSpool,
    private readonly storage: Storage,
    private readonly jobs: Pick<JobQueue, 'send' | 'pending'>,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
    private readonly limits: UploadLimits,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async create(actor: ActivityActor, input: CreateShoot): Promise<ShootUpload> {
    const row = await this.shoots.create(
      { customerEmail: input.email, firstName: input.firstName, lastName: input.lastName, sessionName: input.sessionName, sessionDate: input.sessionDate, invite: input.invite, createdBy: actor?.id ?? null },
      this.clock(),
    );
    await this.activity.recordActivity(actor, 'shoot.create', input.email, { shootId: row.id, sessionName: input.sessionName }, this.clock());
    return this.toShoot(row);
  }

  async get(id: number): Promise<ShootUpload> {
    const row = await this.shoots.find(id);
    if (!row) throw new NotFoundError('This shoot upload does not exist.');
    return this.toShoot(row);
  }

  async page(page: number, pageSize: number): Promise<ShootUploadsResponse> {
    const { rows, total } = await this.shoots.page(page, pageSize);
    const totals = await this.shoots.uploadedTotals(rows.map((row) => row.id));
    const problems = await this.shoots.problems(rows.map((row) => row.id));
    return { items: rows.map((row) => this.shape(row, totals.get(row.id), problems.filter((p) => p.shoot_upload_id === row.id))), total, page, pageSize };
  }

  /**
   * tus creation (onUploadCreate): the metadata names a shoot still taking files, and the declared
   * length fits the shoot's cap of files, the per-shoot and global budgets of bytes in flight, and the
   * disk's free space. The upload is then reserved (its bytes count as in flight until it finishes,
   * is deleted or expires).
   */
  async acceptUpload(metadata: Record<string, string | null | undefined>, upload: { id: string; size: number | null }): Promise<AcceptedUpload> {
    const parsed = shootUploadMetadata.safeParse(metadata);
    if (!parsed.success) throw new ValidationError('Each upload needs its shoot and file name (Upload-Metadata shootId, filename).');
    const { shootId, filename, kind } = parsed.data;
    if (/[\\/\0]/.test(filename)) throw new ValidationError('The file name must not contain a folder.');
    if (upload.size === null) throw new ValidationError('Each upload must say its length (Upload-Length).');
    const shoot = await this.shoots.find(shootId);
    if (!shoot) throw new NotFoundError('This shoot upload does not exist.');
    if (shoot.status !== 'uploading') throw new ConflictError('This shoot is already imported: start a new upload to add photos.');

    const counts = await this.shoots.uploadCounts(shootId);
    if (counts.files + counts.inFlight >= MAX_SHOOT_FILES) throw new ValidationError(`A shoot upload takes at most ${MAX_SHOOT_FILES} files.`);
    if (counts.inFlightBytes + upload.size > this.limits.shootBudgetBytes) {
      throw new PayloadTooLargeError(
        `This shoot already has ${megabytes(counts.inFlightBytes)} of uploads in progress (at most ${megabytes(this.limits.shootBudgetBytes)} at once): let them finish before adding more.`,
      );
    }
    if (counts.allInFlightBytes + upload.size > this.limits.budgetBytes) {
      throw new InsufficientStorageError("Too many uploads are in progress on the studio's storage: nothing was saved. Try again when they have finished.");
    }
    const free = await this.uploads.freeBytes();
    if (free !== null && free < upload.size) {
      this.log?.error({ free, declared: upload.size, uploadId: upload.id }, 'shoot upload refused: storage full (not enough free space for its Upload-Length)');
      throw new InsufficientStorageError(STORAGE_FULL_MESSAGE);
    }
    await this.shoots.reserve({ uploadId: upload.id, shootId, size: upload.size }, this.clock());
    return { shootId, fileName: filename, kind };
  }

  /** An upload gone before it finished (its creation failed after acceptUpload, or its client deleted it): its reservation goes. */
  async uploadGone(uploadId: string): Promise<void> {
    await this.shoots.release(uploadId);
  }

  /** The recorded file of an upload (it is complete, whichever instance took it), or null. */
  recordedUpload(uploadId: string): Promise<ShootUploadFileRow | null> {
    return this.shoots.fileByUploadId(uploadId);
  }

  /**
   * tus completion (onUploadFinish) and its recovery (HEAD, the sweep): the file must be an image we
   * import (by content, from its header), else it is deleted and refused. Its bytes are moved into
   * Storage, then its row is written (with its reservation freed), then its spool files (this
   * instance's, or `tus/<id>/` in the object store) are deleted. Recorded once per upload id; a failure leaves the upload complete in the
   * spool, to be finished again. The recorded size.
   */
  finishUpload(upload: { uploadId: string; metadata: Record<string, string | null | undefined>; size: number }): Promise<number> {
    let finish = this.finishing.get(upload.uploadId);
    if (!finish) {
      finish = this.finish(upload).finally(() => this.finishing.delete(upload.uploadId));
      this.finishing.set(upload.uploadId, finish);
    }
    return finish;
  }

  private async finish(upload: { uploadId: string; metadata: Record<string, string | null | undefined>; size: number }): Promise<number> {
    const recorded = await this.shoots.fileByUploadId(upload.uploadId);
    if (recorded) {
      if (recorded.storage_key !== null) await this.uploads.remove(upload.uploadId);
      return Number(recorded.size);
    }
    const parsed = shootUploadMetadata.safeParse(upload.metadata);
    if (!parsed.success) {
      await this.dropUpload(upload.uploadId);
      throw new ValidationError('Each upload needs its shoot and file name (Upload-Metadata shootId, filename).');
    }
    const { shootId, filename: fileName, kind } = parsed.data;
    try {
      await this.uploads.inspect(upload.uploadId);
    } catch (error) {
      // Refused by content: deleted. (Any other failure, e.g. the store unavailable, leaves it to be finished again.)
      if (error instanceof ImageTooLargeError || error instanceof UnreadableImageError) await this.dropUpload(upload.uploadId);
      if (error instanceof ImageTooLargeError) throw new ValidationError(`“${fileName}” has more than 100 megapixels.`, { cause: error });
      if (error instanceof UnreadableImageError) throw new ValidationError(`“${fileName}” is not a JPEG, PNG, WebP or TIFF image.`, { cause: error });
      throw error;
    }
    const storageKey = uploadStorageKey(shootId, upload.uploadId);
    await this.storage.put(storageKey, await this.uploads.read(upload.uploadId));
    // A crash here leaves the bytes complete (in the spool and in Storage) with no row: HEAD and the sweep record it.
    crashPoint('upload-finished-before-row');
    await this.shoots.addFile({ shootId, uploadId: upload.uploadId, fileName, kind, size: upload.size, storageKey }, this.clock());
    // Recorded: the spool copy goes (should that fail, the sweep removes it later; the upload is done either way).
    await this.uploads.remove(upload.uploadId).catch((error: unknown) => this.log?.warn({ err: error, uploadId: upload.uploadId }, 'shoot upload: could not delete its spool files'));
    return upload.size;
  }

  private async dropUpload(uploadId: string): Promise<void> {
    await this.uploads.remove(uploadId);
    await this.shoots.release(uploadId);
  }

  /**
   * An upload of the spool (this instance's folder, or the object store's, which every instance sees)
   * whose bytes are all there but which has no row (its finish was cut short): finished now. Its size, or null when it is not complete here.
   */
  async finishSpooled(uploadId: string): Promise<number | null> {
    const spooled = await this.uploads.info(uploadId);
    if (!spooled || spooled.size === null || spooled.offset !== spooled.size) return null;
    return this.finishUpload({ uploadId, metadata: spooled.metadata, size: spooled.size });
  }

  /**
   * Queues the import job of an uploaded shoot (again after a failure): the shoot's `queued` and its
   * job are written in one transaction, so a crash or a failed job write leaves the shoot as it was.
   */
  async startImport(actor: ActivityActor, id: number): Promise<ShootUpload> {
    const row = await this.shoots.find(id);
    if (!row) throw new NotFoundError('This shoot upload does not exist.');
    // Uploads of this shoot complete on this instance but not recorded (a finish cut short) go in first.
    await this.recoverSpool(this.clock(), id);
    const files = await this.shoots.files(id);
    if (!files.some((file) => file.kind === 'photo')) throw new ValidationError('Upload at least one photo before importing.');
    await this.shoots.inTransaction(async (shoots, trx) => {
      if (!(await shoots.transition(id, ['uploading', 'failed'], 'queued', this.clock(), { error: null }))) {
        throw new ConflictError(row.status === 'done' ? 'This shoot is already imported.' : 'This shoot is already being imported.');
      }
      crashPoint('start-import-after-status');
      await this.jobs.send('shoot-import', { shootId: id }, { singletonKey: importJobKey(id), within: trx });
    });
    await this.activity.recordActivity(actor, 'shoot.import', row.customer_email, { shootId: id, files: files.length, sessionName: row.session_name }, this.clock());
    return this.get(id);
  }

  /** The `shoot-import` job: idempotent (photos already imported are duplicates the second time). */
  async runImport(shootId: number): Promise<void> {
    const shoot = await this.shoots.find(shootId);
    if (!shoot || shoot.status === 'done') return;
    const files = await this.shoots.files(shootId);
    const photos = files.filter((file) => file.kind === 'photo');
    const retouched = files.filter((file) => file.kind === 'retouched');
    await this.shoots.startImport(shootId, photos.length, this.clock());

    const counts: ImportCounts = { processed: 0, imported: 0, duplicates: 0, retouchesAttached: 0, unreadable: 0, failedFiles: 0 };
    const byName = new Map(photos.map((file) => [file.file_name, file]));
    // Progress is written in order, one write at a time, while the import goes on.
    let writes = Promise.resolve();
    const onProgress = (_done: number, _total: number, outcome: ImportOutcome) => {
      counts.processed += 1;
      if (outcome.status === 'imported') counts.imported += 1;
      else if (outcome.status === 'duplicate') counts.duplicates += 1;
      else if (outcome.status === 'retouch-attached') counts.retouchesAttached += 1;
      else if (outcome.status === 'unreadable') counts.unreadable += 1;
      else counts.failedFiles += 1;
      const snapshot = { ...counts };
      const file = byName.get(outcome.fileName);
      writes = writes.then(async () => {
        await this.shoots.progress(shootId, snapshot, this.clock());
        if (file) await this.shoots.setFileOutcome(file.id, outcome.status, outcome.reason ?? null);
        // The crash suite kills the import here, after its n-th photo is recorded (window 2 of issue 25).
        crashPoint('shoot-import-after-photo');
      });
    };

    try {
      const result = await this.importer.importShoot({
        email: shoot.customer_email,
        firstName: shoot.first_name || undefined,
        lastName: shoot.last_name || undefined,
        sessionName: shoot.session_name,
        sessionDate: shoot.session_date,
        photos: photos.map((file) => this.source(file)),
        retouched: retouched.map((file) => this.source(file)),
        invite: shoot.invite === 1,
        onProgress,
      });
      await writes;
      // A full disk is no verdict on the photos: the import fails (retried, or started again once there is
      // space) and keeps every upload, rather than finishing without them.
      const full = result.outcomes.filter((outcome) => outcome.status === 'failed' && isStorageFull(outcome.reason ?? ''));
      if (full.length > 0) {
        throw new InsufficientStorageError(`The studio's storage is full: ${full.length} of ${photos.length} photos could not be imported. Free some space, then start the import again.`);
      }
      const photoNames = new Set(photos.map((file) => photoNameOf(file.file_name).toLowerCase()));
      for (const file of retouched) {
        if (!photoNames.has(photoNameOf(file.file_name).toLowerCase())) await this.shoots.setFileOutcome(file.id, 'unmatched', 'no photo of this name in the shoot');
      }
      await this.shoots.finish(shootId, { sessionId: result.session.id, customerUserId: result.customer.id }, this.clock());
    } catch (error) {
      await writes.catch(() => undefined);
      await this.shoots.transition(shootId, ['importing'], 'failed', this.clock(), { error: error instanceof Error ? error.message : String(error), finished: true });
      throw error;
    }
    // The bytes are in the gallery now; the uploads go (a crash before leaves them to the orphan sweep).
    for (const file of files) {
      if (file.storage_key !== null) await this.storage.delete(file.storage_key);
      else await this.uploads.remove(file.upload_id);
    }
  }

  /**
   * The minute's sweep (ShootUploadsSweep; also at start-up): uploads of this instance's spool that
   * are complete without a row are recorded, unfinished ones past UPLOAD_EXPIRY_HOURS deleted with
   * their reservations; a `queued` shoot without its job gets it again, an `importing` one whose job
   * gave up is marked failed.
   */
  async sweep(now = this.clock()): Promise<ShootUploadsSweepResult> {
    const result: ShootUploadsSweepResult = { recovered: 0, expired: 0, cleaned: 0, reservationsExpired: 0, requeued: 0, stalled: 0 };
    Object.assign(result, await this.recoverSpool(now));
    result.reservationsExpired = await this.shoots.expireReservations(new Date(now.getTime() - this.limits.expiryHours * 3_600_000));
    const stalled = await this.shoots.stalledImports(new Date(now.getTime() - STALLED_AFTER_MS));
    for (const shoot of stalled) {
      if (await this.jobs.pending('shoot-import', importJobKey(shoot.id))) continue;
      if (shoot.status === 'queued') {
        await this.jobs.send('shoot-import', { shootId: shoot.id }, { singletonKey: importJobKey(shoot.id) });
        this.log?.warn({ shootId: shoot.id }, 'shoot import: the shoot was queued without its job; queued it again');
        result.requeued += 1;
      } else {
        const message = 'The import stopped before the end (its server went away too often). Start it again.';
        if (await this.shoots.transition(shoot.id, ['importing'], 'failed', now, { error: message, finished: true })) {
          this.log?.warn({ shootId: shoot.id }, 'shoot import: its job gave up while the shoot was importing; marked failed');
          result.stalled += 1;
        }
      }
    }
    return result;
  }

  /** The spool's uploads (all, or one shoot's): complete ones recorded, expired ones deleted. */
  private async recoverSpool(now: Date, onlyShoot?: number): Promise<Pick<ShootUploadsSweepResult, 'recovered' | 'expired' | 'cleaned'>> {
    const counts = { recovered: 0, expired: 0, cleaned: 0 };
    const expiredBefore = now.getTime() - this.limits.expiryHours * 3_600_000;
    for (const { id, modifiedAt } of await this.uploads.list()) {
      if (this.finishing.has(id)) continue;
      const spooled = await this.uploads.info(id);
      if (onlyShoot !== undefined && Number(spooled?.metadata.shootId) !== onlyShoot) continue;
      try {
        const recorded = await this.shoots.fileByUploadId(id);
        if (recorded) {
          // Moved into Storage already: what is left here is a copy. (A file from before the move lives here: kept.)
          if (recorded.storage_key !== null) {
            await this.uploads.remove(id);
            counts.cleaned += 1;
          }
        } else if (!spooled) {
          // Bytes without a record, or a record without bytes: a creation cut short.
          if (modifiedAt.getTime() < now.getTime() - HALF_CREATED_AFTER_MS) {
            await this.dropUpload(id);
            counts.expired += 1;
          }
        } else if (spooled.size !== null && spooled.offset === spooled.size) {
          await this.finishUpload({ uploadId: id, metadata: spooled.metadata, size: spooled.size });
          this.log?.info({ uploadId: id, shootId: spooled.metadata.shootId }, 'shoot upload: complete without its row; recorded');
          counts.recovered += 1;
        } else if (spooled.createdAt.getTime() < expiredBefore) {
          await this.dropUpload(id);
          counts.expired += 1;
        }
      } catch (error) {
        if (error instanceof DomainError) continue; // refused (not an image, …): already deleted
        if (isMissingShoot(error)) {
          await this.dropUpload(id);
          continue;
        }
        if (onlyShoot !== undefined) throw error;
        this.log?.error({ err: error, uploadId: id }, 'shoot upload sweep: could not settle an upload; the next sweep tries again');
      }
    }
    return counts;
  }

  private source(file: ShootUploadFileRow): ImportSource {
    const key = file.storage_key;
    if (key === null) return { fileName: file.file_name, read: async () => buffer(await this.uploads.read(file.upload_id)) };
    return {
      fileName: file.file_name,
      read: async () => {
        const stored = await this.storage.getStream(key);
        if (!stored) throw new Error(`the upload of “${file.file_name}” is missing from storage (${key})`);
        return buffer(stored.stream);
      },
    };
  }

  private async toShoot(row: ShootUploadRow): Promise<ShootUpload> {
    const totals = await this.shoots.uploadedTotals([row.id]);
    return this.shape(row, totals.get(row.id), await this.shoots.problems([row.id]));
  }

  private shape(row: ShootUploadRow, totals: { files: number; bytes: number } | undefined, problems: ShootUploadFileRow[]): ShootUpload {
    return {
      id: row.id,
      status: row.status,
      customerEmail: row.customer_email,
      firstName: row.first_name,
      lastName: row.last_name,
      sessionName: row.session_name,
      sessionDate: row.session_date,
      invite: row.invite === 1,
      uploadedFiles: totals?.files ?? 0,
      uploadedBytes: totals?.bytes ?? 0,
      totalFiles: Number(row.total_files),
      processed: Number(row.processed),
      imported: Number(row.imported),
      duplicates: Number(row.duplicates),
      retouchesAttached: Number(row.retouches_attached),
      unreadable: Number(row.unreadable),
      failed: Number(row.failed_files),
      error: row.error,
      sessionId: row.session_id,
      customerUserId: row.customer_user_id,
      createdAt: row.created_at,
      finishedAt: row.finished_at,
      problems: problems.map((file) => ({ fileName: file.file_name, outcome: file.outcome ?? 'failed', reason: file.reason })),
    };
  }
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / 1024 / 1024)} MB`;
}

/** The shoot an upload names was deleted (a foreign key refused its row). */
function isMissingShoot(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}
