/**
 * How an API call's URL and headers are made: the API client's rules, kept free of the app's other
 * code so index.html's preload script (src/app/preload-gallery.ts) can send a request the client then
 * adopts (src/lib/early-response.ts).
 */
export type ApiQuery = Record<string, string | number | boolean | undefined | null>;

/** The API's base from VITE_API_BASE_URL (default `/api`), without its trailing slash. */
export function apiBaseUrl(configured: string | undefined): string {
  return (configured ?? '/api').replace(/\/$/, '');
}

export function buildApiUrl(base: string, path: string, query?: ApiQuery): string {
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/** JSON in and out, `Authorization: Bearer <token>` when signed in. */
export function apiHeaders(token: string | null, extra?: Record<string, string>, contentType?: string): Record<string, string> {
  const headers: Record<string, string> = { ...extra, Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (contentType) headers['Content-Type'] = contentType;
  return headers;
}
