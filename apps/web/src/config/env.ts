import { apiBaseUrl } from '../lib/api-url';

/**
 * Build-time configuration, validated once at boot. Every value has a default that works when the
 * app is served by apps/server (same origin, API under /api). Checked by hand rather than with zod:
 * this runs at start-up, and zod is not part of the start-up code (see Answer in lib/api-client.ts).
 */
const DEFAULTS = {
  /** Base of every API path. */
  VITE_API_BASE_URL: '/api',
  /** Google Identity Services script, loaded only when the server offers Google sign-in. */
  VITE_GOOGLE_GSI_URL: 'https://accounts.google.com/gsi/client',
};

function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

export function readEnv(source: Record<string, unknown>) {
  const value = (name: keyof typeof DEFAULTS) => {
    const given = source[name];
    return typeof given === 'string' && given !== '' ? given : DEFAULTS[name];
  };
  const base = value('VITE_API_BASE_URL');
  const gsi = value('VITE_GOOGLE_GSI_URL');
  const problems = [
    /^(\/|https?:\/\/)/.test(base) ? null : 'VITE_API_BASE_URL: VITE_API_BASE_URL must be a path starting with / or an http(s) URL',
    isHttpUrl(gsi) ? null : 'VITE_GOOGLE_GSI_URL: Invalid URL',
  ].filter((problem) => problem !== null);
  if (problems.length > 0) throw new Error(`Invalid web app configuration: ${problems.join('; ')}`);
  return { apiBaseUrl: apiBaseUrl(base), googleGsiUrl: gsi };
}

export const env = readEnv(import.meta.env as Record<string, unknown>);
