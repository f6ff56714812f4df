#!/usr/bin/env node
// `npm test`: every check in order, stopping at the first failure.
//
//   typecheck + lint (side by side) -> unit (vitest unit + web) -> api (SQLite) -> [api (PostgreSQL)] -> [api (PostgreSQL + S3)] -> cluster -> crash -> e2e
//
// The PostgreSQL runs of the API suite happen only when TEST_DATABASE_URL is set (.ci/run sets it);
// api-pg-s3 runs it once more with every photo in object storage (an s3rver per test app).
// Options:  --only <step>[,<step>…]   run just these steps
//           --skip <step>[,<step>…]   leave these out      (steps: typecheck, lint, unit, api, api-pg, api-pg-s3, cluster, crash, e2e)
// cluster: three instances behind nginx on PostgreSQL + S3 (scripts/test-cluster.mjs; needs nginx and initdb).
// crash: the crash suite (kill -9 at named points, a full disk on tmpfs; scripts/test-crash.mjs), on SQLite.
// The last line printed is always "N passed, N failed" (counting steps).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Environment without TEST_DATABASE_URL, so the API suite uses its SQLite default. */
function sqliteEnv() {
  const env = { ...process.env };
  delete env.TEST_DATABASE_URL;
  return env;
}

const steps = [
  // tsc and eslint each keep one core busy: they run side by side, their output printed as each ends.
  { name: 'typecheck', title: 'Type check (tsc, every workspace)', cmd: npm, args: ['run', '--silent', 'typecheck'], sideBySide: 'static' },
  { name: 'lint', title: 'Lint (eslint, whole tree)', cmd: npm, args: ['run', '--silent', 'lint'], sideBySide: 'static' },
  { name: 'unit', title: 'Unit tests (vitest: unit + web)', cmd: bin('vitest'), args: ['run', '--project', 'unit', '--project', 'web'] },
  { name: 'api', title: 'API tests on SQLite (vitest: api)', cmd: bin('vitest'), args: ['run', '--project', 'api'], env: sqliteEnv() },
  {
    name: 'api-pg',
    title: `API tests on PostgreSQL (${redact(process.env.TEST_DATABASE_URL)})`,
    cmd: process.execPath,
    args: [path.join(root, 'scripts', 'test-api-pg.mjs')],
    enabled: Boolean(process.env.TEST_DATABASE_URL),
    whyDisabled: 'TEST_DATABASE_URL not set',
  },
  {
    name: 'api-pg-s3',
    title: `API tests on PostgreSQL + S3 (s3rver per test app; ${redact(process.env.TEST_DATABASE_URL)})`,
    cmd: process.execPath,
    args: [path.join(root, 'scripts', 'test-api-pg-s3.mjs')],
    enabled: Boolean(process.env.TEST_DATABASE_URL),
    whyDisabled: 'TEST_DATABASE_URL not set',
  },
  {
    name: 'cluster',
    title: 'Cluster test (PostgreSQL, s3rver, 3 instances behind nginx; scripts/test-cluster.mjs)',
    cmd: process.execPath,
    args: [path.join(root, 'scripts', 'test-cluster.mjs')],
    // CI installs nginx and PostgreSQL (.ci/run) and must not skip it; elsewhere it needs them installed.
    enabled: Boolean(process.env.CI) || (fs.existsSync('/usr/sbin/nginx') && fs.existsSync('/usr/lib/postgresql')),
    whyDisabled: 'nginx or PostgreSQL (initdb) not installed',
  },
  { name: 'crash', title: 'Crash suite on SQLite (kill -9 at named points, full disk)', cmd: process.execPath, args: [path.join(root, 'scripts', 'test-crash.mjs')], env: sqliteEnv() },
  { name: 'e2e', title: 'End-to-end tests (Playwright, Chromium)', cmd: process.execPath, args: [path.join(root, 'scripts', 'e2e.mjs')] },
];

function redact(url) {
  if (!url) return '';
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'TEST_DATABASE_URL';
  }
}

function parseList(flag) {
  const out = [];
  const argv = process.argv.slice(2);
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === flag && argv[i + 1]) out.push(...argv[++i].split(','));
    else if (a.startsWith(`${flag}=`)) out.push(...a.slice(flag.length + 1).split(','));
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

