import zlib from 'node:zlib'; import fs from 'node:fs'; import path from 'node:path';
import { readChunkGraph, staticClosure, chunksHolding } from '/work/main/scripts/chunk-graph';
for (const dist of process.argv.slice(2)) {
  const g = readChunkGraph(dist);
  for (const route of ['app/layouts/studio-layout.tsx', 'app/routes/studio.tsx']) {
    const c = staticClosure(g, [...g.startup, ...chunksHolding(g, 'app/layouts/studio-layout.tsx'), ...chunksHolding(g, route)]);
    const bytes = [...c].reduce((a, f) => a + zlib.brotliCompressSync(fs.readFileSync(path.join(dist, f))).length, 0);
    console.log(dist, route, c.size, 'files', (bytes / 1024).toFixed(1), 'KB');
  }
}
