// Browser side of e2e/editor-shader.spec.ts: bundled with esbuild into an IIFE and loaded into a blank
// page, it builds a test image, renders it through the editor's renderers and compares the pixels with
// the reference functions (adjustments.ts), so only small summaries travel back to the test.
import type { EditValues } from '@studio-gallery/contract';
import { applyAdjustments, createGrainTile, grainLevelForScale, grainSampleAt, skinGateAt } from '../../apps/web/src/features/editor/lib/adjustments';
import { createRenderer, type EditRenderer, type PixelRect, type SkinGate } from '../../apps/web/src/features/editor/lib/renderer';

export type RendererKind = EditRenderer['kind'];

export interface PixelDiff {
  /** Largest difference per channel (R, G, B), in 8-bit steps. */
  maxByChannel: [number, number, number];
  /** Mean absolute difference over all channels. */
  mean: number;
  /** Pixels compared. */
  pixels: number;
  /** Pixels whose rendered colour differs from the source: proof that the setting did something. */
  changedFromSource: number;
  /** The same, in each tenth of the width from left to right. */
  changedByTenth: number[];
}

export interface EditorShaderHarness {
  /** Makes the test image and one renderer of each kind, each on a canvas the image's size. */
  setUp(options: { width: number; height: number; gate: SkinGate | null }): Promise<{ kinds: RendererKind[] }>;
  /** Moves the skin gate of every renderer and of the reference. */
  setSkinGate(gate: SkinGate | null): void;
  /** The preview at 1:1 against the reference. */
  previewVsReference(kind: RendererKind, values: EditValues | null): PixelDiff;
  /** renderFull against the reference, optionally in tiles no larger than maxTileSize. */
  exportVsReference(kind: RendererKind, values: EditValues, crop: PixelRect | null, maxTileSize?: number): Promise<PixelDiff>;
  /** A downscaled preview: WebGL2 against Canvas 2D (both start from the same downscaled pixels). */
  previewWebglVsCanvas2d(values: EditValues | null, displayWidth: number, displayHeight: number): PixelDiff;
}

declare global {
  interface Window {
    editorShader: EditorShaderHarness;
  }
}

interface Rgba {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Where output pixels sit in the source (as the renderers place them for the gate and the grain). */
interface Placement {
  originX: number;
  originY: number;
  scaleX: number;
  scaleY: number;
}

const grainLevels = createGrainTile();

let source: ImageBitmap;
let sourcePixels: ImageData;
let skinGate: SkinGate | null = null;
const renderers = new Map<RendererKind, { renderer: EditRenderer; display: HTMLCanvasElement }>();
/** Renderers with small export tiles, kept (a page may hold only 16 WebGL contexts). */
const tiledRenderers = new Map<string, EditRenderer>();

/** HSV to 8-bit RGB. */
function hsv(h: number, s: number, v: number): [number, number, number] {
  const f = (n: number) => {
    const k = (n + h / 60) % 6;
    return Math.round(255 * (v - v * s * Math.max(0, Math.min(k, 4 - k, 1))));
  };
  return [f(5), f(3), f(1)];
}

/**
 * Gradients (grey; hues at full and half saturation; a dark-to-light skin ramp), then a grid of
 * patches: skin tones from pale to deep, ruddy skin and lips, the colours skin tone must leave alone
 * (orange, blue, green, red), black and white; then deterministic noise, so that many colours appear.
 */
function testImage(width: number, height: number): ImageData {
  const image = new ImageData(width, height);
  const patches: [number, number, number][] = [
    [255, 224, 196], [241, 194, 167], [224, 172, 140], [198, 134, 105], [141, 85, 56], [92, 58, 44], [60, 40, 32], [220, 140, 130],
    [190, 100, 100], [240, 120, 20], [230, 160, 90], [30, 60, 200], [40, 160, 60], [220, 30, 30], [0, 0, 0], [255, 255, 255],
  ];
  const band = Math.floor(height / 8);
  let noise = 0x1234567;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = x / (width - 1);
      let rgb: [number, number, number];
      if (y < band) rgb = [Math.round(t * 255), Math.round(t * 255), Math.round(t * 255)];
      else if (y < 2 * band) rgb = hsv(t * 360, 1, 1);
      else if (y < 3 * band) rgb = hsv(t * 360, 0.45, 0.8);
      else if (y < 4 * band) rgb = [Math.round(40 + t * 215), Math.round(25 + t * 180), Math.round(18 + t * 150)];
      else if (y < 7 * band) {
        const column = Math.floor((x / width) * 8);
        const row = Math.floor(((y - 4 * band) / (3 * band)) * 2);
        rgb = patches[row * 8 + column] ?? [128, 128, 128];
      } else {
        noise = (Math.imul(noise, 1103515245) + 12345) >>> 0;
        rgb = [noise & 255, (noise >>> 8) & 255, (noise >>> 16) & 255];
      }
      const i = (y * width + x) * 4;
      image.data.set([...rgb, 255], i);
    }
  }
  return image;
}

