import path from 'node:path';
import sharp from 'sharp';
import { cutOutOnServer } from '../apps/server/src/media/segmentation/person-cutout';
const assets = { modelDir: '/work/main/apps/web/public/editor-models', wasmDir: '/work/main/node_modules/@tensorflow/tfjs-backend-wasm/dist' };
const portrait = await sharp(path.join('e2e', 'fixtures', 'astronaut.jpg')).resize(1600, 2400, { fit: 'contain', position: 'top', background: { r: 200, g: 192, b: 190 } }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
const small = await sharp(portrait.data, { raw: { width: 1600, height: 2400, channels: 3 } }).resize(640, 640, { fit: 'inside' }).raw().toBuffer({ resolveWithObject: true });
for (let i = 0; i < 4; i++) {
  const t = performance.now();
  const r = await cutOutOnServer({ rgb: portrait.data, width: 1600, height: 2400, small }, assets);
  const png = performance.now();
  await sharp(r.rgba, { raw: { width: 1600, height: 2400, channels: 4 } }).png({ compressionLevel: 2 }).toBuffer();
  console.log(JSON.stringify({ total: Math.round(performance.now() - t), passes: r.passes, face: Math.round(r.timings.faceMs), model: Math.round(r.timings.modelMs), refine: Math.round(r.timings.refineMs), png: Math.round(performance.now() - png) }));
}
