// temp micro-benchmark (not committed): CPU per GB of the ZIP writer vs its floors, in-process.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import os from 'node:os';
import { zipStream, type ZipEntrySource, ZIP_READ_SIZE } from '../apps/server/src/media/zip-writer';
import { zipStream as baseZipStream } from '/tmp/zh/base/apps/server/src/media/zip-writer';
import { zipStream as varZipStream } from './.zh-zw-var';
import { LocalDiskStorage } from '../apps/server/src/storage/local-disk-storage';

const dir = path.resolve('bench/.data/zip-jpegs');
const N = Number(process.env.N ?? 100);
const src = fs.readdirSync(dir).filter((f) => f.endsWith('.jpg')).sort();
// N distinct files (copies), as each photo is its own file
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'zh-micro-'));
const keys: string[] = [];
for (let i = 0; i < N; i++) { const k = `f${i}.jpg`; fs.copyFileSync(path.join(dir, src[i % src.length]!), path.join(work, k)); keys.push(k); }
const storage = new LocalDiskStorage(work);
const sizes = keys.map((k) => fs.statSync(path.join(work, k)).size);
const total = sizes.reduce((a, b) => a + b, 0);
for (const k of keys) fs.readFileSync(path.join(work, k));
const entries = (): ZipEntrySource[] => keys.map((k, i) => ({ name: k, size: sizes[i]!, crc32: 1234, open: () => Promise.reject(new Error('no')), openFile: async () => (await storage.openFile(k))! }));

type Mode = (res: http.ServerResponse) => void;
const modes: Record<string, Mode> = {
  memory: (() => { const bufs = keys.map((k) => fs.readFileSync(path.join(work, k))); return (res) => { res.writeHead(200, { 'content-length': total }); let i = 0; const w = () => { while (i < bufs.length) if (!res.write(bufs[i++])) return void res.once('drain', w); res.end(); }; w(); }; })(),
  zip: (res) => { res.writeHead(200); zipStream(entries(), { mtime: new Date() }).pipe(res); },
  readonly: (res) => { void (async () => { const b = Buffer.allocUnsafeSlow(ZIP_READ_SIZE); for (const k of keys) { const f = (await storage.openFile(k))!; let pos = 0; while (pos < f.size) pos += await f.read(b, Math.min(b.length, f.size - pos), pos); await f.close(); } res.end('ok'); })(); },
  cbread: (res) => { res.writeHead(200); const bufs = [0, 1, 2, 3].map(() => Buffer.allocUnsafeSlow(ZIP_READ_SIZE)); let i = 0, pos = 0, fd = -1; const next = () => { if (i >= keys.length) return void res.end(); if (fd < 0) { fd = fs.openSync(path.join(work, keys[i]!), 'r'); pos = 0; } const b = bufs.pop(); if (!b) return; fs.read(fd, b, 0, Math.min(b.length, sizes[i]! - pos), pos, (e, n) => { pos += n; res.write(n === b.length ? b : b.subarray(0, n), () => { bufs.push(b); if (bufs.length === 1) next(); }); if (pos >= sizes[i]!) { fs.close(fd, () => {}); fd = -1; i++; } next(); }); }; next(); },
  var: (res) => { res.writeHead(200); varZipStream(entries() as never, { mtime: new Date() }).pipe(res); },
  base: (res) => { res.writeHead(200); baseZipStream(entries() as never, { mtime: new Date() }).pipe(res); },
};
const server = http.createServer((req, res) => modes[req.url!.slice(1)]!(res));
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const port = (server.address() as AddressInfo).port;
const curl = (m: string) => new Promise<number>((resolve) => { const c = spawn('curl', ['-sS', '-o', '/dev/null', '-w', '%{time_total}', `http://127.0.0.1:${port}/${m}`]); let o = ''; c.stdout.on('data', (d) => (o += d)); c.on('exit', () => resolve(Number(o) * 1000)); });
const order = (process.env.MODES ?? 'memory,zip,base').split(',');
const res: Record<string, { cpu: number[]; ms: number[] }> = {};
for (const m of order) res[m] = { cpu: [], ms: [] };
for (let r = 0; r < Number(process.env.R ?? 7); r++) {
  for (const m of r % 2 ? [...order].reverse() : order) {
    const before = process.cpuUsage();
    const ms = await curl(m);
    const u = process.cpuUsage(before);
    res[m]!.cpu.push((u.user + u.system) / 1000);
    res[m]!.ms.push(ms);
  }
}
const med = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(`load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}; ${N} files, ${(total / 1e6).toFixed(0)} MB`);
for (const m of order) console.log(`${m.padEnd(8)} CPU ms median ${med(res[m]!.cpu).toFixed(0)} (${(med(res[m]!.cpu) / (total / 1e9)).toFixed(0)} ms/GB) [${res[m]!.cpu.map((c) => c.toFixed(0)).join(' ')}]; wall median ${med(res[m]!.ms).toFixed(0)} ms`);
server.close(); fs.rmSync(work, { recursive: true });
