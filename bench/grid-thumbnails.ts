// The grid thumbnails' size and encoding cost per format and effort (issue 23 §1; the choice in
// apps/server/src/media/renditions.ts, GRID_AVIF): from each photo's 800 px decode, as the import does.
//   npx tsx bench/grid-thumbnails.ts [--photos <folder of JPEGs>] [--repeat 2]
// Without --photos: six framings of the public-domain astronaut the demo's portraits are made from.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({ options: { photos: { type: 'string' }, repeat: { type: 'string', default: '2' } } });
const repeat = Math.max(1, Number(args.repeat));

async function sources(): Promise<Buffer[]> {
  if (args.photos) {
    return fs
      .readdirSync(args.photos)
      .filter((name) => /\.jpe?g$/i.test(name))
      .slice(0, 24)
      .map((name) => fs.readFileSync(path.join(args.photos!, name)));
  }
  const astronaut = path.join(root, 'e2e', 'fixtures', 'astronaut.jpg');
  const framings = [
    { left: 0, top: 0, width: 512, height: 512 },
    { left: 60, top: 0, width: 340, height: 510 },
    { left: 100, top: 20, width: 300, height: 450 },
    { left: 20, top: 60, width: 300, height: 450 },
    { left: 150, top: 0, width: 240, height: 360 },
    { left: 0, top: 100, width: 270, height: 405 },
  ];
  return Promise.all(framings.map((crop) => sharp(astronaut).extract(crop).resize(1600, 2400, { fit: 'cover' }).jpeg({ quality: 90 }).toBuffer()));
}

const decoded = await Promise.all(
  (await sources()).map((input) => sharp(input).rotate().resize({ width: 800 }).raw().toBuffer({ resolveWithObject: true })),
);
const variants: { label: string; encode: (image: Sharp) => Sharp }[] = [];
for (const width of [280, 400]) {
  for (const effort of [0, 1, 2]) variants.push({ label: `AVIF ${width} px q50 effort ${effort}`, encode: (image) => image.resize({ width }).avif({ quality: 50, effort }) });
  variants.push({ label: `WebP ${width} px q78 effort 2`, encode: (image) => image.resize({ width }).webp({ quality: 78, effort: 2 }) });
}

console.log(`grid thumbnails — ${new Date().toISOString()}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; ${decoded.length} photos from their 800 px decode`);
const rows = [];
for (const { label, encode } of variants) {
  let bytes = 0;
  const cpu = process.cpuUsage();
  for (let round = 0; round < repeat; round++) {
    for (const { data, info } of decoded) {
      const file = await encode(sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })).toBuffer();
      if (round === 0) bytes += file.length;
    }
  }
  const used = process.cpuUsage(cpu);
  rows.push({ file: label, 'KB a photo': Number((bytes / decoded.length / 1024).toFixed(1)), 'CPU ms a photo': Math.round((used.user + used.system) / 1000 / decoded.length / repeat) });
}
console.table(rows);
