// Background cut-out in the editor (issue 13 §4): time per photo in the browser's face worker,
// headless Chromium (Debian's, software rendering), the page built by Vite from
// apps/web/src/features/editor/lib/face-detection.ts (e2e/support/face-detection-harness.ts).
//   npx tsx bench/editor-cutout.ts [--runs 10]
// cutOutPerson(bitmap): on the main thread a 640 px copy and a full-size copy of the photo, both
// transferred to the worker; there the MediaPipe selfie model (@vladmandic/human, tfjs wasm,
// single-threaded SIMD) on the 640 px copy, then refineCutout (packages/contract/src/cutout.ts: guided
// filter, feather, decontamination) at full size; the RGBA answer transferred back.
// For each photo size (e2e/fixtures/astronaut.jpg on a 2:3 canvas at 1600x2400 and 4500x6750, as
// bench/editor-faces.ts), in a fresh browser context (empty HTTP cache, new worker):
//   models cold     preloadFaceModels(): start the worker, download models and .wasm, compile, load
//   first cut-out   the first cutOutPerson() after that
//   warm median     the median of --runs more cutOutPerson() on the same photo, split into
//                   model (worker: pixels of the 640 px copy + selfie mask), refine (worker: full-size
//                   getImageData + refineCutout) and other (total − model − refine: the two copies on
//                   the main thread, the transfers, the answer's wrapping); and, measured apart on
//                   the main thread after each cut-out, the full-size drawImage + getImageData that
//                   refine includes before refineCutout itself ("of refine: read pixels")
//   detection       detectFaces() of the same photo, same worker, warm median of --runs (after one
//                   unmeasured call): what the crop panel already pays, for comparison
//   baseline        fetch + decode (createImageBitmap) of the photo, median of --runs
// Then one more cut-out with Chromium's processes' RSS sampled (/proc, every 10 ms; the sum over the
// processes this one started), apart from the timed runs; and the cut-out's alpha counts as a sanity check.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startFaceDetectionHarness, type HarnessCutout, type HarnessDetection, type HarnessScope } from '../e2e/support/face-detection-harness';
import { benchHeader, mb, median, ms } from './lib/figures';
import { astronautPhotos, EDITOR_PHOTO_SIZES, launchBenchChromium } from './lib/editor-photos';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Math.max(1, Number(args.runs));
const SIZES = EDITOR_PHOTO_SIZES;

const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** The pids of `root` and all its descendants (/proc). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid …: comm may hold spaces and parentheses.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const list = children.get(ppid) ?? [];
    list.push(Number(entry));
    children.set(ppid, list);
  }
  const pids: number[] = [];
  const todo = [root];
  while (todo.length > 0) {
    const pid = todo.pop() as number;
    pids.push(pid);
    todo.push(...(children.get(pid) ?? []));
  }
  return pids;
}

/** VmRSS summed over the tree, and the largest single process's. */
function treeRss(pids: number[]): { sum: number; largest: number } {
  let sum = 0;
  let largest = 0;
  for (const pid of pids) {
    try {
      const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
      sum += kb;
      largest = Math.max(largest, kb);
    } catch {
      // ended meanwhile
    }
  }
  return { sum, largest };
}

console.log(benchHeader('editor-cutout'));

const files = await astronautPhotos();

