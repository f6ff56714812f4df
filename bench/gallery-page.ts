// Gallery page (issue 3, "Speed"): with 100,000 photos across 2,000 customers, GET GetUserSessionsPage
// (12 items plus the five counts) against the no-op route of the same server, 50 connections, on
// SQLite and PostgreSQL; a customer with 5,000 photos against one with 50; and the query plans.
//   npx tsx bench/gallery-page.ts [--db sqlite|postgres|both] [--duration 10] [--connections 50] [--analyze-sqlite] [--profile] [--profile-uncached]
//                                 [--compare <git ref> [--rounds 1|2]] [--shipped-only] [--floor-beside-load] [--perf] [--pin]
// --compare: the server of an earlier commit (built in a temporary worktree, bench/lib/baseline-checkout.ts)
// is measured on the same database in the same run, before the current one ("before"/"after" a change;
// --rounds 2 runs before, after, after, before), and a last table puts their ratios side by side.
// --shipped-only: leave out the GALLERY_PAGE_CACHE_MB=0 server.
// As shipped, the no-op is also asked at each page's own rate ("x no-op at its rate": the no-op's CPU per
// request grows as the rate falls, so this is the route's own work against the same HTTP and socket costs).
// Two servers in turn: as shipped (page answers cached while the photos' revisions are unchanged,
// the revision read on every request; the target is judged on this one), and with
// GALLERY_PAGE_CACHE_MB=0, every page built afresh: what a page costs right after it changed.
// Besides req/s, each run reports the server process's CPU time per answered request (/proc, Linux):
// on a shared machine it moves less than req/s. (PostgreSQL's own backends are not in it.) A reference run
// asks the no-op route with the page's request headers (bearer token, Accept-Encoding): the request's own cost.
// --profile (--profile-uncached: with GALLERY_PAGE_CACHE_MB=0): afterwards, a second server under node --cpu-prof takes the page-1 load again, and the
// profile's self time is printed by area and function (its figures are not the measured ones).
// On SQLite the floor is also taken with cold CPU caches (8 MB touched between iterations, not timed):
// the "x cold floor" column, since a loop keeps in L1/L2 what a server's other requests push out.
// --floor-beside-load (SQLite, Linux): the floor once more with this process on CPU 0 while CPU 1 runs the
// server answering its no-op route to an autocannon of its own ("x floor beside load"): a machine as
// busy as when the pages are measured, where the load generator shares the machine with the server.
// --perf (Linux, root, Debian's linux-perf): page 1 under load, built afresh and as shipped, sampled by perf
// down to native functions (SQLite's, libc's, the kernel's) beside the no-op route asked at the same rate
// and (built afresh) the floor loop, in CPU µs per page: where a page costs more than the no-op and its
// floor together (bench/lib/perf-samples.ts).
// --pin (Linux, root): PostgreSQL alone on CPU 1, the servers and this process (autocannon, the floor
// loops) on CPU 0: the database as on a host of its own (the no-op shares CPU 0 with autocannon too).
// PostgreSQL: BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test (a fresh schema, dropped after).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import { pagedPhotosResponse } from '@studio-gallery/contract';
import { CompiledQuery } from 'kysely';
import { compileJsonSerializer } from '../apps/server/src/json-serializer';
import { GalleryRepository, type PhotoPageQuery } from '../apps/server/src/modules/gallery/gallery.repository';
import { monotonicUs, summariseProfile } from './lib/cpuprofile';
import { type BenchDatabase, type BenchDialect, openBenchDatabase, seedGallery, signIn } from './lib/gallery-seed';
import { type LoadResult, runLoad } from './lib/load';
import { type NativeSamples, type SampledRun, byLibrary, compareSamples, countCalls, perfUsable, sampleWhile } from './lib/perf-samples';
import { type BaselineCheckout, checkOutBaseline, withNewerMigrationsHidden } from './lib/baseline-checkout';
import { cpusOf, pinPostgres, pinProcess } from './lib/cpu-pinning';
import { startServer } from './lib/server';

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: 'both' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'analyze-sqlite': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    'profile-uncached': { type: 'boolean', default: false },
    compare: { type: 'string' },
    rounds: { type: 'string', default: '1' },
    'shipped-only': { type: 'boolean', default: false },
    'floor-beside-load': { type: 'boolean', default: false },
    perf: { type: 'boolean', default: false },
    pin: { type: 'boolean', default: false },
  },
});
const rounds = args.rounds === '2' ? 2 : 1;
const dialects: BenchDialect[] = args.db === 'both' ? ['sqlite', 'postgres'] : args.db === 'sqlite' || args.db === 'postgres' ? [args.db] : [];
if (dialects.length === 0) throw new Error('--db must be sqlite, postgres or both');
const durationSeconds = Math.min(120, Math.max(1, Number(args.duration)));
const connections = Math.min(500, Math.max(1, Number(args.connections)));

