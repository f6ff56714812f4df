// What a benchmark reads of the server process from /proc (Linux): memory, CPU time, loaded libraries.
import fs from 'node:fs';

/** Resident memory now (VmRSS) and its peak so far (VmHWM), in bytes. */
export function memory(pid: number): { rss: number; hwm: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
}

/** Whether the process has mapped libvips (sharp's native library), i.e. has loaded sharp. */
export function libvipsMapped(pid: number): boolean {
  return /libvips/.test(fs.readFileSync(`/proc/${pid}/maps`, 'utf8'));
}

/** VmRSS every 10 ms until stopped; returns the highest sample. */
export function sampleRss(pid: number): { stop(): number } {
  let peak = memory(pid).rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, memory(pid).rss);
  }, 10);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, memory(pid).rss);
    },
  };
}

/** CPU time the process has used so far (user + system, all its threads; /proc/<pid>/stat), in ms (10 ms ticks). */
export function cpuTime(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // pid (comm) state …: comm may hold spaces and parentheses; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** CPU time the whole machine has been busy so far (every core, user + system + interrupts; /proc/stat), in ms (10 ms ticks). */
export function machineBusyTime(): number {
  // cpu  user nice system idle iowait irq softirq steal …: busy is everything but idle and iowait.
  const ticks = fs.readFileSync('/proc/stat', 'utf8').split('\n', 1)[0]!.split(/\s+/).slice(1, 9).map(Number);
  const [user, nice, system, , , irq, softirq, steal] = ticks;
  return ((user! + nice! + system! + irq! + softirq! + steal!) * 1000) / 100;
}
