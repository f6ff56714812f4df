import type { Kysely } from 'kysely';
import type { Database, ShootUploadFileRow, ShootUploadRow, ShootUploadStatus } from '../../db/schema';
import { inTransaction } from '../../db/transaction';

/** What the uploads of a shoot hold: files finished, and uploads in flight with their declared bytes. */
export interface UploadCounts {
  files: number;
  inFlight: number;
  inFlightBytes: number;
}

export interface NewShootUpload {
  customerEmail: string;
  firstName: string;
  lastName: string;
  sessionName: string;
  sessionDate: string | null;
  invite: boolean;
  createdBy: number | null;
}

export interface ImportCounts {
  processed: number;
  imported: number;
  duplicates: number;
  retouchesAttached: number;
  unreadable: number;
  failedFiles: number;
}

/** The SQL of shoots uploaded from the browser (issue 15 §3). */
export class ShootUploadsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Runs `work` in one transaction, with this repository bound to it and the transaction itself (for
   * a job sent with `{ within: trx }`): all of it is committed, or none.
   */
  inTransaction<T>(work: (repository: ShootUploadsRepository, trx: Kysely<Database>) => Promise<T>): Promise<T> {
    return inTransaction(this.db, (trx) => work(new ShootUploadsRepository(trx), trx));
  }

  create(input: NewShootUpload, now: Date): Promise<ShootUploadRow> {
    const at = now.toISOString();
    return this.db
      .insertInto('shoot_uploads')
      .values({
        customer_email: input.customerEmail,
        first_name: input.firstName,
        last_name: input.lastName,
        session_name: input.sessionName,
        session_date: input.sessionDate,
        invite: input.invite ? 1 : 0,
        created_by: input.createdBy,
        error: null,
        session_id: null,
        customer_user_id: null,
        created_at: at,
        updated_at: at,
        finished_at: null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async find(id: number): Promise<ShootUploadRow | null> {
    return (await this.db.selectFrom('shoot_uploads').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async page(page: number, pageSize: number): Promise<{ rows: ShootUploadRow[]; total: number }> {
    const total = await this.db
      .selectFrom('shoot_uploads')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .executeTakeFirstOrThrow();
    const rows = await this.db
      .selectFrom('shoot_uploads')
      .selectAll()
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { rows, total: Number(total.n) };
  }

  /**
   * Records a finished upload once (a retried finish of the same upload id adds nothing) and frees its
   * reservation, in one transaction.
   */
  async addFile(
    file: { shootId: number; uploadId: string; fileName: string; kind: 'photo' | 'retouched'; size: number; storageKey: string | null },
    now: Date,
  ): Promise<void> {
    await inTransaction(this.db, async (trx) => {
      await trx
        .insertInto('shoot_upload_files')
        .values({
          shoot_upload_id: file.shootId,
          upload_id: file.uploadId,
          file_name: file.fileName,
          kind: file.kind,
          size: file.size,
          outcome: null,
          reason: null,
          created_at: now.toISOString(),
          storage_key: file.storageKey,
        })
        .onConflict((oc) => oc.column('upload_id').doNothing())
        .execute();
      await trx.deleteFrom('shoot_upload_reservations').where('upload_id', '=', file.uploadId).execute();
    });
  }

  /** The recorded file of a tus upload, or null while it is unfinished (or unknown). */
  async fileByUploadId(uploadId: string): Promise<ShootUploadFileRow | null> {
    return (await this.db.selectFrom('shoot_upload_files').selectAll().where('upload_id', '=', uploadId).executeTakeFirst()) ?? null;
  }

  /** Files finished and uploads in flight of a shoot, and the bytes in flight of every shoot together. */
  async uploadCounts(shootId: number): Promise<UploadCounts & { allInFlightBytes: number }> {
    const files = await this.db
      .selectFrom('shoot_upload_files')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('shoot_upload_id', '=', shootId)
      .executeTakeFirstOrThrow();
    const mine = await this.db
      .selectFrom('shoot_upload_reservations')
      .select((eb) => [eb.fn.countAll<string | number>().as('n'), eb.fn.sum<string | number | null>('size').as('bytes')])
      .where('shoot_upload_id', '=', shootId)
      .executeTakeFirstOrThrow();
    const all = await this.db
      .selectFrom('shoot_upload_reservations')
      .select((eb) => eb.fn.sum<string | number | null>('size').as('bytes'))
      .executeTakeFirstOrThrow();
    return { files: Number(files.n), inFlight: Number(mine.n), inFlightBytes: Number(mine.bytes ?? 0), allInFlightBytes: Number(all.bytes ?? 0) };
  }

  /** An upload created and not finished yet, with its declared length. */
  async reserve(reservation: { uploadId: string; shootId: number; size: number }, now: Date): Promise<void> {
    await this.db
      .insertInto('shoot_upload_reservations')
      .values({ upload_id: reservation.uploadId, shoot_upload_id: reservation.shootId, size: reservation.size, created_at: now.toISOString() })
      .onConflict((oc) => oc.column('upload_id').doNothing())
      .execute();
  }

  async release(uploadId: string): Promise<void> {
    await this.db.deleteFrom('shoot_upload_reservations').where('upload_id', '=', uploadId).execute();
  }

  /** Reservations created before `before` (uploads abandoned, or their instance gone): deleted; how many. */
  async expireReservations(before: Date): Promise<number> {
    const result = await this.db.deleteFrom('shoot_upload_reservations').where('created_at', '<', before.toISOString()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Shoots queued or importing whose row has not changed since `before`: candidates of a lost import job. */
  stalledImports(before: Date): Promise<ShootUploadRow[]> {
    return this.db
      .selectFrom('shoot_uploads')
      .selectAll()
      .where('status', 'in', ['queued', 'importing'])
      .where('updated_at', '<', before.toISOString())
      .orderBy('id')
      .execute();
  }

  files(shootId: number): Promise<ShootUploadFileRow[]> {
    return this.db.selectFrom('shoot_upload_files').selectAll().where('shoot_upload_id', '=', shootId).orderBy('id').execute();
  }

  /** Files uploaded and their bytes, per shoot. */
  async uploadedTotals(shootIds: number[]): Promise<Map<number, { files: number; bytes: number }>> {
    if (shootIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('shoot_upload_files')
      .select((eb) => ['shoot_upload_id', eb.fn.countAll<string | number>().as('files'), eb.fn.sum<string | number>('size').as('bytes')])
      .where('shoot_upload_id', 'in', shootIds)
      .groupBy('shoot_upload_id')
      .execute();
    return new Map(rows.map((row) => [row.shoot_upload_id, { files: Number(row.files), bytes: Number(row.bytes ?? 0) }]));
  }

  /** Files skipped or failed by the import. */
  problems(shootIds: number[]): Promise<ShootUploadFileRow[]> {
    if (shootIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('shoot_upload_files')
      .selectAll()
      .where('shoot_upload_id', 'in', shootIds)
      .where('outcome', 'in', ['unreadable', 'failed', 'unmatched'])
      .orderBy('id')
      .execute();
  }

  /** Moves the shoot from one of `from` to `to`; false when it was in another state. */
  async transition(id: number, from: readonly ShootUploadStatus[], to: ShootUploadStatus, now: Date, extra: { error?: string | null; finished?: boolean } = {}): Promise<boolean> {
    const result = await this.db
      .updateTable('shoot_uploads')
      .set({
        status: to,
        updated_at: now.toISOString(),
        ...(extra.error !== undefined ? { error: extra.error } : {}),
        ...(extra.finished ? { finished_at: now.toISOString() } : {}),
      })
      .where('id', '=', id)
      .where('status', 'in', [...from])
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async startImport(id: number, totalFiles: number, now: Date): Promise<void> {
    await this.db
      .updateTable('shoot_uploads')
      .set({ status: 'importing', total_files: totalFiles, processed: 0, imported: 0, duplicates: 0, retouches_attached: 0, unreadable: 0, failed_files: 0, error: null, updated_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async progress(id: number, counts: ImportCounts, now: Date): Promise<void> {
    await this.db
      .updateTable('shoot_uploads')
      .set({
        processed: counts.processed,
        imported: counts.imported,
        duplicates: counts.duplicates,
        retouches_attached: counts.retouchesAttached,
        unreadable: counts.unreadable,
        failed_files: counts.failedFiles,
        updated_at: now.toISOString(),
      })
      .where('id', '=', id)
      .execute();
  }

  async finish(id: number, result: { sessionId: number; customerUserId: number }, now: Date): Promise<void> {
    await this.db
      .updateTable('shoot_uploads')
      .set({ status: 'done', session_id: result.sessionId, customer_user_id: result.customerUserId, updated_at: now.toISOString(), finished_at: now.toISOString() })
      .where('id', '=', id)
      .execute();
  }

  async setFileOutcome(fileId: number, outcome: string, reason: string | null): Promise<void> {
    await this.db.updateTable('shoot_upload_files').set({ outcome, reason }).where('id', '=', fileId).execute();
  }
}
