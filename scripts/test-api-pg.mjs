#!/usr/bin/env node
// `npm run test:api:pg`: the API suite (vitest project "api") on PostgreSQL.
// TEST_DATABASE_URL defaults to the machine's own server; the server test harness creates a fresh
// schema per test file from it, so runs never see each other's rows.
// Extra arguments go to vitest, e.g. `npm run test:api:pg -- accounts`.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_URL = 'postgres://postgres@127.0.0.1:5432/test';
const url = process.env.TEST_DATABASE_URL || DEFAULT_URL;

let parsed;
try {
  parsed = new URL(url);
} catch {
  console.error(`TEST_DATABASE_URL is not a URL: ${url}`);
  process.exit(2);
}
const shown = (() => {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
})();

// Fail fast with a useful message when nothing listens, instead of every test file timing out.
const host = parsed.hostname || '127.0.0.1';
const port = Number(parsed.port || 5432);
const reachable = await new Promise((resolve) => {
  const socket = net.connect({ host, port });
  const done = (ok) => {
    socket.destroy();
    resolve(ok);
  };
  socket.setTimeout(3000, () => done(false));
  socket.once('connect', () => done(true));
  socket.once('error', () => done(false));
});
if (!reachable) {
  console.error(
    `PostgreSQL is not reachable at ${host}:${port} (${shown}).\n` +
      'Start it, e.g. `pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start`, or set TEST_DATABASE_URL.',
  );
  process.exit(1);
}

console.log(`API suite on PostgreSQL: ${shown}`);
const child = spawn(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'api', ...process.argv.slice(2)], {
  cwd: root,
  env: { ...process.env, TEST_DATABASE_URL: url },
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`Could not start vitest: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
