// Editor rendering (issue 12 §2, "Light, Color and Effects"): how fast the preview follows a slider and
// how long a full-size export takes, in headless Chromium on this machine's CPU (WebGL2 through
// SwiftShader, a software GPU: slower than any real GPU, so read the ratios to the baselines).
//   npx tsx bench/editor-render.ts [--changes 100] [--display 800x1200] [--no-canvas2d-export]
// 1. Slider drag: `--changes` value changes at 60 Hz through PreviewScheduler onto a `--display`-sized
//    preview of a 1600x2400 source (800x1200 is a phone's editor at DPR 2), once with WebGL2 and once
//    with WebGL switched off (--disable-3d-apis, so the app's own detection picks Canvas 2D). Per paint:
//    the render itself (for WebGL2 up to a 1-pixel readPixels, which waits for the GPU; gl.finish does
//    not), the slider-to-screen latency (from the change to the end of its paint), and how many changes
//    were skipped for a newer one instead of queued. Baselines: an empty requestAnimationFrame loop
//    (the frame clock) and a plain drawImage of the same source into a canvas of the display's size.
// 2. Shader cost per megapixel: the preview at 1600x2400 (1:1) with every slider set, against the
//    unedited passthrough draw (same texture read and write, no maths).
// 3. Export: renderFull of a 4500x6750 source + JPEG 0.9 (canvasToBlob), against drawImage of the
//    same source into a canvas + the same JPEG encode; WebGL2 with 2048 px tiles (the shipped
//    EXPORT_TILE_PX) and 4096 px tiles, and the Canvas 2D fallback (512 px tiles).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { type Browser, chromium, type Page } from 'playwright-core';
import { repoRoot } from './lib/server';

const { values: args } = parseArgs({
  options: {
    changes: { type: 'string', default: '100' },
    display: { type: 'string', default: '800x1200' },
    'no-canvas2d-export': { type: 'boolean', default: false },
  },
});
const changes = Math.max(2, Number(args.changes));
const [displayWidth, displayHeight] = args.display.split('x').map(Number) as [number, number];
const PREVIEW_SOURCE = { width: 1600, height: 2400 };
const EXPORT_SOURCE = { width: 4500, height: 6750 };
const BASE_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const WEBGL_ARGS = [...BASE_ARGS, '--use-angle=swiftshader', '--enable-unsafe-swiftshader'];
const NO_WEBGL_ARGS = [...BASE_ARGS, '--disable-3d-apis'];

// ------------------------------------------------------------------------------------------------
// What the page offers, typed by hand: this bench compiles without the DOM library.

interface EditValues {
  exposure: number;
  contrast: number;
  fade: number;
  saturation: number;
  skinTone: number;
  temperature: number;
  tint: number;
  grain: number;
}
interface Canvas {
  width: number;
  height: number;
  getContext(kind: '2d'): Context2d;
  getContext(kind: 'webgl2'): Gl | null;
}
interface ImageDataLike {
  data: Uint8ClampedArray;
}
interface Context2d {
  createImageData(width: number, height: number): ImageDataLike;
  putImageData(image: ImageDataLike, x: number, y: number): void;
  drawImage(image: unknown, x: number, y: number, width: number, height: number): void;
  getImageData(x: number, y: number, width: number, height: number): ImageDataLike;
}
interface Gl {
  RGBA: number;
  UNSIGNED_BYTE: number;
  readPixels(x: number, y: number, width: number, height: number, format: number, type: number, pixels: Uint8Array): void;
}
interface Bitmap {
  width: number;
  height: number;
  close(): void;
}
interface Renderer {
  kind: 'webgl2' | 'canvas2d';
  setSource(source: Bitmap): void;
  setSkinGate(gate: { cx: number; cy: number; rx: number; ry: number } | null): void;
  render(values: EditValues | null): void;
  renderFull(values: EditValues, crop: null): Promise<Canvas>;
  dispose(): void;
}
interface Scheduler {
  request(values: EditValues | null): void;
  flush(): void;
  dispose(): void;
  readonly stats: { requested: number; painted: number; superseded: number };
}
interface EditorLib {
  createRenderer(display: Canvas, options?: { preferCanvas2d?: boolean; maxTileSize?: number }): Renderer;
  PreviewScheduler: new (paint: (values: EditValues | null) => void) => Scheduler;
  canvasToBlob(canvas: Canvas, type: string, quality: number): Promise<{ size: number }>;
  DEFAULT_EDIT_VALUES: EditValues;
  EDIT_JPEG_QUALITY: number;
}
interface PageGlobals {
  editorLib: EditorLib;
  bench: { source: Bitmap; display: Canvas; renderer: Renderer };
  document: { createElement(tag: 'canvas'): Canvas };
  createImageBitmap(image: Canvas): Promise<Bitmap>;
  requestAnimationFrame(callback: (time: number) => void): number;
  performance: { now(): number };
  setTimeout(callback: () => void, ms: number): number;
}

