#!/usr/bin/env node
// `npm run test:api:pg:s3`: the API suite on PostgreSQL (as test-api-pg.mjs) with every photo in
// object storage: TEST_STORAGE=s3 makes each test app start its own s3rver and run with STORAGE=s3
// (apps/server/test/support/test-app.ts). Extra arguments go to vitest, e.g. `npm run test:api:pg:s3 -- gallery`.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(process.execPath, [path.join(root, 'scripts', 'test-api-pg.mjs'), ...process.argv.slice(2)], {
  cwd: root,
  // The SDK's notice that its releases after January 2027 need Node 22 (the versions are pinned: STACK.md) would repeat in every file.
  env: { ...process.env, TEST_STORAGE: 's3', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  stdio: 'inherit',
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('error', (err) => {
  console.error(`Could not start the API suite: ${err.message}`);
  process.exit(127);
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
