import { isApiError } from './api-client';

/** Why an image binary failed to load (spec §8). */
export type ImageLoadFailure =
  | { kind: 'status'; status: number; message?: string }
  | { kind: 'no-response' }
  | { kind: 'timeout' }
  | { kind: 'unknown' };

/** Thrown by the binary fetch when its 30 s timeout aborts the request. */
export class ImageLoadTimeoutError extends Error {
  constructor() {
    super('Request Timeout');
    this.name = 'ImageLoadTimeoutError';
  }
}

/** Classifies a thrown error of the binary fetch. */
export function toImageLoadFailure(error: unknown): ImageLoadFailure {
  if (error instanceof ImageLoadTimeoutError) return { kind: 'timeout' };
  if (isApiError(error)) {
    return error.status === 0 ? { kind: 'no-response' } : { kind: 'status', status: error.status, message: error.message };
  }
  return { kind: 'unknown' };
}

/** The title of the image load failure modal (spec §8). */
export function imageLoadErrorMessage(failure: ImageLoadFailure): string {
  switch (failure.kind) {
    case 'timeout':
      return 'Request Timeout';
    case 'no-response':
      return 'Network Error';
    case 'unknown':
      return 'Image Loading Failed';
    case 'status':
      switch (failure.status) {
        case 401:
          return 'Unauthorized Access';
        case 403:
          return 'Access Denied';
        case 404:
          return 'Image Not Found';
        case 413:
          return 'File Too Large';
        case 500:
          return 'Server Error';
        default:
          return failure.message ? `Server error (${failure.status}): ${failure.message}` : 'Image Loading Failed';
      }
  }
}
