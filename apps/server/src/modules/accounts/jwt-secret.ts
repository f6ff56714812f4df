import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The token signing secret: JWT_SECRET when given, else 48 random bytes generated into
 * DATA_DIR/jwt-secret on first run (readable by the owner only) and reused afterwards.
 */
export function resolveJwtSecret(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'jwt-secret');
  const existing = readSecret(file);
  if (existing) return existing;

  fs.mkdirSync(dataDir, { recursive: true });
  try {
    fs.writeFileSync(file, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process starting at the same moment wrote it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const created = readSecret(file);
  if (!created) throw new Error(`Could not read the generated JWT secret in ${file}`);
  return created;
}

function readSecret(file: string): string | null {
  try {
    const value = fs.readFileSync(file, 'utf8').trim();
    return value.length >= 32 ? value : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
