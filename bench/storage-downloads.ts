// Single-photo downloads with the photos in object storage (STORAGE=s3; issue 21 §1): N large files
// (20 x 8 MB by default) fetched by curl to /dev/null, 4 at a time, three ways:
//   stream    GET /api/photo-media/<id>/hr.jpg (a signed media URL): the server reads the object from
//             the store and streams it through Node (what every download did before redirects);
//   redirect  GET /api/ex/images/download/<token>: the server checks the token and the object (HEAD),
//             answers 302 to a presigned URL, and curl follows it to the store (what downloads do now);
//   direct    the same presigned GETs straight to the store: the baseline, no app in the way.
// Per way: throughput (MB/s, median of --repeat runs), and CPU per MB of the server process and of
// the store's process (from /proc). The store is s3rver (npm) in its own process, the server the
// esbuild bundle on plain node (as npm start), both on this machine: loopback, no real network.
//   npx tsx bench/storage-downloads.ts [--files 20] [--mb 8] [--repeat 3] [--parallel 4] [--server bundle|tsx]
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MediaUrlSigner } from '../apps/server/src/modules/gallery/media-urls';
import { mediaVersion } from '../apps/server/src/modules/gallery/photo-media';
import { S3Storage } from '../apps/server/src/storage/s3-storage';
import { freePort } from '../apps/server/test/support/free-port';
import { benchHeader, median } from './lib/figures';
import { openBenchDatabase, seedGallery, signIn } from './lib/gallery-seed';
import { repoRoot, startServer } from './lib/server';

const { values: args } = parseArgs({
  options: {
    files: { type: 'string', default: '20' },
    mb: { type: 'string', default: '8' },
    repeat: { type: 'string', default: '3' },
    parallel: { type: 'string', default: '4' },
    server: { type: 'string', default: 'bundle' },
  },
});
const FILES = Math.max(1, Number(args.files));
const FILE_BYTES = Math.round(Number(args.mb) * 1024 * 1024);
const REPEAT = Math.min(10, Math.max(1, Number(args.repeat)));
const PARALLEL = Math.max(1, Number(args.parallel));
const runtime = args.server;
if (runtime !== 'bundle' && runtime !== 'tsx') throw new Error('--server must be bundle or tsx');
const CUSTOMER = { email: 'downloads@bench.test', password: 'Bench-dl-1234', photos: FILES, sessions: 1 };
const BUCKET = 'bench-photos';
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

// The SDK's notice that releases after January 2027 need Node 22 (the versions are pinned: STACK.md).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

console.log(`${benchHeader('Object storage downloads')}; ${FILES} files x ${(FILE_BYTES / 1e6).toFixed(1)} MB, ${PARALLEL} at a time, median of ${REPEAT}`);

