// Which CPUs a process may run on (Linux, taskset from util-linux): benchmarks that keep a server's
// core to itself, as on a host of its own.
import { spawnSync } from 'node:child_process';

/** Pins every thread of a process (threads made later inherit it); false where taskset failed. */
export function pinProcess(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

/** The CPUs a process may run on now, as taskset lists them ('0,1'), or null. */
export function cpusOf(pid: number): string | null {
  const out = spawnSync('taskset', ['-p', '-c', String(pid)], { encoding: 'utf8' });
  return out.status === 0 ? (/:\s*(\S+)\s*$/.exec(out.stdout)?.[1] ?? null) : null;
}

/**
 * Pins this machine's PostgreSQL (the postmaster and every process it runs; new backends inherit it)
 * and returns how to put each back. Root: the processes are the postgres user's.
 */
export function pinPostgres(cpus: string): () => void {
  const pids = spawnSync('pgrep', ['-x', 'postgres'], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  if (pids.length === 0) throw new Error('no PostgreSQL process to pin (pgrep -x postgres)');
  const before = pids.map((pid) => [pid, cpusOf(pid)] as const);
  for (const pid of pids) if (!pinProcess(pid, cpus)) throw new Error(`taskset could not pin PostgreSQL's process ${pid} (root needed)`);
  return () => {
    for (const [pid, previous] of before) if (previous !== null) pinProcess(pid, previous);
  };
}
