#!/usr/bin/env node
// `npm run test:cluster`: the production shape on this machine (issue 21 §2–3).
//
// 1. Builds what `npm start` runs: the web app (`npm run build`) and the server bundle
//    (apps/server/scripts/build.mjs). CLUSTER_SKIP_BUILD=1 uses the existing ones.
// 2. Runs apps/server/cluster/main.ts (tsx): a private PostgreSQL cluster, s3rver, three instances and
//    nginx round robin; the customer's and the studio's journeys through the proxy; the same answers
//    from each instance; a rolling restart under load.
//    Arguments go on: `npm run test:cluster -- --faults` adds the fault campaign (faults.ts),
//    `-- --only-faults` runs the campaign alone, `-- --keep` keeps the logs and data, `-- --storage disk`.
// Needs nginx (Debian: nginx-light; .ci/run installs it) and PostgreSQL's binaries (initdb, pg_ctl).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const log = (msg) => console.log(`[cluster] ${msg}`);

function runSync(cmd, args) {
  log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`[cluster] ${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
    process.exit(1);
  }
}

const started = Date.now();
if (process.env.CLUSTER_SKIP_BUILD === '1') {
  log('CLUSTER_SKIP_BUILD=1: using the existing apps/web/dist and apps/server/dist');
} else {
  runSync(npm, ['run', '--silent', 'build']);
  runSync(process.execPath, [path.join('apps', 'server', 'scripts', 'build.mjs')]);
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join('apps', 'server', 'cluster', 'main.ts'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`[cluster] could not start tsx: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => {
  log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exit(code ?? (signal ? 128 : 1));
});
