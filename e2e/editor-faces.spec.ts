// Face detection for the editor's crop and passport mode, in real Chromium: the worker with
// @vladmandic/human on tfjs' WebAssembly backend, models and .wasm from our own assets
// (apps/web/public/editor-models/), under the real server's Content-Security-Policy. The editor's UI
// does not reach the worker yet, so a harness page built by Vite from lib/face-detection.ts serves it
// (support/face-detection-harness.ts); the passport rules run here in Node on what the page found.
//
// The test portrait is e2e/fixtures/astronaut.jpg (512x512, e2e/fixtures/README.md). Its true points
// were read off the picture by hand (docs/editor.md, crop section, "Crown"): eyes (204,100) and
// (246,103); cheeks x 181..268 and hairline y 79 to chin y 176.5, so the face's centre is (224.5, 127.5);
// top of the hair y 15.5 at x ≈ 232.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { editorMessages, PASSPORT_DOCUMENTS } from '@studio-gallery/contract';
import sharp from 'sharp';
import type { DetectedFace, FaceResult } from '../apps/web/src/features/editor/lib/face-landmarks';
import { checkPassport, framePassport, passportOk, printSheetLayout } from '../apps/web/src/features/editor/lib/passport';
import { startFaceDetectionHarness, type FaceHarness, type HarnessDetection, type HarnessScope } from './support/face-detection-harness';
import { baseURL } from './support';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'astronaut.jpg');
const TRUTH = {
  leftEye: { x: 204, y: 100 },
  rightEye: { x: 246, y: 103 },
  faceCentre: { x: 224.5, y: 127.5 },
  crownY: 15.5,
  chinY: 176.5,
};
/** The crown's allowed error, in pixels of the 512 px portrait: 3 % of its 161 px head (measured: ~1 px). */
const CROWN_TOLERANCE_PX = 5;
/** Upscaled 6x (3072 px) so a passport crop has the 600 dpi pixels (the 512 px original has ~230). */
const UPSCALE = 6;
/** The top of the upscaled portrait cut off 40 original pixels down: the hair's top is gone, the forehead is not. */
const CUT_TOP_PX = 40 * UPSCALE;

test.describe.configure({ mode: 'serial' });

let harness: FaceHarness;
const requests: string[] = [];

test.beforeAll(async () => {
  // Runs once: the worker does not care about the viewport.
  test.skip(test.info().project.name !== 'desktop', 'desktop project only');
  test.setTimeout(180_000);
  const original = fs.readFileSync(FIXTURE);
  const size = 512 * UPSCALE;
  const upscaled = await sharp(original).resize(size, size, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer();
  const headCut = await sharp(upscaled).extract({ left: 0, top: CUT_TOP_PX, width: size, height: size - CUT_TOP_PX }).jpeg({ quality: 92 }).toBuffer();
  const noFace = await sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 120, g: 160, b: 200 } } }).jpeg().toBuffer();
  // The real server's CSP (script-src 'self' 'wasm-unsafe-eval', worker-src 'self' blob:, connect-src 'self' …).
  // (A document's header: the app's page carries it, JSON answers do not.)
  const page = await fetch(`${baseURL()}/login`);
  const csp = page.headers.get('content-security-policy');
  expect(csp, 'the server sends a Content-Security-Policy').toBeTruthy();
  harness = await startFaceDetectionHarness({
    files: { 'astronaut.jpg': original, 'astronaut-3072.jpg': upscaled, 'astronaut-3072-head-cut.jpg': headCut, 'no-face.jpg': noFace },
    headers: { 'Content-Security-Policy': csp ?? '' },
  });
});

test.afterAll(async () => {
  await harness?.close();
});

async function detect(page: import('@playwright/test').Page, file: string): Promise<FaceResult> {
  const answer = await page.evaluate((url) => (globalThis as unknown as HarnessScope).faceHarness.detect(url), `/fixtures/${file}`);
  if (!answer.ok) throw new Error(`${file}: ${answer.reason}: ${answer.message}`);
  return answer.result;
}

async function openHarness(page: import('@playwright/test').Page) {
  page.on('request', (request) => requests.push(request.url()));
  await page.goto(harness.url);
  await expect(page.locator('body[data-ready="true"]')).toBeAttached();
}

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) => Math.hypot(a.x - b.x, a.y - b.y);
const centreOf = (face: DetectedFace) => ({ x: face.box.x + face.box.width / 2, y: face.box.y + face.box.height / 2 });

