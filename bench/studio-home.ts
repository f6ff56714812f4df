// Studio home (issue 23 target 5): how soon /studio shows its frame and its content to a signed-in
// studio admin. Real Chromium (playwright-core), the real server serving a production build, demo data.
//   npx tsx bench/studio-home.ts [--no-build] [--dist <dir>[,<dir>…]] [--runs 7] [--waterfall]
// Each run opens /studio in a fresh browser context (cold HTTP cache, the session restored) and records,
// from the navigation's start (performance.now() in the page, a MutationObserver set before any script):
//   frame   the studio's header (its "Studio" link) is in the DOM
//   today   the first panel's content (the "Bookings today" figure)
//   chart   the orders and revenue chart is drawn
// The same-run baseline is /login in the same fresh context (the app's own first screen, no data):
// "today / login" is the figure to compare between runs on a shared machine. Medians of --runs.
// The build goes to bench/.data/studio-home-dist (git-ignored), not apps/web/dist.
// --waterfall: one more run prints each request of /studio (start and end ms since the navigation,
// bytes on the wire, the server's time to first byte) and when each mark appeared.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { median, ms } from './lib/figures';
import { repoRoot, startServer } from './lib/server';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' }, runs: { type: 'string', default: '7' }, waterfall: { type: 'boolean', default: false } },
});
const RUNS = Number(args.runs);
const ADMIN = { email: 'studio@studio-gallery.test', password: 'Studio1234' };
// --dist a,b: several builds (e.g. before and after a change) measured in one run, taking turns.
const webDists = (args.dist ?? path.join(repoRoot, 'bench', '.data', 'studio-home-dist')).split(',').map((dir) => path.resolve(dir));
const webDist = webDists[0]!;

/** Marks, in the page, when each selector first matches (ms since the navigation started). */
const MARKS = {
  login: 'button[type="submit"]',
  frame: 'header a[href="/studio"]',
  today: '[aria-label^="Bookings today"]',
  chart: '.recharts-surface',
};

/** Runs in the page before its scripts (a string: bench/ is type-checked without the DOM's types). */
const OBSERVE_MARKS = `(() => {
  const marks = ${JSON.stringify(MARKS)};
  const seen = (window.__marks = {});
  const check = () => {
    for (const [name, selector] of Object.entries(marks)) if (!(name in seen) && document.querySelector(selector)) seen[name] = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

console.log(`studio-home benchmark — ${new Date().toISOString()}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (!args['no-build'] && !args.dist) {
  const built = spawnSync('npx', ['vite', 'build', '--outDir', webDist, '--emptyOutDir'], { cwd: path.join(repoRoot, 'apps', 'web'), encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`web build failed:\n${built.stdout}\n${built.stderr}`);
  const compressed = spawnSync('node', [path.join(repoRoot, 'apps', 'web', 'scripts', 'compress-dist.mjs'), webDist], { encoding: 'utf8' });
  if (compressed.status !== 0) throw new Error(`compressing the web build failed:\n${compressed.stderr}`);
}

type StorageState = Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;

async function openAndMark(browser: Browser, baseURL: string, storageState: StorageState, url: string, wanted: string[], waterfall = false) {
  // bypassCSP: the marks are read with string expressions, which the app's CSP (no unsafe-eval) would refuse.
  const context = await browser.newContext({ baseURL, viewport: { width: 1366, height: 900 }, storageState, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_MARKS });
    await page.goto(url);
    await page.waitForFunction(`${JSON.stringify(wanted)}.every((n) => n in window.__marks)`, undefined, { timeout: 30_000 });
    const marks = (await page.evaluate('window.__marks')) as Record<string, number>;
    if (waterfall) await printWaterfall(page, marks);
    return marks;
  } finally {
    await context.close();
  }
}

/** The page's resource timings (ms since the navigation started) beside its marks, in start order. */
async function printWaterfall(page: import('playwright-core').Page, marks: Record<string, number>) {
  const entries = (await page.evaluate(`[performance.getEntriesByType('navigation')[0], ...performance.getEntriesByType('resource')].map((e) => ({
    name: e.name.replace(location.origin, ''), start: e.startTime, end: e.responseEnd, firstByte: e.responseStart - e.requestStart, bytes: e.transferSize,
  }))`)) as { name: string; start: number; end: number; firstByte: number; bytes: number }[];
  const rows: { at: number; line: string }[] = entries.map((e) => ({
    at: e.start,
    line: `${ms(e.start).toString().padStart(5)} → ${ms(e.end).toString().padStart(5)} ms  ${(e.bytes / 1024).toFixed(1).padStart(6)} KB  server ${ms(e.firstByte).toString().padStart(3)} ms  ${e.name}`,
  }));
  for (const [name, at] of Object.entries(marks)) rows.push({ at, line: `${ms(at).toString().padStart(5)} ms  ── ${name}` });
  rows.sort((a, b) => a.at - b.at);
  console.log(`waterfall of one /studio run:\n${rows.map((r) => r.line).join('\n')}`);
}

// One server per build (each serves its own WEB_DIST on the same demo data); the runs take turns.
const servers = await Promise.all(webDists.map((dist) => startServer({ DEMO_DATA: 'on', WEB_DIST: dist }, { startupTimeoutMs: 180_000 })));
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const signedOut = { cookies: [], origins: [] };
  const builds = await Promise.all(
    servers.map(async (server, i) => {
      // Sign in once; every run restores that session into a fresh context.
      const signIn = await browser.newContext({ baseURL: server.url });
      const page = await signIn.newPage();
      await page.goto('/login');
      await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await page.waitForURL(/\/studio$/);
      const state = await signIn.storageState();
      await signIn.close();
      return { dist: webDists[i]!, url: server.url, state, login: [] as number[], frame: [] as number[], today: [] as number[], chart: [] as number[] };
    }),
  );

  // One warm-up run each (the server's first queries, the disk cache), not counted.
  for (const build of builds) {
    await openAndMark(browser, build.url, signedOut, '/login', ['login']);
    await openAndMark(browser, build.url, build.state, '/studio', ['frame', 'today', 'chart']);
  }
  for (let i = 0; i < RUNS; i++) {
    // Alternate the order per round, so neither build always runs right after the other.
    for (const build of i % 2 ? [...builds].reverse() : builds) {
      build.login.push((await openAndMark(browser, build.url, signedOut, '/login', ['login'])).login!);
      const marks = await openAndMark(browser, build.url, build.state, '/studio', ['frame', 'today', 'chart']);
      build.frame.push(marks.frame!);
      build.today.push(marks.today!);
      build.chart.push(marks.chart!);
    }
  }
  if (args.waterfall) {
    for (const build of builds) {
      console.log(`\n${build.dist}`);
      await openAndMark(browser, build.url, build.state, '/studio', ['frame', 'today', 'chart'], true);
    }
  }
  console.table(
    builds.map((build) => ({
      build: build.dist,
      'login (baseline) ms': ms(median(build.login)),
      'studio frame ms': ms(median(build.frame)),
      'first content (today) ms': ms(median(build.today)),
      'chart ms': ms(median(build.chart)),
      'today / login': (median(build.today) / median(build.login)).toFixed(2),
    })),
  );
  for (const build of builds) console.log(`${build.dist}: today ms ${build.today.map(ms).join(', ')}; login ms ${build.login.map(ms).join(', ')}`);
  console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
} finally {
  await browser.close();
  await Promise.all(servers.map((server) => server.stop()));
}