const PAGE_SIZE = 12;
const DEEP_PAGE = 200;
const BIG = { email: 'big@bench.test', password: 'Bench-big-1234', photos: 5000, sessions: 10 };
const SMALL = { email: 'small@bench.test', password: 'Bench-small-1234', photos: 50, sessions: 1 };
const OTHERS = { customers: 1998, photos: 100_000 - BIG.photos - SMALL.photos };
const TARGET_SHARE = 1 / 3;
const TARGET_P99_MS = 25;
/** Floor CPU ms per page, by route title, for the database being measured (measureFloors). */
let floors: Map<string, number> | null = null;
/** Memory touched between cold iterations: more than this machine's 2 MB L2 a core (4 MB already gives the plateau). */
const COLD_TOUCH_MB = 8;
/** The same with cold CPU caches, SQLite only (coldCacheMs). */
const coldFloors = new Map<string, number>();
/** --floor-beside-load (SQLite): each floor again, on CPU 0 while CPU 1 answers the no-op route under load. */
const loadedFloors = new Map<string, number>();
/** --perf: page 1's floor loop, sampled down to native functions. */
let sampledFloor: { samples: NativeSamples; cpuMs: number } | null = null;
if (args.perf && !perfUsable()) throw new Error('--perf needs Linux, root and perf (Debian: apt-get install linux-perf)');

