// Studio home (issue 23 target 5): how soon /studio shows its frame and its content to a signed-in
// studio admin. Real Chromium (playwright-core), the real server serving a production build, demo data.
//   npx tsx bench/studio-home.ts [--no-build] [--dist <dir>] [--runs 7]
// Each run opens /studio in a fresh browser context (cold HTTP cache, the session restored) and records,
// from the navigation's start (performance.now() in the page, a MutationObserver set before any script):
//   frame   the studio's header (its "Studio" link) is in the DOM
//   today   the first panel's content (the "Bookings today" figure)
//   chart   the orders and revenue chart is drawn
// The same-run baseline is /login in the same fresh context (the app's own first screen, no data):
// "today / login" is the figure to compare between runs on a shared machine. Medians of --runs.
// The build goes to bench/.data/studio-home-dist (git-ignored), not apps/web/dist.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Browser, chromium } from 'playwright-core';
import { median, ms } from './lib/figures';
import { repoRoot, startServer } from './lib/server';

const { values: args } = parseArgs({
  options: { 'no-build': { type: 'boolean', default: false }, dist: { type: 'string' }, runs: { type: 'string', default: '7' } },
});
const RUNS = Number(args.runs);
const ADMIN = { email: 'studio@studio-gallery.test', password: 'Studio1234' };
const webDist = path.resolve(args.dist ?? path.join(repoRoot, 'bench', '.data', 'studio-home-dist'));

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

async function openAndMark(browser: Browser, storageState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>, url: string, wanted: string[]) {
  // bypassCSP: the marks are read with string expressions, which the app's CSP (no unsafe-eval) would refuse.
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1366, height: 900 }, storageState, bypassCSP: true });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: OBSERVE_MARKS });
    await page.goto(url);
    await page.waitForFunction(`${JSON.stringify(wanted)}.every((n) => n in window.__marks)`, undefined, { timeout: 30_000 });
    return (await page.evaluate('window.__marks')) as Record<string, number>;
  } finally {
    await context.close();
  }
}

const server = await startServer({ DEMO_DATA: 'on', WEB_DIST: webDist }, { startupTimeoutMs: 180_000 });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  // Sign in once; every run restores that session into a fresh context.
  const signIn = await browser.newContext({ baseURL: server.url });
  const page = await signIn.newPage();
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(ADMIN.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/studio$/);
  const state = await signIn.storageState();
  const signedOut = { cookies: [], origins: [] };
  await signIn.close();

  const login: number[] = [];
  const frame: number[] = [];
  const today: number[] = [];
  const chart: number[] = [];
  // One warm-up run each (the server's first queries, the disk cache), not counted.
  await openAndMark(browser, signedOut, '/login', ['login']);
  await openAndMark(browser, state, '/studio', ['frame', 'today', 'chart']);
  for (let i = 0; i < RUNS; i++) {
    login.push((await openAndMark(browser, signedOut, '/login', ['login'])).login!);
    const marks = await openAndMark(browser, state, '/studio', ['frame', 'today', 'chart']);
    frame.push(marks.frame!);
    today.push(marks.today!);
    chart.push(marks.chart!);
  }
  const row = {
    'login (baseline) ms': ms(median(login)),
    'studio frame ms': ms(median(frame)),
    'first content (today) ms': ms(median(today)),
    'chart ms': ms(median(chart)),
    'today / login': (median(today) / median(login)).toFixed(2),
  };
  console.table([row]);
  console.log(`runs: ${RUNS}; today ms: ${today.map(ms).join(', ')}; login ms: ${login.map(ms).join(', ')}`);
} finally {
  await browser.close();
  await server.stop();
}
