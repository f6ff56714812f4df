#!/usr/bin/env node
// `npm run test:e2e`: Playwright in real Chromium against the real server.
//
// 1. Find Chromium and say how: CHROME_PATH, then /usr/bin/chromium, then (as root, with apt-get)
//    Debian's `chromium` package, else Playwright's own download (`npx playwright install chromium`).
// 2. Build the web app (`npm run build -w @studio-gallery/web`); E2E_SKIP_BUILD=1 skips it.
// 3. Run `playwright test -c e2e/playwright.config.ts` with CHROME_PATH set. Extra arguments go to
//    Playwright, e.g. `npm run test:e2e -- smoke --project=desktop`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const log = (msg) => console.log(`[e2e] ${msg}`);

function isExecutable(p) {
  try {
    fs.accessSync(p, fs.constants.X_OK);
    return fs.statSync(p).isFile();
  } catch {
    return false;
  }
}

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

/** Runs a command with inherited output; throws on failure. */
function runSync(cmd, args, options = {}) {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options });
  if (r.error) throw new Error(`${cmd}: ${r.error.message}`);
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${r.status ?? r.signal}`);
}

function chromiumVersion(p) {
  const r = spawnSync(p, ['--version'], { encoding: 'utf8', timeout: 20_000 });
  return (r.stdout || '').trim().split('\n').pop() || 'version unknown';
}

async function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (isExecutable(fromEnv)) return { path: fromEnv, how: 'CHROME_PATH' };
    log(`CHROME_PATH=${fromEnv} is not an executable file; looking elsewhere.`);
  }
  if (isExecutable('/usr/bin/chromium')) return { path: '/usr/bin/chromium', how: 'found /usr/bin/chromium' };

  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && onPath('apt-get')) {
    log("No Chromium found; installing Debian's chromium package with apt-get (about a minute)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    runSync('apt-get', ['update'], { env });
    runSync('apt-get', ['install', '-y', 'chromium'], { env });
    if (isExecutable('/usr/bin/chromium')) return { path: '/usr/bin/chromium', how: 'installed with apt-get install chromium' };
    throw new Error('apt-get installed chromium but /usr/bin/chromium is missing');
  }

  log(`No Chromium found${isRoot ? ' and no apt-get' : ' and not root (apt not used)'}; downloading Playwright's Chromium…`);
  runSync(bin('playwright'), ['install', 'chromium']);
  const { chromium } = await import('playwright-core');
  const p = chromium.executablePath();
  if (isExecutable(p)) return { path: p, how: 'downloaded with npx playwright install chromium' };
  throw new Error(`playwright install chromium finished but ${p} is missing`);
}

/** Keeps the three newest e2e/.artifacts/data-* folders (each run starts a fresh one). */
function pruneOldRuns() {
  const dir = path.join(root, 'e2e', '.artifacts');
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  const runs = entries
    .filter((e) => e.isDirectory() && e.name.startsWith('data-'))
    .map((e) => e.name)
    .sort()
    .reverse();
  for (const name of runs.slice(3)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
}

let chrome;
try {
  chrome = await findChromium();
} catch (err) {
  console.error(`[e2e] Could not find or install Chromium: ${err.message}`);
  process.exit(1);
}
log(`Chromium: ${chrome.path} (${chrome.how}; ${chromiumVersion(chrome.path)})`);

if (process.env.E2E_SKIP_BUILD === '1') {
  log('E2E_SKIP_BUILD=1: using the existing apps/web/dist');
} else {
  try {
    runSync(npm, ['run', 'build', '-w', '@studio-gallery/web']);
  } catch (err) {
    console.error(`[e2e] Web build failed: ${err.message}`);
    process.exit(1);
  }
  // On the build just made (a second or so): no studio, editor, chart, upload or model code on a
  // customer's route, the first screen's scripts within their byte budget (issue 23).
  try {
    runSync(process.execPath, ['--import', 'tsx', path.join('scripts', 'check-chunk-graph.ts'), path.join('apps', 'web', 'dist')]);
  } catch (err) {
    console.error(`[e2e] Chunk graph check failed: ${err.message}`);
    process.exit(1);
  }
}

pruneOldRuns();

const args = ['test', '-c', path.join('e2e', 'playwright.config.ts'), ...process.argv.slice(2)];
log(`$ playwright ${args.join(' ')}`);
const child = spawn(bin('playwright'), args, { cwd: root, env: { ...process.env, CHROME_PATH: chrome.path }, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`[e2e] Could not start Playwright: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
