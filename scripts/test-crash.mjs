#!/usr/bin/env node
// `npm run test:crash`: the crash suite of issue 25 (vitest project "crash", apps/server/crash/).
// Each test starts the real server (a bundle built once by the suite) on a temporary DATA_DIR, kills
// it with SIGKILL at a named point (CRASH_AT, apps/server/src/crash-points.ts), restarts it on the same
// data and checks what held; the disk-full test fills a small tmpfs (root only; skipped otherwise).
// It prints what each window tried and what held, and the time it took.
//
// SQLite by default; with TEST_DATABASE_URL set, the servers run on PostgreSQL (a schema per test).
// Extra arguments go to vitest, e.g. `npm run test:crash -- -t "window 2"`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vitest = path.join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'vitest.cmd' : 'vitest');
const started = Date.now();
const backend = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'SQLite';
console.log(`Crash suite on ${backend}: kill -9 at named points, restart, check what held.`);

const child = spawn(vitest, ['run', '--project', 'crash', ...process.argv.slice(2)], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => {
  console.log(`Crash suite ${code === 0 ? 'passed' : 'failed'} in ${((Date.now() - started) / 1000).toFixed(0)} s.`);
  process.exit(code ?? (signal ? 1 : 1));
});
