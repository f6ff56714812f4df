// A bounded HTTP load against our own server on loopback, with autocannon; prints one line a run.
import fs from 'node:fs';
import autocannon from 'autocannon';

export interface LoadOptions {
  title: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
  /** Requests per second across all connections; none: as fast as the server answers. */
  overallRate?: number;
  /** The server's pid: its CPU time (user + system, from /proc) is measured over the run. */
  serverPid?: number;
}

export interface LoadResult {
  title: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
  /** Server CPU milliseconds per answered request (with serverPid on Linux), else null. */
  cpuMsPerRequest: number | null;
  /** Requests answered over the run. */
  answered: number;
}

/** utime + stime of a process in milliseconds, or null where /proc is not available. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of the line)
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const cpuBefore = options.serverPid === undefined ? null : processCpuMs(options.serverPid);
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
    ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
  });
  const cpuAfter = options.serverPid === undefined ? null : processCpuMs(options.serverPid);
  // autocannon reports the count as requests.total (bench/autocannon.d.ts declares only what it needed before).
  const answered = (result.requests as { total?: number }).total ?? 0;
  return {
    title: options.title,
    cpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null,
    answered,
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

export function printTable(results: LoadResult[], baseline: LoadResult): void {
  const rows = results.map((r) => ({
    route: r.title,
    'req/s': Math.round(r.requestsPerSecond),
    'vs baseline': `${((r.requestsPerSecond / baseline.requestsPerSecond) * 100).toFixed(1)} %`,
    'p50 ms': r.p50Ms,
    'p99 ms': r.p99Ms,
    errors: r.errors,
    non2xx: r.non2xx,
  }));
  console.table(rows);
}