console.log(`gallery page benchmark — ${new Date().toISOString()}, node ${process.version}, ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`${connections} connections, ${durationSeconds} s per route; databases: ${dialects.join(', ')}`);

const baseline: BaselineCheckout | null = args.compare ? await checkOutBaseline(args.compare) : null;
if (baseline) console.log(`comparing with ${args.compare} (${baseline.commit}), built in ${baseline.root}`);
const unpin = args.pin ? pinDatabaseAway() : () => {};
try {
  for (const dialect of dialects) await benchDialect(dialect);
} finally {
  unpin();
  await baseline?.dispose();
}

/**
 * --pin: PostgreSQL alone on CPU 1; this process (autocannon, the floor loops) and the servers it starts
 * (they inherit it) on CPU 0: the database as on a host of its own. Without it PostgreSQL's backends,
 * busy with the revision checks, share both cores with the server and take CPU time and caches from it.
 */
function pinDatabaseAway(): () => void {
  if (args['floor-beside-load']) throw new Error('--pin and --floor-beside-load each place the processes their own way: one at a time');
  const own = cpusOf(process.pid);
  if (own === null) throw new Error('--pin needs Linux and taskset (util-linux)');
  const unpinPostgres = dialects.includes('postgres') ? pinPostgres('1') : () => {};
  const unpin = () => {
    unpinPostgres();
    pinProcess(process.pid, own);
  };
  if (!pinProcess(process.pid, '0')) {
    unpin();
    throw new Error('taskset could not pin this process');
  }
  // Ctrl-C skips the finally that unpins: PostgreSQL would stay on one core.
  process.once('SIGINT', () => {
    unpin();
    process.exit(130);
  });
  console.log('pinned: this process (load generator, floor loops) and the servers on CPU 0; PostgreSQL on CPU 1');
  return unpin;
}

async function benchDialect(dialect: BenchDialect): Promise<void> {
  console.log(`\n=== ${dialect === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ===`);
  floors = null;
  coldFloors.clear();
  loadedFloors.clear();
  sampledFloor = null;
  const bench = await openBenchDatabase(dialect, 'page');
  try {
    const seeded = await seedGallery(bench, { measured: [BIG, SMALL], others: OTHERS, analyzeSqlite: args['analyze-sqlite'] });
    const [big, small] = seeded.measured as [(typeof seeded.measured)[0], (typeof seeded.measured)[0]];
    console.log(`seeded ${seeded.photos} photos for ${OTHERS.customers + 2} customers in ${(seeded.ms / 1000).toFixed(1)} s`);

    await printPlans(bench, [
      { label: `5,000-photo customer (id ${big.id})`, userId: big.id, page: 1 },
      { label: `5,000-photo customer (id ${big.id})`, userId: big.id, page: DEEP_PAGE },
      { label: `50-photo customer (id ${small.id})`, userId: small.id, page: 1 },
    ]);

    // The server as shipped (pages cached while their photos are unchanged, checked per request), then
    // one that builds every page afresh (GALLERY_PAGE_CACHE_MB=0): what a page costs when it changed.
    const users = { big, small };
    if (baseline) {
      const before = (label: string) =>
        withNewerMigrationsHidden(bench.db.kysely as never, baseline.lastMigration, () =>
          measureServer(bench, users, `${label}: ${args.compare} (${baseline.commit}), as shipped`, {}, true, baseline.root),
        );
      const after = (label: string) => measureServer(bench, users, `${label}: this checkout, as shipped`, {}, true);
      const results: { run: string; shares: RouteShare[] }[] = [];
      results.push({ run: 'before', shares: await before('before') });
      results.push({ run: 'after', shares: await after('after') });
      if (rounds === 2) {
        results.push({ run: 'after', shares: await after('after (2)') });
        results.push({ run: 'before', shares: await before('before (2)') });
      }
      console.log(`\n--- ${bench.dialect}: page req/s as a share of the same server's no-op route, before (${args.compare}) and after ---`);
      console.table(
        results[0]!.shares.map((route, i) =>
          Object.fromEntries([
            ['route', route.title],
            ...results.map((r, j) => {
              const { share, p99Ms, cpuMsPerRequest } = r.shares[i]!;
              const cpu = cpuMsPerRequest === null ? '' : `, ${cpuMsPerRequest.toFixed(3)} CPU ms/req`;
              return [`${r.run} #${j + 1}`, `${(share * 100).toFixed(1)} % (p99 ${p99Ms} ms${cpu})`];
            }),
          ]),
        ),
      );
    } else {
      await measureServer(bench, users, 'pages served as shipped (cache on, revision checked per request)', {}, true);
    }
    if (!args['shipped-only']) await measureServer(bench, users, 'every page built afresh (GALLERY_PAGE_CACHE_MB=0)', { GALLERY_PAGE_CACHE_MB: '0' }, false);
    if (args.profile) await profilePage(bench, big.id, {});
    if (args['profile-uncached']) await profilePage(bench, big.id, { GALLERY_PAGE_CACHE_MB: '0' });
    if (args.perf) {
      await perfPage(bench, big.id, false);
      await perfPage(bench, big.id, true);
    }
  } finally {
    await bench.dispose();
  }
}

interface Measured {
  id: number;
}

interface RouteShare {
  title: string;
  /** req/s as a share of the no-op route's (mean of the runs before and after). */
  share: number;
  p99Ms: number;
  /** The server's CPU time per answer (less sensitive to other processes than req/s). */
  cpuMsPerRequest: number | null;
  /** The same server's CPU per no-op answer (mean of the health runs before and after). */
  noopCpuMs: number | null;
}


interface FloorRoute {
  title: string;
  url: string;
  token: string;
  userId: number;
  page: number;
  /** The answer also brotli-compressed as the server does for Accept-Encoding br (quality 5). */
  brotli?: boolean;
}

/**
 * Issue 23's floor for each page: in this process, on one connection, the statements a request
 * runs (the customer's revision, then the counts and the page: the repository's own compiled SQL; on
 * SQLite the revision read straight from the connection, as the server does) executed bare in a loop, plus serialising the page's answer with the route's serializer (and
 * compressing it for the br route). CPU of this process per iteration (process.cpuUsage), the same
 * measure as the server's CPU per request; PostgreSQL's own backend CPU is in neither.
 */
