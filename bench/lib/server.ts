// Starts the real server as `npm start` runs it on a free port with its own data folder, and stops it
// afterwards. Benchmarks measure the server as customers meet it, not an in-process copy: by default
// the esbuild bundle (apps/server/scripts/build.mjs → apps/server/dist/server.js, built once per
// process) on plain node with source maps, as `npm start` does; `runtime: 'tsx'` (or BENCH_SERVER=tsx)
// runs apps/server/src/server.ts under tsx's loader instead, as `npm run dev` does without the watcher.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { freePort } from '../../apps/server/test/support/free-port';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface RunningServer {
  url: string;
  dataDir: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}/api/health within ${timeoutMs} ms`);
}

export interface StartOptions {
  /** Extra node flags, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/x'] (written when the server exits). */
  nodeArgs?: string[];
  /** How long to wait for /api/health (start-up with demo data imports photos); default 60 s. */
  startupTimeoutMs?: number;
  /** 'bundle' (default, as `npm start`) or 'tsx' (the sources under tsx's loader); BENCH_SERVER sets the default. */
  runtime?: ServerRuntime;
  /** Another checkout whose already built bundle runs instead (bench/lib/baseline-checkout.ts). */
  root?: string;
}

export type ServerRuntime = 'bundle' | 'tsx';

export function defaultRuntime(): ServerRuntime {
  const wanted = process.env.BENCH_SERVER ?? 'bundle';
  if (wanted !== 'bundle' && wanted !== 'tsx') throw new Error('BENCH_SERVER must be bundle or tsx');
  return wanted;
}

let bundleBuilt: Promise<unknown> | undefined;

/** The node arguments that start the server: the bundle (built by `npm start`'s own script) or the sources with tsx. */
async function serverArgs(runtime: ServerRuntime): Promise<string[]> {
  if (runtime === 'tsx') return ['--import', 'tsx', 'apps/server/src/server.ts'];
  bundleBuilt ??= promisify(execFile)(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot });
  await bundleBuilt;
  return ['--enable-source-maps', 'apps/server/dist/server.js'];
}

export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-'));
  const url = `http://127.0.0.1:${port}`;
  // node itself (not npm, nor the tsx CLI, which run the server in a child): the child's pid is the
  // server's, so benchmarks can read its memory from /proc.
  const args = options.root ? ['--enable-source-maps', 'apps/server/dist/server.js'] : await serverArgs(options.runtime ?? defaultRuntime());
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...args], {
    cwd: options.root ?? repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(url, child, options.startupTimeoutMs ?? 60_000);
  return {
    url,
    dataDir,
    process: child,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      // A data folder made here is removed with the server; one passed in belongs to the caller.
      if (env.DATA_DIR === undefined) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
