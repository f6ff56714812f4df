import fs from 'node:fs';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { MAX_SHOOT_FILE_BYTES, SHOOT_UPLOAD_PATH, shootUploadMetadata } from '@studio-gallery/contract';
import { ConflictError, DomainError, NotFoundError } from '../../errors';
import type { ShootUploadsService, UploadFolder } from './shoot-uploads.service';

/** A DomainError as tus throws errors: a status and a body (ours: the usual `{ message }`). */
function tusError(error: unknown): unknown {
  if (!(error instanceof DomainError)) return error;
  const status = error instanceof NotFoundError ? 404 : error instanceof ConflictError ? 409 : 400;
  return { status_code: status, body: JSON.stringify({ message: error.message }) };
}

/**
 * The tus server of shoot uploads (https://tus.io, @tus/server): files go to the upload folder under
 * a random id, in chunks; a dropped connection resumes from the last byte the server has (HEAD, then
 * PATCH from that offset). Creation checks the shoot named in Upload-Metadata; completion checks the
 * file by content and records it. Files over MAX_SHOOT_FILE_BYTES are refused at creation (413) from
 * their declared Upload-Length, before a byte is sent.
 */
export function createTusServer(shoots: ShootUploadsService, folder: UploadFolder): Server {
  fs.mkdirSync(folder.directory, { recursive: true });
  return new Server({
    path: SHOOT_UPLOAD_PATH,
    datastore: new FileStore({ directory: folder.directory }),
    maxSize: MAX_SHOOT_FILE_BYTES,
    relativeLocation: true,
    disableTerminationForFinishedUploads: true,
    async onUploadCreate(_request, upload) {
      try {
        const accepted = await shoots.acceptUpload(upload.metadata ?? {});
        return { metadata: { ...upload.metadata, shootId: String(accepted.shootId), filename: accepted.fileName, kind: accepted.kind } };
      } catch (error) {
        throw tusError(error);
      }
    },
    async onUploadFinish(_request, upload) {
      try {
        const metadata = shootUploadMetadata.parse(upload.metadata ?? {});
        await shoots.uploadFinished({ shootId: metadata.shootId, fileName: metadata.filename, kind: metadata.kind, uploadId: upload.id, size: upload.size ?? upload.offset });
        return {};
      } catch (error) {
        throw tusError(error);
      }
    },
    onResponseError(_request, error) {
      // tus's own refusals (size, offsets, headers) are plain text: answer them as { message } too.
      if ('status_code' in error && error.status_code < 500 && !error.body.startsWith('{')) {
        return { status_code: error.status_code, body: JSON.stringify({ message: error.body.trim() }) };
      }
      return undefined;
    },
  });
}
