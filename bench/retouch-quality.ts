// Retouch quality (issue 22 §2, "How it is measured"): portraits with synthetic blemishes added at
// known places, retouched at the default settings, measured against the portrait without them.
//   npx tsx bench/retouch-quality.ts [--baseline <retouch.ts of an earlier version>] [--pictures]
// e.g. the retouch before issue 22, measured in the same run:
//   git show a554099:apps/server/src/media/segmentation/retouch.ts > /tmp/retouch-before.ts
//   npx tsx bench/retouch-quality.ts --baseline /tmp/retouch-before.ts --pictures
//
// Portraits: e2e/fixtures/astronaut.jpg (NASA, public domain), its head and shoulders (x 112-352,
// y 0-360) enlarged to 800x1200 (face ~310 px wide), taken to four skin tones by scaling the channels
// as apps/server/test/retouch-portrait.test.ts does (light = the photo itself, medium, tan, deep). No
// other portrait with a usable licence ships in an npm or Debian package (docs/editor.md, "Tested on").
// The face mesh is found once per tone (@vladmandic/human, as the server does on a 640 px copy).
//
// Blemishes, placed by mesh points (so on the same skin for every tone), sizes in face widths:
//   spots  8 red spots (pimples: Gaussian, σ 0.008, red kept, green and blue down 22-30 %), one of
//          them on the nose, and 3 faint brown spots (σ 0.006, every channel down 14 %);
//   moles  3 dark round moles with a sharp edge (radius 0.011, channels × 0.45/0.38/0.35).
// Figures per tone (skin = the retouch's own skin mask ≥ 0.5, away from the blemishes):
//   spots removed   mean over spots of 1 − |mean(out − clean)| / |mean(blemished − clean)| in luma over
//                   the disc of 2σ (the spot's own darkening; texture painted in does not count against
//                   it); and how many of them at ≥ 70 %;
//   moles kept      mean over moles of 1 − |mean(out − blemished)| / |mean(blemished − clean)|; how many ≥ 80 %;
//   texture kept    std of the fine detail (luma − its 5x5 mean) on skin, out / in;
//   smoothing       std of the mid band (5x5 mean − 21x21 mean) on skin, out / in (lower = smoother);
//   colour shift    ΔE (CIELAB 1976) between the mean skin colour in and out;
//   untouched       the largest change of any channel in the eyes, lips and brows (their mesh hulls)
//                   and the share of pixels outside the face-and-neck box that changed at all;
//   (no times: bench/retouch.ts measures the speed.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { type RetouchSettings, retouchSettings } from '@studio-gallery/contract';
import sharp from 'sharp';
import { detectFace, loadFaceMesh } from '../apps/server/src/media/segmentation/face-mesh';
import * as current from '../apps/server/src/media/segmentation/retouch';
import { startWasmBackend } from '../apps/server/src/media/segmentation/selfie-model';
import { repoRoot } from './lib/server';
import { benchHeader } from './lib/figures';

const { values: args } = parseArgs({ options: { baseline: { type: 'string' }, pictures: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } } });

console.log(benchHeader('retouch-quality'));

type RetouchModule = typeof current;
type Variant = { name: string; run: (rgb: Uint8Array, w: number, h: number, face: current.FacePoints, settings: RetouchSettings) => current.RetouchReport | undefined };
const variants: Variant[] = [{ name: 'current', run: (rgb, w, h, face, settings) => current.retouchFace(rgb, w, h, face, settings) }];
if (args.baseline) {
  const module = (await import(pathToFileURL(path.resolve(args.baseline)).href)) as { retouchFace: (...a: unknown[]) => unknown };
  // The issue-13 retouch takes a strength; later ones the settings.
  const takesStrength = !('smoothGain' in ((module as unknown as RetouchModule).RETOUCH ?? {}));
  variants.unshift({
    name: 'baseline',
    run: (rgb, w, h, face, settings) => {
      module.retouchFace(rgb, w, h, face, takesStrength ? settings.strength : settings);
      return undefined;
    },
  });
}

const W = 800;
const H = 1200;
const TONES = [
  { name: 'light', gains: [1, 1, 1] },
  { name: 'medium', gains: [0.86, 0.76, 0.68] },
  { name: 'tan', gains: [0.7, 0.56, 0.46] },
  { name: 'deep', gains: [0.48, 0.39, 0.31] },
] as const;

