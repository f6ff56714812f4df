import { z } from 'zod';
import { apiBaseUrl } from '../lib/api-url';

/**
 * Build-time configuration, validated once at boot. Every value has a default that works when the
 * app is served by apps/server (same origin, API under /api).
 */
const envSchema = z.object({
  /** Base of every API path. */
  VITE_API_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'VITE_API_BASE_URL must be a path starting with / or an http(s) URL')
    .default('/api'),
  /** Google Identity Services script, loaded only when the server offers Google sign-in. */
  VITE_GOOGLE_GSI_URL: z.url().default('https://accounts.google.com/gsi/client'),
});

function readEnv() {
  const parsed = envSchema.safeParse(import.meta.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid web app configuration: ${problems}`);
  }
  return {
    apiBaseUrl: apiBaseUrl(parsed.data.VITE_API_BASE_URL),
    googleGsiUrl: parsed.data.VITE_GOOGLE_GSI_URL,
  };
}

export const env = readEnv();
