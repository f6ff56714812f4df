// Face detection for the editor (issue 12 §3): time per photo in the worker, headless Chromium (Debian's,
// software rendering), @vladmandic/human on tfjs' WebAssembly backend (single-threaded SIMD), the
// page built by Vite from apps/web/src/features/editor/lib/face-detection.ts
// (e2e/support/face-detection-harness.ts).
//   npx tsx bench/editor-faces.ts [--runs 10]
// For each photo size (the test portrait, e2e/fixtures/astronaut.jpg, placed on a 2:3 canvas at
// 1600x2400 and 4500x6750), in a fresh browser context (empty HTTP cache, new worker):
//   models cold   preloadFaceModels(): start the worker, download ~2.9 MB of models and .wasm, compile WebAssembly, load models
//   first detect  the first detectFaces() after that (downscale to 640 px + face + mesh + person mask)
//   warm median   the median of --runs more detectFaces() on the same photo
//   baseline      what any photo costs without detection, same run: fetch + decode (createImageBitmap)
//                 and the downscale to 640 px alone (median of --runs)
// Decoding the photo is timed apart from detection (it is the same for both).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { startFaceDetectionHarness, type HarnessDetection, type HarnessScope } from '../e2e/support/face-detection-harness';
import { benchHeader, median, ms } from './lib/figures';
import { astronautPhotos, EDITOR_PHOTO_SIZES, launchBenchChromium } from './lib/editor-photos';

const { values: args } = parseArgs({ options: { runs: { type: 'string', default: '10' } } });
const RUNS = Math.max(1, Number(args.runs));
const SIZES = EDITOR_PHOTO_SIZES;

console.log(benchHeader('editor-faces'));

const files = await astronautPhotos();

const harness = await startFaceDetectionHarness({ files });
const browser = await launchBenchChromium();
try {
  const rows: Record<string, string | number>[] = [];
  for (const size of SIZES) {
    const url = `/fixtures/${size.name}.jpg`;
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(harness.url);
    await page.locator('body[data-ready="true"]').waitFor({ state: 'attached' });
    const run = (): Promise<HarnessDetection> => page.evaluate((u) => (globalThis as unknown as HarnessScope).faceHarness.detect(u), url);

    const coldLoadMs = await page.evaluate(() => (globalThis as unknown as HarnessScope).faceHarness.preload());
    const first = await run();
    if (!first.ok) throw new Error(`${size.name}: ${first.message}`);
    const warm: { total: number; detect: number; downscale: number; decode: number }[] = [];
    for (let i = 0; i < RUNS; i++) {
      const answer = await run();
      if (!answer.ok) throw new Error(`${size.name}: ${answer.message}`);
      const { timings } = answer.result;
      warm.push({ total: timings.totalMs, detect: timings.detectMs, downscale: timings.downscaleMs, decode: answer.decodeMs });
    }
    const baseline: { decodeMs: number; downscaleMs: number }[] = [];
    for (let i = 0; i < RUNS; i++) baseline.push(await page.evaluate((u) => (globalThis as unknown as HarnessScope).faceHarness.decodeAndDownscale(u), url));
    const face = first.result.faces[0];
    rows.push({
      photo: `${size.name} (${Math.round((files[`${size.name}.jpg`]?.length ?? 0) / 1024)} KB)`,
      'models cold ms': ms(coldLoadMs),
      'first detect ms': ms(first.result.timings.totalMs),
      [`warm median ms (${RUNS})`]: ms(median(warm.map((w) => w.total))),
      'of which in worker': ms(median(warm.map((w) => w.detect))),
      'of which downscale': ms(median(warm.map((w) => w.downscale))),
      'baseline: downscale alone ms': ms(median(baseline.map((b) => b.downscaleMs))),
      'baseline: fetch+decode ms': ms(median(baseline.map((b) => b.decodeMs))),
      faces: first.result.faces.length,
      crown: face ? `${face.crownMethod} y ${face.crown.y.toFixed(0)}` : '-',
    });
    await context.close();
  }
  console.log(`\nface detection per photo (detectFaces: downscale to 640 px, worker: BlazeFace + FaceMesh + selfie mask); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table(rows);
} finally {
  await browser.close();
  await harness.close();
}