async function measureFloors(bench: BenchDatabase, routes: FloorRoute[], server: { url: string; pid: number }): Promise<Map<string, number>> {
  const kysely = bench.db.kysely;
  // On SQLite, with the connection: the revision is read as the server reads it (readUserRevision).
  const repository = new GalleryRepository(kysely, bench.db.sqlite);
  const serialize = compileJsonSerializer(pagedPhotosResponse);
  const result = new Map<string, number>();
  for (const route of routes) {
    const answer = (await (await fetch(route.url, { headers: { authorization: `Bearer ${route.token}` } })).json()) as Parameters<typeof serialize>[0];
    const query: PhotoPageQuery = { flag: 'All', search: null, limit: PAGE_SIZE, offset: (route.page - 1) * PAGE_SIZE, order: { column: 'display', direction: 'desc' } };
    const planned = repository.pageStatements({ userId: route.userId }, query);
    const direct = bench.dialect === 'sqlite';
    const statements = [...(direct ? [] : [repository.revisionsStatement([route.userId])]), ...(planned.kind === 'postgres' ? [planned.pageAndCounts] : [planned.counts, planned.page])];
    const once = async () => {
      if (direct && repository.readUserRevision(route.userId) === undefined) throw new Error('the revision was not read directly');
      for (const statement of statements) await kysely.executeQuery(statement);
      const json = Buffer.from(serialize(answer));
      if (route.brotli) brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length } });
    };
    for (let i = 0; i < 300; i++) await once(); // warm-up (JIT, statement caches)
    const { cpuMs, wallUs } = await floorLoop(once);
    result.set(route.title, cpuMs);
    console.log(`floor, ${route.title}: ${cpuMs.toFixed(3)} CPU ms an iteration (${direct ? 'the revision read + ' : ''}${statements.length} statements + serialising${route.brotli ? ' + brotli' : ''}; ${wallUs.toFixed(0)} µs wall)`);
    if (direct) {
      const coldMs = await coldCacheMs(once);
      coldFloors.set(route.title, coldMs);
      console.log(`  the same with cold CPU caches (${COLD_TOUCH_MB} MB touched between iterations, as a server's other requests do): ${coldMs.toFixed(3)} ms an iteration`);
    }
    if (args.perf && sampledFloor === null) {
      const { result, samples } = await sampleWhile(process.pid, () => floorLoop(once));
      sampledFloor = { samples, cpuMs: result.cpuMs };
    }
    if (direct && args['floor-beside-load']) {
      const loaded = await besideLoad(server, () => floorLoop(once));
      loadedFloors.set(route.title, loaded.cpuMs);
      console.log(`  the same on CPU 0 while CPU 1 answers ${connections} connections on the no-op route: ${loaded.cpuMs.toFixed(3)} ms an iteration`);
    }
  }
  return result;
}

/** CPU of this process per iteration of `once` (process.cpuUsage), and wall time, over 3,000 iterations. */
async function floorLoop(once: () => Promise<void>): Promise<{ cpuMs: number; wallUs: number }> {
  const iterations = 3000;
  const cpuBefore = process.cpuUsage();
  const started = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await once();
  const cpu = process.cpuUsage(cpuBefore);
  return { cpuMs: (cpu.user + cpu.system) / 1000 / iterations, wallUs: Number(process.hrtime.bigint() - started) / 1000 / iterations };
}

/**
 * Runs `work` with this process pinned to CPU 0 while CPU 1 is as busy as when the server is measured:
 * the server (pinned there) answers the no-op route to an autocannon of its own process (pinned there
 * too, the same connections). The server's pages are measured with the load generator on the other
 * core; a loop alone on an idle machine keeps caches and memory bandwidth to itself. Linux (taskset).
 */
async function besideLoad<T>(server: { url: string; pid: number }, work: () => Promise<T>): Promise<T> {
  const autocannon = createRequire(import.meta.url).resolve('autocannon');
  const script = `require(${JSON.stringify(autocannon)})({ url: process.argv[1], connections: ${connections}, duration: 3600 })`;
  const load = spawn('taskset', ['-c', '1', process.execPath, '-e', script, `${server.url}/api/health`], { stdio: 'ignore' });
  try {
    if (!pinProcess(server.pid, '1') || !pinProcess(process.pid, '0')) throw new Error('taskset could not pin the processes');
    await new Promise((resolve) => setTimeout(resolve, 2000)); // the load under way
    return await work();
  } finally {
    load.kill();
    pinProcess(server.pid, '0-1');
    pinProcess(process.pid, '0-1');
  }
}

/**
 * A floor iteration with the CPU's caches cold: a loop keeps SQLite's pages, the statement and the
 * serializer in L1/L2, which a server never has, since each request in between runs HTTP, other
 * answers and garbage collection over megabytes. Timed with the wall clock around the iteration alone
 * (SQLite runs in this thread: no waiting in it), so the touching itself is not counted.
 */
