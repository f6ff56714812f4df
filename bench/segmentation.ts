// Server background removal (issue 13 §1, §4): POST /ex/images/remove-background on a 1600x2400
// portrait (e2e/fixtures/astronaut.jpg placed on a 2:3 canvas with its grey backdrop, as
// bench/editor-faces.ts does).
//   npx tsx bench/segmentation.ts [--runs 10]
// Two parts, same run:
//   HTTP      the real server (the bundle, as `npm start`; BENCH_SERVER=tsx for the sources), demo data:
//             cold = the first call after start (the worker thread starts and loads the model), warm =
//             median of --runs calls, steady = median of the calls after the first 8 warm ones (V8 settling
//             the pipeline in a fresh worker); the server process's RSS before, at its peak during each call
//             (/proc, sampled every 10 ms) and after.
//             Also the server process's CPU time per call (/proc, all its threads), which the load of
//             other work on the machine does not inflate as it does wall time.
//   breakdown the segmentation pool in this process (what the route calls): decode (sharp, + the
//             640 px copy the model is fed from), face detection, the model's two passes (whole photo and
//             the subject's crop), subject selection + matting (packages/contract/src/cutout.ts), PNG
//             encode; cold and warm median, in wall time and in this process's CPU time (all threads:
//             the worker's and sharp's; the main thread only waits).
//   baseline  what any image costs without segmentation, same run, same image: sharp decode + JPEG
//             encode, and sharp decode + RGBA PNG encode (the answer's encoding), median of --runs.
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { SegmentationPool } from '../apps/server/src/media/segmentation/segmentation-pool';
import type { RemoveBackgroundResult } from '../apps/server/src/media/segmentation/worker';
import { cpuTime, memory, sampleRss } from './lib/process-stats';
import { repoRoot, startServer } from './lib/server';
import { benchHeader, demoToken, mb, median, ms } from './lib/figures';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Math.max(1, Number(args.runs));
const STEADY_AFTER = 8;

console.log(benchHeader('segmentation'));

const portrait = await sharp(path.join(repoRoot, 'e2e', 'fixtures', 'astronaut.jpg'))
  .resize(1600, 2400, { fit: 'contain', position: 'top', background: { r: 200, g: 192, b: 190 }, kernel: 'lanczos3' })
  .jpeg({ quality: 90 })
  .toBuffer();
console.log(`input: 1600x2400 JPEG, ${Math.round(portrait.length / 1024)} KB; ${RUNS} warm runs`);

// --- baseline ---
const baselineJpeg: number[] = [];
const baselinePng: number[] = [];
for (let i = 0; i < RUNS; i++) {
  let started = performance.now();
  await sharp(portrait).jpeg({ quality: 90 }).toBuffer();
  baselineJpeg.push(performance.now() - started);
  started = performance.now();
  const { data, info } = await sharp(portrait).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  await sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } }).png({ compressionLevel: 1 }).toBuffer();
  baselinePng.push(performance.now() - started);
}
console.table([
  { step: 'baseline: sharp decode + JPEG encode', medianMs: ms(median(baselineJpeg)) },
  { step: 'baseline: sharp decode + RGBA PNG encode', medianMs: ms(median(baselinePng)) },
]);

