/**
 * The crash suite's harness (`npm run test:crash`, issue 25): the real server as a child process
 * (the bundle global-setup.ts builds, as `npm start` runs it) on a temporary DATA_DIR, killed with
 * SIGKILL at a named point (CRASH_AT, src/crash-points.ts) and started again on the same data, plus
 * small clients of the API and of tus to drive it. Reusable by every window: start a server, drive
 * it until it dies, restart it, check what held.
 *
 *   const run = await CrashRun.create();                 // a data folder (and a PostgreSQL schema with TEST_DATABASE_URL)
 *   const first = await run.start({ CRASH_AT: 'upload-finished-before-row:3' });
 *   const staff = await run.staff(first);                // a staff account, signed in
 *   …drive first until `await first.died()`…
 *   const second = await run.start();                    // same data, no crash point
 *   …check…
 *   await run.close();                                   // kills what is left, drops the data
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizeEmail } from '@studio-gallery/contract';
import { sql } from 'kysely';
import { loadConfig } from '../src/config';
import { type Db, createDb } from '../src/db/create-db';
import { AccountsRepository } from '../src/modules/accounts/accounts.repository';
import { hashPassword } from '../src/modules/accounts/password-hashing';
import { freePort } from '../test/support/free-port';

export const crashDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(crashDir, '..', '..', '..');
/** Built by global-setup.ts beside `npm start`'s dist/server.js (same folder depth, so the app finds the repository root). */
export const crashBundle = path.join(repoRoot, 'apps', 'server', 'dist', 'crash-server.js');

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


/** A JSON answer of the API. */
export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  text: string;
  headers: Headers;
}

/** One run of the server process on the run's data. */
export class ServerProcess {
  private readonly exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(
    readonly child: ChildProcess,
    readonly baseUrl: string,
    private readonly logFile: string,
  ) {
    this.exit = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  }

  get alive(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Resolves when the process has ended: how. */
  died(timeoutMs = 60_000): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return Promise.race([
      this.exit,
      sleep(timeoutMs).then(() => {
        throw new Error(`the server did not die within ${timeoutMs / 1000} s`);
      }),
    ]);
  }

  /** SIGKILL now (when it is still running) and wait for the end. */
  async kill(): Promise<void> {
    if (this.alive) this.child.kill('SIGKILL');
    await this.exit;
  }

  /** SIGTERM (graceful close) and wait. */
  async stop(): Promise<void> {
    if (this.alive) this.child.kill('SIGTERM');
    await Promise.race([this.exit, sleep(30_000).then(() => this.kill())]);
  }

  /** What the process wrote so far (stdout and stderr, JSON log lines). */
  log(): string {
    try {
      return fs.readFileSync(this.logFile, 'utf8');
    } catch {
      return '';
    }
  }

  async request(method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${this.baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await response.text();
    return { status: response.status, body: text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text, text, headers: response.headers };
  }
}

/**
 * A data folder (and, with TEST_DATABASE_URL, a PostgreSQL schema of its own) that server processes
 * start on one after another, as a machine restarting after a crash.
 */
export class CrashRun {
  private readonly processes: ServerProcess[] = [];
  private db: Db | null = null;
  private runs = 0;

  private constructor(
    readonly dataDir: string,
    readonly env: Record<string, string>,
  ) {}

  static async create(env: Record<string, string> = {}): Promise<CrashRun> {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'sg-crash-'));
    const postgres = process.env.TEST_DATABASE_URL;
    const database: Record<string, string> = postgres ? { DATABASE_URL: postgres, DATABASE_SCHEMA: `crash_${randomBytes(5).toString('hex')}` } : {};
    return new CrashRun(dataDir, { ...database, ...env });
  }

  /** The environment every process of this run gets (a crash point is added per start). */
  private baseEnv(port: number): Record<string, string> {
    return {
      DATA_DIR: this.dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      WEB_DIST: path.join(this.dataDir, 'no-web-app'),
      DEMO_DATA: 'off',
      LOG_LEVEL: 'info',
      AUTH_RATE_LIMIT: '100000',
      SESSION_CODE_RATE_LIMIT: '100000',
      JOBS_POLL_INTERVAL_MS: '200',
      ...this.env,
    };
  }

  /** Starts the server on this run's data (extra variables such as CRASH_AT) and waits until it answers. */
  async start(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ServerProcess> {
    const port = await freePort();
    this.runs += 1;
    const logFile = path.join(this.dataDir, `server-${this.runs}.log`);
    const out = fs.openSync(logFile, 'a');
    const childEnv: Record<string, string | undefined> = { ...process.env, ...this.baseEnv(port), ...env };
    delete childEnv.NODE_ENV; // crash points are off in production
    if (!env.CRASH_AT) delete childEnv.CRASH_AT;
    const child = spawn(process.execPath, ['--enable-source-maps', crashBundle], { cwd: repoRoot, env: childEnv, stdio: ['ignore', out, out] });
    fs.closeSync(out);
    const server = new ServerProcess(child, `http://127.0.0.1:${port}`, logFile);
    this.processes.push(server);
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (!server.alive) throw new Error(`the server exited while starting:\n${server.log().slice(-4000)}`);
      try {
        const health = await fetch(`${server.baseUrl}/api/health`);
        if (health.ok) return server;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`the server did not answer within ${timeoutMs / 1000} s:\n${server.log().slice(-4000)}`);
      await sleep(150);
    }
  }

  /** The run's database, as the server sees it (for checks and for making accounts). */
  database(): Db {
    if (!this.db) {
      const config = loadConfig({ ...this.baseEnv(1) }, { cwd: repoRoot });
      this.db = createDb(config.database);
    }
    return this.db;
  }

  /** A staff account made in the database (the server has migrated it), signed in on `server`: its token. */
  async staff(server: ServerProcess, role: 'staff' | 'admin' = 'staff'): Promise<string> {
    const email = `crash-${role}-${randomBytes(3).toString('hex')}@example.com`;
    const password = 'Crash-test-1';
    const accounts = new AccountsRepository(this.database().kysely);
    const user = await accounts.insertUser({ email: normalizeEmail(email), firstName: 'Crash', lastName: 'Tester', passwordHash: await hashPassword(password), activated: true }, new Date());
    if (!user) throw new Error('could not make the staff account');
    await this.database().kysely.updateTable('users').set({ role }).where('id', '=', user.id).execute();
    const signedIn = await server.request('POST', '/api/authenticate', { body: { username: email, password } });
    if (signedIn.status !== 200) throw new Error(`sign-in failed: ${signedIn.status} ${signedIn.text}`);
    return signedIn.body.id_token as string;
  }

  /** Kills every process still running, drops the PostgreSQL schemas and the data folder. */
  async close(): Promise<void> {
    for (const server of this.processes) await server.kill();
    const schema = this.env.DATABASE_SCHEMA;
    const db = schema ? this.database() : this.db;
    if (db && schema) {
      for (const name of [schema, `${schema.slice(0, 43)}_pgboss`]) await sql`drop schema if exists ${sql.id(name)} cascade`.execute(db.kysely).catch(() => undefined);
    }
    await db?.kysely.destroy();
    await fsp.rm(this.dataDir, { recursive: true, force: true });
  }
}

