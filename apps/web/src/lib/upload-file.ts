import { messages } from '@studio-gallery/contract';
import { env } from '../config/env';
import { ApiError } from './api-client';
import { apiHeaders, buildApiUrl, type ApiQuery } from './api-url';
import { getToken } from './session';

export interface UploadFileOptions {
  method?: 'PUT' | 'POST';
  query?: ApiQuery;
  /** Called as bytes leave the browser: the fraction sent, 0..1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends a file's bytes as the request body (its own content type, or application/octet-stream) with
 * upload progress, which fetch cannot report; answers the JSON response or throws ApiError with the
 * server's `{ message }` (status 0 when the connection failed).
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadFileOptions = {}): Promise<T> {
  const { method = 'PUT', query, onProgress, signal } = options;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, buildApiUrl(env.apiBaseUrl, path, query));
    for (const [name, value] of Object.entries(apiHeaders(getToken(), undefined, file.type || 'application/octet-stream'))) request.setRequestHeader(name, value);
    request.responseType = 'text';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(data as T);
        return;
      }
      const serverMessage = typeof data === 'object' && data !== null && 'message' in data ? (data as { message: unknown }).message : undefined;
      reject(new ApiError(request.status, typeof serverMessage === 'string' ? serverMessage : messages.unexpectedError));
    };
    request.onerror = () => reject(new ApiError(0, 'The upload was interrupted. Check your connection and try again.'));
    request.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) {
        request.abort();
        return;
      }
      signal.addEventListener('abort', () => request.abort(), { once: true });
    }
    request.send(file);
  });
}
