// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy of every text file in dist worth
// compressing, once, at maximum effort. The server sends them to browsers that accept them
// (@fastify/static `preCompressed`), so no request pays for compression.
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

// The folder to compress: the argument, or apps/web/dist.
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let brotli = 0;
for await (const file of files(dist)) {
  if (!COMPRESSIBLE.has(path.extname(file))) continue;
  const content = await fs.readFile(file);
  if (content.length < MIN_BYTES) continue;
  const br = brotliCompressSync(content, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  await fs.writeFile(`${file}.br`, br);
  await fs.writeFile(`${file}.gz`, gzipSync(content, { level: 9 }));
  raw += content.length;
  brotli += br.length;
}
console.log(`compressed dist: ${Math.round(raw / 1024)} KB of text → ${Math.round(brotli / 1024)} KB brotli`);
