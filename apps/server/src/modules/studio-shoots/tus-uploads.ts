import type { IncomingMessage, ServerResponse } from 'node:http';
import { Server } from '@tus/server';
import { MAX_SHOOT_FILE_BYTES, SHOOT_UPLOAD_PATH, messages } from '@studio-gallery/contract';
import type { FastifyBaseLogger } from 'fastify';
import { ConflictError, DomainError, NotFoundError, PayloadTooLargeError } from '../../errors';
import { resourceFailure } from '../../resource-errors';
import type { ShootUploadsService } from './shoot-uploads.service';
import type { UploadSpool } from './upload-spool';

/** An error as tus throws them: a status and a body (ours: the usual `{ message }`). */
interface TusError {
  status_code: number;
  body: string;
}

function isTusError(error: unknown): error is TusError {
  return typeof error === 'object' && error !== null && typeof (error as TusError).status_code === 'number' && typeof (error as TusError).body === 'string';
}

/**
 * Any failure as a tus answer with a `{ message }` body: domain refusals with their status, a full disk
 * 507 and a busy database 503 with their one message, tus's own plain-text refusals as JSON; any other
 * 5xx as "An unexpected error occurred.", logged with its cause. Never a raw error text.
 */
function toTusAnswer(error: unknown, log: FastifyBaseLogger | undefined, context: Record<string, unknown>): TusError {
  const json = (status: number, message: string): TusError => ({ status_code: status, body: JSON.stringify({ message }) });
  // Answered already (a hook's refusal, mapped here before tus passes it on).
  if (isTusError(error) && error.body.startsWith('{')) return error;
  if (error instanceof DomainError) {
    const status = error instanceof NotFoundError ? 404 : error instanceof ConflictError ? 409 : error instanceof PayloadTooLargeError ? 413 : 400;
    return json(status, error.message);
  }
  const resource = resourceFailure(error);
  if (resource) {
    log?.error({ err: error, ...context }, `shoot upload failed: ${resource.cause}`);
    return json(resource.status, resource.message);
  }
  if (isTusError(error) && error.status_code < 500) return json(error.status_code, error.body.trim());
  log?.error({ err: error, ...context }, 'shoot upload failed');
  return json(500, messages.unexpectedError);
}

/** How the routes hand a tus request over (routes/api/studio-shoots.ts). */
export interface ShootUploadsTus {
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

const UPLOAD_URL = new RegExp(`^${SHOOT_UPLOAD_PATH}/([A-Za-z0-9_-]{1,128})/?(?:\\?.*)?$`);

/**
 * The tus server of shoot uploads (https://tus.io, @tus/server): files go to the upload spool
 * (UploadSpool: the instance's folder on disk, or the object store with STORAGE=s3) under a random
 * id, in chunks; a dropped connection resumes from the last byte the server has
 * (HEAD, then PATCH from that offset). Creation checks the shoot named in Upload-Metadata and reserves
 * the declared length against the budgets; completion checks the file by content, moves it into
 * Storage and records it, before answering. Files over MAX_SHOOT_FILE_BYTES are refused at creation
 * (413) from their declared Upload-Length, before a byte is sent.
 *
 * In front of tus: an upload already recorded answers HEAD (and a last empty PATCH) as complete from
 * its row, on any instance, though its spool files are gone; an upload complete in this spool without
 * a row (its finish was cut short by a crash or a busy database) is recorded on HEAD before answering,
 * so tus-js-client's resume never takes a complete-looking upload for a recorded one.
 */
export function createTusServer(shoots: ShootUploadsService, spool: UploadSpool, log?: FastifyBaseLogger): ShootUploadsTus {
  const tus = new Server({
    path: SHOOT_UPLOAD_PATH,
    datastore: spool.createStore((id) => shoots.uploadGone(id)),
    maxSize: MAX_SHOOT_FILE_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(_request, upload) {
      try {
        const accepted = await shoots.acceptUpload(upload.metadata ?? {}, { id: upload.id, size: upload.size ?? null });
        return { metadata: { ...upload.metadata, shootId: String(accepted.shootId), filename: accepted.fileName, kind: accepted.kind } };
      } catch (error) {
        throw toTusAnswer(error, log, { uploadId: upload.id });
      }
    },
    async onUploadFinish(_request, upload) {
      try {
        await shoots.finishUpload({ uploadId: upload.id, metadata: upload.metadata ?? {}, size: upload.size ?? upload.offset });
        return {};
      } catch (error) {
        throw toTusAnswer(error, log, { uploadId: upload.id });
      }
    },
    onResponseError(_request, error) {
      return toTusAnswer(error, log, {});
    },
  });

  const answer = (response: ServerResponse, status: number, headers: Record<string, string>, body = '') => {
    response.writeHead(status, { 'Tus-Resumable': '1.0.0', 'Cache-Control': 'no-store', ...headers, ...(body ? { 'Content-Type': 'application/json; charset=utf-8' } : {}) });
    response.end(body);
  };

  return {
    async handle(request, response) {
      const uploadId = UPLOAD_URL.exec(request.url ?? '')?.[1];
      if (uploadId && (request.method === 'HEAD' || request.method === 'PATCH')) {
        try {
          const recorded = await shoots.recordedUpload(uploadId);
          let size = recorded ? Number(recorded.size) : null;
          if (size === null && request.method === 'HEAD') size = await shoots.finishSpooled(uploadId);
          if (size !== null) {
            if (recorded?.storage_key) void spool.remove(uploadId).catch(() => undefined);
            const complete = { 'Upload-Offset': String(size), 'Upload-Length': String(size) };
            if (request.method === 'HEAD') return answer(response, 200, complete);
            if (Number(request.headers['upload-offset']) === size) return answer(response, 204, { 'Upload-Offset': String(size) });
            return answer(response, 409, {}, JSON.stringify({ message: 'This upload is already complete.' }));
          }
        } catch (error) {
          const failure = toTusAnswer(error, log, { uploadId });
          return answer(response, failure.status_code, {}, request.method === 'HEAD' ? '' : failure.body);
        }
      }
      await tus.handle(request, response);
    },
  };
}
