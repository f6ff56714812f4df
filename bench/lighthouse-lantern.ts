// Replays a run saved by `bench/lighthouse.ts --save <dir>` through Lighthouse's own Lantern classes and
// prints what each simulated paint waited for: the requests and CPU tasks in FCP's and LCP's optimistic and
// pessimistic graphs with their simulated start and end (ms), and the CPU tasks TBT counts (> 50 ms).
//   npx tsx bench/lighthouse-lantern.ts <save dir> <run number>
import fs from 'node:fs';
import { defaultSettings } from 'lighthouse/core/config/constants.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';

const [dir, run] = process.argv.slice(2);
if (!dir || !run) throw new Error('usage: npx tsx bench/lighthouse-lantern.ts <save dir> <run number>');
const read = (file: string) => JSON.parse(fs.readFileSync(`${dir}/lh-${run}.${file}`, 'utf8'));
const report = read('json');
const settings = { ...defaultSettings, throttlingMethod: 'simulate' };
const data = {
  trace: read('trace.json'),
  devtoolsLog: read('devtoolslog.json'),
  gatherContext: { gatherMode: 'navigation' },
  settings,
  URL: { requestedUrl: report.requestedUrl, mainDocumentUrl: report.mainDocumentUrl ?? report.finalUrl, finalDisplayedUrl: report.finalDisplayedUrl },
  simulator: null,
  SourceMaps: [],
};
const context = { computedCache: new Map(), settings };

// Lantern's graph nodes and estimates, as far as this script reads them.
interface GraphNode { type: string; duration?: number; request?: { resourceType: string; priority: string; url: string; transferSize: number }; childEvents?: { name: string; dur?: number }[] }
interface Estimate { timeInMs: number; nodeTimings: Map<GraphNode, { startTime: number; endTime: number; duration: number }> }
interface LanternResult { timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }

function describe(node: GraphNode): string {
  if (node.type === 'network' && node.request) {
    const r = node.request;
    return `${r.resourceType} ${r.priority} ${r.url.replace(/^https?:\/\/[^/]+/, '').slice(0, 70)} ${Math.round(r.transferSize / 1024)} KB`;
  }
  const byName = new Map<string, number>();
  for (const e of node.childEvents ?? []) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
  const top = [...byName].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, ms]) => `${name} ${ms.toFixed(1)}`).join(', ');
  return `CPU ${((node.duration ?? 0) / 1000).toFixed(1)} ms real: ${top}`;
}

function show(name: string, result: LanternResult): void {
  console.log(`\n== ${name}: ${result.timing.toFixed(0)} ms (optimistic ${result.optimisticEstimate.timeInMs.toFixed(0)}, pessimistic ${result.pessimisticEstimate.timeInMs.toFixed(0)})`);
  for (const [label, estimate] of [['optimistic', result.optimisticEstimate], ['pessimistic', result.pessimisticEstimate]] as const) {
    console.log(` -- ${label}`);
    for (const [node, t] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
      console.log(`   ${t.startTime.toFixed(0).padStart(6)} ${t.endTime.toFixed(0).padStart(6)}  ${describe(node)}`);
    }
  }
}

const fcp = (await LanternFirstContentfulPaint.request(data as never, context as never)) as unknown as LanternResult;
show('FCP', fcp);
show('LCP', (await LanternLargestContentfulPaint.request(data as never, context as never)) as unknown as LanternResult);
const tbt = (await LanternTotalBlockingTime.request(data as never, context as never)) as unknown as LanternResult;
console.log(`\n== TBT: ${tbt.timing.toFixed(0)} ms; CPU tasks over 50 ms simulated (FCP at ${fcp.timing.toFixed(0)})`);
for (const [label, estimate] of [['optimistic', tbt.optimisticEstimate], ['pessimistic', tbt.pessimisticEstimate]] as const) {
  console.log(` -- ${label}: ${estimate.timeInMs.toFixed(0)} ms`);
  for (const [node, t] of [...estimate.nodeTimings].filter(([n, t]) => n.type === 'cpu' && t.duration > 50).sort((a, b) => a[1].startTime - b[1].startTime)) {
    console.log(`   ${t.startTime.toFixed(0).padStart(6)} ${t.duration.toFixed(0).padStart(5)} ms  ${describe(node)}`);
  }
}