const only = parseList('--only');
const skip = parseList('--skip');
const known = new Set(steps.map((s) => s.name));
for (const name of [...only, ...skip]) {
  if (!known.has(name)) {
    console.error(`Unknown step "${name}". Steps: ${[...known].join(', ')}`);
    process.exit(2);
  }
}

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (useColor ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s) => paint('1', s);
const green = (s) => paint('32', s);
const red = (s) => paint('31', s);
const dim = (s) => paint('2', s);

function fmt(ms) {
  if (ms < 1000) return `${ms} ms`;
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

const children = new Set();
/** Runs a step; with `buffered`, its output is kept and handed back instead of printed as it comes. */
function run(step, { buffered = false } = {}) {
  return new Promise((resolve) => {
    const output = [];
    const child = spawn(step.cmd, step.args, { cwd: root, env: step.env ?? process.env, stdio: buffered ? ['inherit', 'pipe', 'pipe'] : 'inherit' });
    children.add(child);
    if (buffered) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    child.on('error', (err) => {
      children.delete(child);
      output.push(Buffer.from(`Could not start ${step.cmd}: ${err.message}\n`));
      resolve({ code: 127, output: Buffer.concat(output) });
    });
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 128 : 1), output: Buffer.concat(output) });
    });
  });
}

// Ctrl-C reaches the child through the terminal's process group; just don't die before it does.
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (children.size > 0) for (const child of children) child.kill(sig);
    else process.exit(130);
  });
}

const results = [];
const started = Date.now();
let failed = false;
const selected = steps.filter((s) => (only.length === 0 || only.includes(s.name)) && !skip.includes(s.name));

function header(step, i) {
  const title = `▶ [${i + 1}/${selected.length}] ${step.title}`;
  const command = [path.relative(root, step.cmd) || step.cmd, ...step.args.map((a) => (a.startsWith(root) ? path.relative(root, a) : a))].join(' ');
  return `\n${bold('═'.repeat(Math.min(100, title.length + 2)))}\n${bold(title)}\n${dim(`  $ ${command}`)}\n`;
}

function record(step, code, ms) {
  const ok = code === 0;
  results.push({ step, status: ok ? 'passed' : 'failed', ms, code });
  console.log(`\n${ok ? green(`✔ ${step.name} passed`) : red(`✘ ${step.name} failed (exit ${code})`)} in ${fmt(ms)}`);
  if (!ok) failed = true;
}

for (let i = 0; i < selected.length; i++) {
  const step = selected[i];
  if (failed) {
    results.push({ step, status: 'not run' });
    continue;
  }
  if (step.enabled === false) {
    results.push({ step, status: 'skipped', note: step.whyDisabled });
    continue;
  }
  // Steps marked side by side with the next ones run at once, each printed whole as it ends.
  const group = [step];
  while (step.sideBySide && selected[i + group.length]?.sideBySide === step.sideBySide && selected[i + group.length].enabled !== false) group.push(selected[i + group.length]);
  if (group.length > 1) {
    console.log(dim(`\nSide by side: ${group.map((s) => s.name).join(', ')}`));
    await Promise.all(
      group.map(async (member, offset) => {
        const t0 = Date.now();
        const { code, output } = await run(member, { buffered: true });
        console.log(header(member, i + offset));
        process.stdout.write(output);
        record(member, code, Date.now() - t0);
      }),
    );
    i += group.length - 1;
    continue;
  }
  console.log(header(step, i));
  const t0 = Date.now();
  const { code } = await run(step);
  record(step, code, Date.now() - t0);
}
for (const step of steps.filter((s) => !selected.includes(s))) results.push({ step, status: 'skipped', note: 'left out by --only/--skip' });
results.sort((a, b) => steps.indexOf(a.step) - steps.indexOf(b.step));

const passedCount = results.filter((r) => r.status === 'passed').length;
const failedCount = results.filter((r) => r.status === 'failed').length;

console.log(`\n${bold('Summary')}`);
for (const r of results) {
  const mark = { passed: green('✔'), failed: red('✘'), skipped: dim('-'), 'not run': dim('·') }[r.status];
  const time = r.ms === undefined ? '' : fmt(r.ms);
  const note = r.note ? dim(` (${r.note})`) : r.status === 'failed' ? red(` (exit ${r.code})`) : '';
  console.log(`  ${mark} ${r.step.name.padEnd(10)} ${r.status.padEnd(8)} ${time.padStart(12)}${note}`);
}
console.log(dim(`  total ${fmt(Date.now() - started)}`));
console.log(`${passedCount} passed, ${failedCount} failed`);
process.exit(failedCount > 0 ? 1 : 0);
