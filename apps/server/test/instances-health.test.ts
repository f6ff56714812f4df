import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { BACKEND_UNAVAILABLE_MESSAGE } from '../src/plugins/backend-unavailable';
import { ForwardingStorage } from '../src/storage/forwarding-storage';
import type { StoredEntry } from '../src/storage/storage';
import { type TestApp, startTestApp } from './support/test-app';

/**
 * What the proxy in front of several instances relies on (docs/operations.md "Deployment: many
 * instances"): each answer names its instance (INSTANCE_ID → x-instance), readiness fails while the
 * database cannot be reached, and a call that needs an unreachable database answers 503 with a message,
 * never 500. The cluster test and its fault campaign (apps/server/cluster/) do the same on a real cluster.
 */

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ INSTANCE_ID: 'web-2' });
});
afterAll(async () => {
  await t?.close();
});

describe('an instance behind a proxy', () => {
  it('names itself on every answer, failures included, and is ready while its database answers', async () => {
    for (const url of ['/api/health', '/api/health/ready', '/api/no-such-call', '/api/account']) {
      expect((await t.request('GET', url)).headers.get('x-instance'), url).toBe('web-2');
    }
    const ready = await t.request('GET', '/api/health/ready');
    expect([ready.status, ready.body]).toEqual([200, { status: 'ok' }]);
  });

  it('without INSTANCE_ID sends no x-instance', async () => {
    const plain = await startTestApp();
    try {
      expect((await plain.request('GET', '/api/health')).headers.get('x-instance')).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('answers 503 with a message, readiness included, while PostgreSQL refuses connections; liveness stays 200', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-unreachable-'));
    // Nothing listens on port 1: every connection is refused (ECONNREFUSED), as when PostgreSQL is stopped.
    const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/gallery', LOG_LEVEL: 'silent', WEB_DIST: path.join(dataDir, 'none'), DEMO_DATA: 'off' });
    const app = await buildApp(config);
    try {
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      expect(live.statusCode).toBe(200);
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect([ready.statusCode, ready.json()]).toEqual([503, { message: 'The database cannot be reached.' }]);
      const prices = await app.inject({ method: 'GET', url: '/api/ServicePrice/GetServicePrices' });
      expect([prices.statusCode, prices.json()]).toEqual([503, { message: BACKEND_UNAVAILABLE_MESSAGE }]);
    } finally {
      await app.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps answering while it closes, until it stops listening: a sweep in progress holds the close, no request gets 503', async () => {
    // The orphan sweep's listing waits at this gate: a sweep in progress when SIGTERM comes (preClose waits for it).
    let openGate = () => {};
    const gate = new Promise<void>((resolve) => {
      openGate = resolve;
    });
    let listing = () => {};
    const listed = new Promise<void>((resolve) => {
      listing = resolve;
    });
    class GatedListing extends ForwardingStorage {
      override async *list(prefix?: string): AsyncIterable<StoredEntry> {
        listing();
        await gate;
        yield* this.inner.list(prefix);
      }
    }
    const closingApp = await startTestApp({}, { wrapStorage: (storage) => new GatedListing(storage) });
    let closeRequested = () => {};
    const inPreClose = new Promise<void>((resolve) => {
      closeRequested = resolve;
    });
    const sweep = closingApp.app.orphanSweep;
    const stopSweep = sweep.stop.bind(sweep);
    sweep.stop = () => {
      closeRequested();
      return stopSweep();
    };
    sweep.start();
    await listed;
    const closed = closingApp.close();
    await inPreClose;
    try {
      // Still in the proxy's rotation: a 503 here would reach the customer (nginx retries refused connections only).
      const live = await fetch(`${closingApp.baseUrl}/api/health`);
      expect(live.status).toBe(200);
    } finally {
      openGate();
      await closed;
    }
    // Closed: a new connection is refused, and the proxy sends the request to another instance.
    await expect(fetch(`${closingApp.baseUrl}/api/health`)).rejects.toThrow();
  });
});