// ------------------------------------------------------------------------------------------------
// In the page

/** A photo-like source (smooth light, a skin-toned oval, fine noise: JPEG has real work) as an ImageBitmap, and a renderer on a display canvas. */
async function setUpInPage(options: { sourceWidth: number; sourceHeight: number; displayWidth: number; displayHeight: number; preferCanvas2d: boolean; maxTileSize?: number }) {
  const page = globalThis as unknown as PageGlobals;
  const canvas = page.document.createElement('canvas');
  canvas.width = options.sourceWidth;
  canvas.height = options.sourceHeight;
  const context = canvas.getContext('2d');
  const image = context.createImageData(options.sourceWidth, options.sourceHeight);
  let noise = 12345;
  for (let y = 0; y < options.sourceHeight; y++) {
    const v = y / options.sourceHeight;
    for (let x = 0; x < options.sourceWidth; x++) {
      const u = x / options.sourceWidth;
      noise = (Math.imul(noise, 1103515245) + 12345) >>> 0;
      const grain = ((noise >>> 16) & 15) - 8;
      const face = (u - 0.5) ** 2 / 0.06 + (v - 0.4) ** 2 / 0.1 < 1;
      const i = (y * options.sourceWidth + x) * 4;
      image.data[i] = (face ? 224 : 60 + 120 * u) + grain;
      image.data[i + 1] = (face ? 172 : 80 + 100 * v) + grain;
      image.data[i + 2] = (face ? 140 : 140 - 60 * u) + grain;
      image.data[i + 3] = 255;
    }
  }
  context.putImageData(image, 0, 0);
  const source = await page.createImageBitmap(canvas);
  canvas.width = 1;
  canvas.height = 1;

  const display = page.document.createElement('canvas');
  display.width = options.displayWidth;
  display.height = options.displayHeight;
  const renderer = page.editorLib.createRenderer(display, { preferCanvas2d: options.preferCanvas2d, maxTileSize: options.maxTileSize });
  renderer.setSource(source);
  renderer.setSkinGate({ cx: 0.5, cy: 0.4, rx: 0.25, ry: 0.3 });
  renderer.render(null); // uploads the preview texture, compiles lazily-compiled state: not part of the timings
  page.bench = { source, display, renderer };
  return renderer.kind;
}