async function coldCacheMs(once: () => Promise<void>): Promise<number> {
  const other = new Float64Array((COLD_TOUCH_MB * 1024 * 1024) / 8);
  let sink = 0;
  let spentNs = 0;
  const iterations = 1500;
  for (let i = 0; i < iterations; i++) {
    for (let j = 0; j < other.length; j += 8) sink += other[j]!++;
    const started = process.hrtime.bigint();
    await once();
    spentNs += Number(process.hrtime.bigint() - started);
  }
  if (sink < 0) console.log(sink); // the touching is used, so it is not optimised away
  return spentNs / iterations / 1e6;
}

/**
 * Baseline, the page routes and the baseline again, against one server. `judged`: the target applies.
 * `root`: run another checkout's server (bench/lib/baseline-checkout.ts).
 */
async function measureServer(
  bench: BenchDatabase,
  { big, small }: { big: Measured; small: Measured },
  label: string,
  env: Record<string, string>,
  judged: boolean,
  root?: string,
): Promise<RouteShare[]> {
  console.log(`\n--- ${label} ---`);
  const server = await startServer({ ...bench.serverEnv, ...env, JWT_SECRET: randomBytes(32).toString('base64url') }, root ? { root } : {});
  try {
    const bigToken = await signIn(server.url, BIG.email, BIG.password);
    const smallToken = await signIn(server.url, SMALL.email, SMALL.password);
    const pageUrl = (userId: number, page: number) => customerPageUrl(server.url, userId, page);
    // A visitor's page by session code (issue 23: the code's budget is read per request): the big customer's newest session.
    const { code } = await bench.db.kysely.selectFrom('photo_sessions').select('code').where('user_id', '=', big.id).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const routes: { title: string; url: string; token: string; headers?: Record<string, string> }[] = [
      { title: `page 1, 5,000-photo customer`, url: pageUrl(big.id, 1), token: bigToken },
      { title: `page ${DEEP_PAGE}, 5,000-photo customer`, url: pageUrl(big.id, DEEP_PAGE), token: bigToken },
      { title: `page 1, 50-photo customer`, url: pageUrl(small.id, 1), token: smallToken },
      // As a browser asks: compressed (the answer is ~3 KB instead of 15 KB).
      { title: `page 1, 5,000-photo customer, Accept-Encoding br`, url: pageUrl(big.id, 1), token: bigToken, headers: { 'accept-encoding': 'gzip, deflate, br' } },
      { title: `visitor page 1 by session code (not signed in)`, url: `${server.url}/api/sessions/getSessionImages?couponcode=${code}&page=1&pageSize=${PAGE_SIZE}&flag=All`, token: '' },
    ];
    for (const route of routes) await checkPage(route.title, route.url, route.token);
    await checkPage('page 9999 (past the end), 50-photo customer', pageUrl(small.id, 9999), smallToken);
    // Issue 23's floor, once per database: each page's own SQL run bare in a loop plus serialising its answer.
    floors ??= await measureFloors(bench, [
      { title: routes[0]!.title, url: routes[0]!.url, token: bigToken, userId: big.id, page: 1 },
      { title: routes[1]!.title, url: routes[1]!.url, token: bigToken, userId: big.id, page: DEEP_PAGE },
      { title: routes[2]!.title, url: routes[2]!.url, token: smallToken, userId: small.id, page: 1 },
      { title: routes[3]!.title, url: routes[3]!.url, token: bigToken, userId: big.id, page: 1, brotli: true },
    ], { url: server.url, pid: server.process.pid! });

    // A short unrecorded warm-up (JIT, statement caches, connection pool), then the runs.
    await runLoad({ title: 'warm-up', url: routes[0]!.url, headers: { authorization: `Bearer ${bigToken}` }, connections, durationSeconds: 3 });
    const serverPid = server.process.pid;
    const before = await runLoad({ title: 'GET /api/health (baseline, before)', url: `${server.url}/api/health`, connections, durationSeconds, serverPid });
    // Reference (issue 23): the no-op asked as the page is (bearer token, Accept-Encoding): what the request's own bytes cost.
    const asPageRequest = {
      url: `${server.url}/api/health`,
      headers: { authorization: `Bearer ${bigToken}`, 'accept-encoding': 'gzip, deflate, br' },
      connections,
      durationSeconds,
      serverPid,
    };
    const asPage = await runLoad({ ...asPageRequest, title: "GET /api/health with the page's request headers" });
    const measured: LoadResult[] = [];
    for (const route of routes) {
      const headers = { ...(route.token ? { authorization: `Bearer ${route.token}` } : {}), ...route.headers };
      measured.push(await runLoad({ title: route.title, url: route.url, headers, connections, durationSeconds, serverPid }));
    }
    const after = await runLoad({ title: 'GET /api/health (baseline, after)', url: `${server.url}/api/health`, connections, durationSeconds, serverPid });
    // As shipped, the no-op again at each page's own rate: a server answering fewer requests a second
    // spends more CPU on each (fewer answers per wake-up, per epoll round, per write to a waiting client), so
    // this is what the route's own work is judged against ("x no-op at its rate").
    const noopAtRate = new Map<LoadResult, number>();
    if (judged) {
      for (const r of measured) {
        const atRate = await runLoad({ ...asPageRequest, title: `no-op at ${r.title}'s rate`, overallRate: Math.round(r.requestsPerSecond) });
        if (atRate.cpuMsPerRequest !== null) noopAtRate.set(r, atRate.cpuMsPerRequest);
      }
    }
    const baselineCpu = before.cpuMsPerRequest !== null && after.cpuMsPerRequest !== null ? (before.cpuMsPerRequest + after.cpuMsPerRequest) / 2 : null;
    const baselineRps = (before.requestsPerSecond + after.requestsPerSecond) / 2;
    console.log(`load average after the runs: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}; baseline = mean of the two health runs = ${Math.round(baselineRps)} req/s`);
    console.table(
      [before, asPage, ...measured, after].map((r) => {
        const share = r.requestsPerSecond / baselineRps;
        const isPage = measured.includes(r);
        const isReference = r === asPage;
        return {
          route: r.title,
          'req/s': Math.round(r.requestsPerSecond),
          'vs baseline': `${(share * 100).toFixed(1)} %`,
          'p50 ms': r.p50Ms,
          'p99 ms': r.p99Ms,
          'errors/non2xx': `${r.errors}/${r.non2xx}`,
          // Less sensitive to other processes than req/s: the server's own CPU per answer, and the
          // share of the baseline's req/s that cost allows when the server's CPU is the limit.
          'server CPU ms/req': r.cpuMsPerRequest === null ? '' : r.cpuMsPerRequest.toFixed(3),
          'CPU-bound share': r.cpuMsPerRequest === null || baselineCpu === null ? '' : `${((baselineCpu / r.cpuMsPerRequest) * 100).toFixed(1)} %`,
          // Issue 23: the cached page's CPU against the no-op's (target <= 1.5x), the uncached one's against its floor (<= 1.5x).
          'CPU x no-op': (isPage || isReference) && r.cpuMsPerRequest !== null && baselineCpu !== null ? (r.cpuMsPerRequest / baselineCpu).toFixed(2) : '',
          ...(judged ? { 'x no-op at its rate': noopAtRate.has(r) && r.cpuMsPerRequest !== null ? (r.cpuMsPerRequest / noopAtRate.get(r)!).toFixed(2) : '' } : {}),
          'CPU x floor': isPage && r.cpuMsPerRequest !== null && floors?.has(r.title) ? (r.cpuMsPerRequest / floors.get(r.title)!).toFixed(2) : '',
          'x cold floor': isPage && !judged && r.cpuMsPerRequest !== null && coldFloors.has(r.title) && bench.dialect === 'sqlite' ? (r.cpuMsPerRequest / coldFloors.get(r.title)!).toFixed(2) : '',
          ...(loadedFloors.size > 0 ? { 'x floor beside load': isPage && !judged && r.cpuMsPerRequest !== null && loadedFloors.has(r.title) ? (r.cpuMsPerRequest / loadedFloors.get(r.title)!).toFixed(2) : '' } : {}),
          'target (≥ 33.3 %, p99 < 25 ms)': isPage && judged ? (share >= TARGET_SHARE && r.p99Ms < TARGET_P99_MS ? 'met' : 'NOT met') : '',
        };
      }),
    );
    return measured.map((r) => ({ title: r.title, share: r.requestsPerSecond / baselineRps, p99Ms: r.p99Ms, cpuMsPerRequest: r.cpuMsPerRequest, noopCpuMs: baselineCpu }));
  } finally {
    await server.stop();
  }
}

