// The cost of asking the file system for many files' sizes at once, as a ZIP does before its first byte
// (downloads.service.ts → LocalDiskStorage.size): fs/promises' stat, the callback fs.stat (what the
// local disk storage uses) and statSync, 100 and 400 files in their own folders, medians of 15 rounds.
//   npx tsx bench/stat-calls.ts
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const ROUNDS = 15;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-stat-'));
const files: string[] = [];
for (let i = 0; i < 400; i++) {
  const folder = path.join(dir, `p${i}`);
  fs.mkdirSync(folder);
  files.push(path.join(folder, 'hr.jpg'));
  fs.writeFileSync(files[i]!, Buffer.alloc(1000));
}
const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[ms.length >> 1]!;
const statCallback = (file: string) => new Promise<fs.Stats>((resolve, reject) => fs.stat(file, (error, stats) => (error ? reject(error) : resolve(stats))));
console.log(`stat calls — ${new Date().toISOString()}, node ${process.version}, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
try {
  for (const count of [100, 400]) {
    const some = files.slice(0, count);
    const ways: Record<string, () => Promise<unknown> | void> = {
      'fs/promises stat, all at once': () => Promise.all(some.map((f) => fsp.stat(f))),
      'callback fs.stat, all at once': () => Promise.all(some.map(statCallback)),
      'statSync in a loop': () => some.forEach((f) => fs.statSync(f, { throwIfNoEntry: false })),
    };
    const times: Record<string, number[]> = Object.fromEntries(Object.keys(ways).map((k) => [k, []]));
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, run] of Object.entries(ways)) {
        const started = performance.now();
        await run();
        times[name]!.push(performance.now() - started);
      }
    }
    console.table(Object.entries(times).map(([way, ms]) => ({ files: count, way, 'ms (median)': median(ms).toFixed(2) })));
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