test('finds the one face of the test portrait: centre, eyes, chin and crown where they are', async ({ page }) => {
  await openHarness(page);
  const result = await detect(page, 'astronaut.jpg');
  expect(result.faces).toHaveLength(1);
  const [face] = result.faces as [DetectedFace];
  expect(result.imageSize).toEqual({ width: 512, height: 512 });
  expect(distance(centreOf(face), TRUTH.faceCentre)).toBeLessThan(15);
  expect(distance(face.leftEye, TRUTH.leftEye)).toBeLessThan(5);
  expect(distance(face.rightEye, TRUTH.rightEye)).toBeLessThan(5);
  expect(Math.abs(face.chin.y - TRUTH.chinY)).toBeLessThan(6);
  expect(face.crownMethod).toBe('person-mask');
  expect(Math.abs(face.crown.y - TRUTH.crownY)).toBeLessThanOrEqual(CROWN_TOLERANCE_PX);
  expect(face.rollDegrees).toBeGreaterThan(1);
  expect(face.rollDegrees).toBeLessThan(5);
  expect(face.confidence).toBeGreaterThan(0.8);

  // A large photo is detected on a 640 px copy and the points come back in its own pixels.
  const large = await detect(page, 'astronaut-3072.jpg');
  expect(large.detectionSize).toEqual({ width: 640, height: 640 });
  const [big] = large.faces as [DetectedFace];
  expect(distance(centreOf(big), { x: TRUTH.faceCentre.x * UPSCALE, y: TRUTH.faceCentre.y * UPSCALE })).toBeLessThan(15 * UPSCALE);
  expect(Math.abs(big.crown.y - TRUTH.crownY * UPSCALE)).toBeLessThanOrEqual(CROWN_TOLERANCE_PX * UPSCALE);

  // Models and WebAssembly came from our own origin, the single-threaded build, nothing from a CDN.
  const origin = new URL(harness.url).origin;
  expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:'))).toEqual([]);
  const assets = requests.filter((url) => url.includes('/editor-models/')).map((url) => url.slice(url.lastIndexOf('/') + 1));
  expect(new Set(assets)).toEqual(new Set(['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin', 'selfie.json', 'selfie.bin', 'tfjs-backend-wasm-simd.wasm']));
});

test('a passport crop framed on the detected face passes every rule (UK, Schengen, US)', async ({ page }) => {
  await openHarness(page);
  const result = await detect(page, 'astronaut-3072.jpg');
  const [face] = result.faces as [DetectedFace];
  for (const document of PASSPORT_DOCUMENTS) {
    const crop = framePassport(face, result.imageSize, document);
    const results = checkPassport(face, crop, document, { imageSize: result.imageSize });
    expect(
      results.filter((r) => !r.ok).map((r) => r.message),
      `${document}: ${JSON.stringify(crop)}`,
    ).toEqual([]);
    expect(passportOk(results)).toBe(true);
  }
  // The 512 px original is too small for 600 dpi, and the check says so.
  const small = await detect(page, 'astronaut.jpg');
  const [smallFace] = small.faces as [DetectedFace];
  const smallResults = checkPassport(smallFace, framePassport(smallFace, small.imageSize, 'uk'), 'uk', { imageSize: small.imageSize });
  expect(smallResults.filter((r) => !r.ok).map((r) => r.rule)).toEqual(['resolution']);
});

test('a photo with the top of the head cut off fails the whole-head rule, which cropping cannot fix', async ({ page }) => {
  await openHarness(page);
  const result = await detect(page, 'astronaut-3072-head-cut.jpg');
  const [face] = result.faces as [DetectedFace];
  expect(face.crown.y).toBeLessThanOrEqual(1);
  for (const document of ['uk', 'schengen'] as const) {
    const results = checkPassport(face, framePassport(face, result.imageSize, document), document, { imageSize: result.imageSize });
    const wholeHead = results.find((r) => r.rule === 'whole-head');
    expect(wholeHead).toMatchObject({ ok: false, fixableByCropping: false });
    expect(wholeHead?.message).toMatch(/^The top of the head is cut off/);
  }
});

test("failures carry the spec's messages: no face, models that do not load", async ({ page, context }) => {
  await openHarness(page);
  const noFace: HarnessDetection = await page.evaluate((url) => (globalThis as unknown as HarnessScope).faceHarness.detect(url), '/fixtures/no-face.jpg');
  expect(noFace).toEqual({ ok: false, reason: 'no-faces', message: editorMessages.noFaces });

  // A fresh page (a fresh worker) whose model download fails.
  const broken = await context.newPage();
  await broken.route('**/editor-models/facemesh.bin', (route) => route.abort());
  await broken.goto(harness.url);
  const failed: HarnessDetection = await broken.evaluate((url) => (globalThis as unknown as HarnessScope).faceHarness.detect(url), '/fixtures/astronaut.jpg');
  expect(failed).toEqual({ ok: false, reason: 'models-failed', message: editorMessages.faceModelsFailed });

  // The same with the WebAssembly binary missing: tfjs cannot start its backend.
  const noWasm = await context.newPage();
  await noWasm.route('**/editor-models/*.wasm', (route) => route.fulfill({ status: 404, body: '' }));
  await noWasm.goto(harness.url);
  const failedWasm: HarnessDetection = await noWasm.evaluate((url) => (globalThis as unknown as HarnessScope).faceHarness.detect(url), '/fixtures/astronaut.jpg');
  expect(failedWasm).toEqual({ ok: false, reason: 'models-failed', message: editorMessages.faceModelsFailed });
});

