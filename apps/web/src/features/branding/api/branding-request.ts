import type { ApiQuery } from '../../../lib/api-url';

/**
 * GET /corporate-clients?baseUrl.equals={host}: the host's studio (or the default). Shared by the API
 * call (get-branding.ts) and index.html's preload script, which starts it early
 * (src/app/preload-gallery.ts).
 */
export function brandingRequest(host: string): { path: string; query: ApiQuery } {
  return { path: '/corporate-clients', query: { 'baseUrl.equals': host } };
}
