// Shoot import (issue 15 §3, §5): N photos of ~8 MB (24 MP JPEGs) imported
//   1. by the CLI (`npm run studio -- import <folder>`), under /usr/bin/time: wall time, CPU, peak RSS;
//   2. through the web path against the real server (the bundle, as `npm start`): tus upload of every
//      file (3 at a time, as the browser does), then the import job, polled as the page does; the
//      server's CPU time (from /proc) and peak RSS (VmHWM);
// and, in the same run, the import's CPU per photo against its physical floor: one full decode of the
// same original with sharp (`sharp(file).raw().toBuffer()`), and the five renditions as the import made
// them before (each rendition decoding the whole original again) for comparison.
//   npx tsx bench/import.ts [--count 100] [--sample 10]
// The photos (portrait 4000x6000) are generated once into $TMPDIR/sg-bench-import-portrait-<count> and reused.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { GRID_THUMBNAIL_WIDTH } from '@studio-gallery/contract';
import { DOWNLOAD_SIZES, PREVIEW_LONG_EDGE, makeRenditions } from '../apps/server/src/media/renditions';
import { benchHeader, mb, median, ms } from './lib/figures';
import { memory } from './lib/process-stats';
import { repoRoot, startServer } from './lib/server';

const { values: args } = parseArgs({ options: { count: { type: 'string', default: '100' }, sample: { type: 'string', default: '10' } } });
const count = Math.max(1, Number(args.count));
const sample = Math.min(count, Math.max(1, Number(args.sample)));
// Portrait, as a headshot camera shoots (24 MP).
const WIDTH = 4000;
const HEIGHT = 6000;
const STUDIO = { email: 'studio@studio-gallery.test', password: 'Studio1234' };

console.log(`${benchHeader('Shoot import')}; ${count} photos of ${(WIDTH * HEIGHT) / 1e6} MP`);

/** N distinct noisy 24 MP JPEGs (noise keeps them near a camera's 8 MB), made once. */
async function photos(): Promise<string[]> {
  const folder = path.join(os.tmpdir(), `sg-bench-import-portrait-${count}`);
  fs.mkdirSync(folder, { recursive: true });
  const files = Array.from({ length: count }, (_, i) => path.join(folder, `BENCH_${String(i + 1).padStart(4, '0')}.jpg`));
  const missing = files.filter((file) => !fs.existsSync(file));
  if (missing.length > 0) {
    const noise = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 16 } } })
      .raw()
      .toBuffer();
    for (const file of missing) {
      const index = files.indexOf(file);
      const stamp = await sharp({ create: { width: 400, height: 400, channels: 3, background: { r: (index * 37) % 256, g: (index * 91) % 256, b: (index * 53) % 256 } } })
        .png()
        .toBuffer();
      await sharp(noise, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        .composite([{ input: stamp, left: 200 + (index % 10) * 100, top: 200 }])
        .jpeg({ quality: 90 })
        .toFile(file);
    }
  }
  return files;
}

const cpuMs = (start: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
};

/** The renditions as the import made them before: every pipeline decodes the whole original again. */
async function renditionsDecodingEachTime(input: Buffer): Promise<void> {
  const base = sharp(input, { failOn: 'error' }).rotate();
  const download = (size: { width: number; height: number }) => base.clone().resize({ ...size, fit: 'cover', position: sharp.strategy.attention }).withIccProfile('srgb').jpeg({ quality: 90 });
  await base.clone().resize({ width: GRID_THUMBNAIL_WIDTH }).webp({ quality: 78, effort: 3 }).toBuffer();
  await base.clone().resize({ width: GRID_THUMBNAIL_WIDTH * 2 }).webp({ quality: 72, effort: 3 }).toBuffer();
  await base.clone().resize({ width: PREVIEW_LONG_EDGE, height: PREVIEW_LONG_EDGE, fit: 'inside', withoutEnlargement: true }).jpeg({ quality: 84 }).toBuffer();
  await download(DOWNLOAD_SIZES.sm).toBuffer();
  await download(DOWNLOAD_SIZES.hr).toBuffer();
}

async function cpuPerPhoto(files: string[]) {
  const cpuOf = async (work: () => Promise<unknown>) => {
    const start = process.cpuUsage();
    await work();
    return cpuMs(start);
  };
  await makeRenditions(fs.readFileSync(files[0]!)); // warm sharp up
  // Interleaved photo by photo, so a busier moment of the machine weighs on the floor and the import alike.
  const samples = { floor: [] as number[], now: [] as number[], before: [] as number[] };
  for (const file of files) {
    const input = fs.readFileSync(file);
    samples.floor.push(await cpuOf(() => sharp(input).raw().toBuffer()));
    samples.now.push(await cpuOf(() => makeRenditions(input)));
    samples.before.push(await cpuOf(() => renditionsDecodingEachTime(input)));
  }
  return { floor: median(samples.floor), now: median(samples.now), before: median(samples.before) };
}

