// After `vite build`: writes a brotli (.br) and a gzip (.gz) copy of every file in dist worth
// compressing, once, at maximum effort. The server sends them to browsers that accept them
// (@fastify/static `preCompressed`), so no request pays for compression.
// Besides text, the editor's WebAssembly and model weights (public/editor-models/) are candidates:
// measured on the shipped files, brotli saves 70-75 % on the two .wasm files and 10-50 % on the .bin
// weights (blazeface 50 %, facemesh 13.5 %, selfie 9.8 %; gzip 38 / 8 / 5.5 %). A copy is kept only
// when it saves at least MIN_SAVING, so weights that barely shrink are sent as they are. (Brotli at
// quality 11 on the ~3 MB of models adds ~6 s to the build.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants, brotliCompressSync, gzipSync } from 'node:zlib';

// The folder to compress: the argument, or apps/web/dist.
const dist = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist'));
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest', '.wasm', '.bin']);
const MIN_BYTES = 1024;
/** A compressed copy must be at least this much smaller than the file to be worth a second variant. */
const MIN_SAVING = 0.1;

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
  const brWritten = await writeIfWorth(`${file}.br`, br, content.length);
  await writeIfWorth(`${file}.gz`, gzipSync(content, { level: 9 }), content.length);
  raw += content.length;
  brotli += brWritten ? br.length : content.length;
}
console.log(`compressed dist: ${Math.round(raw / 1024)} KB of candidates → ${Math.round(brotli / 1024)} KB as sent to brotli browsers`);

/** Writes the compressed copy when it pays (true); otherwise removes any stale one, so the server sends the file. */
async function writeIfWorth(target, compressed, rawLength) {
  if (compressed.length > rawLength * (1 - MIN_SAVING)) {
    await fs.rm(target, { force: true });
    return false;
  }
  await fs.writeFile(target, compressed);
  return true;
}