/** Changes the contrast slider `count` times at 60 Hz through PreviewScheduler; times every paint. */
async function dragInPage(count: number) {
  const page = globalThis as unknown as PageGlobals;
  const { renderer, display } = page.bench;
  const gl = renderer.kind === 'webgl2' ? display.getContext('webgl2') : null;
  const pixel = new Uint8Array(4);
  const requestedAt = new Map<EditValues, number>();
  const paints: { renderMs: number; latencyMs: number; endedAt: number }[] = [];
  const scheduler = new page.editorLib.PreviewScheduler((values) => {
    const start = page.performance.now();
    renderer.render(values);
    if (gl) gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    const end = page.performance.now();
    paints.push({ renderMs: end - start, latencyMs: end - (values ? (requestedAt.get(values) ?? start) : start), endedAt: end });
  });
  const startedAt = page.performance.now();
  for (let i = 0; i < count; i++) {
    const due = startedAt + (i * 1000) / 60;
    const wait = due - page.performance.now();
    if (wait > 0) await new Promise<void>((resolve) => page.setTimeout(resolve, wait));
    const values = { ...page.editorLib.DEFAULT_EDIT_VALUES, contrast: -2 + (4 * i) / (count - 1), skinTone: 1, grain: 0.3 };
    requestedAt.set(values, page.performance.now());
    scheduler.request(values);
  }
  for (let i = 0; i < 3; i++) await new Promise<void>((resolve) => page.requestAnimationFrame(() => resolve()));
  const stats = scheduler.stats;
  scheduler.dispose();
  const intervals = paints.slice(1).map((p, i) => p.endedAt - paints[i]!.endedAt);
  return { stats, renderMs: paints.map((p) => p.renderMs), latencyMs: paints.map((p) => p.latencyMs), intervalMs: intervals, durationMs: page.performance.now() - startedAt };
}

/** Baselines on the same frame clock: an empty rAF loop, and a drawImage of the source per frame. */
async function baselineInPage(count: number) {
  const page = globalThis as unknown as PageGlobals;
  const { source, display } = page.bench;
  const frameTimes: number[] = [];
  let last = page.performance.now();
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve) => page.requestAnimationFrame(() => resolve()));
    const now = page.performance.now();
    frameTimes.push(now - last);
    last = now;
  }
  const target = page.document.createElement('canvas');
  target.width = display.width;
  target.height = display.height;
  const context = target.getContext('2d');
  const drawMs: number[] = [];
  for (let i = 0; i < 20; i++) {
    const start = page.performance.now();
    context.drawImage(source, 0, 0, target.width, target.height);
    context.getImageData(0, 0, 1, 1); // waits for the draw
    drawMs.push(page.performance.now() - start);
  }
  return { frameTimes, drawMs };
}

/** Render time of the display with `values` (null: the passthrough draw), each ended by a 1-pixel readPixels. */
function drawTimesInPage({ values, repeats }: { values: EditValues | null; repeats: number }) {
  const page = globalThis as unknown as PageGlobals;
  const { renderer, display } = page.bench;
  const gl = display.getContext('webgl2');
  const pixel = new Uint8Array(4);
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const start = page.performance.now();
    renderer.render(values);
    gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel);
    times.push(page.performance.now() - start);
  }
  return times;
}

async function exportInPage(values: EditValues) {
  const page = globalThis as unknown as PageGlobals;
  const { renderer } = page.bench;
  const start = page.performance.now();
  const output = await renderer.renderFull(values, null);
  const rendered = page.performance.now();
  const blob = await page.editorLib.canvasToBlob(output, 'image/jpeg', page.editorLib.EDIT_JPEG_QUALITY);
  const encoded = page.performance.now();
  output.width = 1;
  output.height = 1;
  return { renderMs: rendered - start, encodeMs: encoded - rendered, bytes: blob.size };
}

async function exportBaselineInPage() {
  const page = globalThis as unknown as PageGlobals;
  const { source } = page.bench;
  const start = page.performance.now();
  const output = page.document.createElement('canvas');
  output.width = source.width;
  output.height = source.height;
  output.getContext('2d').drawImage(source, 0, 0, source.width, source.height);
  const drawn = page.performance.now();
  const blob = await page.editorLib.canvasToBlob(output, 'image/jpeg', page.editorLib.EDIT_JPEG_QUALITY);
  const encoded = page.performance.now();
  return { renderMs: drawn - start, encodeMs: encoded - drawn, bytes: blob.size };
}

function disposeInPage() {
  const page = globalThis as unknown as PageGlobals;
  page.bench.renderer.dispose();
  page.bench.source.close();
}

