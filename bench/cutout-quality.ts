// Cut-out quality (issue 22 "How it is measured"): portraits with a known alpha composited over
// backdrops of several kinds, cut out by the pipeline of a baseline commit and by the current one, in
// the same run, on the same pixels.
//   npx tsx bench/cutout-quality.ts [--baseline a554099] [--pictures] [--scenes grey,blue] [--lossless] [--foreground germer]
//   npx tsx bench/cutout-quality.ts --loss-maps /work/tmp/quality   (where the subject is lost: a PNG per scene, and a breakdown)
//   npx tsx bench/cutout-quality.ts --make-subject     (once: writes bench/fixtures/cutout/subject.png)
//
// Ground truth (bench/fixtures/cutout/README.md): the subject is the public-domain astronaut
// (e2e/fixtures/astronaut.jpg) at 1024 px, its alpha a hard silhouette cut a few pixels inside her real
// outline (so every subject pixel is hers, none carries her original backdrop) plus fine hair strands
// drawn with exact coverage in her hair's colour; F and alpha are known exactly. Scenes are 1200x1800
// (the acceptance's 1200 px width): plain grey, white and blue studio backdrops with sensor noise, a
// radial gradient, and two busy ones (a public-domain launch-site photo, a CC0 brick wall) with a
// smaller person and, on one, a cup beside the subject (the "kept" measure). Composited, then JPEG q92
// (sharp's default 4:2:0 chroma). `--lossless` adds, for the studio scenes (plain and gradient), the same
// composites as JPEG q92 with 4:4:4 chroma (only the chroma subsampling removed: same quantisation) and
// as PNG (lossless), cut out by this checkout's pipeline only. `--foreground germer` adds a row per scene:
// this checkout's alpha with the band's colours from estimateForeground (Germer et al. 2020,
// packages/contract/src/foreground-estimation.ts) in place of the pipeline's closed-form decontaminate.
//
// Per scene and pipeline: SAD (sum |α − α*| / 1000), gradient error (sum of squared differences of the
// Gaussian-derivative gradient, σ 1.4, / 1000), halo width (pixels outside the subject given α > 0.02
// within 30 px of it, per pixel of the subject's outline), backdrop colour in the band (band pixels
// whose colour is ≥ 10 % off the subject's true colour toward the old backdrop's, (F̂ − F)·(B − F) /
// |B − F|², or, outside the subject, within 40 levels of the backdrop), background
// kept (α ≥ 0.5 where α* < 0.5), other people/objects kept, subject lost (α < 0.5 where α* ≥ 0.5), time.
// The baseline is the refinement of `--baseline` (its packages/contract/src/cutout.ts read with git show)
// on the model's single pass, as that commit's server ran it. Times: wall (ms) and the process's CPU (cpuMs), both load-dependent.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { seededRandom } from '@studio-gallery/contract';
import type { Mask, RgbImage } from '@studio-gallery/contract/cutout';
import { closeMattingThread, cutOutOnServer } from '../apps/server/src/media/segmentation/person-cutout';
import { MODEL_INPUT_LONG_EDGE, MODEL_SIZE, loadSelfieModel, personMask, type SegmentationAssets } from '../apps/server/src/media/segmentation/selfie-model';
import { estimateForeground } from '../packages/contract/src/foreground-estimation';
import { benchHeader, ms } from './lib/figures';
import { repoRoot } from './lib/server';

const { values: args } = parseArgs({
  options: {
    baseline: { type: 'string', default: 'a554099' },
    scenes: { type: 'string', default: '' },
    pictures: { type: 'boolean', default: false },
    lossless: { type: 'boolean', default: false },
    foreground: { type: 'string', default: 'closed-form' },
    'make-subject': { type: 'boolean', default: false },
    'loss-maps': { type: 'string', default: '' },
  },
});
if (args.foreground !== 'closed-form' && args.foreground !== 'germer') throw new Error(`--foreground closed-form|germer, not ${args.foreground}`);

