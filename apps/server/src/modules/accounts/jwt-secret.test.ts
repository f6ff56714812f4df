import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from './jwt-secret';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-secret-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

describe('resolveJwtSecret', () => {
  it('prefers JWT_SECRET', () => {
    expect(resolveJwtSecret('configured-secret-configured-secret', dataDir)).toBe('configured-secret-configured-secret');
  });

  it('generates a secret readable by the owner only on first run, and reuses it', () => {
    const dir = path.join(dataDir, 'fresh');
    const first = resolveJwtSecret(null, dir);
    expect(first).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
    expect(resolveJwtSecret(null, dir)).toBe(first);
  });
});
