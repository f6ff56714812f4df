import { createHash, randomBytes } from 'node:crypto';

/** Activation and reset keys: 32 random bytes, sent only by mail; the database keeps their SHA-256. */
export function newOneTimeKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashOneTimeKey(key) };
}

export function hashOneTimeKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export const ACTIVATION_KEY_HOURS = 30 * 24;
export const RESET_KEY_HOURS = 24;
