import { messages } from '@studio-gallery/contract';
import { notifications } from '@mantine/notifications';
import type { z } from 'zod';
import { env } from '../config/env';
import { apiHeaders, buildApiUrl, type ApiQuery } from './api-url';
import { takeEarlyResponse, type EarlyRequestName } from './early-response';
import { clearStoredState, getToken } from './session';

/**
 * What a call answers: the output type of the contract's schema for that response. The server sends
 * every answer through that very schema (each route's response schema, spec §7), so the app reads it
 * as that type instead of parsing it a second time: zod (about 20 KB compressed) then stays off the
 * gallery's first screen. What people type and what is read back from local storage is still parsed.
 */
export type Answer<Schema extends z.ZodType> = z.output<Schema>;

/** A failed call: the HTTP status (0 when there was no response) and the server's `{ message }`. */
export class ApiError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * Failures outside 400–500 (5xx, no response, anything odd) get the one generic toast from the
 * client; screens should not toast them again.
 */
export function isUnexpectedFailure(status: number): boolean {
  return status < 400 || status >= 500;
}

/** The error's message when the server sent one for a 4xx, else the given fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (isApiError(error) && !isUnexpectedFailure(error.status) && error.message) return error.message;
  return fallback;
}

let onUnauthorized: () => void = () => {
  window.location.assign('/login');
};

/** The app decides where a signed-out user goes (the router's navigate, once it exists). */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

export const UNEXPECTED_ERROR_TOAST_ID = 'unexpected-error';

function showUnexpectedError() {
  notifications.show({
    id: UNEXPECTED_ERROR_TOAST_ID,
    color: 'red',
    title: 'Something went wrong',
    message: messages.unexpectedError,
  });
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON (a string body is sent as a JSON string). */
  body?: unknown;
  /** Overrides the JSON content type (the reset-password call uses application/json-patch+json). */
  contentType?: string;
  query?: ApiQuery;
  /** Extra request headers (the gallery's session-code header for visitors). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * When false, a 401 is just an error for the caller (sign-in calls: wrong password). When true
   * (default), a 401 on a call made with a token ends the session and goes to the login screen.
   */
  redirectOnUnauthorized?: boolean;
  /** 'blob' answers a successful response's bytes (image binaries); errors are still read as JSON. */
  responseType?: 'json' | 'blob';
  /**
   * A GET that index.html's preload script may already have sent under this name
   * (src/lib/early-response.ts): adopt its response when it is this very request.
   */
  adoptEarlyResponse?: EarlyRequestName;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

/**
 * Calls the API: JSON in and out, `Authorization: Bearer <token>` when signed in. Throws ApiError
 * with the server's `{ message }` on failure.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, contentType, query, signal, redirectOnUnauthorized = true, responseType = 'json' } = options;
  const token = getToken();
  const headers = apiHeaders(token, options.headers, body === undefined ? undefined : (contentType ?? 'application/json'));
  const url = buildApiUrl(env.apiBaseUrl, path, query);
  const early = options.adoptEarlyResponse && method === 'GET' ? takeEarlyResponse(options.adoptEarlyResponse, url, headers) : undefined;

  let response: Response;
  try {
    response = await (early ??
      fetch(url, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      }));
  } catch (error) {
    if (signal?.aborted) throw error;
    showUnexpectedError();
    throw new ApiError(0, messages.unexpectedError);
  }

  if (response.ok && responseType === 'blob') return (await response.blob()) as T;
  const data = await readBody(response);
  if (response.ok) return data as T;

  const serverMessage = typeof data === 'object' && data !== null && 'message' in data ? data.message : undefined;
  const message = typeof serverMessage === 'string' ? serverMessage : response.statusText || messages.unexpectedError;
  if (isUnexpectedFailure(response.status)) {
    showUnexpectedError();
  } else if (response.status === 401 && token && redirectOnUnauthorized) {
    clearStoredState();
    onUnauthorized();
  }
  throw new ApiError(response.status, message);
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
};
