// First gallery screen (issues 3 and 23): the bytes a customer's browser transfers, from a cold cache,
// to open /login, sign in and see the first gallery screen of 12 photos; budget 300 KB. Real Chromium
// (playwright-core), the real server serving a fresh production build of the web app, demo data.
//   npx tsx bench/first-screen.ts [--no-build] [--dist <dir>] [--list]
// --dist measures another build as it is (say, one of the previous commit, for a same-load comparison).
// --list prints every transfer (when it finished, its size, the step it counts in).
// Sizes are CDP Network.loadingFinished encodedDataLength (bytes on the wire: headers + body as sent).
// It also checks what the requested scripts hold (issue 23): every chunk is judged by its contents (its
// source map, scripts/chunk-graph.ts), not its name. Up to the first screen none may hold studio,
// editor, chart, upload or model code; after the idle warm-ups, none may hold the studio's or the
// editor's, and nothing under /editor-models/ may be requested.
// The build goes to bench/.data/web-dist (git-ignored), not apps/web/dist.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type CDPSession, chromium, type Page } from 'playwright-core';
import { forbiddenIn, readChunkGraph } from '../scripts/chunk-graph';
import { repoRoot, startServer } from './lib/server';

const { values: args } = parseArgs({ options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' }, list: { type: 'boolean', default: false } } });
const BUDGET_KB = 300;
const DEMO = { email: 'demo@studio-gallery.test', password: 'Demo1234' };
const webDist = path.resolve(args.dist ?? path.join(repoRoot, 'bench', '.data', 'web-dist'));
/** What only Edit may load: the editor's models. (Its code is found by content: forbiddenIn.) */
const EDITOR_MODELS = /\/editor-models\//;
/** Longer than the gallery's idle warm-up (page loaded, settled 1.5 s, idle: lib/when-idle.ts). */
const IDLE_WARM_UP_MS = 4000;

console.log(`first-screen benchmark — ${new Date().toISOString()}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (!args['no-build'] && !args.dist) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: path.join(repoRoot, 'apps', 'web'), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`web build failed:\n${built.stdout}\n${built.stderr}`);
  // The same pre-compression step as `npm run build` (apps/web/package.json).
  const compressed = spawnSync('node', [path.join(repoRoot, 'apps', 'web', 'scripts', 'compress-dist.mjs'), webDist], { encoding: 'utf8' });
  if (compressed.status !== 0) throw new Error(`compressing the web build failed:\n${compressed.stderr}`);
}

const graph = readChunkGraph(webDist);
/** The kinds of forbidden code the requested files hold, as `kind (file: modules)` lines. */
function forbiddenCode(requested: string[], kinds?: string[]): string[] {
  const found: string[] = [];
  for (const url of new Set(requested)) {
    if (EDITOR_MODELS.test(url)) found.push(`model (${url})`);
    const chunk = graph.chunks.get(url.replace(/^\//, ''));
    if (!chunk) continue;
    for (const [kind, modules] of forbiddenIn(chunk)) if (!kinds || kinds.includes(kind)) found.push(`${kind} (${chunk.file}: ${modules.slice(0, 3).join(', ')})`);
  }
  return found;
}

const server = await startServer({ DEMO_DATA: 'on', WEB_DIST: webDist }, { startupTimeoutMs: 180_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const rows: Record<string, string | number>[] = [];
  for (const device of [
    { name: 'desktop 1280x800', viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, isMobile: false },
    { name: 'phone 412x823 @1.75x', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true },
  ]) {
    const context = await browser.newContext({ viewport: device.viewport, deviceScaleFactor: device.deviceScaleFactor, isMobile: device.isMobile, hasTouch: device.isMobile });
    const page = await context.newPage();
    const meter = await meterOf(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));

    meter.step('/login');
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const login = meter.total();
    meter.step('first screen');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(DEMO.email);
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/main/);
    await page.getByTestId('photo-card').nth(11).waitFor({ timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await waitForImagesInView(page);
    const firstScreen = meter.total();
    const onFirstScreen = forbiddenCode(requested);
    const cards = await page.getByTestId('photo-card').count();
    meter.step('all 12 photos');

    // Then every one of the 12 photos scrolled into view (lazy images load 50 px before view).
    for (let i = 0; i < 12; i++) await page.getByTestId('photo-card').nth(i).scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await waitForImagesInView(page);
    const all12 = meter.total();
    const all12ByType = meter.byType();
    meter.step('idle warm-ups');
    await page.waitForTimeout(IDLE_WARM_UP_MS);
    await page.waitForLoadState('networkidle');
    const warmedUp = meter.total();
    const afterWarmUps = forbiddenCode(requested, ['studio', 'editor', 'model']);
    if (onFirstScreen.length > 0) console.log(`\n${device.name}: the first screen loaded ${onFirstScreen.join('; ')}`);
    if (afterWarmUps.length > 0) console.log(`\n${device.name}: after the warm-ups, the gallery loaded ${afterWarmUps.join('; ')}`);

    if (args.list) {
      console.log(`\n${device.name}: every transfer, ms from opening /login to its end`);
      console.table(meter.list());
    }
    console.log(`\n${device.name}: ${cards} photo cards on the first screen; transfers by type (all 12 photos loaded):`);
    console.table(all12ByType);
    rows.push({
      device: device.name,
      '/login KB': kb(login.bytes),
      'first screen KB (images in view)': kb(firstScreen.bytes),
      'of which response headers KB': kb(firstScreen.headers),
      'all 12 photos loaded KB': kb(all12.bytes),
      requests: all12.requests,
      [`budget ${BUDGET_KB} KB`]: firstScreen.bytes <= BUDGET_KB * 1024 ? 'met' : 'NOT met',
      [`+ idle warm-ups KB (${IDLE_WARM_UP_MS / 1000} s later)`]: kb(warmedUp.bytes),
      'forbidden code on the first screen': onFirstScreen.length,
      'studio/editor/model code after warm-ups': afterWarmUps.length,
    });
    await context.close();
  }
  console.log(`\ncold cache, from opening /login to the first gallery screen (cumulative); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table(rows);
} finally {
  await browser.close();
  await server.stop();
}

/** Sums encodedDataLength of every finished response, by resource type. */
async function meterOf(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
  const types = new Map<string, string>();
  const urls = new Map<string, string>();
  /** What had arrived when the response began: its status line and headers (HTTP/1.1 sends them uncompressed). */
  const headerBytes = new Map<string, number>();
  const finished: { type: string; url: string; bytes: number; headers: number; at: number; step: string }[] = [];
  const started = Date.now();
  let step = '';
  cdp.on('Network.responseReceived', (e) => {
    types.set(e.requestId, e.type);
    urls.set(e.requestId, e.response.url);
    headerBytes.set(e.requestId, e.response.encodedDataLength);
  });
  cdp.on('Network.loadingFinished', (e) => {
    const headers = Math.min(headerBytes.get(e.requestId) ?? 0, e.encodedDataLength);
    finished.push({ type: types.get(e.requestId) ?? 'Other', url: urls.get(e.requestId) ?? '', bytes: e.encodedDataLength, headers, at: Date.now() - started, step });
  });
  return {
    /** Marks the transfers that finish from now on as part of `name` (for --list). */
    step: (name: string) => {
      step = name;
    },
    list: () => finished.map((f) => ({ ms: f.at, step: f.step, type: f.type, KB: kb(f.bytes), url: new URL(f.url).pathname.slice(0, 70) })),
    total: () => ({ bytes: finished.reduce((a, f) => a + f.bytes, 0), headers: finished.reduce((a, f) => a + f.headers, 0), requests: finished.length }),
    byType: () => {
      const by = new Map<string, { requests: number; bytes: number; largest: string }>();
      for (const f of finished) {
        const row = by.get(f.type) ?? { requests: 0, bytes: 0, largest: '' };
        row.requests++;
        row.bytes += f.bytes;
        by.set(f.type, row);
      }
      for (const [type, row] of by) {
        const largest = finished.filter((f) => f.type === type).sort((a, b) => b.bytes - a.bytes)[0]!;
        row.largest = `${new URL(largest.url).pathname.slice(0, 60)} (${kb(largest.bytes)} KB)`;
      }
      return [...by].map(([type, r]) => ({ type, requests: r.requests, KB: kb(r.bytes), largest: r.largest }));
    },
  };
}

/** Until every grid image inside the viewport has finished loading (bounded: 15 s). */
async function waitForImagesInView(page: Page): Promise<void> {
  // Typed by hand: this bench compiles without the DOM library (and the app's CSP forbids string eval).
  interface Img { complete: boolean; getBoundingClientRect(): { top: number; bottom: number } }
  interface Win { innerHeight: number; document: { querySelectorAll(selector: string): Iterable<Img> } }
  await page.waitForFunction(
    () => {
      const win = globalThis as unknown as Win;
      return [...win.document.querySelectorAll('[data-testid="photo-card"] img')]
        .filter((img) => {
          const r = img.getBoundingClientRect();
          return r.bottom > 0 && r.top < win.innerHeight;
        })
        .every((img) => img.complete);
    },
    undefined,
    { timeout: 15_000 },
  );
}

function kb(bytes: number): number {
  return Math.round(bytes / 102.4) / 10;
}
