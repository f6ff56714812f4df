// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/area, so a
// benchmark can say where a request's time goes without opening a profiler.
import fs from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the stack a script belongs to: a package under node_modules, our own source, or node. */
function areaOf(url: string): string {
  if (!url) return '(native / GC / idle)';
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1]!;
  const own = /\/(apps\/[^/]+\/src\/[^?]*|packages\/[^/]+\/src\/[^?]*)/.exec(url);
  if (own) return own[1]!;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/** Monotonic clock in µs: the clock V8 stamps profiles with (CLOCK_MONOTONIC on Linux, any process). */
export function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** Self time of the samples inside `window` (monotonic µs, e.g. the load run), else of all of them. */
export function summariseProfile(file: string, window?: { fromUs: number; toUs: number }, top = 25): void {
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (!window || (at >= window.fromUs && at <= window.toUs)) selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
  });
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const idle = [...selfUs.entries()].filter(([id]) => byId.get(id)?.callFrame.functionName === '(idle)').reduce((a, [, t]) => a + t, 0);
  const busy = total - idle;

  const fnTotals = new Map<string, number>();
  const areaTotals = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    if (functionName === '(idle)') continue;
    const area = areaOf(url);
    const key = `${functionName || '(anonymous)'}  ${area}${url ? `:${lineNumber + 1}` : ''}`;
    fnTotals.set(key, (fnTotals.get(key) ?? 0) + us);
    areaTotals.set(area, (areaTotals.get(area) ?? 0) + us);
  }
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1)} %`;
  console.log(`\nCPU profile ${file}${window ? ' (load window only)' : ''}: ${(busy / 1e6).toFixed(1)} s busy of ${(total / 1e6).toFixed(1)} s sampled`);
  if (busy < 0.05 * total) return; // an idle thread (the tsx loader's worker)
  console.log('self time by area (share of busy time):');
  for (const [area, us] of [...areaTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us).padStart(7)}  ${area}`);
  console.log('self time by function:');
  for (const [fn, us] of [...fnTotals].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`  ${pct(us).padStart(7)}  ${fn}`);
}
