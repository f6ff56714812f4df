import os from 'node:os';

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** Milliseconds, rounded for a table. */
export const ms = (value: number) => Math.round(value);
/** Bytes as whole megabytes. */
export const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The first line of a bench's output: what ran, when, on what, and how busy the machine was. */
export function benchHeader(name: string): string {
  return `${name} benchmark — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`;
}

/** The demo customer's token on a bench server (DEMO_DATA on). */
export async function demoToken(serverUrl: string): Promise<string> {
  const signIn = await fetch(`${serverUrl}/api/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo@studio-gallery.test', password: 'Demo1234' }),
  });
  if (!signIn.ok) throw new Error(`demo sign-in: HTTP ${signIn.status}`);
  return ((await signIn.json()) as { id_token: string }).id_token;
}
