import { z } from 'zod';
import { studioEmail, studioPageQuery } from './studio';

/**
 * Shoots uploaded from the studio's browser (issue 15 §3): the studio opens an upload for a customer
 * (POST /api/studio/shoots), sends the files with the tus protocol to /api/studio/uploads (resumable
 * after a dropped connection), then starts the import (POST /api/studio/shoots/{id}/import), which runs
 * as a background job — the same import as `npm run studio -- import` — whose progress the page shows.
 */

/** Where tus uploads go (creation: POST; each upload: HEAD, PATCH, DELETE on /api/studio/uploads/{uploadId}). */
export const SHOOT_UPLOAD_PATH = '/api/studio/uploads';
/** The largest file a shoot may hold (a 100 MP TIFF fits; a 24 MP JPEG is ~8 MB). */
export const MAX_SHOOT_FILE_BYTES = 200 * 1024 * 1024;
/** Files per shoot upload. */
export const MAX_SHOOT_FILES = 2000;
/** How big each PATCH of a tus upload is: a dropped connection loses at most this much. */
export const SHOOT_UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;

export const SHOOT_FILE_KINDS = ['photo', 'retouched'] as const;
export type ShootFileKind = (typeof SHOOT_FILE_KINDS)[number];

/** The tus Upload-Metadata keys each upload carries. */
export const shootUploadMetadata = z.object({
  shootId: z.coerce.number().int().positive(),
  filename: z.string().trim().min(1).max(255),
  kind: z.enum(SHOOT_FILE_KINDS).default('photo'),
});
export type ShootUploadMetadata = z.input<typeof shootUploadMetadata>;

export const createShootRequest = z.object({
  email: studioEmail,
  firstName: z.string().trim().max(100).default(''),
  lastName: z.string().trim().max(100).default(''),
  sessionName: z.string().trim().min(1, 'Give the session a name').max(200),
  // An empty date field means none (today for a new session).
  sessionDate: z
    .preprocess((value) => (value === '' ? null : value), z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date as YYYY-MM-DD').nullable())
    .default(null),
  invite: z.boolean().default(true).describe('Mail the customer an invitation when their account is not activated yet'),
});
export type CreateShootRequest = z.input<typeof createShootRequest>;
export type CreateShoot = z.output<typeof createShootRequest>;

export const SHOOT_STATUSES = ['uploading', 'queued', 'importing', 'done', 'failed'] as const;
export type ShootStatus = (typeof SHOOT_STATUSES)[number];

export const shootUpload = z
  .object({
    id: z.number(),
    status: z.enum(SHOOT_STATUSES).describe('uploading: files may be sent; queued/importing: the import job; done or failed'),
    customerEmail: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    sessionName: z.string(),
    sessionDate: z.string().nullable(),
    invite: z.boolean(),
    uploadedFiles: z.number().describe('Files fully uploaded'),
    uploadedBytes: z.number(),
    totalFiles: z.number().describe('Files the import takes (set when it starts)'),
    processed: z.number().describe('Files the import has finished'),
    imported: z.number(),
    duplicates: z.number(),
    retouchesAttached: z.number(),
    unreadable: z.number(),
    failed: z.number(),
    error: z.string().nullable(),
    sessionId: z.number().nullable(),
    customerUserId: z.number().nullable(),
    createdAt: z.string(),
    finishedAt: z.string().nullable(),
    problems: z.array(z.object({ fileName: z.string(), outcome: z.string(), reason: z.string().nullable() })).describe('Files skipped or failed, with why'),
  })
  .register(z.globalRegistry, { id: 'ShootUpload', description: 'A shoot uploaded from the browser and its import' });
export type ShootUpload = z.infer<typeof shootUpload>;

export const shootUploadsQuery = studioPageQuery;
export const shootUploadsResponse = z
  .object({ items: z.array(shootUpload), total: z.number(), page: z.number(), pageSize: z.number() })
  .register(z.globalRegistry, { id: 'ShootUploadsPage' });
export type ShootUploadsResponse = z.infer<typeof shootUploadsResponse>;

/** Whether a shoot's import has finished (the page stops asking). */
export function shootFinished(status: ShootStatus): boolean {
  return status === 'done' || status === 'failed';
}
