// Issue 21 §2: the sign-in and session-code budgets are kept in the database (rate_budgets), so two
// instances of the app on one database together allow what one allows. Runs on SQLite and, with
// TEST_DATABASE_URL, on PostgreSQL (where the instances would be separate processes in production).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { messages } from '@studio-gallery/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { importTestShoot } from './support/gallery';
import { type ApiResponse, type TestApp, startTestApp } from './support/test-app';

const AUTH_LIMIT = 5;
const CODE_LIMIT = 4;

interface Instance {
  app: FastifyInstance;
  request(method: string, url: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>;
}

/** Another instance of `t`'s app: its own process state (plugins, caches, queues), the same database and clock. */
async function secondInstance(t: TestApp, config: Partial<Config> = {}): Promise<Instance> {
  const app = await buildApp({ ...t.config, ...config }, { db: createDb(t.config.database), clock: t.clock.now });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, request: requester(address) };
}

function requester(address: string): Instance['request'] {
  return async (method, url, body, headers = {}) => {
    const response = await fetch(`${address}${url}`, {
      method,
      headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text && (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : text };
  };
}

const wrongSignIn = { username: 'nobody@example.com', password: 'Wrong123' };

let t: TestApp;
let a: Instance;
let b: Instance;
beforeAll(async () => {
  t = await startTestApp({ AUTH_RATE_LIMIT: String(AUTH_LIMIT), SESSION_CODE_RATE_LIMIT: String(CODE_LIMIT) });
  a = { app: t.app, request: (method, url, body, headers) => t.request(method, url, body === undefined ? { headers } : { body, headers }) };
  b = await secondInstance(t);
});
afterAll(async () => {
  await b?.app.close();
  await t?.close();
});

/** Every budget starts whole again: a new window for every client. */
function nextWindow() {
  t.clock.advanceHours(1);
}

describe('budgets shared by two instances on one database', () => {
  it('allows AUTH_RATE_LIMIT sign-in attempts across both instances together: 3 on A and 3 on B, the 6th is refused, on either', async () => {
    nextWindow();
    for (let i = 0; i < 3; i++) expect((await a.request('POST', '/api/authenticate', wrongSignIn)).status).toBe(401);
    const onB = [];
    for (let i = 0; i < 3; i++) onB.push(await b.request('POST', '/api/authenticate', wrongSignIn));
    expect(onB.map((r) => r.status)).toEqual([401, 401, 429]);
    const refused = onB[2] as ApiResponse;
    expect(refused.body).toEqual({ message: messages.tooManyRequests });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('x-ratelimit-limit')).toBe(String(AUTH_LIMIT));
    expect(refused.headers.get('x-ratelimit-remaining')).toBe('0');
    // The other instance refuses too, and so does every call of the shared budget (sign-up, reset).
    expect((await a.request('POST', '/api/authenticate', wrongSignIn)).status).toBe(429);
    expect((await a.request('POST', '/api/register-galleryuser', {})).status).toBe(429);
    expect((await b.request('POST', '/api/account/reset-password/finish', { key: 'x', newPassword: 'Whatever1' })).status).toBe(429);
    // The booking calls that take an invite id or a manage token spend the same budget.
    expect((await b.request('GET', '/api/ex/invites/schedule/no-such-invite-000000000')).status).toBe(429);

    nextWindow();
    expect((await b.request('POST', '/api/authenticate', wrongSignIn)).status).toBe(401);
    expect((await a.request('GET', '/api/ex/invites/schedule/no-such-invite-000000000')).status).toBe(204);
  });

  it('lets exactly AUTH_RATE_LIMIT of a burst of parallel attempts through, split over both instances', async () => {
    nextWindow();
    const burst = await Promise.all(Array.from({ length: 24 }, (_, i) => (i % 2 === 0 ? a : b).request('POST', '/api/authenticate', wrongSignIn)));
    const statuses = burst.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(AUTH_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(24 - AUTH_LIMIT);
  });

  it('shares the budget of wrong session codes: 2 wrong codes on A and 2 on B spend it, then every code call is refused on both, a right code included', async () => {
    const owner = await t.createUser({ activated: false });
    const shoot = await importTestShoot(t, owner.email, { count: 1, name: 'Budget test' });
    nextWindow();
    const guess = (i: number) => `${'B'.repeat(40)}${String(i).padStart(4, '0')}`;
    const lookUp = (instance: Instance, code: string) => instance.request('GET', `/api/sessions/GetSessionDetailByCode/${code}`);

    // A right code spends nothing, on either instance.
    for (let i = 0; i < CODE_LIMIT * 2; i++) expect((await lookUp(i % 2 ? a : b, shoot.session.code)).status).toBe(200);
    expect((await lookUp(a, guess(1))).status).toBe(404);
    expect((await lookUp(a, guess(2))).status).toBe(404);
    expect((await lookUp(b, guess(3))).status).toBe(404);
    expect((await lookUp(b, guess(4))).status).toBe(404);
    for (const instance of [a, b]) {
      const refused = await lookUp(instance, guess(5));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: messages.tooManyRequests });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect((await lookUp(instance, shoot.session.code)).status).toBe(429);
    }

    nextWindow();
    expect((await lookUp(b, shoot.session.code)).status).toBe(200);

    // A burst of parallel guesses over both instances: exactly the budget is answered.
    nextWindow();
    const burst = await Promise.all(Array.from({ length: 20 }, (_, i) => lookUp(i % 2 ? a : b, guess(100 + i))));
    expect(burst.filter((r) => r.status === 404)).toHaveLength(CODE_LIMIT);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(20 - CODE_LIMIT);
  });

  it('counts per client address, read from X-Forwarded-For only when it comes from a trusted proxy (TRUST_PROXY)', async () => {
    nextWindow();
    // Without TRUST_PROXY the header is ignored: a client cannot pick a fresh address, and so a fresh budget.
    const spoofed = [];
    for (let i = 1; i <= AUTH_LIMIT + 1; i++) spoofed.push((await a.request('POST', '/api/authenticate', wrongSignIn, { 'x-forwarded-for': `203.0.113.${i}` })).status);
    expect(spoofed).toEqual([...Array(AUTH_LIMIT).fill(401), 429]);

    // Behind a proxy on 127.0.0.1 (TRUST_PROXY=127.0.0.1) each client has its own budget, on every instance.
    const proxied = await secondInstance(t, { trustProxy: '127.0.0.1' });
    try {
      const client = (n: number) => ({ 'x-forwarded-for': `198.51.100.${n}` });
      const first = [];
      for (let i = 0; i <= AUTH_LIMIT; i++) first.push((await proxied.request('POST', '/api/authenticate', wrongSignIn, client(7))).status);
      expect(first).toEqual([...Array(AUTH_LIMIT).fill(401), 429]);
      expect((await proxied.request('POST', '/api/authenticate', wrongSignIn, client(8))).status).toBe(401);
      // A forged entry in front of what the proxy appended changes nothing.
      expect((await proxied.request('POST', '/api/authenticate', wrongSignIn, { 'x-forwarded-for': '192.0.2.1, 198.51.100.7' })).status).toBe(429);
    } finally {
      await proxied.app.close();
    }
  });

  it('keeps one row per budget and client, and prunes the rows of ended windows', async () => {
    nextWindow();
    expect((await a.request('POST', '/api/authenticate', wrongSignIn)).status).toBe(401);
    const rows = await t.db.kysely.selectFrom('rate_budgets').selectAll().execute();
    const now = t.clock.now().toISOString();
    // The windows of the earlier tests ended: gone. The one just spent is the only current row of its budget.
    expect(rows.filter((row) => row.resets_at <= now)).toEqual([]);
    expect(rows.filter((row) => row.key.startsWith('auth:'))).toEqual([expect.objectContaining({ spent: 1 })]);
  });
});

describe('a budget that cannot be read', () => {
  let down: FastifyInstance;
  let dataDir: string;
  beforeAll(async () => {
    // PostgreSQL on a port where nothing listens: the database is down.
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-down-'));
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/down',
      DEMO_DATA: 'off',
      LOG_LEVEL: 'silent',
      PUBLIC_URL: 'http://gallery.test',
      WEB_DIST: path.join(dataDir, 'no-web-app'),
    });
    down = await buildApp(config);
  });
  afterAll(async () => {
    await down?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('answers 503 with a message: the attempt is not let through uncounted', async () => {
    const response = await down.inject({ method: 'POST', url: '/api/authenticate', payload: wrongSignIn });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ message: expect.any(String) });
    const code = await down.inject({ method: 'GET', url: `/api/sessions/GetSessionDetailByCode/${'C'.repeat(44)}` });
    expect(code.statusCode).toBe(503);
  });
});
