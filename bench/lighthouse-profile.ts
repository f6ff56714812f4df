// Where the page's long tasks spend their time, from a run saved by
// `bench/lighthouse.ts --save <dir> --cpu-profile`: for each main-thread task over 12 ms (50 ms once
// Lantern multiplies it by 4), its V8 samples by function, mapped to the source through the build's
// source maps (self and inclusive sample counts; one sample is ~0.25 ms).
//   npx tsx bench/lighthouse-profile.ts <save dir> <run number> <web dist> [functions per task, default 14]
import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';

const [dir, run, dist, shown = '14'] = process.argv.slice(2);
if (!dir || !run || !dist) throw new Error('usage: npx tsx bench/lighthouse-profile.ts <save dir> <run number> <web dist> [functions per task]');
const webDist: string = dist;

interface CallFrame { functionName?: string; url?: string; lineNumber?: number; columnNumber?: number }
interface ProfileNode { id: number; parent?: number; callFrame?: CallFrame }
interface TraceEvent { name: string; pid: number; tid: number; ts: number; dur?: number; id?: string; args: { data?: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } } }

const trace = JSON.parse(fs.readFileSync(path.join(dir, `lh-${run}.trace.json`), 'utf8')) as { traceEvents: TraceEvent[] } | TraceEvent[];
const events = Array.isArray(trace) ? trace : trace.traceEvents;
// The page's renderer: the one whose profile holds the app's own scripts.
const pagePid = events.find((e) => e.name === 'ProfileChunk' && (e.args.data?.cpuProfile?.nodes ?? []).some((n) => n.callFrame?.url?.includes('/assets/')))?.pid;
if (pagePid === undefined) throw new Error('no CPU profile of the page in this trace: save the run with --cpu-profile');

const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let at = events.find((e) => e.name === 'Profile' && e.pid === pagePid)?.args.data?.startTime ?? 0;
for (const e of events) {
  if (e.name !== 'ProfileChunk' || e.pid !== pagePid) continue;
  const profile = e.args.data?.cpuProfile;
  for (const node of profile?.nodes ?? []) nodes.set(node.id, node);
  const deltas = e.args.data?.timeDeltas ?? [];
  (profile?.samples ?? []).forEach((node, i) => {
    at += deltas[i] ?? 0;
    samples.push({ ts: at, node });
  });
}

const maps = new Map<string, SourceMapConsumer | null>();
function describe(frame: CallFrame | undefined): string {
  const name = frame?.functionName || '(anonymous)';
  const asset = frame?.url?.match(/\/assets\/([^?]+\.js)/)?.[1];
  if (asset) {
    if (!maps.has(asset)) {
      const file = path.join(webDist, 'assets', `${asset}.map`);
      maps.set(asset, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null);
    }
    const original = maps.get(asset)?.originalPositionFor({ line: (frame?.lineNumber ?? 0) + 1, column: frame?.columnNumber ?? 0 });
    if (original?.source) return `${original.name ?? name} ${original.source.replace(/.*node_modules\//, '').replace(/.*\/src\//, 'src/')}:${original.line}`;
  }
  return frame?.url ? `${name} ${frame.url.replace(/^https?:\/\/[^/]+/, '')}:${frame.lineNumber ?? 0}` : name;
}

const top = (counts: Map<string, number>) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, Number(shown));
const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === pagePid && e.tid === pagePid && (e.dur ?? 0) > 12_000);
const firstTask = tasks[0]?.ts ?? 0;
for (const task of tasks) {
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= task.ts + (task.dur ?? 0));
  if (inTask.length === 0) continue;
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  for (const sample of inTask) {
    const leaf = nodes.get(sample.node);
    self.set(describe(leaf?.callFrame), (self.get(describe(leaf?.callFrame)) ?? 0) + 1);
    const seen = new Set<string>();
    for (let node = leaf; node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) seen.add(describe(node.callFrame));
    for (const name of seen) inclusive.set(name, (inclusive.get(name) ?? 0) + 1);
  }
  console.log(`\n== task at +${((task.ts - firstTask) / 1000).toFixed(0)} ms: ${((task.dur ?? 0) / 1000).toFixed(1)} ms, ${inTask.length} samples`);
  console.log(`  self:      ${top(self).map(([name, n]) => `${n} ${name}`).join('\n             ')}`);
  console.log(`  inclusive: ${top(inclusive).map(([name, n]) => `${n} ${name}`).join('\n             ')}`);
}