test('exports: a circle is a PNG with a transparent, anti-aliased outside; passport photos and the print sheet at 600 dpi', async ({ page }) => {
  await openHarness(page);
  const square = { x: 120, y: 10, width: 200, height: 200 };

  const circle = await page.evaluate(([url, rect]) => (globalThis as unknown as HarnessScope).faceHarness.exportCrop(url, rect, { preset: 'circle' }), ['/fixtures/astronaut.jpg', square] as const);
  expect(circle).toMatchObject({ type: 'image/png', width: 200, height: 200 });
  const { data, info } = await sharp(Buffer.from(circle.base64, 'base64')).raw().toBuffer({ resolveWithObject: true });
  expect(info.channels).toBe(4);
  const alpha = (x: number, y: number) => data[(y * info.width + x) * 4 + 3] ?? -1;
  for (const [x, y] of [
    [0, 0],
    [199, 0],
    [0, 199],
    [199, 199],
    [20, 20],
  ] as const) {
    expect(alpha(x, y), `corner (${x},${y})`).toBe(0);
  }
  expect(alpha(100, 100)).toBe(255);
  expect(alpha(100, 2)).toBe(255);
  // Anti-aliased: along the circle's edge some pixels are partly transparent.
  let partial = 0;
  for (let i = 3; i < data.length; i += 4) if ((data[i] ?? 0) > 0 && (data[i] ?? 0) < 255) partial++;
  expect(partial).toBeGreaterThan(200);

  const rectangle = await page.evaluate(([url, rect]) => (globalThis as unknown as HarnessScope).faceHarness.exportCrop(url, rect, { preset: 'portrait' }), ['/fixtures/astronaut.jpg', { x: 100, y: 0, width: 300, height: 400 }] as const);
  expect(rectangle).toMatchObject({ type: 'image/jpeg', width: 300, height: 400, upscaled: false });
  expect((await sharp(Buffer.from(rectangle.base64, 'base64')).metadata()).format).toBe('jpeg');

  // The 512 px portrait's passport crop is enlarged to the 600 dpi size; a large one keeps its pixels.
  for (const [document, size] of [
    ['uk', { width: 827, height: 1063 }],
    ['us', { width: 1200, height: 1200 }],
  ] as const) {
    const rect = document === 'us' ? { x: 90, y: 2, width: 269, height: 269 } : { x: 136, y: 0, width: 178, height: 228.857 };
    const small = await page.evaluate(([url, r, d]) => (globalThis as unknown as HarnessScope).faceHarness.exportCrop(url, r, { preset: 'passport', passportDocument: d }), ['/fixtures/astronaut.jpg', rect, document] as const);
    expect(small).toMatchObject({ type: 'image/jpeg', ...size, upscaled: true });
  }
  const large = await page.evaluate(([url, r]) => (globalThis as unknown as HarnessScope).faceHarness.exportCrop(url, r, { preset: 'passport', passportDocument: 'schengen' }), ['/fixtures/astronaut-3072.jpg', { x: 855, y: 0, width: 991, height: 1274 }] as const);
  expect(large).toMatchObject({ width: 991, height: 1274, upscaled: false });

  // The print sheet: 4x6 in at 600 dpi, white, 8 copies of a 35x45 mm photo.
  const sheet = await page.evaluate(([url, r]) => (globalThis as unknown as HarnessScope).faceHarness.printSheet(url, r, 'uk'), ['/fixtures/astronaut-3072.jpg', { x: 816, y: 0, width: 1070, height: 1375 }] as const);
  expect(sheet).toMatchObject({ type: 'image/jpeg', width: 3600, height: 2400, copies: 8 });
  const sheetPixels = await sharp(Buffer.from(sheet.base64, 'base64')).raw().toBuffer({ resolveWithObject: true });
  const pixel = (x: number, y: number) => Array.from(sheetPixels.data.subarray((y * 3600 + x) * 3, (y * 3600 + x) * 3 + 3));
  for (const value of pixel(5, 5)) expect(value).toBeGreaterThan(245);
  const layout = printSheetLayout('uk');
  for (const copy of layout.copies) {
    // Inside each copy, near its top-left corner: the photo's grey backdrop, not the white sheet.
    expect(Math.min(...pixel(copy.x + 40, copy.y + 40))).toBeLessThan(235);
  }
  // A cut mark: dark, in the gap beside the first copy's top-right corner.
  const mark = layout.cutMarks.find((m) => m.from.y === layout.copies[0]?.y && m.to.x > m.from.x && m.from.x > (layout.copies[0]?.x ?? 0));
  expect(mark).toBeDefined();
  if (mark) expect(Math.max(...pixel(Math.round((mark.from.x + mark.to.x) / 2), mark.from.y))).toBeLessThan(120);
  await fs.promises.writeFile(test.info().outputPath('print-sheet-uk.jpg'), Buffer.from(sheet.base64, 'base64'));
});
