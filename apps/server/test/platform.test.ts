import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../src/mail/mailer';
import { type TestApp, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const execFileAsync = promisify(execFile);
const compressDist = fileURLToPath(new URL('../../web/scripts/compress-dist.mjs', import.meta.url));
/** What the server sends documents only (issue 23); nosniff and the resource policy go with every response. */
const DOCUMENT_ONLY_HEADERS = ['content-security-policy', 'cross-origin-opener-policy', 'origin-agent-cluster', 'referrer-policy', 'x-frame-options'];
/** An inline script as index.html's boot script is (apps/web/src/app/first-screen-boot.ts): the CSP allows it by its hash. */
const BOOT_SCRIPT = '(function(){document.documentElement.dataset.booted=""})();';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the API shell', () => {
  it('GET /api/health answers ok', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok' });
  });

  it('gives every response its own x-request-id, failures included', async () => {
    const ids = new Set<string>();
    for (const [method, url] of [
      ['GET', '/api/health'],
      ['GET', '/api/no-such-call'],
      ['POST', '/api/authenticate'],
      ['GET', '/api/account'],
    ] as const) {
      const response = await t.request(method, url);
      const id = response.headers.get('x-request-id') ?? '';
      expect(id, url).toMatch(UUID);
      ids.add(id);
    }
    expect(ids.size).toBe(4);
  });

  it('ignores a request id sent by the client', async () => {
    const response = await t.request('GET', '/api/health', { headers: { 'x-request-id': 'chosen-by-client' } });
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('answers unknown /api paths with 404 { message }', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await t.request(method, '/api/no-such-call');
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ message: messages.notFound });
    }
  });

  it('answers malformed JSON, an empty JSON body and an unknown content type with 4xx { message }', async () => {
    const malformed = await t.request('POST', '/api/authenticate', { rawBody: '{"username": "a@b.co",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ message: messages.invalidRequestBody });

    const empty = await t.request('POST', '/api/authenticate', { rawBody: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ message: messages.invalidRequestBody });

    const xml = await t.request('POST', '/api/authenticate', { rawBody: '<login/>', contentType: 'application/xml' });
    expect(xml.status).toBe(415);
    expect(xml.body).toEqual({ message: messages.unsupportedMediaType });
  });

  it('refuses JSON bodies over 1 MB with 413, outside the profile-photo call', async () => {
    const response = await t.request('POST', '/api/authenticate', {
      body: { username: 'a@b.co', password: 'x'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: messages.requestTooLarge });
  });

  it('sends a JSON answer the security headers of every response, not a document\'s, and keeps CORS closed', async () => {
    const response = await t.request('GET', '/api/health', { headers: { origin: 'https://evil.example' } });
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    // A document's (issue 23: ~0.7 KB a response on the first screen).
    for (const name of DOCUMENT_ONLY_HEADERS) expect(response.headers.get(name), name).toBeNull();
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('serves the OpenAPI document and its UI at /api/docs', async () => {
    const ui = await fetch(`${t.baseUrl}/api/docs/`);
    expect(ui.status).toBe(200);
    expect(ui.headers.get('content-type')).toContain('text/html');
    const document = await t.request('GET', '/api/docs/json');
    expect(document.status).toBe(200);
    expect(document.body.openapi).toBe('3.0.3');
    for (const route of ['/api/authenticate', '/api/users/{id}', '/api/corporate-clients', '/api/NotificationSettings']) {
      expect(Object.keys(document.body.paths), route).toContain(route);
    }
  });
});

describe('a failure inside the server', () => {
  let broken: TestApp;
  const failingMailer: Mailer = {
    send: async () => {
      throw new Error('SMTP password hunter2 rejected by mail.internal:25');
    },
    close: () => {},
  };
  beforeAll(async () => {
    broken = await startTestApp({}, { mailer: failingMailer });
  });
  afterAll(async () => {
    await broken?.close();
  });

  it('answers 500 with the generic message only, with the request id, and nothing of the cause', async () => {
    const user = await broken.createUser();
    // A table gone: the database's message names it, the answer must not.
    await broken.db.kysely.schema.dropTable('notification_settings').execute();
    const response = await broken.request('GET', `/api/NotificationSettings/${user.id}`, { token: user.token });
    expect(response.status).toBe(500);
    expect(response.body).toEqual({ message: messages.unexpectedError });
    expect(JSON.stringify(response.body)).not.toContain('notification_settings');
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  });

  it('a mail that cannot be sent does not fail the sign-up: the account and its mail wait, the error stays out of the answer', async () => {
    const body = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.com', password: 'Cobol59' };
    const response = await broken.request('POST', '/api/register-galleryuser', { body });
    expect(response.status).toBe(201);
    expect(JSON.stringify(response.body)).not.toContain('hunter2');

    const users = await broken.db.kysely.selectFrom('users').select('id').where('email', '=', 'grace@example.com').execute();
    expect(users).toHaveLength(1);
    // Its delivery job tried once and failed: the mail waits in the outbox for its retry.
    const findMail = () => broken.db.kysely.selectFrom('mail_outbox').selectAll().where('recipient', '=', 'grace@example.com').executeTakeFirst();
    let mail = await findMail();
    for (const deadline = Date.now() + 10_000; !mail?.last_error && Date.now() < deadline; mail = await findMail()) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(mail).toMatchObject({ status: 'pending', attempts: 1, kind: 'activation' });
    expect(mail?.last_error).toContain('rejected');
  });
});

describe('rate limits on sign-in, sign-up and password calls', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ AUTH_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it('answer 429 with the message once the shared budget is spent, and leave other calls alone', async () => {
    for (let i = 0; i < 5; i += 1) expect((await limited.request('GET', '/api/docs/json')).status).toBe(200);

    const attempt = { body: { username: 'x@example.com', password: 'Wrong123' } };
    expect((await limited.request('POST', '/api/authenticate', attempt)).status).toBe(401);
    expect((await limited.request('POST', '/api/register-galleryuser', { body: {} })).status).toBe(400);
    expect((await limited.request('POST', '/api/account/reset-password', { body: 'x@example.com' })).status).toBe(400);

    for (const url of ['/api/authenticate', '/api/active-galley-user', '/api/account/reset-password/finish']) {
      const response = await limited.request('POST', url, attempt);
      expect(response.status, url).toBe(429);
      expect(response.body.message).toBe(messages.tooManyRequests);
      expect(response.headers.get('retry-after')).toBeTruthy();
    }
    expect((await limited.request('GET', '/api/health')).status).toBe(200);
    expect((await limited.request('GET', '/api/corporate-clients')).status).toBe(200);
  });
});

describe('the built web app', () => {
  const appScript = `console.log(${JSON.stringify('app '.repeat(500))});`;
  // A WebAssembly header and a repetitive body (the real tfjs .wasm files shrink by 70-75 %), and weights that do not shrink.
  const wasm = Buffer.concat([Buffer.from([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]), Buffer.alloc(8192, 'wasm code ')]);
  const weights = randomBytes(8192);
  let withWeb: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-web-'));
    await fs.mkdir(path.join(webDist, 'assets'));
    await fs.writeFile(path.join(webDist, 'index.html'), `<!doctype html><title>Studio Gallery</title><script>${BOOT_SCRIPT}</script><script>self.firstScreen&&self.firstScreen.write()</script><div id="root"></div>`);
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js'), appScript);
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.br'), brotliCompressSync(appScript));
    await fs.writeFile(path.join(webDist, 'assets', 'index-AbC123.js.gz'), gzipSync(appScript));
    await fs.writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The editor's models folder as the web build leaves it: compress-dist.mjs writes copies of the .wasm
    // (it compresses well) and none of the weights that barely shrink (random bytes here).
    await fs.mkdir(path.join(webDist, 'editor-models'));
    await fs.writeFile(path.join(webDist, 'editor-models', 'tfjs-backend-wasm.wasm'), wasm);
    await fs.writeFile(path.join(webDist, 'editor-models', 'selfie.bin'), weights);
    await execFileAsync(process.execPath, [compressDist, webDist]);
    withWeb = await startTestApp({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await withWeb?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('serves index.html at / and for client routes, never cached', async () => {
    for (const url of ['/', '/settings', '/active-account/abc_DEF-123', '/reset/finish?key=abc']) {
      const response = await fetch(`${withWeb.baseUrl}${url}`);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/html');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('sends documents their CSP and the other document headers; scripts and images only those of every response', async () => {
    const page = await fetch(`${withWeb.baseUrl}/login`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain('https://accounts.google.com/gsi/client');
    // index.html's inline scripts (the boot script), each by its hash; no other inline script.
    const scriptSources = /script-src ([^;]+)/.exec(csp)?.[1]?.split(' ') ?? [];
    const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
    expect(scriptSources).toEqual(expect.arrayContaining([hashOf(BOOT_SCRIPT), hashOf('self.firstScreen&&self.firstScreen.write()')]));
    expect(scriptSources.filter((source) => source.startsWith("'sha256-"))).toHaveLength(2);
    expect(scriptSources).not.toContain("'unsafe-inline'");
    // Stripe is off here: its script and API are not allowed.
    expect(csp).not.toContain('stripe.com');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(page.headers.get(name), name).not.toBeNull();
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');

    const script = await fetch(`${withWeb.baseUrl}/assets/index-AbC123.js`);
    expect(script.headers.get('x-content-type-options')).toBe('nosniff');
    expect(script.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers.get(name), name).toBeNull();

    // A worker's policy is the one its script comes with; a cache must not hand the page's copy to a worker.
    const worker = await fetch(`${withWeb.baseUrl}/assets/index-AbC123.js`, { headers: { 'sec-fetch-dest': 'worker' } });
    expect(worker.headers.get('content-security-policy')).toBe(csp);
    for (const answer of [script, worker]) expect(varyFields(answer)).toContain('sec-fetch-dest');
    expect(varyFields(page)).not.toContain('sec-fetch-dest');

    // An SVG opened on its own is a document, scripts and all.
    expect((await fetch(`${withWeb.baseUrl}/favicon.svg`)).headers.get('content-security-policy')).toBe(csp);
  });

  it('caches hashed assets for good, and answers 404 for missing files and API paths', async () => {
    const asset = await fetch(`${withWeb.baseUrl}/assets/index-AbC123.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');

    expect((await fetch(`${withWeb.baseUrl}/favicon.svg`)).headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${withWeb.baseUrl}/assets/missing-123.js`)).status).toBe(404);

    const api = await withWeb.request('GET', '/api/nothing-here');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: messages.notFound });
  });

  it('sends the pre-compressed copy to browsers that accept it, and the plain file otherwise', async () => {
    const url = `${withWeb.baseUrl}/assets/index-AbC123.js`;
    for (const [acceptEncoding, encoding, decode] of [
      ['br, gzip', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await rawGet(url, { 'accept-encoding': acceptEncoding });
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.body.length).toBeLessThan(Buffer.byteLength(appScript));
      expect(decode(response.body).toString()).toBe(appScript);
    }
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(appScript);
  });

  it("sends the editor's .wasm brotli-compressed as application/wasm, cached for a day and revalidated by ETag", async () => {
    const url = `${withWeb.baseUrl}/editor-models/tfjs-backend-wasm.wasm`;
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await rawGet(url, { 'accept-encoding': acceptEncoding });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding'], acceptEncoding).toBe(encoding);
      // WebAssembly.instantiateStreaming refuses anything but application/wasm.
      expect(response.headers['content-type']).toBe('application/wasm');
      expect(response.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
      expect(response.headers.vary).toBe('accept-encoding');
      expect(response.body.length).toBeLessThan(wasm.length / 2);
      expect(decode(response.body).equals(wasm)).toBe(true);

      const etag = response.headers.etag;
      expect(etag).toBeTruthy();
      const revalidated = await rawGet(url, { 'accept-encoding': acceptEncoding, 'if-none-match': etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body.length).toBe(0);
    }
    const plain = await rawGet(url, { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('application/wasm');
    expect(plain.body.equals(wasm)).toBe(true);
  });

  it('sends model weights that do not compress as they are', async () => {
    await expect(fs.access(path.join(webDist, 'editor-models', 'selfie.bin.br'))).rejects.toThrow();
    const response = await rawGet(`${withWeb.baseUrl}/editor-models/selfie.bin`, { 'accept-encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('application/octet-stream');
    expect(response.headers['cache-control']).toBe('public, max-age=86400, stale-while-revalidate=604800');
    expect(response.body.equals(weights)).toBe(true);
  });
});

/** A GET that leaves the body as sent (fetch would decode it). */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

/** The response's Vary field names, lower case. */
function varyFields(response: Response): string[] {
  return (response.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase()).filter((name) => name !== '');
}
