import path from 'node:path';
import { build } from 'esbuild';
import { crashBundle, repoRoot } from './harness';

/**
 * Builds the server once for the crash suite, as apps/server/scripts/build.mjs does for `npm start`
 * (dependencies external, the workspace's packages inlined), into dist/crash-server.js beside the
 * usual bundle: a plain `node` starts it in a few seconds, restart after restart.
 */
export default async function setup(): Promise<void> {
  await build({
    entryPoints: [path.join(repoRoot, 'apps', 'server', 'src', 'server.ts')],
    outfile: crashBundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'dependencies-external',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@studio-gallery/') ? undefined : { path: a.path, external: true }));
        },
      },
    ],
  });
}
