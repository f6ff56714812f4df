// `npm start` runs the esbuild bundle (apps/server/scripts/build.mjs → apps/server/dist/server.js)
// on plain node, not the TypeScript sources: this builds it the same way, starts it as its own
// process and checks that it serves the API, its documentation and the web app, and stops cleanly.
// It always runs on SQLite in a fresh data folder: the bundle is what is under test, not the database.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './support/free-port';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '..', '..');
const webIndex = path.join(repoRoot, 'apps', 'web', 'dist', 'index.html');

let server: ChildProcess;
let url: string;
let dataDir: string;
let stderr = '';

async function waitForHealth(): Promise<void> {
  for (let tries = 0; tries < 200; tries++) {
    if (server.exitCode !== null) throw new Error(`the bundled server exited with code ${server.exitCode}:\n${stderr}`);
    const up = await fetch(`${url}/api/health`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the bundled server did not answer /api/health:\n${stderr}`);
}

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(serverRoot, 'scripts', 'build.mjs')], { cwd: serverRoot });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bundle-'));
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  delete env.WEB_DIST;
  // Started from a folder other than the repository's: paths must come from the bundle's own location.
  server = spawn(process.execPath, ['--enable-source-maps', path.join(serverRoot, 'dist', 'server.js')], {
    cwd: os.tmpdir(),
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  await waitForHealth();
});

afterAll(async () => {
  if (server && server.exitCode === null) server.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the bundled server (npm start)', () => {
  it('serves the API and its OpenAPI document with the repository version', async () => {
    const health = await fetch(`${url}/api/health`);
    expect(health.status).toBe(200);
    const docs = await fetch(`${url}/api/docs/json`);
    expect(docs.status).toBe(200);
    const document = (await docs.json()) as { openapi: string; info: { version: string } };
    const rootPackage = JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(document.openapi).toMatch(/^3\./);
    expect(document.info.version).toBe(rootPackage.version);
  });

  it.skipIf(!fs.existsSync(webIndex))('serves the built web app at /', async () => {
    const page = await fetch(`${url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toBe(fs.readFileSync(webIndex, 'utf8'));
  });

  it('stops with exit code 0 on SIGTERM', async () => {
    const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