/** The page-1 load of the 5,000-photo customer against a server under --cpu-prof (with `env`), then its summary. */
async function profilePage(bench: BenchDatabase, userId: number, env: Record<string, string>): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sg-bench-prof-'));
  let window: { fromUs: number; toUs: number } | undefined;
  const server = await startServer({ ...bench.serverEnv, ...env, JWT_SECRET: randomBytes(32).toString('base64url') }, { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] });
  try {
    const token = await signIn(server.url, BIG.email, BIG.password);
    const url = customerPageUrl(server.url, userId, 1);
    await runLoad({ title: 'warm-up', url, headers: { authorization: `Bearer ${token}` }, connections, durationSeconds: 3 });
    const fromUs = monotonicUs();
    const result = await runLoad({ title: 'profiled', url, headers: { authorization: `Bearer ${token}` }, connections, durationSeconds });
    window = { fromUs, toUs: monotonicUs() };
    console.log(`\nprofiled run (page 1, 5,000-photo customer, under --cpu-prof${env.GALLERY_PAGE_CACHE_MB === '0' ? ', every page built afresh' : ''}): ${Math.round(result.requestsPerSecond)} req/s, p99 ${result.p99Ms} ms`);
  } finally {
    await server.stop();
  }
  const profiles = fs.readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'));
  if (profiles.length === 0) console.log('(no profile was written)');
  for (const file of profiles) summariseProfile(path.join(dir, file), window);
  fs.rmSync(dir, { recursive: true, force: true });
}