/** The reference for output pixels `placement` maps into the source, whose colours come from `input`. */
function reference(input: Rgba, values: EditValues | null, placement: Placement): Rgba {
  const out = new Uint8ClampedArray(input.width * input.height * 4);
  const level = grainLevelForScale(Math.max(placement.scaleX, placement.scaleY), grainLevels.length);
  for (let y = 0; y < input.height; y++) {
    for (let x = 0; x < input.width; x++) {
      const i = (y * input.width + x) * 4;
      const rgb: [number, number, number] = [input.data[i]!, input.data[i + 1]!, input.data[i + 2]!];
      const imageX = placement.originX + (x + 0.5) * placement.scaleX;
      const imageY = placement.originY + (y + 0.5) * placement.scaleY;
      const gate = skinGateAt(skinGate, imageX / source.width, imageY / source.height);
      const grain = grainSampleAt(grainLevels, level, imageX, imageY);
      out.set(values ? applyAdjustments(rgb, values, gate, grain) : rgb, i);
      out[i + 3] = input.data[i + 3]!;
    }
  }
  return { width: input.width, height: input.height, data: out };
}

function diff(actual: Rgba, expected: Rgba, original: Rgba): PixelDiff {
  if (actual.width !== expected.width || actual.height !== expected.height) throw new Error(`size ${actual.width}x${actual.height} != ${expected.width}x${expected.height}`);
  const maxByChannel: [number, number, number] = [0, 0, 0];
  let total = 0;
  let changedFromSource = 0;
  const changedByTenth = Array.from({ length: 10 }, () => 0);
  const pixels = actual.width * actual.height;
  for (let p = 0; p < pixels; p++) {
    let changed = false;
    for (let c = 0; c < 3; c++) {
      const i = p * 4 + c;
      const d = Math.abs(actual.data[i]! - expected.data[i]!);
      total += d;
      if (d > maxByChannel[c]!) maxByChannel[c] = d;
      if (actual.data[i] !== original.data[i]) changed = true;
    }
    if (changed) {
      changedFromSource++;
      changedByTenth[Math.floor(((p % actual.width) / actual.width) * 10)]!++;
    }
  }
  return { maxByChannel, mean: total / (pixels * 3), pixels, changedFromSource, changedByTenth };
}