const FIXTURES = path.join(repoRoot, 'bench', 'fixtures', 'cutout');
const SUBJECT_FILE = path.join(FIXTURES, 'subject.png');
const IMAGES = path.join(repoRoot, 'docs', 'images');
const assets: SegmentationAssets = {
  modelDir: path.join(repoRoot, 'apps', 'web', 'public', 'editor-models'),
  wasmDir: path.join(repoRoot, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist'),
};
const WIDTH = 1200;
const HEIGHT = 1800;
const MAGENTA = [255, 0, 255] as const;
const GREY = [128, 128, 128] as const;
/** A band pixel carries the backdrop's colour when its colour is off by at least this share toward the old backdrop. */
const BACKDROP_SHARE = 0.1;

type Refine = (image: RgbImage, mask: Mask) => { rgba: Uint8Array; width: number; height: number };

/** The baseline commit's refinement, imported from its source as git has it. */
async function baselineRefine(ref: string): Promise<Refine> {
  const source = execFileSync('git', ['show', `${ref}:packages/contract/src/cutout.ts`], { cwd: repoRoot, encoding: 'utf8' });
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sg-cutout-baseline-')), 'cutout.ts');
  fs.writeFileSync(file, source);
  return ((await import(file)) as { refineCutout: Refine }).refineCutout;
}

async function modelMaskOf(rgb: Uint8Array, width: number, height: number): Promise<Mask> {
  const small = await sharp(rgb, { raw: { width, height, channels: 3 } })
    .resize(MODEL_INPUT_LONG_EDGE, MODEL_INPUT_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const data = await personMask(await loadSelfieModel(assets), small.data, small.info.width, small.info.height);
  return { data, width: MODEL_SIZE, height: MODEL_SIZE };
}

/**
 * The subject with its exact alpha (run once, reviewed by eye, shipped): the astronaut at 1024 px; her
 * silhouette from the baseline's cut-out thresholded at 0.5, eroded by 6 px and anti-aliased; 220 hair
 * strands (1.2 px wide, 12-44 px long, curved) from the top of her head outward, drawn at 4x4
 * supersampling, in the colour of the hair where each starts.
 */
async function makeSubject(refine: Refine): Promise<void> {
  const size = 1024;
  const { data: rgb } = await sharp(path.join(repoRoot, 'e2e', 'fixtures', 'astronaut.jpg')).resize(size, size, { kernel: 'lanczos3' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const cut = refine({ data: rgb, width: size, height: size }, await modelMaskOf(rgb, size, size));
  const inside = new Uint8Array(size * size);
  for (let i = 0; i < inside.length; i++) inside[i] = cut.rgba[i * 4 + 3]! >= 128 ? 1 : 0;
  // Erode by 6 px (square), then keep only what is left.
  const eroded = erode(inside, size, size, 6);
  const alpha = new Float32Array(size * size);
  for (let i = 0; i < alpha.length; i++) alpha[i] = eroded[i]!;
  const soft = gaussian(alpha, size, size, 0.7);
  // Strands.
  const ss = 4;
  const big = size * ss;
  const hair = new Uint8Array(big * big);
  const rootColour = new Map<number, [number, number, number]>();
  const strandOf = new Int32Array(size * size).fill(-1);
  const rand = seededRandom(22);
  const edge: [number, number][] = [];
  // Outline points on the upper part of the head (y < 230 of 1024: hair, not face or suit).
  for (let y = 1; y < 230; y++) for (let x = 1; x < size - 1; x++) if (eroded[y * size + x] === 1 && (eroded[(y - 1) * size + x] === 0 || eroded[y * size + x - 1] === 0 || eroded[y * size + x + 1] === 0)) edge.push([x, y]);
  for (let s = 0; s < 220 && edge.length > 0; s++) {
    const [x0, y0] = edge[Math.floor(rand() * edge.length)]!;
    // Outward: away from the head's centre (512, 300).
    const dx = x0 - 512;
    const dy = y0 - 300;
    const norm = Math.hypot(dx, dy) || 1;
    const length = 12 + rand() * 32;
    const bend = (rand() - 0.5) * 0.8;
    const root: [number, number, number] = [0, 0, 0];
    const ri = ((y0 + 3) * size + x0) * 3;
    for (let c = 0; c < 3; c++) root[c] = rgb[ri + c]!;
    rootColour.set(s, root);
    for (let t = -2; t <= length; t += 0.25) {
      const u = t / length;
      const angle = Math.atan2(dy / norm, dx / norm) + bend * u;
      const px = (x0 + Math.cos(angle) * t) * ss;
      const py = (y0 + Math.sin(angle) * t) * ss;
      const radius = 0.6 * ss * (1 - 0.5 * Math.max(0, u));
      for (let yy = Math.floor(py - radius); yy <= Math.ceil(py + radius); yy++)
        for (let xx = Math.floor(px - radius); xx <= Math.ceil(px + radius); xx++) {
          if (xx < 0 || yy < 0 || xx >= big || yy >= big || Math.hypot(xx + 0.5 - px, yy + 0.5 - py) > radius) continue;
          hair[yy * big + xx] = 1;
          strandOf[Math.floor(yy / ss) * size + Math.floor(xx / ss)] = s;
        }
    }
  }
  const out = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      let covered = 0;
      for (let sy = 0; sy < ss; sy++) for (let sx = 0; sx < ss; sx++) covered += hair[(y * ss + sy) * big + x * ss + sx]!;
      const i = y * size + x;
      const strand = covered / (ss * ss);
      const a = soft[i]!;
      const total = 1 - (1 - a) * (1 - strand);
      const colour = strandOf[i]! >= 0 ? rootColour.get(strandOf[i]!)! : [0, 0, 0];
      for (let c = 0; c < 3; c++) {
        const own = rgb[i * 3 + c]!;
        out[i * 4 + c] = total > 0 ? Math.round((a * own + (total - a) * colour[c]!) / total) : own;
      }
      out[i * 4 + 3] = Math.round(total * 255);
    }
  await sharp(out, { raw: { width: size, height: size, channels: 4 } }).png().toFile(SUBJECT_FILE);
  console.log(`wrote ${path.relative(repoRoot, SUBJECT_FILE)}`);
}

function erode(on: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const out = new Uint8Array(w * h);
  const rows = new Uint8Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let all = 1;
      for (let k = Math.max(0, x - r); k <= Math.min(w - 1, x + r) && all; k++) all = on[y * w + k]!;
      rows[y * w + x] = all;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let all = 1;
      for (let k = Math.max(0, y - r); k <= Math.min(h - 1, y + r) && all; k++) all = rows[k * w + x]!;
      out[y * w + x] = all;
    }
  return out;
}

/** Separable Gaussian blur (σ), clamped borders. */
function gaussian(src: Float32Array, w: number, h: number, sigma: number, derivative: 'x' | 'y' | null = null): Float32Array {
  const r = Math.ceil(3 * sigma);
  const g: number[] = [];
  const dg: number[] = [];
  for (let k = -r; k <= r; k++) {
    const v = Math.exp((-k * k) / (2 * sigma * sigma));
    g.push(v);
    dg.push((-k / (sigma * sigma)) * v);
  }
  const sum = g.reduce((a, b) => a + b, 0);
  const gn = g.map((v) => v / sum);
  const dn = dg.map((v) => v / sum);
  const pass = (input: Float32Array, kernel: number[], horizontal: boolean) => {
    const out = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let acc = 0;
        for (let k = -r; k <= r; k++) {
          const xx = horizontal ? Math.min(w - 1, Math.max(0, x + k)) : x;
          const yy = horizontal ? y : Math.min(h - 1, Math.max(0, y + k));
          acc += input[yy * w + xx]! * kernel[k + r]!;
        }
        out[y * w + x] = acc;
      }
    return out;
  };
  return pass(pass(src, derivative === 'x' ? dn : gn, true), derivative === 'y' ? dn : gn, false);
}

/** How a composite is saved before the cut-out reads it. */
type Encoding = 'jpeg q92 4:2:0' | 'jpeg q92 4:4:4' | 'png';

interface Scene {
  name: string;
  kind: 'plain' | 'gradient' | 'busy';
  encoding: Encoding;
  rgb: Buffer;
  /** The composite's true alpha of the subject, 0..1. */
  alpha: Float32Array;
  /** The subject's true colour (RGB). */
  fore: Uint8Array;
  /** The backdrop layer behind the subject (RGB), other people and objects included. */
  back: Uint8Array;
  /** 1 where another person or object is (their alpha ≥ 0.5) and the subject is not. */
  others: Uint8Array;
}

const SUBJECT_AT = { x: 88, y: HEIGHT - 1024 };

async function backdropOf(kind: string): Promise<Uint8Array> {
  const n = WIDTH * HEIGHT;
  const out = new Uint8Array(n * 3);
  const rand = seededRandom(kind.length * 7919);
  const noise = () => (rand() + rand() + rand() - 1.5) * 3;
  const flat = (colour: readonly number[]) => {
    for (let i = 0; i < n; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.min(255, Math.max(0, Math.round(colour[c]! + noise())));
  };
  if (kind === 'grey') flat([128, 129, 131]);
  else if (kind === 'white') flat([238, 238, 236]);
  else if (kind === 'blue') flat([38, 86, 160]);
  else if (kind === 'gradient') {
    for (let y = 0; y < HEIGHT; y++)
      for (let x = 0; x < WIDTH; x++) {
        const d = Math.min(1, Math.hypot((x - WIDTH / 2) / WIDTH, (y - HEIGHT * 0.4) / HEIGHT) * 1.6);
        const i = y * WIDTH + x;
        const [a, b] = [[156, 166, 182], [52, 56, 72]] as const;
        for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(a[c]! * (1 - d) + b[c]! * d + noise());
      }
  } else {
    const file = kind === 'street' ? 'rocket.jpg' : 'brick.png';
    let image = sharp(path.join(FIXTURES, file)).removeAlpha().toColourspace('srgb');
    if (kind === 'brick') image = image.recomb([[1.05, 0, 0], [0.85, 0, 0], [0.7, 0, 0]]);
    const { data } = await image.resize(WIDTH, HEIGHT, { fit: 'cover' }).raw().toBuffer({ resolveWithObject: true });
    out.set(data);
  }
  return out;
}

/** Lays RGBA `layer` (premultiplied over) onto RGB `base` at (x0, y0); returns the layer's alpha on the canvas. */
function lay(base: Uint8Array, layer: { data: Buffer; width: number; height: number }, x0: number, y0: number): Float32Array {
  const alpha = new Float32Array(WIDTH * HEIGHT);
  for (let y = 0; y < layer.height; y++)
    for (let x = 0; x < layer.width; x++) {
      const cx = x + x0;
      const cy = y + y0;
      if (cx < 0 || cy < 0 || cx >= WIDTH || cy >= HEIGHT) continue;
      const s = (y * layer.width + x) * 4;
      const a = layer.data[s + 3]! / 255;
      const d = cy * WIDTH + cx;
      alpha[d] = a;
      for (let c = 0; c < 3; c++) base[d * 3 + c] = Math.round(layer.data[s + c]! * a + base[d * 3 + c]! * (1 - a));
    }
  return alpha;
}

async function rgbaOf(input: ReturnType<typeof sharp>): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await input.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

async function encoded(rgb: Buffer, encoding: Encoding): Promise<Buffer> {
  const raw = { raw: { width: WIDTH, height: HEIGHT, channels: 3 as const } };
  if (encoding === 'png') return rgb;
  const jpeg = await sharp(rgb, raw)
    .jpeg({ quality: 92, chromaSubsampling: encoding === 'jpeg q92 4:4:4' ? '4:4:4' : '4:2:0' })
    .toBuffer();
  return sharp(jpeg).raw().toBuffer();
}

async function scenes(only: string[] | null, lossless: boolean): Promise<Scene[]> {
  const subject = await rgbaOf(sharp(SUBJECT_FILE));
  const smallPerson = await rgbaOf(sharp(SUBJECT_FILE).resize(330, 330).flop());
  // A cup (CC0 coffee.png): the disc of the cup seen from above, cut round.
  const cupSize = 210;
  const cup = await rgbaOf(sharp(path.join(FIXTURES, 'coffee.png')).extract({ left: 150, top: 20, width: 300, height: 300 }).resize(cupSize, cupSize));
  for (let y = 0; y < cupSize; y++) for (let x = 0; x < cupSize; x++) cup.data[(y * cupSize + x) * 4 + 3] = Math.round(255 * Math.min(1, Math.max(0, cupSize / 2 - Math.hypot(x + 0.5 - cupSize / 2, y + 0.5 - cupSize / 2))));
  const list: [string, Scene['kind'], boolean, boolean][] = [
    ['grey', 'plain', false, false],
    ['white', 'plain', false, false],
    ['blue', 'plain', false, false],
    ['gradient', 'gradient', false, false],
    ['street', 'busy', true, true],
    ['brick', 'busy', true, false],
  ];
  const out: Scene[] = [];
  for (const [name, kind, person, object] of list) {
    if (only && !only.includes(name)) continue;
    const back = await backdropOf(name);
    const others = new Uint8Array(WIDTH * HEIGHT);
    const mark = (a: Float32Array) => {
      for (let i = 0; i < a.length; i++) if (a[i]! >= 0.5) others[i] = 1;
    };
    if (person) mark(lay(back, smallPerson, 20, 760));
    if (object) mark(lay(back, cup, 960, 780));
    const rgb = Buffer.from(back);
    const alpha = lay(rgb, subject, SUBJECT_AT.x, SUBJECT_AT.y);
    const fore = new Uint8Array(WIDTH * HEIGHT * 3);
    for (let y = 0; y < subject.height; y++)
      for (let x = 0; x < subject.width; x++) for (let c = 0; c < 3; c++) fore[((y + SUBJECT_AT.y) * WIDTH + x + SUBJECT_AT.x) * 3 + c] = subject.data[(y * subject.width + x) * 4 + c]!;
    for (let i = 0; i < others.length; i++) if (alpha[i]! >= 0.5) others[i] = 0;
    const encodings: Encoding[] = lossless && kind !== 'busy' ? ['jpeg q92 4:2:0', 'jpeg q92 4:4:4', 'png'] : ['jpeg q92 4:2:0'];
    for (const encoding of encodings) out.push({ name, kind, encoding, rgb: await encoded(rgb, encoding), alpha, fore, back, others });
  }
  return out;
}

interface Figures {
  sad: number;
  gradient: number;
  haloPx: number;
  backdropInBandPct: number;
  /** Backdrop-coloured band pixels per pixel of the subject's outline (the share above also moves with the band's size). */
  backdropPerOutline: number;
  backgroundKeptPct: number;
  othersKeptPct: number | null;
  subjectLostPct: number;
}

let debugMap: Uint8Array | null = null;

function measure(scene: Scene, rgba: Uint8Array): Figures {
  const n = WIDTH * HEIGHT;
  const predicted = new Float32Array(n);
  for (let i = 0; i < n; i++) predicted[i] = rgba[i * 4 + 3]! / 255;
  let sad = 0;
  for (let i = 0; i < n; i++) sad += Math.abs(predicted[i]! - scene.alpha[i]!);
  const gx = gaussian(predicted, WIDTH, HEIGHT, 1.4, 'x');
  const gy = gaussian(predicted, WIDTH, HEIGHT, 1.4, 'y');
  const tx = gaussian(scene.alpha, WIDTH, HEIGHT, 1.4, 'x');
  const ty = gaussian(scene.alpha, WIDTH, HEIGHT, 1.4, 'y');
  let gradient = 0;
  for (let i = 0; i < n; i++) gradient += (Math.hypot(gx[i]!, gy[i]!) - Math.hypot(tx[i]!, ty[i]!)) ** 2;
  // The zone: within 30 px of the subject (its alpha > 0).
  const present = new Uint8Array(n);
  for (let i = 0; i < n; i++) present[i] = scene.alpha[i]! > 0 ? 1 : 0;
  const zone = dilateSquare(present, WIDTH, HEIGHT, 30);
  let outline = 0;
  let halo = 0;
  let band = 0;
  let tinted = 0;
  let background = 0;
  let backgroundKept = 0;
  let others = 0;
  let othersKept = 0;
  let subject = 0;
  let lost = 0;
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const i = y * WIDTH + x;
      const a = scene.alpha[i]!;
      const p = predicted[i]!;
      if (a >= 0.5) {
        subject += 1;
        if (p < 0.5) lost += 1;
        if (x > 0 && x < WIDTH - 1 && y > 0 && y < HEIGHT - 1 && (scene.alpha[i - 1]! < 0.5 || scene.alpha[i + 1]! < 0.5 || scene.alpha[i - WIDTH]! < 0.5 || scene.alpha[i + WIDTH]! < 0.5)) outline += 1;
      } else {
        background += 1;
        if (p >= 0.5) backgroundKept += 1;
        if (scene.others[i] === 1) {
          others += 1;
          if (p >= 0.5) othersKept += 1;
        }
      }
      if (zone[i] !== 1) continue;
      if (a === 0 && p > 0.02) halo += 1;
      const inBand = (a > 0 && a < 1) || (p > 0.02 && p < 0.98) || (a === 0 && p > 0.02);
      if (!inBand) continue;
      band += 1;
      // Does the cut-out's colour here carry the old backdrop? Where the subject is (α* > 0): its
      // colour's error toward the backdrop, (F̂ − F)·(B − F) / |B − F|², is 10 % or more. Where it is not
      // (a halo pixel, α̂ > 0.02): its colour is within 40 levels of the backdrop's.
      let tint: boolean;
      if (a > 0) {
        let along = 0;
        let norm = 0;
        for (let c = 0; c < 3; c++) {
          const f = scene.fore[i * 3 + c]!;
          const d = scene.back[i * 3 + c]! - f;
          along += (rgba[i * 4 + c]! - f) * d;
          norm += d * d;
        }
        tint = p > 0.02 && norm > 0 && along / norm >= BACKDROP_SHARE;
      } else {
        let distance = 0;
        for (let c = 0; c < 3; c++) distance += (rgba[i * 4 + c]! - scene.back[i * 3 + c]!) ** 2;
        tint = Math.sqrt(distance) < 40;
      }
      if (tint) {
        tinted += 1;
        if (debugMap) debugMap[i] = 255;
      } else if (debugMap) debugMap[i] = 80;
    }
  return {
    sad: sad / 1000,
    gradient: gradient / 1000,
    haloPx: halo / Math.max(1, outline),
    backdropInBandPct: (100 * tinted) / Math.max(1, band),
    backdropPerOutline: tinted / Math.max(1, outline),
    backgroundKeptPct: (100 * backgroundKept) / Math.max(1, background),
    othersKeptPct: others > 0 ? (100 * othersKept) / others : null,
    subjectLostPct: (100 * lost) / Math.max(1, subject),
  };
}

/**
 * Where this checkout loses the subject (α* ≥ 0.5, α̂ < 0.5) and keeps background: a PNG of the
 * subject's box (the composite dimmed; lost red where the subject is opaque, orange in its soft edge
 * and strands; background kept green), the composite beside it (scene-<scene>.png, to look at or
 * feed to other tools) and a breakdown of the lost pixels.
 */
async function lossMap(scene: Scene, rgba: Uint8Array, file: string): Promise<string> {
  const n = WIDTH * HEIGHT;
  const inside = new Uint8Array(n);
  for (let i = 0; i < n; i++) inside[i] = scene.alpha[i]! >= 0.5 ? 1 : 0;
  const outside = new Uint8Array(n);
  for (let i = 0; i < n; i++) outside[i] = inside[i] ? 0 : 1;
  // Within 3 px of the true outline: the edge, not the body.
  const nearOutline = dilateSquare(outside, WIDTH, HEIGHT, 3);
  const out = Buffer.alloc(n * 3);
  let lost = 0;
  let soft = 0;
  let edge = 0;
  let likeBackdrop = 0;
  let zero = 0;
  for (let i = 0; i < n; i++) {
    const a = scene.alpha[i]!;
    const p = rgba[i * 4 + 3]! / 255;
    for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(scene.rgb[i * 3 + c]! * 0.4);
    if (a >= 0.5 && p < 0.5) {
      lost += 1;
      let d = 0;
      for (let c = 0; c < 3; c++) d += (scene.fore[i * 3 + c]! - scene.back[i * 3 + c]!) ** 2;
      if (a < 0.999) soft += 1;
      if (nearOutline[i] === 1) edge += 1;
      if (Math.sqrt(d) < 40) likeBackdrop += 1;
      if (p < 0.02) zero += 1;
      out.set(a < 0.999 ? [255, 160, 0] : [255, 0, 0], i * 3);
    } else if (a < 0.5 && p >= 0.5) out.set([0, 255, 0], i * 3);
  }
  await sharp(scene.rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).png().toFile(file.replace(/loss-([^/]*)$/, 'scene-$1'));
  await sharp(out, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .extract({ left: 0, top: SUBJECT_AT.y - 40, width: WIDTH, height: HEIGHT - SUBJECT_AT.y + 40 })
    .png()
    .toFile(file);
  const share = (k: number) => `${((100 * k) / Math.max(1, lost)).toFixed(0)} %`;
  return `${lost} px lost: soft edge or strand (α* < 1) ${share(soft)}, within 3 px of the outline ${share(edge)}, true colour within 40 levels of the backdrop ${share(likeBackdrop)}, given α̂ < 0.02 ${share(zero)}`;
}

function dilateSquare(on: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const inverted = new Uint8Array(w * h);
  for (let i = 0; i < inverted.length; i++) inverted[i] = on[i] ? 0 : 1;
  const eroded = erode(inverted, w, h, r);
  for (let i = 0; i < eroded.length; i++) eroded[i] = eroded[i] ? 0 : 1;
  return eroded;
}

/** original | on grey | on magenta | alpha, each 300 px wide. */
async function panel(scene: Scene, rgba: Uint8Array, file: string): Promise<void> {
  const tile = 300;
  const on = (colour: readonly number[]) => {
    const out = Buffer.alloc(WIDTH * HEIGHT * 3);
    for (let i = 0; i < WIDTH * HEIGHT; i++) {
      const a = rgba[i * 4 + 3]! / 255;
      for (let c = 0; c < 3; c++) out[i * 3 + c] = Math.round(rgba[i * 4 + c]! * a + colour[c]! * (1 - a));
    }
    return out;
  };
  const alpha = Buffer.alloc(WIDTH * HEIGHT * 3);
  for (let i = 0; i < WIDTH * HEIGHT; i++) alpha[i * 3] = alpha[i * 3 + 1] = alpha[i * 3 + 2] = rgba[i * 4 + 3]!;
  const tiles = await Promise.all(
    [scene.rgb, on(GREY), on(MAGENTA), alpha].map((data, k) =>
      sharp(data, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
        // The head and shoulders, where the edge is: the top 1.4x of the subject's box.
        .extract({ left: 0, top: 640, width: WIDTH, height: 1160 })
        .resize(tile, Math.round((tile * 1160) / WIDTH))
        .png()
        .toBuffer()
        .then((input) => ({ input, left: k * tile, top: 0 })),
    ),
  );
  await sharp({ create: { width: tile * 4, height: Math.round((tile * 1160) / WIDTH), channels: 3, background: '#ffffff' } })
    .composite(tiles)
    .jpeg({ quality: 82 })
    .toFile(file);
}

console.log(benchHeader('cutout-quality'));
const refineBefore = await baselineRefine(args.baseline);
if (args['make-subject']) {
  await makeSubject(refineBefore);
  process.exit(0);
}
const only = args.scenes ? args.scenes.split(',') : null;
const list = await scenes(only, args.lossless);
const rows: Record<string, string | number>[] = [];
/** This checkout's cut-out of each scene, for the exact-colour line below. */
const afterOf = new Map<Scene, Uint8Array>();
// Warm both pipelines once (model and face detector loads) so the times are warm.
await cutOutOnServer({ rgb: list[0]!.rgb, width: WIDTH, height: HEIGHT, small: await smallOf(list[0]!.rgb) }, assets);

async function smallOf(rgb: Uint8Array) {
  const small = await sharp(rgb, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .resize(MODEL_INPUT_LONG_EDGE, MODEL_INPUT_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: small.data, info: small.info };
}

for (const scene of list) {
  // The baseline on the default JPEG only: the lossless variants ask what this pipeline and the ideal reach.
  const pipelines = [...(scene.encoding === 'jpeg q92 4:2:0' ? (['before'] as const) : []), 'after' as const, ...(args.foreground === 'germer' ? (['after, germer F'] as const) : [])];
  let after: Uint8Array | null = null;
  for (const pipeline of pipelines) {
    const small = await smallOf(scene.rgb);
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    let rgba: Uint8Array;
    if (pipeline === 'after, germer F') {
      // The same alpha; the band's colours estimated from the pixels (estimateForeground reads only alpha from rgba).
      rgba = Uint8Array.from(after!);
      estimateForeground({ data: scene.rgb, width: WIDTH, height: HEIGHT }, rgba);
    } else if (pipeline === 'before') {
      const data = await personMask(await loadSelfieModel(assets), small.data, small.info.width, small.info.height);
      rgba = refineBefore({ data: scene.rgb, width: WIDTH, height: HEIGHT }, { data, width: MODEL_SIZE, height: MODEL_SIZE }).rgba;
    } else {
      rgba = (await cutOutOnServer({ rgb: scene.rgb, width: WIDTH, height: HEIGHT, small }, assets)).rgba;
      after = rgba;
      afterOf.set(scene, rgba);
    }
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(startedCpu);
    if (process.env.CUTOUT_DEBUG) debugMap = new Uint8Array(WIDTH * HEIGHT);
    const f = measure(scene, rgba);
    const label = `${scene.name}${scene.encoding === 'jpeg q92 4:2:0' ? '' : `-${scene.encoding.replace(/[ :]/g, '')}`}`;
    if (debugMap) await sharp(Buffer.from(debugMap), { raw: { width: WIDTH, height: HEIGHT, channels: 1 } }).png().toFile(`/tmp/cutout-band-${label}-${pipeline.replace(/[ ,]+/g, '-')}.png`);
    rows.push({
      scene: scene.name,
      kind: scene.kind,
      encoding: scene.encoding,
      pipeline,
      SAD: f.sad.toFixed(1),
      gradErr: f.gradient.toFixed(1),
      haloPx: f.haloPx.toFixed(2),
      'backdropInBand%': f.backdropInBandPct.toFixed(1),
      backdropPerOutlinePx: f.backdropPerOutline.toFixed(2),
      'bgKept%': f.backgroundKeptPct.toFixed(2),
      'othersKept%': f.othersKeptPct === null ? '–' : f.othersKeptPct.toFixed(1),
      'subjectLost%': f.subjectLostPct.toFixed(2),
      ms: ms(elapsed),
      cpuMs: ms((cpu.user + cpu.system) / 1000),
    });
    if (args['loss-maps'] && pipeline === 'after') {
      fs.mkdirSync(args['loss-maps'], { recursive: true });
      console.log(`${label}: ${await lossMap(scene, rgba, path.join(args['loss-maps'], `loss-${label}.png`))}`);
    }
    if (args.pictures && scene.encoding === 'jpeg q92 4:2:0' && pipeline !== 'after, germer F') await panel(scene, rgba, path.join(IMAGES, `cutout-${scene.name}-${pipeline}.jpg`));
  }
}
console.table(rows);
// What the band's backdrop-colour measure gives the ideal cut-out of these pixels: the true alpha and
// the true backdrop, F solved exactly (I − (1−α)B)/α. On JPEG its share is the encoding's own (4:2:0
// chroma, ringing on thin strands), which no cut-out that takes F from the pixel can go under; on PNG
// what is left is the pixel's rounding divided by α.
/** The cut-out with alpha `alphaOf(i)` (0..255) and F solved exactly from the pixel and the true backdrop. */
function exactColour(scene: Scene, alphaOf: (i: number) => number): Uint8Array {
  const out = new Uint8Array(WIDTH * HEIGHT * 4);
  for (let i = 0; i < WIDTH * HEIGHT; i++) {
    const a = alphaOf(i) / 255;
    out[i * 4 + 3] = alphaOf(i);
    for (let c = 0; c < 3; c++) out[i * 4 + c] = a > 0 && a < 1 ? Math.min(255, Math.max(0, Math.round((scene.rgb[i * 3 + c]! - (1 - a) * scene.back[i * 3 + c]!) / a))) : scene.rgb[i * 3 + c]!;
  }
  return out;
}
for (const scene of list) {
  const f = measure(scene, exactColour(scene, (i) => Math.round(scene.alpha[i]! * 255)));
  console.log(`ideal cut-out of ${scene.name}, ${scene.encoding} (true alpha and backdrop, F solved from the pixel): backdrop colour in band ${f.backdropInBandPct.toFixed(1)} %, ${f.backdropPerOutline.toFixed(2)} px per outline px`);
  // With this checkout's alpha and F solved exactly, F̂ − F = (α̂ − α)(B − F)/α̂: what is left is alpha's error alone.
  const after = afterOf.get(scene);
  if (!after) continue;
  const g = measure(scene, exactColour(scene, (i) => after[i * 4 + 3]!));
  console.log(`  this checkout's alpha, F solved exactly from the true backdrop: ${g.backdropInBandPct.toFixed(1)} %, ${g.backdropPerOutline.toFixed(2)} px per outline px`);
}
console.log(`baseline: the refinement of ${args.baseline} on one model pass; after: this checkout's cutOutOnServer (face, subject, crop pass, matting). Times: model(s) + refinement (+ face detection after), warm, 1200x1800; "after, germer F": estimateForeground alone, on after's alpha.`);
// The matting thread would keep the process alive.
await closeMattingThread();