function cliImport(folder: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-import-cli-'));
  const env = { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'off', LOG_LEVEL: 'warn', PUBLIC_URL: 'http://127.0.0.1:1' };
  const tsx = path.join(repoRoot, 'node_modules', '.bin', 'tsx');
  const result = spawnSync('/usr/bin/time', ['-f', '%e %U %S %M', tsx, 'apps/server/src/cli/studio.ts', 'import', folder, '--email', 'bench.cli@example.com', '--no-invite'], {
    cwd: repoRoot,
    env,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`CLI import failed: ${result.stderr}`);
  const [wall, user, system, maxKb] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number) as [number, number, number, number];
  return { wallMs: wall * 1000, cpuMs: (user + system) * 1000, peakRss: maxKb * 1024 };
}

/** utime + stime of a process, in ms (Linux /proc). */
function processCpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

async function webImport(files: string[]) {
  const server = await startServer({ DEMO_DATA: 'on' }, { startupTimeoutMs: 180_000 });
  try {
    const pid = server.process.pid!;
    const signIn = await fetch(`${server.url}/api/authenticate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: STUDIO.email, password: STUDIO.password }) });
    const token = ((await signIn.json()) as { id_token: string }).id_token;
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${server.url}/api/studio/shoots`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench.web@example.com', sessionName: 'Bench shoot', invite: false }) });
    const shoot = (await created.json()) as { id: number };
    const idle = memory(pid).rss;
    const cpuBefore = processCpuMs(pid);
    const started = performance.now();

    const queue = [...files];
    const uploadOne = async (file: string) => {
      const bytes = fs.readFileSync(file);
      const metadata = `shootId ${Buffer.from(String(shoot.id)).toString('base64')},filename ${Buffer.from(path.basename(file)).toString('base64')}`;
      const post = await fetch(`${server.url}/api/studio/uploads`, { method: 'POST', headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-length': String(bytes.length), 'upload-metadata': metadata } });
      if (post.status !== 201) throw new Error(`tus create: ${post.status}`);
      const patch = await fetch(new URL(post.headers.get('location')!, server.url), {
        method: 'PATCH',
        headers: { ...auth, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
        body: new Uint8Array(bytes),
      });
      if (patch.status !== 204) throw new Error(`tus patch: ${patch.status} ${await patch.text()}`);
    };
    await Promise.all(
      Array.from({ length: 3 }, async () => {
        for (let file = queue.shift(); file; file = queue.shift()) await uploadOne(file);
      }),
    );
    const uploadedMs = performance.now() - started;
    const importStart = performance.now();
    const start = await fetch(`${server.url}/api/studio/shoots/${shoot.id}/import`, { method: 'POST', headers: auth });
    if (start.status !== 202) throw new Error(`import: ${start.status} ${await start.text()}`);
    let state: { status: string; imported: number };
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state = (await (await fetch(`${server.url}/api/studio/shoots/${shoot.id}`, { headers: auth })).json()) as { status: string; imported: number };
      if (state.status === 'done' || state.status === 'failed') break;
    }
    if (state.status !== 'done' || state.imported !== files.length) throw new Error(`import ended ${state.status} with ${state.imported} photos`);
    return { uploadMs: uploadedMs, importMs: performance.now() - importStart, totalMs: performance.now() - started, cpuMs: processCpuMs(pid) - cpuBefore, idleRss: idle, peakRss: memory(pid).hwm };
  } finally {
    await server.stop();
  }
}

const files = await photos();
const sizes = files.map((file) => fs.statSync(file).size);
console.log(`photos: ${files.length}, median ${(median(sizes) / 1024 / 1024).toFixed(1)} MB, total ${mb(sizes.reduce((a, b) => a + b, 0))} MB`);

const cpu = await cpuPerPhoto(files.slice(0, sample));
console.log(`\nCPU per photo (median of ${sample}, this process, all sharp threads):`);
console.log(`| work | CPU ms per photo | × floor |`);
console.log(`|---|---:|---:|`);
console.log(`| floor: one full decode (sharp raw) | ${ms(cpu.floor)} | 1.0 |`);
console.log(`| import now: decode once, shrunk on load, five renditions | ${ms(cpu.now)} | ${(cpu.now / cpu.floor).toFixed(2)} |`);
console.log(`| import before: five renditions, each decoding the original | ${ms(cpu.before)} | ${(cpu.before / cpu.floor).toFixed(2)} |`);

execFileSync(process.execPath, ['apps/server/scripts/build.mjs'], { cwd: repoRoot });
const cli = cliImport(path.dirname(files[0]!));
const web = await webImport(files);
console.log(`\n| path | photos | wall s | photos/s | CPU s | CPU ms per photo | peak RSS MB |`);
console.log(`|---|---:|---:|---:|---:|---:|---:|`);
console.log(`| CLI import (tsx, in one process) | ${files.length} | ${(cli.wallMs / 1000).toFixed(1)} | ${(files.length / (cli.wallMs / 1000)).toFixed(2)} | ${(cli.cpuMs / 1000).toFixed(1)} | ${ms(cli.cpuMs / files.length)} | ${mb(cli.peakRss)} |`);
console.log(
  `| web: tus upload (3 at a time) + import job | ${files.length} | ${(web.totalMs / 1000).toFixed(1)} (upload ${(web.uploadMs / 1000).toFixed(1)}, import ${(web.importMs / 1000).toFixed(1)}) | ${(files.length / (web.totalMs / 1000)).toFixed(2)} | ${(web.cpuMs / 1000).toFixed(1)} | ${ms(web.cpuMs / files.length)} | ${mb(web.peakRss)} (idle ${mb(web.idleRss)}) |`,
);
