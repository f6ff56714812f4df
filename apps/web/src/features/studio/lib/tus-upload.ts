import { SHOOT_UPLOAD_CHUNK_BYTES, type ShootFileKind } from '@studio-gallery/contract';
import { DetailedError, Upload } from 'tus-js-client';
import { env } from '../../../config/env';
import { buildApiUrl } from '../../../lib/api-url';
import { getToken } from '../../../lib/session';

/** Waits before each new try after a dropped connection: a few seconds of network trouble are survived. */
export const TUS_RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10_000, 20_000];

export interface ShootFileUpload {
  done: Promise<void>;
  abort(): void;
}

/** The server's `{ message }` of a refused upload, or what went wrong. */
function messageOf(error: Error): string {
  if (error instanceof DetailedError && error.originalResponse) {
    try {
      const body = JSON.parse(error.originalResponse.getBody()) as { message?: unknown };
      if (typeof body.message === 'string') return body.message;
    } catch {
      // not JSON
    }
  }
  return 'The upload failed. Check your connection and try again.';
}

/**
 * One file of a shoot over tus (tus-js-client): sent in chunks, retried after a dropped connection,
 * resuming from the byte the server has (HEAD, then PATCH from its Upload-Offset). The server's
 * refusals (4xx: not an image, too large) are not retried and reject with its message.
 */
export function uploadShootFile(file: File, shootId: number, kind: ShootFileKind, onProgress: (fraction: number) => void): ShootFileUpload {
  let upload: Upload | null = null;
  const done = new Promise<void>((resolve, reject) => {
    upload = new Upload(file, {
      // POST /api/studio/uploads (SHOOT_UPLOAD_PATH); the server answers each upload's URL.
      endpoint: buildApiUrl(env.apiBaseUrl, '/studio/uploads'),
      chunkSize: SHOOT_UPLOAD_CHUNK_BYTES,
      retryDelays: TUS_RETRY_DELAYS_MS,
      metadata: { shootId: String(shootId), filename: file.name, kind },
      // The token is read for each request: a long upload outlives nothing but the session itself.
      onBeforeRequest: (request) => {
        const token = getToken();
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
      },
      storeFingerprintForResuming: false,
      onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
      onSuccess: () => resolve(),
      onError: (error) => reject(new Error(messageOf(error))),
    });
    upload.start();
  });
  return {
    done,
    abort: () => void upload?.abort(true),
  };
}
