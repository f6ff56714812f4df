// Where one process's CPU goes down to native functions (SQLite's, libc's, the kernel's), sampled by
// Linux perf while some work runs. V8's --cpu-prof stops at the JS boundary: a better-sqlite3 call is
// one opaque "executeQuery" to it. In this VM, `perf record -p <pid>` records nothing (no PMU; a
// software clock on an attached process stays empty), so the whole machine is sampled and the
// process is picked out of the report. Needs `perf` (Debian: linux-perf) and root.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Samples of one process by "library  function" (JIT-compiled JS as one entry). */
export interface NativeSamples {
  total: number;
  bySymbol: Map<string, number>;
}

const FREQUENCY_HZ = 1999;

export function perfUsable(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && spawnSync('perf', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Runs `work` while perf samples the machine; returns its result and process `pid`'s samples. */
export async function sampleWhile<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; samples: NativeSamples }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-perf-'));
  const file = path.join(dir, 'perf.data');
  const recorder = spawn('perf', ['record', '-a', '-F', String(FREQUENCY_HZ), '-e', 'cpu-clock', '-o', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  await new Promise<void>((resolve, reject) => {
    recorder.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    recorder.once('error', reject);
    // perf has no "ready" line; its file exists once the events are opened. An early exit is a failure.
    const poll = setInterval(() => {
      if (recorder.exitCode !== null) {
        clearInterval(poll);
        reject(new Error(`perf record exited (${recorder.exitCode}): ${stderr.trim()}`));
      } else if (fs.existsSync(file)) {
        clearInterval(poll);
        setTimeout(resolve, 200);
      }
    }, 50);
  });
  try {
    const result = await work();
    return { result, samples: await stopAndRead(recorder, file, pid) };
  } finally {
    if (recorder.exitCode === null) recorder.kill('SIGKILL');
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function stopAndRead(recorder: ReturnType<typeof spawn>, file: string, pid: number): Promise<NativeSamples> {
  const exited = new Promise((resolve) => recorder.once('exit', resolve));
  recorder.kill('SIGINT');
  await exited;
  const report = spawnSync('perf', ['report', '-i', file, '--stdio', '--no-children', '--sort', 'pid,dso,sym', '-F', 'sample,pid,dso,sym', '-t', '\t'], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (report.status !== 0) throw new Error(`perf report failed: ${report.stderr}`);
  const samples: NativeSamples = { total: 0, bySymbol: new Map() };
  for (const line of report.stdout.split('\n')) {
    if (line.startsWith('#') || line.trim() === '') continue;
    const [count, owner, dso, symbol] = line.split('\t').map((field) => field.trim());
    if (!count || !owner || Number(owner.split(':')[0]) !== pid) continue;
    const key = dso?.startsWith('[JIT]') ? 'JS (JIT)' : `${path.basename(dso ?? '?')}  ${(symbol ?? '').replace(/^\[[.k]\]\s*/, '')}`;
    samples.total += Number(count);
    samples.bySymbol.set(key, (samples.bySymbol.get(key) ?? 0) + Number(count));
  }
  return samples;
}

/** One sampled run: its samples and the process's measured CPU ms per unit of work (a request, an iteration). */
export interface SampledRun {
  label: string;
  samples: NativeSamples;
  cpuMsPerUnit: number;
}

/**
 * Runs side by side, each symbol in CPU µs per unit of work (its share of the process's samples times
 * the process's measured CPU ms per unit), with what the first has beyond all the others together;
 * largest such excess first.
 */
export function compareSamples([first, ...others]: [SampledRun, ...SampledRun[]], rows = 25): Record<string, string>[] {
  const runs = [first, ...others];
  const msOf = (run: SampledRun, key: string) => ((run.samples.bySymbol.get(key) ?? 0) / Math.max(1, run.samples.total)) * run.cpuMsPerUnit;
  const keys = new Set(runs.flatMap((run) => [...run.samples.bySymbol.keys()]));
  const excessLabel = `${first.label} - ${others.map((run) => run.label).join(' - ')} µs`;
  return [...keys]
    .map((key) => {
      const ms = runs.map((run) => msOf(run, key));
      return { key, ms, excess: ms[0]! - ms.slice(1).reduce((sum, v) => sum + v, 0) };
    })
    .sort((x, y) => Math.abs(y.excess) - Math.abs(x.excess))
    .slice(0, rows)
    .map(({ key, ms, excess }) => ({
      function: key,
      ...Object.fromEntries(runs.map((run, i) => [`${run.label} µs`, (ms[i]! * 1000).toFixed(1)])),
      [excessLabel]: (excess * 1000).toFixed(1),
    }));
}

/**
 * How many times process `pid` entered a native function while `work` ran: a uprobe on it (added, then
 * removed), counted by `perf stat`. Null when the probe cannot be placed (no symbol, no uprobes).
 */
export async function countCalls<T>(library: string, symbol: string, pid: number, work: () => Promise<T>): Promise<{ result: T; calls: number | null }> {
  const added = spawnSync('perf', ['probe', '-x', library, '-a', symbol], { encoding: 'utf8' });
  const event = /(\S+:\S+) \(on /.exec(`${added.stdout}${added.stderr}`)?.[1];
  if (added.status !== 0 || event === undefined) return { result: await work(), calls: null };
  try {
    const counter = spawn('perf', ['stat', '-x', ',', '-e', event, '-p', String(pid)], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    counter.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await new Promise((resolve) => setTimeout(resolve, 300)); // the counter attached
    const result = await work();
    const exited = new Promise((resolve) => counter.once('exit', resolve));
    counter.kill('SIGINT');
    await exited;
    const line = output.split('\n').find((l) => l.includes(event));
    const calls = line === undefined ? Number.NaN : Number(line.split(',')[0]);
    return { result, calls: Number.isFinite(calls) ? calls : null };
  } finally {
    spawnSync('perf', ['probe', '-d', event], { stdio: 'ignore' });
  }
}

/** The same samples summed by library (kernel, SQLite's addon, libc, JIT-compiled JS, node itself…). */
export function byLibrary(samples: NativeSamples): NativeSamples {
  const bySymbol = new Map<string, number>();
  for (const [key, count] of samples.bySymbol) {
    const library = key.split('  ')[0]!;
    bySymbol.set(library, (bySymbol.get(library) ?? 0) + count);
  }
  return { total: samples.total, bySymbol };
}