/** User + system CPU of a process so far, in ms (Linux /proc; 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** s3rver in its own process (its CLI), so its CPU is counted apart from the server's and curl's. */
async function startStore(): Promise<{ endpoint: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-s3rver-'));
  const child = spawn(process.execPath, [path.join(repoRoot, 'node_modules/s3rver/bin/s3rver.js'), '-d', directory, '-a', '127.0.0.1', '-p', String(port), '-s', '--configure-bucket', BUCKET], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const endpoint = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(endpoint);
      break;
    } catch {
      if (tries > 100 || child.exitCode !== null) throw new Error('s3rver did not start');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    endpoint,
    pid: child.pid!,
    stop: async () => {
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** curl fetching every URL to /dev/null, PARALLEL at a time, following redirects; wall time and bytes. */
function curlAll(urls: string[]): { ms: number; bytes: number } {
  const config = urls.map((url) => `url = "${url}"\noutput = "/dev/null"\n`).join('');
  const started = process.hrtime.bigint();
  const result = spawnSync('curl', ['--silent', '--show-error', '--fail', '--location', '--parallel', '--parallel-max', String(PARALLEL), '--write-out', '%{http_code} %{size_download}\\n', '--config', '-'], {
    input: config,
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`curl failed (${result.status}): ${result.stderr}`);
  const lines = result.stdout.trim().split('\n');
  const bytes = lines.reduce((sum, line) => {
    const [status, size] = line.split(' ');
    if (status !== '200') throw new Error(`curl got HTTP ${status}`);
    return sum + Number(size);
  }, 0);
  return { ms, bytes };
}

const store = await startStore();
const bench = await openBenchDatabase('sqlite', 'storage-downloads');
const storage = new S3Storage({ bucket: BUCKET, region: 'us-east-1', endpoint: store.endpoint, forcePathStyle: true, prefix: '', credentials: CREDENTIALS });
const jwtSecret = randomBytes(32).toString('base64url');
try {
  const folderOf = (i: number) => `photos/${(0xd0000000 + i).toString(16).padStart(32, '0')}`;
  const seeded = await seedGallery(bench, { measured: [CUSTOMER], others: { customers: 2, photos: 10 }, mediaKey: folderOf });
  const rows = await bench.db.kysely.selectFrom('photos').select(['id', 'media_key', 'name']).where('user_id', '=', seeded.measured[0]!.id).orderBy('position').execute();
  // Incompressible bytes (as a JPEG is): each photo's High Resolution file, 8 MB.
  for (const row of rows) await storage.put(`${row.media_key}/hr.jpg`, randomBytes(FILE_BYTES));
  const totalMb = (rows.length * FILE_BYTES) / 1e6;
  console.log(`${rows.length} photos stored in s3rver (${totalMb.toFixed(0)} MB)`);

  const server = await startServer(
    { ...bench.serverEnv, JWT_SECRET: jwtSecret, STORAGE: 's3', S3_BUCKET: BUCKET, S3_ENDPOINT: store.endpoint, S3_FORCE_PATH_STYLE: 'on', AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    { runtime },
  );
  const pid = server.process.pid!;
  try {
    const token = await signIn(server.url, CUSTOMER.email, CUSTOMER.password);
    const signer = new MediaUrlSigner(jwtSecret, () => new Date());
    const mediaUrl = (row: (typeof rows)[number], file: 'preview' | 'hr') =>
      `${server.url}${signer.sign({ photoId: row.id, variant: 'original', file, extension: 'jpg', version: mediaVersion(row.media_key) })}`;

    const ways: Record<string, () => Promise<string[]>> = {
      stream: async () => rows.map((row) => mediaUrl(row, 'hr')),
      redirect: async () =>
        Promise.all(
          rows.map(async (row) => {
            const answer = await fetch(`${server.url}/api/ex/images/download-single-image-with-photoresolution`, {
              method: 'POST',
              headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ OriginalImageURL: mediaUrl(row, 'preview'), PhotoResolution: 'High Resolution' }),
            });
            if (!answer.ok) throw new Error(`download token: HTTP ${answer.status} ${await answer.text()}`);
            return `${server.url}/api/ex/images/download/${((await answer.json()) as { hash: string }).hash}`;
          }),
        ),
      direct: async () => Promise.all(rows.map(async (row) => (await storage.urlFor(`${row.media_key}/hr.jpg`, { expiresInSeconds: 300 }))!)),
    };

    // Check each way answers what it should before measuring (302 only for redirect).
    const probe = async (url: string) => (await fetch(url, { redirect: 'manual' })).status;
    const probes = { stream: await probe((await ways.stream!())[0]!), redirect: await probe((await ways.redirect!())[0]!), direct: await probe((await ways.direct!())[0]!) };
    console.log(`first answers: stream ${probes.stream}, redirect ${probes.redirect}, direct ${probes.direct}`);
    if (probes.stream !== 200 || probes.redirect !== 302 || probes.direct !== 200) throw new Error('unexpected answers');

    // One unmeasured pass warms the store's page cache and both processes.
    curlAll(await ways.direct!());
    curlAll(await ways.stream!());

    const table: Record<string, string | number>[] = [];
    const figures: Record<string, { mbs: number; serverCpuPerMb: number; storeCpuPerMb: number }> = {};
    for (const way of ['direct', 'redirect', 'stream'] as const) {
      const runs: { ms: number; serverCpu: number; storeCpu: number; bytes: number }[] = [];
      for (let r = 0; r < REPEAT; r++) {
        // URLs (and tokens) made before the clock starts: the download itself is measured.
        const urls = await ways[way]!();
        const serverBefore = cpuMs(pid);
        const storeBefore = cpuMs(store.pid);
        const { ms, bytes } = curlAll(urls);
        runs.push({ ms, bytes, serverCpu: cpuMs(pid) - serverBefore, storeCpu: cpuMs(store.pid) - storeBefore });
      }
      const mb = runs[0]!.bytes / 1e6;
      if (Math.abs(runs[0]!.bytes - rows.length * FILE_BYTES) > 0) throw new Error(`${way}: ${runs[0]!.bytes} bytes, not ${rows.length * FILE_BYTES}`);
      const ms = median(runs.map((run) => run.ms));
      const serverCpu = median(runs.map((run) => run.serverCpu));
      const storeCpu = median(runs.map((run) => run.storeCpu));
      figures[way] = { mbs: mb / (ms / 1000), serverCpuPerMb: serverCpu / mb, storeCpuPerMb: storeCpu / mb };
      console.log(`${way}: ${runs.map((run) => `${run.ms.toFixed(0)} ms (server CPU ${run.serverCpu} ms, store CPU ${run.storeCpu} ms)`).join('; ')}`);
      table.push({
        way,
        MB: mb.toFixed(0),
        'wall ms (median)': Math.round(ms),
        'MB/s': Math.round(mb / (ms / 1000)),
        'server CPU ms': serverCpu,
        'server CPU ms/MB': (serverCpu / mb).toFixed(2),
        'server CPU ms/request': (serverCpu / rows.length).toFixed(1),
        'store CPU ms/MB': (storeCpu / mb).toFixed(2),
      });
    }
    console.table(table);
    const { redirect, stream, direct } = figures as Record<'redirect' | 'stream' | 'direct', (typeof figures)[string]>;
    console.log(
      `redirect vs stream: ${(redirect.mbs / stream.mbs).toFixed(2)}x the throughput, ${(redirect.serverCpuPerMb / Math.max(stream.serverCpuPerMb, 1e-9) * 100).toFixed(1)} % of the server CPU per MB; ` +
        `redirect reaches ${((redirect.mbs / direct.mbs) * 100).toFixed(0)} % of the store's direct throughput, stream ${((stream.mbs / direct.mbs) * 100).toFixed(0)} %`,
    );
  } finally {
    await server.stop();
  }
} finally {
  storage.destroy();
  await bench.dispose();
  await store.stop();
}
