import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { normalizeEmail } from '@studio-gallery/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { type AppDependencies, buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import { type Db, createDb } from '../../src/db/create-db';
import type { UserRole } from '../../src/db/schema';
import { migrateToLatest } from '../../src/db/migrate';
import { AccountsRepository } from '../../src/modules/accounts/accounts.repository';
import { hashPassword } from '../../src/modules/accounts/password-hashing';
import { seedDatabase } from '../../src/seed';
import { createStorage } from '../../src/storage/create-storage';
import type { Storage } from '../../src/storage/storage';
import { type TestS3Server, startS3Server } from './s3-server';
import { type ReceivedMail, readOutbox, waitForMailDelivery } from './mail';

/** A clock tests can move forward (key expiry, token lifetime). */
export class TestClock {
  private offsetMs = 0;
  readonly now = (): Date => new Date(Date.now() + this.offsetMs);
  advanceHours(hours: number): void {
    this.offsetMs += hours * 3_600_000;
  }
}

/** Response bodies are checked with expect(), so tests read them loosely. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type JsonBody = any;

export interface ApiResponse<T = JsonBody> {
  status: number;
  headers: Headers;
  body: T;
}

export interface RequestOptions {
  body?: unknown;
  /** Sent as-is instead of JSON.stringify(body). */
  rawBody?: string;
  token?: string;
  contentType?: string;
  headers?: Record<string, string>;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