/** What the display canvas shows now (read in the same task as the render: a WebGL canvas forgets after showing). */
function readDisplay(kind: RendererKind, display: HTMLCanvasElement): Rgba {
  const { width, height } = display;
  if (kind === 'canvas2d') return display.getContext('2d')!.getImageData(0, 0, width, height);
  const gl = display.getContext('webgl2')!;
  const bottomUp = new Uint8Array(width * height * 4);
  gl.readPixels(0, 0, width, height, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
  const data = new Uint8Array(bottomUp.length);
  const row = width * 4;
  for (let y = 0; y < height; y++) data.set(bottomUp.subarray((height - 1 - y) * row, (height - y) * row), y * row);
  return { width, height, data };
}

function readCanvas(canvas: HTMLCanvasElement | OffscreenCanvas): Rgba {
  const context = (canvas as HTMLCanvasElement).getContext('2d') as CanvasRenderingContext2D;
  return context.getImageData(0, 0, canvas.width, canvas.height);
}

function crop(image: Rgba, rect: PixelRect): Rgba {
  const data = new Uint8ClampedArray(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y++) {
    const start = ((rect.y + y) * image.width + rect.x) * 4;
    data.set(image.data.subarray(start, start + rect.width * 4), y * rect.width * 4);
  }
  return { width: rect.width, height: rect.height, data };
}

function entry(kind: RendererKind) {
  const found = renderers.get(kind);
  if (!found) throw new Error(`no ${kind} renderer`);
  return found;
}

function resize(display: HTMLCanvasElement, width: number, height: number) {
  if (display.width !== width) display.width = width;
  if (display.height !== height) display.height = height;
}

window.editorShader = {
  async setUp({ width, height, gate }) {
    sourcePixels = testImage(width, height);
    source = await createImageBitmap(sourcePixels, { premultiplyAlpha: 'none', colorSpaceConversion: 'none' });
    skinGate = gate;
    for (const preferCanvas2d of [false, true]) {
      const display = document.createElement('canvas');
      display.width = width;
      display.height = height;
      document.body.append(display);
      // Exact frames only: Canvas 2D's drafts while a slider moves would depend on timing.
      const renderer = createRenderer(display, { preferCanvas2d, drafts: false });
      renderer.setSource(source);
      renderer.setSkinGate(gate);
      renderers.set(renderer.kind, { renderer, display });
    }
    return { kinds: [...renderers.keys()] };
  },

  setSkinGate(gate) {
    skinGate = gate;
    for (const { renderer } of renderers.values()) renderer.setSkinGate(gate);
    for (const renderer of tiledRenderers.values()) renderer.setSkinGate(gate);
  },

  previewVsReference(kind, values) {
    const { renderer, display } = entry(kind);
    resize(display, source.width, source.height);
    renderer.render(values);
    const actual = readDisplay(kind, display);
    return diff(actual, reference(sourcePixels, values, { originX: 0, originY: 0, scaleX: 1, scaleY: 1 }), sourcePixels);
  },

  async exportVsReference(kind, values, rect, maxTileSize) {
    let { renderer } = entry(kind);
    if (maxTileSize !== undefined) {
      const key = `${kind} ${maxTileSize}`;
      const tiled = tiledRenderers.get(key) ?? createRenderer(document.createElement('canvas'), { preferCanvas2d: kind === 'canvas2d', maxTileSize, drafts: false });
      tiled.setSource(source);
      tiled.setSkinGate(skinGate);
      tiledRenderers.set(key, tiled);
      renderer = tiled;
    }
    const actual = readCanvas(await renderer.renderFull(values, rect));
    const area = rect ?? { x: 0, y: 0, width: source.width, height: source.height };
    const original = crop(sourcePixels, area);
    return diff(actual, reference(original, values, { originX: area.x, originY: area.y, scaleX: 1, scaleY: 1 }), original);
  },

  previewWebglVsCanvas2d(values, displayWidth, displayHeight) {
    const shown = (kind: RendererKind) => {
      const { renderer, display } = entry(kind);
      resize(display, displayWidth, displayHeight);
      renderer.render(values);
      return readDisplay(kind, display);
    };
    const canvas2d = shown('canvas2d');
    const webgl = shown('webgl2');
    const { renderer, display } = entry('canvas2d');
    renderer.render(null);
    return diff(webgl, canvas2d, readDisplay('canvas2d', display));
  },
};