/** The tus protocol spoken by hand, as tus-js-client does it (creation, PATCH from the offset, HEAD to resume). */
export class TusClient {
  constructor(
    private readonly baseUrl: () => string,
    private readonly token: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { 'tus-resumable': '1.0.0', authorization: `Bearer ${this.token}`, ...extra };
  }

  async create(length: number, metadata: Record<string, string | number>): Promise<{ status: number; location: string | null; text: string }> {
    const encoded = Object.entries(metadata)
      .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
      .join(',');
    const response = await fetch(`${this.baseUrl()}/api/studio/uploads`, { method: 'POST', headers: this.headers({ 'upload-length': String(length), 'upload-metadata': encoded }) });
    return { status: response.status, location: response.headers.get('location'), text: await response.text() };
  }

  async patch(location: string, offset: number, chunk: Buffer): Promise<{ status: number; offset: number; text: string }> {
    const response = await fetch(new URL(location, this.baseUrl()), {
      method: 'PATCH',
      headers: this.headers({ 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }),
      body: new Uint8Array(chunk),
    });
    return { status: response.status, offset: Number(response.headers.get('upload-offset')), text: await response.text() };
  }

  async head(location: string): Promise<{ status: number; offset: number; length: number }> {
    const response = await fetch(new URL(location, this.baseUrl()), { method: 'HEAD', headers: this.headers() });
    return { status: response.status, offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) };
  }

  /** A whole file: created, then sent in one PATCH. Throws when the connection dies (the server was killed). */
  async upload(shootId: number, fileName: string, bytes: Buffer): Promise<{ location: string; status: number; text: string }> {
    const created = await this.create(bytes.length, { shootId, filename: fileName, kind: 'photo' });
    if (created.status !== 201 || !created.location) throw new Error(`creation of ${fileName} answered ${created.status}: ${created.text}`);
    const sent = await this.patch(created.location, 0, bytes);
    return { location: created.location, status: sent.status, text: sent.text };
  }
}

/** Waits until `check` answers a value (not undefined), polling; throws with `what` after `timeoutMs`. */
export async function waitUntil<T>(what: string, check: () => Promise<T | undefined>, timeoutMs: number, intervalMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** A small JPEG whose content depends on `seed` (different seeds, different photos: no duplicates). */
export async function testJpeg(seed: number, size = { width: 600, height: 900 }, options: { noise?: boolean } = {}): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  const background = { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 };
  // Noise makes a big file of a small picture (a camera's JPEG is megabytes).
  const noise = options.noise ? { noise: { type: 'gaussian' as const, mean: 128 + (seed % 50), sigma: 40 } } : {};
  return sharp({ create: { width: size.width, height: size.height, channels: 3, background, ...noise } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** Opens a shoot upload for a new customer: its id. */
export async function newShoot(server: ServerProcess, token: string, sessionName: string): Promise<number> {
  const created = await server.request('POST', '/api/studio/shoots', {
    token,
    body: { email: `${sessionName.toLowerCase().replace(/\W+/g, '.')}@example.com`, sessionName, invite: false },
  });
  if (created.status !== 201) throw new Error(`could not open the shoot: ${created.status} ${created.text}`);
  return created.body.id as number;
}

/** The shoot once its import is done or failed (polling its page), within `timeoutMs`. */
export function importFinished(server: () => ServerProcess, token: string, shootId: number, timeoutMs: number): Promise<Answer['body']> {
  return waitUntil(
    `the import of shoot ${shootId}`,
    async () => {
      const shoot = await server().request('GET', `/api/studio/shoots/${shootId}`, { token });
      return shoot.body.status === 'done' || shoot.body.status === 'failed' ? shoot.body : undefined;
    },
    timeoutMs,
  );
}

/** One line of the campaign's report: what was tried, what held. */
export function report(window: string, tried: string, held: string[]): void {
  console.log(`[crash] ${window}\n  tried: ${tried}\n${held.map((line) => `  held: ${line}`).join('\n')}`);
}
