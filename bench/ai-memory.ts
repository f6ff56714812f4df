// The server's memory around its AI calls (issue 22 §4): peak RSS, and RSS two minutes after, for a
// burst of 5 retouches of a 14 MP portrait and for remove-background of a 100 MP PNG, against the
// same server's idle RSS in the same run.
//   npx tsx bench/ai-memory.ts [--after 120] [--sample 30]
// Inputs, made here from e2e/fixtures/astronaut.jpg:
//   portrait  the head and shoulders of the 512x512 photo (x 112-352, y 0-360, as bench/retouch.ts's
//             close-up) enlarged to 3056x4584 (14.0 MP), JPEG q90;
//   100 MP    the photo in the middle of a 10000x10000 grey canvas, PNG (compression 9): ~0.3 MB of
//             file, 100 megapixels once decoded.
// The real server (the bundle, as `npm start`; BENCH_SERVER=tsx for the sources), demo data, the
// 2-core defaults (one segmentation thread, four waiting). RSS is the server process's (main thread
// and worker threads together: /proc/<pid>/status VmRSS, sampled every 10 ms during a call, then
// every --sample seconds for --after seconds). Phases, one after the other in one server:
//   idle      after start-up and sign-in, before any AI call;
//   retouch   5 POST /ex/images/retouch-portrait at once (a burst: one runs, four wait), strength 0.5;
//   100 MP    1 POST /ex/images/remove-background of the PNG (a 400 when the AI input bound refuses it).
// The server's own variables (SEGMENTATION_*, MALLOC_ARENA_MAX, …) pass through from this process's
// environment, so variants are compared by running the command again with them set.
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { memory, sampleRss } from './lib/process-stats';
import { repoRoot, startServer } from './lib/server';
import { benchHeader, demoToken, mb } from './lib/figures';

const { values: args } = parseArgs({ options: { after: { type: 'string', default: '120' }, sample: { type: 'string', default: '30' } } });
const AFTER_S = Math.max(1, Number(args.after));
const SAMPLE_S = Math.max(1, Math.min(AFTER_S, Number(args.sample)));

console.log(benchHeader('ai-memory'));

const fixture = path.join(repoRoot, 'e2e', 'fixtures', 'astronaut.jpg');
const portrait = await sharp(fixture)
  .extract({ left: 112, top: 0, width: 240, height: 360 })
  .resize(3056, 4584, { kernel: 'lanczos3' })
  .jpeg({ quality: 90 })
  .toBuffer();
const huge = await sharp({ create: { width: 10_000, height: 10_000, channels: 3, background: { r: 200, g: 192, b: 190 } } })
  .composite([{ input: fixture, gravity: 'centre' }])
  .png({ compressionLevel: 9 })
  .toBuffer();
console.log(`inputs: 3056x4584 JPEG portrait (14.0 MP), ${Math.round(portrait.length / 1024)} KB; 10000x10000 PNG (100 MP), ${Math.round(huge.length / 1024)} KB`);
const passedThrough = ['SEGMENTATION_THREADS', 'SEGMENTATION_QUEUE_WAITING', 'SEGMENTATION_IDLE_SECONDS', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_ARENA_MAX']
  .filter((name) => process.env[name] !== undefined)
  .map((name) => `${name}=${process.env[name]}`);
console.log(`server variables: ${passedThrough.length ? passedThrough.join(' ') : 'defaults'}; RSS after each phase for ${AFTER_S} s, every ${SAMPLE_S} s`);

// Start-up imports the demo photos: slow on a busy machine.
const server = await startServer({ DEMO_DATA: 'on', SEGMENTATION_THREADS: process.env.SEGMENTATION_THREADS ?? '1' }, { startupTimeoutMs: 300_000 });
try {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('no server pid');
  const token = await demoToken(server.url);
  const call = async (route: string, body: object): Promise<number> => {
    const response = await fetch(`${server.url}/api/ex/images/${route}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return response.status;
  };
  const sleep = (s: number) => new Promise((resolve) => setTimeout(resolve, s * 1000));

  // Let start-up (demo import, first GCs) settle before reading the idle figure.
  await sleep(5);
  const idle = memory(pid).rss;
  console.log(`idle: RSS ${mb(idle)} MB`);

  const rows: Record<string, string | number>[] = [];
  const phase = async (name: string, run: () => Promise<number[]>) => {
    const before = memory(pid).rss;
    const sampler = sampleRss(pid);
    const started = performance.now();
    const statuses = await run();
    const seconds = (performance.now() - started) / 1000;
    const peak = sampler.stop();
    const row: Record<string, string | number> = {
      phase: name,
      statuses: [...new Set(statuses)].map((s) => `${statuses.filter((x) => x === s).length}x${s}`).join(' '),
      seconds: Number(seconds.toFixed(1)),
      beforeMB: mb(before),
      peakMB: mb(peak),
      peakOverIdleMB: mb(peak - idle),
    };
    const curve: string[] = [];
    for (let waited = 0; waited < AFTER_S; ) {
      const step = Math.min(SAMPLE_S, AFTER_S - waited);
      await sleep(step);
      waited += step;
      curve.push(`${waited}s ${mb(memory(pid).rss)}`);
    }
    const after = memory(pid).rss;
    row[`after${AFTER_S}sMB`] = mb(after);
    row.afterOverIdleMB = mb(after - idle);
    rows.push(row);
    console.log(`${name}: peak ${mb(peak)} MB; after: ${curve.join(', ')} (MB)`);
  };

  const retouchBody = { ImageBase64: portrait.toString('base64'), strength: 0.5 };
  await phase('5 retouches of 14 MP at once', () => Promise.all(Array.from({ length: 5 }, () => call('retouch-portrait', retouchBody))));
  await phase('remove-background, 100 MP PNG', async () => [await call('remove-background', { ImageBase64: huge.toString('base64') })]);

  console.table([{ phase: 'idle (same server, before any AI call)', statuses: '', seconds: 0, beforeMB: mb(idle), peakMB: mb(idle), peakOverIdleMB: 0 }, ...rows]);
} finally {
  await server.stop();
}
