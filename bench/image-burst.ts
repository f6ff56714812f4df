// Image bursts (issue 11, "Files and uploads"): N concurrent profile-photo uploads
// (PUT /api/users/UpdateUserDetailsWithImage) of one generated 40-megapixel PNG, against the real
// server; prints its RSS idle before the burst, its peak during it (VmHWM, reset just before, and
// VmRSS sampled every 10 ms), its RSS as the burst settles, and how the requests were answered.
//   npx tsx bench/image-burst.ts [--count 440] [--megapixels 40] [--settle 30] [--server bundle|tsx] [--arenas default,2] [--unbounded]
// The server runs as `npm start` runs it (the esbuild bundle on plain node) on a fresh SQLite data
// folder with one customer, started once (the first start renders the studio's pictures with sharp),
// stopped and started again, so the measured process has not used sharp before the burst, with the
// shipped image queue (IMAGE_QUEUE_CONCURRENCY / IMAGE_QUEUE_WAITING from the environment, else the
// defaults). --arenas lists glibc malloc settings to measure it under, `default` (MALLOC_ARENA_MAX
// unset, as `npm start` runs) and/or numbers for MALLOC_ARENA_MAX. --unbounded also measures a server
// whose queue never refuses nor makes anyone wait (IMAGE_QUEUE_CONCURRENCY=1024,
// IMAGE_QUEUE_WAITING=10000): every upload decoded at once, as before the queue.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { loadConfig } from '../apps/server/src/config';
import { openBenchDatabase, seedGallery, signIn } from './lib/gallery-seed';
import { type ServerRuntime, startServer } from './lib/server';
import { libvipsMapped, memory, sampleRss } from './lib/process-stats';

const { values: args } = parseArgs({
  options: {
    count: { type: 'string', default: '440' },
    megapixels: { type: 'string', default: '40' },
    settle: { type: 'string', default: '30' },
    server: { type: 'string', default: 'bundle' },
    unbounded: { type: 'boolean', default: false },
    arenas: { type: 'string', default: 'default' },
  },
});
const count = Math.max(1, Number(args.count));
const megapixels = Math.min(40, Math.max(1, Number(args.megapixels)));
const settleSeconds = Math.max(1, Number(args.settle));
const runtime = args.server as ServerRuntime;
if (runtime !== 'bundle' && runtime !== 'tsx') throw new Error('--server must be bundle or tsx');

const DEFAULT_QUEUE = loadConfig({}).imageQueue;
const CUSTOMER = { email: 'burst@bench.test', password: 'Bench-burst-1234', photos: 1, sessions: 1 };
/** Seconds after the burst at which RSS is reported (plus the end of the settle time). */
const SETTLE_MARKS = [1, 5, 10, 30, 60, 120];

const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');
console.log(
  `Image burst — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${load()}; ` +
    `${count} concurrent uploads of one ${megapixels}-megapixel PNG; server ${runtime === 'tsx' ? 'node --import tsx (sources)' : 'esbuild bundle on plain node (as npm start)'}`,
);

// 40 MP at 4:3 (7303 x 5477): one colour with a few bands, so the PNG stays under the 5 MB upload
// limit while the server still decodes every one of its 40 million pixels.
const width = Math.floor(Math.sqrt((megapixels * 1e6 * 4) / 3));
const height = Math.floor((megapixels * 1e6) / width);
const bands = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    Array.from({ length: 12 }, (_, i) => `<rect x="0" y="${Math.floor((i * height) / 12)}" width="${width}" height="${Math.floor(height / 24)}" fill="hsl(${i * 30},60%,50%)"/>`).join('') +
    '</svg>',
);
const png = await sharp({ create: { width, height, channels: 3, background: '#5f3dc4' }, limitInputPixels: false })
  .composite([{ input: bands, limitInputPixels: false }])
  .png()
  .toBuffer();
const body = (userId: number) => JSON.stringify({ userId, firstName: 'Burst', lastName: 'Bench', profileImageBase64: png.toString('base64') });
console.log(`PNG ${width} x ${height} (${((width * height) / 1e6).toFixed(1)} MP), ${(png.length / 1e6).toFixed(2)} MB; request body ${(body(1).length / 1e6).toFixed(2)} MB`);

interface BurstResult {
  label: string;
  queue: string;
  idleBefore: number;
  idleWarm: number;
  peak: number;
  settled: { seconds: number; rss: number }[];
  statuses: Map<string, number>;
  burstMs: number;
}

const results: BurstResult[] = [];
// The bench decides the allocator setting of each server (startServer passes its own environment on).
delete process.env.MALLOC_ARENA_MAX;
const configurations: { label: string; env: Record<string, string> }[] = [
  ...args.arenas.split(',').map((arenas): { label: string; env: Record<string, string> } =>
    arenas === 'default'
      ? { label: 'as shipped', env: {} }
      : { label: `as shipped, MALLOC_ARENA_MAX=${arenas}`, env: { MALLOC_ARENA_MAX: arenas } },
  ),
  ...(args.unbounded
    ? [{ label: 'no bound: every upload decoded at once', env: { IMAGE_QUEUE_CONCURRENCY: '1024', IMAGE_QUEUE_WAITING: '10000' } }]
    : []),
];
for (const { label, env } of configurations) results.push(await measure(label, env));

