// The editor's WebGL2 shader against the TypeScript reference (issue 12 §2, docs/editor.md), pixel by
// pixel, in real headless Chromium with WebGL2 through SwiftShader. No app server is needed: the
// renderer and the reference functions are bundled with esbuild and loaded into a blank page, which
// renders a generated test image (gradients, skin tones and the colours skin tone must not touch,
// noise) with a skin gate over its left half.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_EDIT_VALUES, EDIT_SLIDERS, type EditValues } from '@studio-gallery/contract';
import { build } from 'esbuild';
import type { PixelDiff, RendererKind } from './support/editor-shader-entry';

/**
 * Largest difference per channel, in 8-bit steps, between the shader and the reference. Both start
 * from the same 8-bit source and round once at the end; what is left is float32 (GPU) against float64
 * (JavaScript) in pow, cbrt and the gamut search, which moves a value across a rounding boundary at
 * most once.
 */
const SHADER_TOLERANCE = 1;
/**
 * WebGL2 against Canvas 2D on a downscaled preview: the same float32/float64 rounding. (The two pick
 * grain texels with float32 and float64 arithmetic too; at the sizes below they pick the same ones.)
 */
const RENDERERS_TOLERANCE = 1;

const WIDTH = 320;
const HEIGHT = 240;
/** Skin tone may act over the left half of the image (the right half proves it does not act there). */
const GATE = { cx: 0.25, cy: 0.5, rx: 0.3, ry: 0.7 };

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'editor-shader-entry.ts');

// WebGL2 needs SwiftShader here (the config's --disable-gpu alone leaves the page without WebGL).
test.use({
  launchOptions: async ({ launchOptions }, use) => {
    await use({ ...launchOptions, args: [...(launchOptions.args ?? []), '--use-angle=swiftshader', '--enable-unsafe-swiftshader'] });
  },
});

/** Each slider at -2, -1, 1, 2 (grain, 0..1, at 0.3, 0.6, 1). */
const settings: { name: string; values: EditValues }[] = EDIT_SLIDERS.flatMap((slider) =>
  (slider.min < 0 ? [-2, -1, 1, 2] : [0.3, 0.6, 1]).map((value) => ({ name: `${slider.name} ${value}`, values: { ...DEFAULT_EDIT_VALUES, [slider.name]: value } })),
);
const everything: EditValues = { exposure: 0.6, contrast: 1.2, fade: 0.5, saturation: 0.7, skinTone: 1.5, temperature: 0.8, tint: -0.4, grain: 0.5 };

async function openHarness(page: Page) {
  const bundle = await build({ entryPoints: [entry], bundle: true, format: 'iife', platform: 'browser', target: 'chrome120', write: false, logLevel: 'silent' });
  await page.setContent('<!doctype html><html><head><title>editor shader</title></head><body></body></html>');
  await page.addScriptTag({ content: bundle.outputFiles[0]!.text });
  return page.evaluate(({ width, height, gate }) => window.editorShader.setUp({ width, height, gate }), { width: WIDTH, height: HEIGHT, gate: GATE });
}

function expectWithin(result: PixelDiff, tolerance: number, label: string) {
  expect(Math.max(...result.maxByChannel), `${label}: max difference per channel ${result.maxByChannel.join('/')} (mean ${result.mean.toFixed(3)})`).toBeLessThanOrEqual(tolerance);
}