/** Mesh points the blemishes sit on (cheeks, forehead, nose, chin, jaw), with an offset in face widths. */
const SPOTS: { point: number; dx: number; dy: number; kind: 'red' | 'brown' }[] = [
  { point: 50, dx: 0.02, dy: 0.02, kind: 'red' },
  { point: 280, dx: -0.03, dy: 0.03, kind: 'red' },
  { point: 9, dx: 0.02, dy: -0.06, kind: 'red' },
  { point: 118, dx: 0, dy: 0.06, kind: 'red' },
  { point: 4, dx: 0.015, dy: -0.02, kind: 'red' },
  { point: 199, dx: 0.05, dy: -0.02, kind: 'red' },
  { point: 425, dx: 0.04, dy: -0.03, kind: 'red' },
  { point: 187, dx: 0.03, dy: 0.05, kind: 'red' },
  { point: 123, dx: 0.03, dy: 0, kind: 'brown' },
  { point: 205, dx: -0.05, dy: 0.06, kind: 'brown' },
  { point: 411, dx: -0.02, dy: 0.08, kind: 'brown' },
];
const MOLES: { point: number; dx: number; dy: number }[] = [
  { point: 266, dx: 0.04, dy: 0.06 },
  { point: 69, dx: 0.02, dy: 0.09 },
  { point: 212, dx: -0.05, dy: 0.04 },
];

interface Placed {
  x: number;
  y: number;
  radius: number;
}

/** Adds the blemishes to a copy of `clean`; returns it and where they are. */
function addBlemishes(clean: Buffer, mesh: readonly (readonly [number, number])[], faceWidth: number): { image: Buffer; spots: Placed[]; moles: Placed[] } {
  const image = Buffer.from(clean);
  const spots: Placed[] = [];
  const moles: Placed[] = [];
  const blend = (cx: number, cy: number, reach: number, f: (d: number, p: number) => void) => {
    for (let y = Math.floor(cy - reach); y <= Math.ceil(cy + reach); y++) {
      for (let x = Math.floor(cx - reach); x <= Math.ceil(cx + reach); x++) {
        if (x < 0 || y < 0 || x >= W || y >= H) continue;
        f(Math.hypot(x + 0.5 - cx, y + 0.5 - cy), (y * W + x) * 3);
      }
    }
  };
  for (const spot of SPOTS) {
    const [px, py] = mesh[spot.point]!;
    const cx = px + spot.dx * faceWidth;
    const cy = py + spot.dy * faceWidth;
    const sigma = (spot.kind === 'red' ? 0.008 : 0.006) * faceWidth;
    const factors = spot.kind === 'red' ? [1, 0.7, 0.78] : [0.86, 0.86, 0.86];
    blend(cx, cy, 3 * sigma, (d, p) => {
      const k = Math.exp(-(d * d) / (2 * sigma * sigma));
      for (let c = 0; c < 3; c++) image[p + c] = Math.round(image[p + c]! * (1 - k + k * factors[c]!));
    });
    spots.push({ x: cx, y: cy, radius: 2 * sigma });
  }
  for (const mole of MOLES) {
    const [px, py] = mesh[mole.point]!;
    const cx = px + mole.dx * faceWidth;
    const cy = py + mole.dy * faceWidth;
    const radius = 0.011 * faceWidth;
    const factors = [0.45, 0.38, 0.35];
    blend(cx, cy, radius + 1, (d, p) => {
      const k = Math.min(1, Math.max(0, radius + 0.5 - d));
      for (let c = 0; c < 3; c++) image[p + c] = Math.round(image[p + c]! * (1 - k + k * factors[c]!));
    });
    moles.push({ x: cx, y: cy, radius });
  }
  return { image, spots, moles };
}

const luma = (b: Buffer, p: number) => 0.299 * b[p]! + 0.587 * b[p + 1]! + 0.114 * b[p + 2]!;

function discMean(f: (p: number) => number, at: Placed): number {
  let sum = 0;
  let count = 0;
  for (let y = Math.floor(at.y - at.radius); y <= Math.ceil(at.y + at.radius); y++) {
    for (let x = Math.floor(at.x - at.radius); x <= Math.ceil(at.x + at.radius); x++) {
      if (Math.hypot(x + 0.5 - at.x, y + 0.5 - at.y) > at.radius) continue;
      sum += f((y * W + x) * 3);
      count++;
    }
  }
  return sum / Math.max(1, count);
}

function lumaPlane(b: Buffer): Float32Array {
  const out = new Float32Array(W * H);
  for (let i = 0; i < W * H; i++) out[i] = luma(b, i * 3);
  return out;
}

function std(values: Float32Array, where: Uint8Array): number {
  let sum = 0;
  let sq = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    if (!where[i]) continue;
    sum += values[i]!;
    sq += values[i]! * values[i]!;
    n++;
  }
  return Math.sqrt(Math.max(0, sq / n - (sum / n) ** 2));
}

function bands(b: Buffer): { fine: Float32Array; mid: Float32Array } {
  const l = lumaPlane(b);
  const m5 = current.boxBlur(l, W, H, 2);
  const m21 = current.boxBlur(l, W, H, 10);
  return { fine: l.map((v, i) => v - m5[i]!), mid: m5.map((v, i) => v - m21[i]!) };
}