// ------------------------------------------------------------------------------------------------
// In Node

const EVERY_SLIDER: EditValues = { exposure: 0.5, contrast: 1, fade: 0.5, saturation: 0.5, skinTone: 1, temperature: 0.5, tint: -0.5, grain: 0.5 };

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}
const median = (values: number[]) => percentile(values, 50);
const ms = (value: number) => Math.round(value * 10) / 10;

async function bundleEditor(): Promise<string> {
  const result = await build({
    stdin: {
      contents: [
        "export { createRenderer, PreviewScheduler, canvasToBlob } from './renderer';",
        "export { DEFAULT_EDIT_VALUES, EDIT_JPEG_QUALITY } from '@studio-gallery/contract';",
      ].join('\n'),
      resolveDir: path.join(repoRoot, 'apps', 'web', 'src', 'features', 'editor', 'lib'),
      sourcefile: 'editor-bench-entry.ts',
      loader: 'ts',
    },
    bundle: true,
    format: 'iife',
    globalName: 'editorLib',
    platform: 'browser',
    target: 'chrome120',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

async function openPage(browser: Browser, bundle: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.setContent('<!doctype html><html><head><title>editor bench</title></head><body></body></html>');
  // tsx compiles this file with esbuild's keepNames, which wraps named inner functions in __name().
  await page.evaluate('globalThis.__name = (fn) => fn');
  await page.addScriptTag({ content: bundle });
  return page;
}

console.log(`editor-render benchmark — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
const bundle = await bundleEditor();
const executablePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const dragRows: Record<string, string | number>[] = [];
const drawRows: Record<string, string | number>[] = [];
const exportRows: Record<string, string | number>[] = [];

for (const mode of ['webgl2', 'canvas2d'] as const) {
  const browser = await chromium.launch({ executablePath, args: mode === 'webgl2' ? WEBGL_ARGS : NO_WEBGL_ARGS });
  try {
    const page = await openPage(browser, bundle);
    const preview = { sourceWidth: PREVIEW_SOURCE.width, sourceHeight: PREVIEW_SOURCE.height, displayWidth, displayHeight, preferCanvas2d: false };
    const kind = await page.evaluate(setUpInPage, preview);
    if (kind !== mode) throw new Error(`expected the ${mode} renderer, got ${kind}`);

    const baseline = await page.evaluate(baselineInPage, changes);
    const drag = await page.evaluate(dragInPage, changes);
    dragRows.push(
      { case: `baseline: empty rAF loop (${mode} browser)`, 'median ms': ms(median(baseline.frameTimes)), 'p95 ms': ms(percentile(baseline.frameTimes, 95)), note: 'frame clock' },
      { case: `baseline: drawImage 1600x2400 -> ${displayWidth}x${displayHeight}`, 'median ms': ms(median(baseline.drawMs)), 'p95 ms': ms(percentile(baseline.drawMs, 95)), note: 'plain 2D repaint' },
      {
        case: `${mode}: render per paint`,
        'median ms': ms(median(drag.renderMs)),
        'p95 ms': ms(percentile(drag.renderMs, 95)),
        note: `${drag.stats.painted} paints for ${drag.stats.requested} changes${mode === 'canvas2d' ? ' (drafts while moving)' : ''}`,
      },
      { case: `${mode}: time between paints`, 'median ms': ms(median(drag.intervalMs)), 'p95 ms': ms(percentile(drag.intervalMs, 95)), note: `drag took ${Math.round(drag.durationMs)} ms (ideal ${Math.round(((changes - 1) * 1000) / 60)})` },
      {
        case: `${mode}: slider change -> painted`,
        'median ms': ms(median(drag.latencyMs)),
        'p95 ms': ms(percentile(drag.latencyMs, 95)),
        note: `${drag.stats.superseded} changes skipped for a newer one, 0 queued (max latency ${ms(Math.max(...drag.latencyMs))} ms)`,
      },
    );
    await page.evaluate(disposeInPage);

    if (mode === 'webgl2') {
      const fullSize = { sourceWidth: PREVIEW_SOURCE.width, sourceHeight: PREVIEW_SOURCE.height, displayWidth: PREVIEW_SOURCE.width, displayHeight: PREVIEW_SOURCE.height, preferCanvas2d: false };
      await page.evaluate(setUpInPage, fullSize);
      const megapixels = (PREVIEW_SOURCE.width * PREVIEW_SOURCE.height) / 1e6;
      const skinToneOnly = { exposure: 0, contrast: 0, fade: 0, saturation: 0, skinTone: 1, temperature: 0, tint: 0, grain: 0 };
      const passthrough = median(await page.evaluate(drawTimesInPage, { values: null, repeats: 10 }));
      const edited = median(await page.evaluate(drawTimesInPage, { values: EVERY_SLIDER, repeats: 10 }));
      const skinOnly = median(await page.evaluate(drawTimesInPage, { values: skinToneOnly, repeats: 10 }));
      drawRows.push(
        { case: 'passthrough draw (baseline)', 'median ms': ms(passthrough), 'ms per MP': ms(passthrough / megapixels) },
        { case: 'skin tone only', 'median ms': ms(skinOnly), 'ms per MP': ms(skinOnly / megapixels) },
        { case: 'every slider set', 'median ms': ms(edited), 'ms per MP': ms(edited / megapixels) },
        { case: 'shader maths (every slider - baseline)', 'median ms': ms(edited - passthrough), 'ms per MP': ms((edited - passthrough) / megapixels) },
      );
      await page.evaluate(disposeInPage);
    }
    await page.close();

    // Canvas 2D caps its tiles at 512 px whatever is asked.
    const tileSizes = mode === 'webgl2' ? [2048, 4096] : args['no-canvas2d-export'] ? [] : [512];
    for (const maxTileSize of tileSizes) {
      const exportPage = await openPage(browser, bundle);
      const setUp = { sourceWidth: EXPORT_SOURCE.width, sourceHeight: EXPORT_SOURCE.height, displayWidth, displayHeight, preferCanvas2d: false, maxTileSize };
      await exportPage.evaluate(setUpInPage, setUp);
      if (exportRows.length === 0) {
        const base = await exportPage.evaluate(exportBaselineInPage);
        exportRows.push({ case: 'baseline: drawImage + JPEG 0.9', 'render ms': Math.round(base.renderMs), 'JPEG ms': Math.round(base.encodeMs), 'total ms': Math.round(base.renderMs + base.encodeMs), 'JPEG MB': (base.bytes / 1e6).toFixed(1) });
      }
      const result = await exportPage.evaluate(exportInPage, EVERY_SLIDER);
      exportRows.push({
        case: `${mode} renderFull (${mode === 'canvas2d' ? 512 : maxTileSize} px tiles) + JPEG 0.9`,
        'render ms': Math.round(result.renderMs),
        'JPEG ms': Math.round(result.encodeMs),
        'total ms': Math.round(result.renderMs + result.encodeMs),
        'JPEG MB': (result.bytes / 1e6).toFixed(1),
      });
      await exportPage.evaluate(disposeInPage);
      await exportPage.close();
    }
  } finally {
    await browser.close();
  }
}

console.log(`\n1. slider drag: ${changes} contrast changes at 60 Hz (skin tone 1, grain 0.3 also set), source 1600x2400, preview ${displayWidth}x${displayHeight}`);
console.table(dragRows);
console.log('\n2. WebGL2 shader cost, preview 1600x2400 at 1:1 (3.84 MP), median of 10 draws each ended by a 1-pixel readPixels');
console.table(drawRows);
console.log(`\n3. full-size export, source ${EXPORT_SOURCE.width}x${EXPORT_SOURCE.height} (${((EXPORT_SOURCE.width * EXPORT_SOURCE.height) / 1e6).toFixed(1)} MP), every slider set`);
console.table(exportRows);
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
