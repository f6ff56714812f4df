// What the Playwright config decided for this run (see playwright.config.ts), readable from specs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const e2eDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const artifactsDir = path.join(e2eDir, '.artifacts');

function required(name: 'E2E_DATA_DIR' | 'E2E_BASE_URL' | 'E2E_STRIPE_BASE_URL' | 'E2E_STRIPE_DATA_DIR' | 'E2E_STRIPE_API_URL'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through e2e/playwright.config.ts (npm run test:e2e).`);
  return value;
}

/** The server's DATA_DIR for this run (database, photos, outbox/*.eml, server.log). */
export const dataDir = (): string => required('E2E_DATA_DIR');
/** The server's origin, e.g. http://127.0.0.1:4173 (also the PUBLIC_URL used in mailed links). */
export const baseURL = (): string => required('E2E_BASE_URL');
/** The second server, in Stripe mode: its origin, data folder, and the Stripe stand-in it calls. */
export const stripeServer = () => ({
  baseURL: required('E2E_STRIPE_BASE_URL'),
  dataDir: required('E2E_STRIPE_DATA_DIR'),
  stripeApiUrl: required('E2E_STRIPE_API_URL'),
});

/** The demo customer seeded with DEMO_DATA=on. */
export const demoCustomer = { email: 'demo@studio-gallery.test', password: 'Demo1234' } as const;

/** A unique address per call, so tests (and retries, and parallel workers) never share an account. */
export function uniqueEmail(prefix = 'e2e'): string {
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
  return `${prefix}-${id}@studio-gallery.test`;
}