function toLab(r: number, g: number, b: number): [number, number, number] {
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [lin(r), lin(g), lin(b)];
  const X = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const Y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const Z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (841 / 108) * t + 4 / 29);
  return [116 * f(Y) - 16, 500 * (f(X) - f(Y)), 200 * (f(Y) - f(Z))];
}

function meanColour(b: Buffer, where: Uint8Array): [number, number, number] {
  const sum = [0, 0, 0];
  let n = 0;
  for (let i = 0; i < where.length; i++) {
    if (!where[i]) continue;
    for (let c = 0; c < 3; c++) sum[c]! += b[i * 3 + c]!;
    n++;
  }
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

/** Pixels inside the (non-enlarged) hulls of these mesh regions. */
function regionPixels(mesh: readonly (readonly [number, number])[], regions: readonly (readonly number[])[]): Uint8Array {
  const mask = new Float32Array(W * H);
  for (const indices of regions) {
    const points = indices.map((i) => mesh[i]!);
    // Convex enough for these regions: fill the polygon of the points sorted by angle about their centre.
    const cx = points.reduce((s, q) => s + q[0], 0) / points.length;
    const cy = points.reduce((s, q) => s + q[1], 0) / points.length;
    const sorted = [...points].sort((a, b) => Math.atan2(a[1] - cy, a[0] - cx) - Math.atan2(b[1] - cy, b[0] - cx));
    current.fillPolygon(mask, W, H, sorted, 1);
  }
  return Uint8Array.from(mask, (v) => (v > 0 ? 1 : 0));
}

const fixture = path.join(repoRoot, 'e2e', 'fixtures', 'astronaut.jpg');
const wasmDir = path.dirname(new URL(import.meta.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm')).pathname);
await startWasmBackend(wasmDir);
const human = await loadFaceMesh();
const settings = retouchSettings();
const pictures: Buffer[] = [];
const rows: Record<string, string | number>[] = [];

for (const tone of TONES) {
  const clean = await sharp(fixture)
    .extract({ left: 112, top: 0, width: 240, height: 360 })
    .resize(W, H, { kernel: 'lanczos3' })
    .linear([...tone.gains], [0, 0, 0])
    .raw()
    .toBuffer();
  const small = await sharp(clean, { raw: { width: W, height: H, channels: 3 } }).resize(640, 640, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
  const found = await detectFace(human, small.data, small.info.width, small.info.height);
  if (!found) throw new Error(`no face on the ${tone.name} portrait`);
  const scale = W / small.info.width;
  const mesh = found.mesh.map(([x, y]) => [x * scale, y * scale] as const);
  const face = { mesh };
  const region = current.retouchRegion(face, W, H);
  const { image: blemished, spots, moles } = addBlemishes(clean, mesh, region.faceWidth);

  // Where the figures are taken: the current retouch's skin mask, away from the blemishes.
  const { mask, spotArea } = current.skinMask(blemished, W, face, region);
  const skin = new Uint8Array(W * H);
  for (let y = 0; y < region.height; y++) for (let x = 0; x < region.width; x++) if (mask[y * region.width + x]! >= 0.5) skin[(y + region.y) * W + x + region.x] = 1;
  for (const at of [...spots, ...moles]) {
    for (let y = Math.floor(at.y - at.radius * 3); y <= at.y + at.radius * 3; y++) for (let x = Math.floor(at.x - at.radius * 3); x <= at.x + at.radius * 3; x++) skin[y * W + x] = 0;
  }
  const features = regionPixels(mesh, [current.REGIONS.leftEye, current.REGIONS.rightEye, current.REGIONS.lips, current.REGIONS.leftBrow, current.REGIONS.rightBrow]);
  const inBands = bands(blemished);
  const inColour = toLab(...meanColour(blemished, skin));

  for (const variant of variants) {
    const out = Buffer.from(blemished);
    const report = variant.run(out, W, H, face, settings);
    // The spot's own change (its mean over the disc), so that skin texture painted in does not count against it.
    const removed = spots.map((at) => {
      const before = discMean((p) => luma(blemished, p) - luma(clean, p), at);
      const after = discMean((p) => luma(out, p) - luma(clean, p), at);
      return 1 - Math.abs(after) / Math.abs(before);
    });
    const kept = moles.map((at) => {
      const depth = discMean((p) => luma(blemished, p) - luma(clean, p), at);
      const change = discMean((p) => luma(out, p) - luma(blemished, p), at);
      return 1 - Math.abs(change) / Math.abs(depth);
    });
    if (args.verbose) {
      const maskAt = (p: Placed) => {
        const i = Math.round(p.y - region.y) * region.width + Math.round(p.x - region.x);
        return `${mask[i]!.toFixed(2)}/${spotArea[i]!.toFixed(2)}`;
      };
      console.log(`  mask at spots ${spots.map(maskAt).join(' ')}; at moles ${moles.map(maskAt).join(' ')}`);
      console.log(`${tone.name} ${variant.name}: spots removed ${removed.map((r) => r.toFixed(2)).join(' ')}; moles kept ${kept.map((k) => k.toFixed(2)).join(' ')}`);
      for (const b of report?.blemishes ?? []) {
        const x = region.x + b.x * report!.scale;
        const y = region.y + b.y * report!.scale;
        const near = [...spots.map((p, i) => ({ p, label: `spot ${i}` })), ...moles.map((p, i) => ({ p, label: `mole ${i}` }))].find(({ p }) => Math.hypot(p.x - x, p.y - y) < 8);
        console.log(`  found ${b.kind} at ${x.toFixed(0)},${y.toFixed(0)} d ${b.diameter.toFixed(1)} contrast ${b.contrast.toFixed(0)} red ${b.redness.toFixed(1)} elong ${b.elongation.toFixed(1)} ${near?.label ?? '(natural)'}`);
      }
    }
    const outBands = bands(out);
    let featureChange = 0;
    let outside = 0;
    let outsideCount = 0;
    for (let i = 0; i < W * H; i++) {
      const x = i % W;
      const y = Math.floor(i / W);
      const diff = Math.max(Math.abs(out[i * 3]! - blemished[i * 3]!), Math.abs(out[i * 3 + 1]! - blemished[i * 3 + 1]!), Math.abs(out[i * 3 + 2]! - blemished[i * 3 + 2]!));
      if (features[i]) featureChange = Math.max(featureChange, diff);
      if (x < region.x || y < region.y || x >= region.x + region.width || y >= region.y + region.height) {
        outsideCount++;
        if (diff > 0) outside++;
      }
    }
    const outColour = toLab(...meanColour(out, skin));
    rows.push({
      tone: tone.name,
      retouch: variant.name,
      spotsRemovedPct: Math.round((100 * removed.reduce((a, b) => a + b, 0)) / removed.length),
      spotsAt70: `${removed.filter((r) => r >= 0.7).length}/${removed.length}`,
      molesKeptPct: Math.round((100 * kept.reduce((a, b) => a + b, 0)) / kept.length),
      molesAt80: `${kept.filter((k) => k >= 0.8).length}/${kept.length}`,
      textureKept: Number((std(outBands.fine, skin) / std(inBands.fine, skin)).toFixed(2)),
      midBand: Number((std(outBands.mid, skin) / std(inBands.mid, skin)).toFixed(2)),
      colourShiftDE: Number(Math.hypot(outColour[0] - inColour[0], outColour[1] - inColour[1], outColour[2] - inColour[2]).toFixed(2)),
      featuresMaxChange: featureChange,
      outsideChangedPct: Number(((100 * outside) / outsideCount).toFixed(2)),
    });
    if (args.pictures && (tone.name === 'light' || tone.name === 'deep')) {
      // The face and neck, blemished | retouched (per variant).
      const crop = { left: region.x, top: region.y, width: region.width, height: Math.min(region.height, Math.round(region.width * 1.25)) };
      if (variant === variants[0]) pictures.push(await sharp(blemished, { raw: { width: W, height: H, channels: 3 } }).extract(crop).resize({ height: 480 }).png().toBuffer());
      pictures.push(await sharp(out, { raw: { width: W, height: H, channels: 3 } }).extract(crop).resize({ height: 480 }).png().toBuffer());
    }
  }
}
console.log(`settings: ${JSON.stringify(settings)}; ${W}x${H}`);
console.table(rows);

if (args.pictures) {
  const perRow = 1 + variants.length;
  const tiles = await Promise.all(pictures.map((p) => sharp(p).metadata()));
  const tileWidth = tiles[0]!.width;
  const rowsOfTiles = pictures.length / perRow;
  const composites = pictures.map((input, i) => ({ input, left: (i % perRow) * (tileWidth + 8), top: Math.floor(i / perRow) * 488 }));
  const file = path.join(repoRoot, 'docs', 'images', 'retouch-before-after.jpg');
  await sharp({ create: { width: perRow * (tileWidth + 8) - 8, height: rowsOfTiles * 488 - 8, channels: 3, background: '#ffffff' } })
    .composite(composites)
    .jpeg({ quality: 88 })
    .toFile(file);
  console.log(`pictures: ${path.relative(repoRoot, file)} (rows light, deep; columns: with blemishes | ${variants.map((v) => v.name).join(' | ')})`);
}
await fs.access(fixture);
