import fs from 'node:fs/promises';
import path from 'node:path';
import {
  type CreateShoot,
  MAX_SHOOT_FILES,
  type ShootUpload,
  type ShootUploadsResponse,
  shootUploadMetadata,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import type { ShootUploadFileRow, ShootUploadRow } from '../../db/schema';
import { ConflictError, NotFoundError, ValidationError } from '../../errors';
import type { JobQueue } from '../../jobs';
import { ImageTooLargeError, UnreadableImageError, inspectSourceFile } from '../../media/renditions';
import type { ImportOutcome, ImportSource } from '../gallery/photo-import.service';
import { photoNameOf } from '../gallery/photo-import.service';
import type { ShootImport, ShootImportResult } from '../gallery/shoot-import.service';
import type { ActivityActor, ActivityRepository } from '../studio/activity.repository';
import type { ImportCounts, ShootUploadsRepository } from './shoot-uploads.repository';

/** The folder tus writes uploads into: `<id>` holds the bytes, `<id>.json` tus's own metadata. */
export class UploadFolder {
  constructor(readonly directory: string) {}

  pathOf(uploadId: string): string {
    if (!/^[A-Za-z0-9_-]{1,128}$/.test(uploadId)) throw new Error(`bad upload id ${uploadId}`);
    return path.join(this.directory, uploadId);
  }

  async remove(uploadId: string): Promise<void> {
    const file = this.pathOf(uploadId);
    await Promise.all([fs.rm(file, { force: true }), fs.rm(`${file}.json`, { force: true })]);
  }
}

export interface ShootImporter {
  importShoot(input: ShootImport): Promise<ShootImportResult>;
}

/** What a tus upload says it is, once checked against the shoot it names. */
export interface AcceptedUpload {
  shootId: number;
  fileName: string;
  kind: 'photo' | 'retouched';
}

/**
 * Shoots uploaded from the browser (issue 15 §3): the studio opens an upload for a customer, the
 * files arrive over tus (resumable), each is checked by content when it completes, and the import —
 * ShootImportService, the CLI's own — runs as the `shoot-import` job, recording its progress per file
 * so the page can show it live. A shoot of 500 photos of 8 MB never sits in memory: each file is read
 * from disk when the import reaches it, two at a time.
 */
export class ShootUploadsService {
  constructor(
    private readonly shoots: ShootUploadsRepository,
    private readonly importer: ShootImporter,
    private readonly uploads: UploadFolder,
    private readonly jobs: Pick<JobQueue, 'send'>,
    private readonly activity: ActivityRepository,
    private readonly clock: Clock,
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

  /** tus creation (onUploadCreate): the metadata names a shoot still taking files. */
  async acceptUpload(metadata: Record<string, string | null | undefined>): Promise<AcceptedUpload> {
    const parsed = shootUploadMetadata.safeParse(metadata);
    if (!parsed.success) throw new ValidationError('Each upload needs its shoot and file name (Upload-Metadata shootId, filename).');
    const { shootId, filename, kind } = parsed.data;
    if (/[\\/\0]/.test(filename)) throw new ValidationError('The file name must not contain a folder.');
    const shoot = await this.shoots.find(shootId);
    if (!shoot) throw new NotFoundError('This shoot upload does not exist.');
    if (shoot.status !== 'uploading') throw new ConflictError('This shoot is already imported: start a new upload to add photos.');
    const uploaded = (await this.shoots.uploadedTotals([shootId])).get(shootId)?.files ?? 0;
    if (uploaded >= MAX_SHOOT_FILES) throw new ValidationError(`A shoot upload takes at most ${MAX_SHOOT_FILES} files.`);
    return { shootId, fileName: filename, kind };
  }

  /**
   * tus completion (onUploadFinish): the file must be an image we import (by content, from its
   * header); otherwise it is deleted and refused. Recorded once per upload id.
   */
  async uploadFinished(upload: AcceptedUpload & { uploadId: string; size: number }): Promise<void> {
    try {
      await inspectSourceFile(this.uploads.pathOf(upload.uploadId));
    } catch (error) {
      await this.uploads.remove(upload.uploadId);
      if (error instanceof ImageTooLargeError) throw new ValidationError(`“${upload.fileName}” has more than 100 megapixels.`, { cause: error });
      if (error instanceof UnreadableImageError) throw new ValidationError(`“${upload.fileName}” is not a JPEG, PNG, WebP or TIFF image.`, { cause: error });
      throw error;
    }
    await this.shoots.addFile({ shootId: upload.shootId, uploadId: upload.uploadId, fileName: upload.fileName, kind: upload.kind, size: upload.size }, this.clock());
  }

  /** Queues the import job of an uploaded shoot (again after a failure). */
  async startImport(actor: ActivityActor, id: number): Promise<ShootUpload> {
    const row = await this.shoots.find(id);
    if (!row) throw new NotFoundError('This shoot upload does not exist.');
    const files = await this.shoots.files(id);
    if (!files.some((file) => file.kind === 'photo')) throw new ValidationError('Upload at least one photo before importing.');
    if (!(await this.shoots.transition(id, ['uploading', 'failed'], 'queued', this.clock(), { error: null }))) {
      throw new ConflictError(row.status === 'done' ? 'This shoot is already imported.' : 'This shoot is already being imported.');
    }
    await this.jobs.send('shoot-import', { shootId: id }, { singletonKey: `shoot-${id}` });
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
    // The bytes are in the gallery now; the spool goes.
    for (const file of files) await this.uploads.remove(file.upload_id);
  }

  private source(file: ShootUploadFileRow): ImportSource {
    return { fileName: file.file_name, read: () => fs.readFile(this.uploads.pathOf(file.upload_id)) };
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
