// Why the server's cut-out is slower in the segmentation worker than on its own (issue 22 §4):
// `cutOutPerson` replayed on the same recorded inputs (the 1600x2400 portrait of bench/segmentation.ts,
// its face box and the model's masks) in a bare process, and in one that first ran three real
// remove-background calls (tfjs, the models and the face mesh loaded, as in the pool's worker).
// Interleaved child processes; per call after V8's warm-up: wall, CPU (all threads), major GCs.
// A third child replays it as the pool now runs it: in the matting thread (matting-thread.ts, no tfjs
// in it) of a process that ran the three real calls; its heap column is the matting thread's.
//   npx tsx bench/cutout-heap.ts [--rounds 3] [--calls 16]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import sharp from 'sharp';
import { cutOutPerson } from '../packages/contract/src/cutout';
import { segmentationAssets } from '../apps/server/src/media/segmentation/segmentation-pool';
import { MattingThread } from '../apps/server/src/media/segmentation/matting-thread';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    calls: { type: 'string', default: '16' },
    child: { type: 'string' },
    inputs: { type: 'string' },
  },
});
const WARM_UP = 8;

/** The bench portrait of bench/segmentation.ts. */
function portrait(): Promise<Buffer> {
  return sharp(path.join(root, 'e2e', 'fixtures', 'astronaut.jpg'))
    .resize(1600, 2400, { fit: 'contain', position: 'top', background: { r: 200, g: 192, b: 190 }, kernel: 'lanczos3' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

interface Inputs {
  width: number;
  height: number;
  face: { x: number; y: number; width: number; height: number } | null;
  masks: number[][];
}

/** Runs the worker's pipeline once, recording what cutOutPerson was given (needs the models). */
async function capture(file: string): Promise<void> {
  const sm = await import('../apps/server/src/media/segmentation/selfie-model');
  const fm = await import('../apps/server/src/media/segmentation/face-mesh');
  const assets = segmentationAssets(path.join(root, 'apps', 'web', 'public', 'editor-models'));
  const rgb = await sharp(await portrait()).rotate().flatten({ background: '#ffffff' }).toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  const { width, height } = rgb.info;
  const small = await sharp(rgb.data, { raw: { width, height, channels: 3 } }).resize(640, 640, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
  await sm.startWasmBackend(assets.wasmDir);
  const found = await fm.detectFace(await fm.loadFaceMesh(), small.data, small.info.width, small.info.height);
  const sx = width / small.info.width;
  const sy = height / small.info.height;
  const face = found ? { x: found.box[0] * sx, y: found.box[1] * sy, width: found.box[2] * sx, height: found.box[3] * sy } : null;
  const model = await sm.loadSelfieModel(assets);
  const masks: number[][] = [];
  await cutOutPerson(
    { data: rgb.data, width, height },
    {
      face,
      segment: async (rect) => {
        let input = { data: small.data, info: small.info };
        if (rect.width !== width || rect.height !== height) {
          input = await sharp(rgb.data, { raw: { width, height, channels: 3 } })
            .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
            .resize(640, 640, { fit: 'inside', withoutEnlargement: true })
            .raw()
            .toBuffer({ resolveWithObject: true });
        }
        const data = await sm.personMask(model, input.data, input.info.width, input.info.height);
        masks.push(Array.from(data));
        return { data, width: 256, height: 256 };
      },
    },
  );
  fs.writeFileSync(`${file}.rgb`, rgb.data);
  fs.writeFileSync(file, JSON.stringify({ width, height, face, masks } satisfies Inputs));
}

/** Replays cutOutPerson `calls` times; with `withModels`, after three real remove-background calls; with `inThread`, in a MattingThread. */
async function replay(file: string, withModels: boolean, calls: number, inThread = false): Promise<void> {
  if (withModels) {
    const { default: removeBackground } = await import('../apps/server/src/media/segmentation/worker');
    const assets = segmentationAssets(path.join(root, 'apps', 'web', 'public', 'editor-models'));
    const image = await portrait();
    for (let i = 0; i < 3; i++) await removeBackground({ image, assets });
  }
  const inputs = JSON.parse(fs.readFileSync(file, 'utf8')) as Inputs;
  const rgb = fs.readFileSync(`${file}.rgb`);
  let majorGcs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if ((entry as unknown as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) majorGcs += 1;
  });
  observer.observe({ entryTypes: ['gc'] });
  const rows: { wall: number; cpu: number; majorGcs: number }[] = [];
  const matting = inThread ? new MattingThread() : null;
  let threadHeap = 0;
  for (let call = 0; call < calls; call++) {
    let mask = 0;
    const gcsBefore = majorGcs;
    const cpu = process.cpuUsage();
    const started = performance.now();
    const segment = async () => ({ data: Float32Array.from(inputs.masks[mask++]!), width: 256, height: 256 });
    if (matting) {
      const result = await matting.cutOut({ rgb, width: inputs.width, height: inputs.height }, inputs.face, segment);
      threadHeap = result.thread.heapUsed;
      // As the pool's worker once the PNG is encoded: the answer's buffer serves the next call.
      matting.recycle(result.rgba);
    } else await cutOutPerson({ data: rgb, width: inputs.width, height: inputs.height }, { face: inputs.face, segment });
    const wall = performance.now() - started;
    await new Promise((resolve) => setImmediate(resolve)); // let the observer count this call's collections
    const used = process.cpuUsage(cpu);
    rows.push({ wall, cpu: (used.user + used.system) / 1000, majorGcs: majorGcs - gcsBefore });
  }
  observer.disconnect();
  process.stdout.write(JSON.stringify({ heapMB: (matting ? threadHeap : process.memoryUsage().heapUsed) / 1e6, rows }));
  process.exit(0);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

if (args.child === 'capture') await capture(args.inputs!).then(() => process.exit(0));
else if (args.child) await replay(args.inputs!, args.child !== 'bare', Number(args.calls), args.child === 'thread');
else {
  const rounds = Number(args.rounds);
  const calls = Math.max(WARM_UP + 2, Number(args.calls));
  const file = path.join(os.tmpdir(), `sg-cutout-heap-${process.pid}.json`);
  const run = (child: string) => {
    const result = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--child', child, '--inputs', file, '--calls', String(calls)], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`${child} failed: ${result.stderr}`);
    return result.stdout;
  };
  console.log(`cutOutPerson heap benchmark — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  run('capture');
  const table: Record<string, string | number>[] = [];
  for (let round = 1; round <= rounds; round++) {
    for (const child of ['bare', 'models', 'thread']) {
      const { heapMB, rows } = JSON.parse(run(child)) as { heapMB: number; rows: { wall: number; cpu: number; majorGcs: number }[] };
      const steady = rows.slice(WARM_UP);
      table.push({
        round,
        process: { bare: 'bare (contract code only)', models: 'after 3 real calls (tfjs + models loaded)', thread: 'same, in the matting thread' }[child]!,
        heapMB: Math.round(heapMB),
        steadyWallMs: Math.round(median(steady.map((r) => r.wall))),
        steadyCpuMs: Math.round(median(steady.map((r) => r.cpu))),
        // The calling thread's collections: the matting thread's own are not observed from here.
        majorGcsPerCall: child === 'thread' ? '–' : Number((steady.reduce((sum, r) => sum + r.majorGcs, 0) / steady.length).toFixed(2)),
      });
    }
  }
  console.table(table);
  console.log(`steady = median of calls ${WARM_UP + 1}–${calls}; load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  fs.rmSync(file, { force: true });
  fs.rmSync(`${file}.rgb`, { force: true });
}