// --- breakdown in this process ---
const pool = new SegmentationPool({ threads: 1, maxWaiting: 0 }, path.join(repoRoot, 'apps', 'web', 'public', 'editor-models'));
const runs: { wallMs: number; cpuMs: number; result: Extract<RemoveBackgroundResult, { ok: true }> }[] = [];
for (let i = 0; i <= RUNS; i++) {
  const started = performance.now();
  const startedCpu = process.cpuUsage();
  const result = await pool.removeBackground(portrait);
  if (!result.ok) throw new Error(`removal failed: ${result.reason}`);
  const cpu = process.cpuUsage(startedCpu);
  runs.push({ wallMs: performance.now() - started, cpuMs: (cpu.user + cpu.system) / 1000, result });
}
await pool.close();
const [cold, ...warm] = runs;
if (!cold) throw new Error('no run');
/** V8 needs ~8 calls of a fresh worker to settle the pipeline's loops: "steady" = calls after the first STEADY_AFTER warm ones. */
function steady<T>(warmRuns: T[]): T[] {
  return warmRuns.slice(STEADY_AFTER);
}
const pngKb = Math.round(cold.result.pngBytes / 1024);
type Run = (typeof runs)[number];
const row = (label: string, wall: (r: Run) => number, cpu: (r: Run) => number) => ({
  step: label,
  coldMs: ms(wall(cold)),
  warmMedianMs: ms(median(warm.map(wall))),
  coldCpuMs: ms(cpu(cold)),
  warmMedianCpuMs: ms(median(warm.map(cpu))),
  ...(steady(warm).length > 0 ? { steadyMedianMs: ms(median(steady(warm).map(wall))), steadyMedianCpuMs: ms(median(steady(warm).map(cpu))) } : {}),
});
type Step = keyof Run['result']['timings'];
const step = (label: string, key: Step) => row(label, (r) => r.result.timings[key], (r) => r.result.cpu[key]);
console.table([
  row('pool call (thread start + model load when cold)', (r) => r.wallMs, (r) => r.cpuMs),
  step('decode (sharp) + 640 px model input', 'decodeMs'),
  step('face (blazeface + mesh on the 640 px copy; load when cold)', 'faceMs'),
  step('model, both passes (whole photo + subject crop; load when cold)', 'modelMs'),
  step('subject selection + matting (contract cutOutPerson)', 'refineMs'),
  row('  of which cutOutPerson in the matting thread (model waits excluded; CPU: n/a)', (r) => r.result.mattingThread.cutOutMs, () => 0),
  step('PNG encode (RGBA)', 'encodeMs'),
]);
console.log(`answer: ${pngKb} KB PNG; this process's RSS after the runs ${mb(memory(process.pid).rss)} MB`);

// --- over HTTP, the real server ---
const server = await startServer({ DEMO_DATA: 'on', SEGMENTATION_THREADS: '1' });
try {
  const pid = server.process.pid;
  if (pid === undefined) throw new Error('no server pid');
  const token = await demoToken(server.url);
  const body = JSON.stringify({ ImageBase64: portrait.toString('base64') });
  const http: { ms: number; cpuMs: number; before: number; peak: number; after: number }[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const before = memory(pid).rss;
    const sampler = sampleRss(pid);
    const startedCpu = cpuTime(pid);
    const started = performance.now();
    const response = await fetch(`${server.url}/api/ex/images/remove-background`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body,
    });
    await response.arrayBuffer();
    const elapsed = performance.now() - started;
    const cpuMs = cpuTime(pid) - startedCpu;
    const peak = sampler.stop();
    if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
    http.push({ ms: elapsed, cpuMs, before, peak, after: memory(pid).rss });
  }
  const [first, ...rest] = http;
  if (!first) throw new Error('no call');
  console.table([
    { call: 'cold (first after start)', ms: ms(first.ms), serverCpuMs: ms(first.cpuMs), rssBeforeMB: mb(first.before), rssPeakMB: mb(first.peak), rssAfterMB: mb(first.after) },
    {
      call: `warm (median of ${rest.length})`,
      ms: ms(median(rest.map((r) => r.ms))),
      serverCpuMs: ms(median(rest.map((r) => r.cpuMs))),
      rssBeforeMB: mb(median(rest.map((r) => r.before))),
      rssPeakMB: mb(median(rest.map((r) => r.peak))),
      rssAfterMB: mb(median(rest.map((r) => r.after))),
    },
    ...(steady(rest).length > 0
      ? [{ call: `steady (median of calls ${STEADY_AFTER + 2}–${rest.length + 1})`, ms: ms(median(steady(rest).map((r) => r.ms))), serverCpuMs: ms(median(steady(rest).map((r) => r.cpuMs))), rssBeforeMB: 0, rssPeakMB: 0, rssAfterMB: 0 }]
      : []),
    { call: 'warm, largest peak above its own start', ms: 0, serverCpuMs: 0, rssBeforeMB: 0, rssPeakMB: mb(Math.max(...rest.map((r) => r.peak - r.before))), rssAfterMB: 0 },
  ]);
} finally {
  await server.stop();
}
console.log(`load average at the end: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
