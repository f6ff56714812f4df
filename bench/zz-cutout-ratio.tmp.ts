import path from 'node:path';
import sharp from 'sharp';
import { refineCutout as oldRefine } from '/tmp/cutout-old';
import { refineCutout, cutOutPerson } from '../packages/contract/src/cutout';
const portrait = await sharp(path.join('e2e', 'fixtures', 'astronaut.jpg')).resize(1600, 2400, { fit: 'contain', position: 'top', background: { r: 200, g: 192, b: 190 } }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const mask = new Float32Array(256 * 256);
for (let y = 0; y < 256; y++) for (let x = 0; x < 256; x++) mask[y * 256 + x] = Math.hypot(x - 128, (y - 100) * 0.8) < 90 || (y > 150 && x > 30 && x < 226) ? 1 : 0;
const m = { data: mask, width: 256, height: 256 };
const img = { data: portrait.data, width: 1600, height: 2400 };
for (let i = 0; i < 5; i++) {
  let t = performance.now(); oldRefine(img, m); const a = performance.now() - t;
  t = performance.now(); refineCutout(img, m); const b = performance.now() - t;
  t = performance.now(); await cutOutPerson(img, { face: { x: 600, y: 300, width: 300, height: 350 }, segment: async () => m }); const c = performance.now() - t;
  console.log(JSON.stringify({ old: Math.round(a), refine: Math.round(b), pipeline: Math.round(c) }));
}