test.describe('editor shader', () => {
  test.describe.configure({ mode: 'serial' });

  test('renders through WebGL2, and the preview matches the reference for every slider', async ({ page }) => {
    const { kinds } = await openHarness(page);
    expect(kinds).toEqual(['webgl2', 'canvas2d']);

    const preview = (kind: RendererKind, values: EditValues | null) => page.evaluate(([k, v]) => window.editorShader.previewVsReference(k, v), [kind, values] as const);

    const original = await preview('webgl2', null);
    expect(original.maxByChannel).toEqual([0, 0, 0]);
    expect(original.changedFromSource).toBe(0);
    expect((await preview('webgl2', DEFAULT_EDIT_VALUES)).changedFromSource).toBe(0);

    const worst: Record<string, string> = {};
    for (const { name, values } of [...settings, { name: 'everything', values: everything }]) {
      const result = await preview('webgl2', values);
      worst[name] = result.maxByChannel.join('/');
      expectWithin(result, SHADER_TOLERANCE, `webgl2 preview, ${name}`);
      expect(result.changedFromSource, `${name} changes the picture`).toBeGreaterThan(result.pixels / 20);
      // The fallback runs the reference itself.
      expectWithin(await preview('canvas2d', values), 0, `canvas2d preview, ${name}`);
    }
    test.info().annotations.push({ type: 'max difference per channel (R/G/B)', description: JSON.stringify(worst) });
  });

  test('skin tone acts only inside the gate, and nowhere without a face', async ({ page }) => {
    await openHarness(page);
    const skinTone = (kind: RendererKind) =>
      page.evaluate(([k, values]) => window.editorShader.previewVsReference(k, values), [kind, { ...DEFAULT_EDIT_VALUES, skinTone: 2 }] as const);

    for (const kind of ['webgl2', 'canvas2d'] as const) {
      const result = await skinTone(kind);
      expectWithin(result, SHADER_TOLERANCE, `${kind} skin tone 2`);
      // The gate's soft edge ends at 0.25 + 0.3 * 1.15 = 0.595 of the width: the right four tenths stay put.
      expect(result.changedByTenth.slice(6), kind).toEqual([0, 0, 0, 0]);
      expect(result.changedByTenth.slice(0, 4).every((n) => n > 0), kind).toBe(true);
    }

    await page.evaluate(() => window.editorShader.setSkinGate(null));
    for (const kind of ['webgl2', 'canvas2d'] as const) expect((await skinTone(kind)).changedFromSource, kind).toBe(0);
  });

  test('the full-size export matches the reference, whole, cropped and in tiles', async ({ page }) => {
    await openHarness(page);
    const exported = (kind: RendererKind, values: EditValues, crop: { x: number; y: number; width: number; height: number } | null, maxTileSize?: number) =>
      page.evaluate(([k, v, c, t]) => window.editorShader.exportVsReference(k, v, c, t), [kind, values, crop, maxTileSize] as const);

    const crop = { x: 37, y: 21, width: 211, height: 173 };
    for (const { name, values } of [...settings, { name: 'everything', values: everything }]) {
      expectWithin(await exported('webgl2', values, null), SHADER_TOLERANCE, `webgl2 export, ${name}`);
      expectWithin(await exported('webgl2', values, crop), SHADER_TOLERANCE, `webgl2 cropped export, ${name}`);
    }
    // Tiles of 64 px: 4 x 3 tiles of the crop, each uploading only its part of the source.
    expectWithin(await exported('webgl2', everything, crop, 64), SHADER_TOLERANCE, 'webgl2 export in 64 px tiles');
    expectWithin(await exported('webgl2', everything, null, 100), SHADER_TOLERANCE, 'webgl2 whole export in 100 px tiles');
    expectWithin(await exported('canvas2d', everything, crop, 64), 0, 'canvas2d export in 64 px tiles');
  });

  test('Canvas 2D and WebGL2 previews agree on a downscaled preview', async ({ page }) => {
    await openHarness(page);
    const compare = (values: EditValues | null, width: number, height: number) =>
      page.evaluate(([v, w, h]) => window.editorShader.previewWebglVsCanvas2d(v, w, h), [values, width, height] as const);

    expectWithin(await compare(null, 160, 120), 0, 'original at 160x120');
    // Scales 2, 3 (not exactly) and 6 (not exactly): grain levels 1, 2 and 3.
    for (const [width, height] of [[160, 120], [107, 80], [53, 40]] as const) {
      expectWithin(await compare(everything, width, height), RENDERERS_TOLERANCE, `everything at ${width}x${height}`);
      expectWithin(await compare({ ...DEFAULT_EDIT_VALUES, grain: 1 }, width, height), RENDERERS_TOLERANCE, `grain 1 at ${width}x${height}`);
    }
  });
});
