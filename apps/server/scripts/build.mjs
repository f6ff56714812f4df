// Builds the server into one ES module, apps/server/dist/server.js, for `npm start`, and the
// segmentation pool's worker thread (background removal and the AI retouch) into
// dist/segmentation-worker.js beside it (piscina starts it by file: media/segmentation/segmentation-pool.ts).
//
// - Dependencies stay external (loaded from node_modules at run time, native modules included);
//   the workspace's own TypeScript packages (`@studio-gallery/*`) are inlined.
// - dist/ sits at the same folder depth as src/, so `new URL('../../../', import.meta.url)` in
//   config.ts and app.ts still points at the repository root.
// - Plain node runs the result: no TypeScript loader in memory (idle RSS about 45 MB lower than under tsx,
//   see docs/benchmarks.md). `npm run dev`, `migrate` and `studio` stay on tsx.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const outfile = path.join(serverRoot, 'dist', 'server.js');

await build({
  entryPoints: {
    server: path.join(serverRoot, 'src', 'server.ts'),
    'segmentation-worker': path.join(serverRoot, 'src', 'media', 'segmentation', 'worker.ts'),
    // The segmentation worker's matting thread (no tfjs in it): media/segmentation/matting-thread.ts.
    'matting-worker': path.join(serverRoot, 'src', 'media', 'segmentation', 'matting-worker.ts'),
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  outdir: path.dirname(outfile),
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'dependencies-external',
      setup(b) {
        // Bare specifiers (packages, node: built-ins) stay imports, except the workspace's own.
        b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@studio-gallery/') ? undefined : { path: a.path, external: true }));
      },
    },
  ],
});