/**
 * --perf: page 1 under the bench's load, sampled down to native functions, against the no-op route asked
 * at the page's rate (what any answer costs at that pace: HTTP, the socket, and on loopback the client's
 * wake-up, which the kernel charges to the sender) and, built afresh, against the floor loop; each in CPU
 * µs per page (perf's share of each process's samples x its measured CPU per page). On PostgreSQL its
 * own backends are in neither (as in the tables).
 */
async function perfPage(bench: BenchDatabase, userId: number, cached: boolean): Promise<void> {
  if (sampledFloor === null) return;
  const floorRun = sampledFloor;
  const server = await startServer({ ...bench.serverEnv, ...(cached ? {} : { GALLERY_PAGE_CACHE_MB: '0' }), JWT_SECRET: randomBytes(32).toString('base64url') });
  try {
    const token = await signIn(server.url, BIG.email, BIG.password);
    const url = customerPageUrl(server.url, userId, 1);
    const load = { headers: { authorization: `Bearer ${token}` }, connections, durationSeconds, serverPid: server.process.pid };
    await runLoad({ ...load, url, title: 'warm-up', durationSeconds: 3 });
    const pid = server.process.pid!;
    const page = await sampleWhile(pid, () => runLoad({ ...load, url, title: 'sampled' }));
    const rate = Math.round(page.result.requestsPerSecond);
    const noop = await sampleWhile(pid, () => runLoad({ ...load, url: `${server.url}/api/health`, title: 'sampled no-op', overallRate: rate }));
    if (page.result.cpuMsPerRequest === null || noop.result.cpuMsPerRequest === null) return;
    if (bench.dialect === 'sqlite' && !cached) {
      // A statement SQLite must parse and plan again (a bound LIMIT or LIKE pattern did that once a page).
      const addon = createRequire(import.meta.url).resolve('better-sqlite3/build/Release/better_sqlite3.node');
      const { result, calls } = await countCalls(addon, 'sqlite3Reprepare', pid, () => runLoad({ ...load, url, title: 'counted', durationSeconds: 3 }));
      console.log(`\nSQLite statements prepared again (sqlite3Reprepare) per page built afresh: ${calls === null ? 'not counted (no uprobe)' : (calls / Math.max(1, result.answered)).toFixed(3)}`);
    }
    const runs: [SampledRun, ...SampledRun[]] = [
      { label: 'page', samples: page.samples, cpuMsPerUnit: page.result.cpuMsPerRequest },
      { label: 'no-op', samples: noop.samples, cpuMsPerUnit: noop.result.cpuMsPerRequest },
      ...(cached ? [] : [{ label: 'floor', samples: floorRun.samples, cpuMsPerUnit: floorRun.cpuMs }]),
    ];
    console.log(
      `\n--- perf (${bench.dialect}), page 1 of the 5,000-photo customer ${cached ? 'as shipped (cached)' : 'built afresh'}: ${page.result.cpuMsPerRequest.toFixed(3)} CPU ms a page at ${rate} req/s ` +
        `(${page.samples.total} samples, p99 ${page.result.p99Ms} ms); the no-op at that rate ${noop.result.cpuMsPerRequest.toFixed(3)} a request (${noop.samples.total})` +
        (cached ? '' : `; the floor loop ${floorRun.cpuMs.toFixed(3)} an iteration (${floorRun.samples.total})`) +
        ' ---',
    );
    console.log('by library:');
    console.table(compareSamples(runs.map((run) => ({ ...run, samples: byLibrary(run.samples) })) as [SampledRun, ...SampledRun[]], 12));
    console.log('by function, largest excess first:');
    console.table(compareSamples(runs, 40));
  } finally {
    await server.stop();
  }
}

