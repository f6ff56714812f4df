// A bounded HTTP load against our own server on loopback, with autocannon; prints one line a run.
import autocannon from 'autocannon';

export interface LoadOptions {
  title: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  connections?: number;
  durationSeconds?: number;
}

export interface LoadResult {
  title: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  non2xx: number;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 10,
  });
  return {
    title: options.title,
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