console.log('');
console.log('| server | queue | RSS idle before | RSS idle after one upload | peak RSS during the burst | ' + settleHeader() + ' | answers | burst took |');
console.log('|---|---|---:|---:|---:|' + settleHeader().split('|').map(() => '---:').join('|') + '|---|---:|');
for (const r of results) {
  const answers = [...r.statuses].sort().map(([status, n]) => `${n} x ${status}`).join(', ');
  console.log(
    `| ${r.label} | ${r.queue} | ${mb(r.idleBefore)} MB | ${mb(r.idleWarm)} MB | ${mb(r.peak)} MB | ${r.settled.map((s) => `${mb(s.rss)} MB`).join(' | ')} | ${answers} | ${(r.burstMs / 1000).toFixed(1)} s |`,
  );
}

function settleHeader(): string {
  return settleTimes().map((s) => `RSS ${s} s after`).join(' | ');
}

function settleTimes(): number[] {
  return [...new Set([...SETTLE_MARKS.filter((s) => s < settleSeconds), settleSeconds])];
}

async function measure(label: string, extraEnv: Record<string, string>): Promise<BurstResult> {
  const bench = await openBenchDatabase('sqlite', 'image-burst');
  try {
    const seeded = await seedGallery(bench, { measured: [CUSTOMER], others: { customers: 0, photos: 0 } });
    const userId = seeded.measured[0]!.id;
    const env = { ...bench.serverEnv, ...extraEnv };
    const first = await startServer(env, { runtime });
    await first.stop();
    const server = await startServer(env, { runtime });
    const pid = server.process.pid!;
    try {
      const token = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
      const upload = async (): Promise<string> => {
        try {
          const response = await fetch(`${server.url}/api/users/UpdateUserDetailsWithImage`, {
            method: 'PUT',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: body(userId),
          });
          await response.arrayBuffer();
          return String(response.status);
        } catch (error) {
          return `error (${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message})`;
        }
      };
      await settle(3);
      const idleBefore = memory(pid).rss;
      const sharpBefore = libvipsMapped(pid);
      // One upload first: sharp is loaded and the queue is warm, as on a server that has taken uploads.
      const warm = await upload();
      if (warm !== '200') throw new Error(`the warm-up upload answered ${warm}`);
      await settle(3);
      const idleWarm = memory(pid).rss;
      const queue = `${extraEnv.IMAGE_QUEUE_CONCURRENCY ?? process.env.IMAGE_QUEUE_CONCURRENCY ?? `${DEFAULT_QUEUE.concurrency}`} at once, ${extraEnv.IMAGE_QUEUE_WAITING ?? process.env.IMAGE_QUEUE_WAITING ?? `${DEFAULT_QUEUE.maxWaiting}`} waiting`;
      console.log(`\n${label} (${queue}), pid ${pid}: RSS ${mb(idleBefore)} MB idle before (sharp ${sharpBefore ? 'loaded' : 'not loaded'}), ${mb(idleWarm)} MB after one upload`);

      const peakReset = resetPeak(pid);
      const sampler = sampleRss(pid);
      const started = Date.now();
      const answers = await Promise.all(Array.from({ length: count }, upload));
      const burstMs = Date.now() - started;
      const peak = Math.max(sampler.stop(), peakReset ? memory(pid).hwm : 0);
      const statuses = new Map<string, number>();
      for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
      console.log(`burst: ${(burstMs / 1000).toFixed(1)} s, peak RSS ${mb(peak)} MB, answers ${[...statuses].map(([s, n]) => `${n} x ${s}`).join(', ')}`);

      const settled: { seconds: number; rss: number }[] = [];
      const afterBurst = Date.now();
      for (const mark of settleTimes()) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, afterBurst + mark * 1000 - Date.now())));
        settled.push({ seconds: mark, rss: memory(pid).rss });
        console.log(`  ${mark} s after: RSS ${mb(settled.at(-1)!.rss)} MB`);
      }
      return { label, queue, idleBefore, idleWarm, peak, settled, statuses, burstMs };
    } finally {
      await server.stop();
    }
  } finally {
    await bench.dispose();
  }
}

function settle(seconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, seconds * 1000));
}

/** Resets VmHWM to the current RSS (Linux clear_refs 5), so the peak is the burst's own; false when not allowed. */
function resetPeak(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    // not allowed here: the 10 ms VmRSS samples still bound the peak
    return false;
  }
}

function mb(bytes: number): number {
  return Math.round(bytes / 1e6);
}