/** The customer's page of 12 photos, all flags (what every run of this bench asks for). */
function customerPageUrl(serverUrl: string, userId: number, page: number): string {
  return `${serverUrl}/api/sessions/GetUserSessionsPage?userId=${userId}&page=${page}&pageSize=${PAGE_SIZE}&flag=All`;
}

/** One request, to check the answer is what the load measures (12 items, the counts) before timing it. */
async function checkPage(title: string, url: string, token: string): Promise<void> {
  const response = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await response.clone().text()).length;
  if (!response.ok) throw new Error(`${title}: ${response.status} ${await response.text()}`);
  const page = (await response.json()) as { items: unknown[]; totalCount: number; totalPages: number; overallAllCount: number; totalSkipCount: number };
  console.log(`${title}: ${page.items.length} items, totalCount ${page.totalCount}, totalPages ${page.totalPages}, skipped ${page.totalSkipCount}, ${body} bytes`);
}

interface PlanTarget {
  label: string;
  userId: number;
  page: number;
}

/**
 * The SQL the repository runs for a page (the counts and the 12 rows): its own compiled statements, bound
 * to the customer's values, then EXPLAINed: SQLite's EXPLAIN QUERY PLAN, PostgreSQL's EXPLAIN (ANALYZE,
 * BUFFERS). Also times each statement in this process (no HTTP), to separate the query cost from the rest.
 */
async function printPlans(bench: BenchDatabase, targets: PlanTarget[]): Promise<void> {
  const kysely = bench.db.kysely;
  const repository = new GalleryRepository(kysely);
  for (const target of targets) {
    const query: PhotoPageQuery = { flag: 'All', search: null, limit: PAGE_SIZE, offset: (target.page - 1) * PAGE_SIZE, order: { column: 'display', direction: 'desc' } };
    // PostgreSQL: one statement, the five counts (from the sessions' counters) left-joined to the page's
    // 12 rows; SQLite: the counts, then the page.
    const planned = repository.pageStatements({ userId: target.userId }, query);
    // Every request first reads the customer's revision (cached answers are reused while it holds).
    const statements: [string, CompiledQuery][] = [
      ['revision', repository.revisionsStatement([target.userId])],
      ...(planned.kind === 'postgres'
        ? ([['counts + page', planned.pageAndCounts]] as [string, CompiledQuery][])
        : ([
            ['counts', planned.counts],
            ['page', planned.page],
          ] as [string, CompiledQuery][])),
    ];
    for (const [name, statement] of statements) {
      if ((name === 'counts' || name === 'revision') && target.page !== 1) continue; // they do not depend on the page
      console.log(`\n-- ${name} query, ${target.label}, page ${target.page}:\n${statement.sql}\n   parameters: ${JSON.stringify(statement.parameters)}`);
      const explain = bench.dialect === 'sqlite' ? 'explain query plan ' : 'explain (analyze, buffers) ';
      const { rows } = await kysely.executeQuery(CompiledQuery.raw(explain + statement.sql, [...statement.parameters]));
      if (bench.dialect === 'sqlite') {
        const depth = new Map<number, number>();
        for (const row of rows as { id: number; parent: number; detail: string }[]) {
          const d = (depth.get(row.parent) ?? -1) + 1;
          depth.set(row.id, d);
          console.log(`   ${'  '.repeat(d)}${row.detail}`);
        }
      } else {
        for (const row of rows as Record<string, string>[]) console.log(`   ${row['QUERY PLAN']}`);
      }
      const runs = 300;
      const started = process.hrtime.bigint();
      for (let r = 0; r < runs; r++) await kysely.executeQuery(statement);
      const perRunUs = Number(process.hrtime.bigint() - started) / 1000 / runs;
      console.log(`   in-process: ${perRunUs.toFixed(0)} µs a run (mean of ${runs}, one connection, no HTTP)`);
    }
  }
}