export interface TestApp {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  db: Db;
  clock: TestClock;
  /** The app's photo storage: DATA_DIR/media, or with TEST_STORAGE=s3 a bucket on this app's own s3rver. */
  storage: Storage;
  /**
   * The storage variables of this app (STORAGE=s3, S3_*, credentials with TEST_STORAGE=s3; none on disk):
   * a child process (the studio CLI) spreads them into its environment to use the same store.
   */
  storageEnv: Record<string, string>;
  request<T = JsonBody>(method: string, url: string, options?: RequestOptions): Promise<ApiResponse<T>>;
  /** Every mail written to the outbox folder so far, oldest first (once the mails in flight are delivered). */
  outbox(): Promise<ReceivedMail[]>;
  /** The newest outbox mail to `email` (once the mails in flight are delivered); fails when there is none. */
  lastMailTo(email: string): Promise<ReceivedMail>;
  /** An activated account, created straight in the database, and its bearer token. */
  /** A user signed in (when activated); `role` staff or admin for the studio's calls (default customer). */
  createUser(overrides?: Partial<{ email: string; password: string; firstName: string; lastName: string; activated: boolean; role: UserRole }>): Promise<TestUser>;
  signIn(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

let userCounter = 0;

export interface TestAppDependencies extends Omit<AppDependencies, 'db' | 'clock'> {
  /** Wraps the configured store (a fault switch, a counter) when no `storage` is given. */
  wrapStorage?: (storage: Storage) => Storage;
}

/**
 * Starts the whole app on a random local port with a fresh DATA_DIR, migrated and seeded, with
 * DEMO_DATA off. With TEST_DATABASE_URL set it uses PostgreSQL in a fresh schema (dropped on close);
 * otherwise a SQLite file in the temporary folder. `env.DATA_DIR` (and on PostgreSQL `env.DATABASE_SCHEMA`)
 * start it on an existing data folder (and schema) instead, e.g. a restored backup; close() removes them too.
 * With TEST_STORAGE=s3 the app keeps its files in a bucket on an s3rver of its own (support/s3-server.ts,
 * closed with the app) through STORAGE=s3: the API suite on object storage (`npm run test:api:pg:s3`).
 */
export async function startTestApp(env: Record<string, string> = {}, dependencies: TestAppDependencies = {}): Promise<TestApp> {
  const { wrapStorage, ...appDependencies } = dependencies;
  const s3: TestS3Server | null = process.env.TEST_STORAGE === 's3' && !env.STORAGE ? await startS3Server() : null;
  const storageEnv = s3?.env ?? {};
  const dataDir = env.DATA_DIR ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'sg-api-')));
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const schema = postgresUrl ? (env.DATABASE_SCHEMA ?? `test_${randomBytes(6).toString('hex')}`) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    DEMO_DATA: 'off',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    AUTH_RATE_LIMIT: '100000',
    SESSION_CODE_RATE_LIMIT: '100000',
    PUBLIC_URL: 'http://gallery.test',
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...(postgresUrl && schema ? { DATABASE_URL: postgresUrl, DATABASE_SCHEMA: schema } : {}),
    ...storageEnv,
    ...env,
  });

  const clock = new TestClock();
  const db = createDb(config.database);
  const dropEverything = async () => {
    if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.kysely);
    // pg-boss's schema of this app (jobs/pg-boss-queue.ts), after its queue stopped.
    if (schema) await sql`drop schema if exists ${sql.id(config.jobs.pgBossSchema)} cascade`.execute(db.kysely);
    await fs.rm(dataDir, { recursive: true, force: true });
    await s3?.close();
  };
  const configured = createStorage(config);
  const storage = appDependencies.storage ?? wrapStorage?.(configured) ?? configured;
  let app: FastifyInstance;
  let built: FastifyInstance | undefined;
  let address: string;
  try {
    await migrateToLatest(db);
    await seedDatabase({ db: db.kysely, storage, demoData: config.demoData, clock: clock.now });
    app = await buildApp(config, { ...appDependencies, db, storage, clock: clock.now });
    built = app;
    address = await app.listen({ port: 0, host: '127.0.0.1' });
    // Background jobs, as server.ts starts them after listening (pg-boss in its own schema per test app).
    await app.jobs.start();
  } catch (error) {
    await built?.jobs.stop();
    await dropEverything();
    await db.kysely.destroy();
    throw error;
  }

  const request: TestApp['request'] = async (method, url, options = {}) => {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      body = options.rawBody ?? JSON.stringify(options.body);
      headers['content-type'] = options.contentType ?? 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const response = await fetch(`${address}${url}`, { method, headers, body });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as JsonBody };
  };

  const signIn = async (email: string, password: string) => {
    const response = await request('POST', '/api/authenticate', { body: { username: email, password } });
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.id_token as string;
  };

  return {
    app,
    baseUrl: address,
    config,
    db,
    clock,
    storage,
    storageEnv,
    request,
    async outbox() {
      await waitForMailDelivery(db.kysely);
      return readOutbox(dataDir);
    },
    async lastMailTo(email) {
      await waitForMailDelivery(db.kysely);
      const mails = (await readOutbox(dataDir)).filter((m) => m.to.includes(normalizeEmail(email)));
      const last = mails.at(-1);
      if (!last) throw new Error(`no mail to ${email} in the outbox`);
      return last;
    },
    async createUser(overrides = {}) {
      userCounter += 1;
      const email = overrides.email ?? `user${userCounter}-${randomBytes(3).toString('hex')}@example.com`;
      const password = overrides.password ?? 'Secret123';
      const user = await new AccountsRepository(db.kysely).insertUser(
        {
          email: normalizeEmail(email),
          firstName: overrides.firstName ?? 'Test',
          lastName: overrides.lastName ?? 'User',
          passwordHash: await hashPassword(password),
          activated: overrides.activated ?? true,
        },
        clock.now(),
      );
      if (!user) throw new Error(`could not create ${email}`);
      if (overrides.role) await db.kysely.updateTable('users').set({ role: overrides.role }).where('id', '=', user.id).execute();
      const token = user.activated ? await signIn(email, password) : '';
      return { id: user.id, email: user.email, password, token };
    },
    signIn,
    async close() {
      // The jobs first: stop() waits for running handlers and ends pg-boss's connections.
      await app.jobs.stop();
      await dropEverything();
      await app.close();
    },
  };
}

/** The claims of a JWT, unverified (for assertions). */
export function decodeJwt(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