const harness = await startFaceDetectionHarness({ files });
const browser = await launchBenchChromium();
try {
  const rows: Record<string, string | number>[] = [];
  const checks: Record<string, string | number>[] = [];
  const failures: string[] = [];
  for (const size of SIZES) {
    const url = `/fixtures/${size.name}.jpg`;
    const photo = `${size.name} (${Math.round((files[`${size.name}.jpg`]?.length ?? 0) / 1024)} KB)`;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await page.goto(harness.url);
      await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
      const cut = (): Promise<HarnessCutout> => page.evaluate((u) => (globalThis as unknown as HarnessScope).faceHarness.cutout(u), url);
      const detect = (): Promise<HarnessDetection> => page.evaluate((u) => (globalThis as unknown as HarnessScope).faceHarness.detect(u), url);
      const must = <T extends { ok: boolean; message?: string }>(answer: T, what: string): T & { ok: true } => {
        if (!answer.ok) throw new Error(`${size.name}: ${what}: ${answer.message ?? 'failed'}`);
        return answer as T & { ok: true };
      };

      const coldLoadMs = await page.evaluate(() => (globalThis as unknown as HarnessScope).faceHarness.preload());
      const firstStarted = performance.now();
      const first = must(await cut(), 'first cut-out');
      console.log(`${size.name}: models ${ms(coldLoadMs)} ms, first cut-out ${ms(first.timings.totalMs)} ms (page.evaluate ${ms(performance.now() - firstStarted)} ms)`);
      const warm: { total: number; model: number; refine: number; other: number; readPixels: number }[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { timings, readPixelsMs } = must(await cut(), `cut-out ${i + 1}`);
        warm.push({ total: timings.totalMs, model: timings.modelMs, refine: timings.refineMs, other: timings.totalMs - timings.modelMs - timings.refineMs, readPixels: readPixelsMs });
      }
      console.log(`${size.name}: warm cut-outs ${warm.map((w) => `${ms(w.total)} (refine ${ms(w.refine)})`).join(', ')} ms`);
      must(await detect(), 'detection warm-up');
      const detections: number[] = [];
      for (let i = 0; i < RUNS; i++) detections.push(must(await detect(), `detection ${i + 1}`).result.timings.totalMs);
      const baseline: number[] = [];
      for (let i = 0; i < RUNS; i++) baseline.push((await page.evaluate((u) => (globalThis as unknown as HarnessScope).faceHarness.decodeAndDownscale(u), url)).decodeMs);

      // Memory, apart from the timed runs.
      let memory = '-';
      // Chromium is this process's child (playwright launches it): the tree without this process.
      const pids = processTree(process.pid).filter((pid) => pid !== process.pid);
      if (pids.length > 0) {
        const before = treeRss(pids);
        let peak = before;
        const timer = setInterval(() => {
          const now = treeRss(pids);
          peak = { sum: Math.max(peak.sum, now.sum), largest: Math.max(peak.largest, now.largest) };
        }, 10);
        must(await cut(), 'memory cut-out');
        clearInterval(timer);
        memory = `${mb(before.sum)} → ${mb(peak.sum)} MB (largest process ${mb(before.largest)} → ${mb(peak.largest)})`;
      }

      const pixels = first.width * first.height;
      const pct = (n: number) => `${((100 * n) / pixels).toFixed(1)} %`;
      rows.push({
        photo,
        'models cold ms': ms(coldLoadMs),
        'first cut-out ms': ms(first.timings.totalMs),
        [`warm median ms (${RUNS})`]: ms(median(warm.map((w) => w.total))),
        'warm min–max': `${ms(Math.min(...warm.map((w) => w.total)))}–${ms(Math.max(...warm.map((w) => w.total)))}`,
        'model ms': ms(median(warm.map((w) => w.model))),
        'refine ms': ms(median(warm.map((w) => w.refine))),
        'of refine: read pixels ms': ms(median(warm.map((w) => w.readPixels))),
        'other ms': ms(median(warm.map((w) => w.other))),
        'detectFaces warm ms': ms(median(detections)),
        'baseline: fetch+decode ms': ms(median(baseline)),
      });
      checks.push({
        photo,
        'cut-out size': `${first.width}x${first.height}`,
        'alpha 255': pct(first.alpha.opaque),
        'alpha 1..254': pct(first.alpha.partial),
        'alpha 0': pct(first.alpha.clear),
        'first: model / refine ms': `${ms(first.timings.modelMs)} / ${ms(first.timings.refineMs)}`,
        'Chromium RSS, one cut-out (before → peak)': memory,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(`${size.name}: ${message}`);
      console.log(`${size.name} FAILED: ${message}`);
    } finally {
      await context.close();
    }
  }
  console.log(
    `\nbackground cut-out per photo (cutOutPerson: 640 px copy → selfie model in the worker, refineCutout at full size); detectFaces and fetch+decode of the same photo, same page; load average ${loadAverage()}`,
  );
  console.table(rows);
  console.table(checks);
  if (failures.length > 0) {
    console.log(`failed:\n  ${failures.join('\n  ')}`);
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  await harness.close();
}
