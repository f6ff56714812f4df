/**
 * The fault campaign (issue 21 §3), on the cluster of harness.ts: kill -9 of an instance in the middle
 * of a shoot import, a tus upload, save-edited-image, a Stripe webhook and a booking; PostgreSQL
 * stopped for 10 s under load; the object store stopped for 10 s under load. Then the whole state is
 * checked: no half-written file served, no orphan rows or files, no double charge, no double booking.
 * Prints what it tried and what held; exits non-zero when something did not hold.
 *
 *   npm run test:cluster -- --only-faults      (or --faults after the journeys)
 *
 * Where a named crash point exists in the code (apps/server/src/crash-points.ts, CRASH_AT), the
 * victim instance is restarted with it armed, so the kill lands in the exact window; otherwise the
 * kill comes from outside at a measured moment, and the table says which.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import Stripe from 'stripe';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config';
import { createDb } from '../src/db/create-db';
import { OrphanSweep, type OrphanSweepResult } from '../src/modules/storage-maintenance/orphan-sweep';
import { StorageMaintenanceRepository } from '../src/modules/storage-maintenance/storage-maintenance.repository';
import { createStorage } from '../src/storage/create-storage';
import { type StripeStandIn, startStripeStandIn } from '../test/support/stripe-stand-in';
import { readZip } from '../test/support/zip';
import { type Answer, Client, type Json, TUS, tusMetadata } from './client';
import { type Cluster, type Instance, listFiles, log, repoRoot, sleep } from './harness';
import { DEMO_ADMIN, DEMO_CUSTOMER, photo, signIn, tusUpload, waitForImport } from './journeys';

const WEBHOOK_SECRET = 'whsec_cluster_campaign';
const STRIPE_ENV = (url: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_cluster_campaign',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_cluster_campaign',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: url,
});

interface Row {
  scenario: string;
  check: string;
  held: boolean | null;
  figure: string;
}

class Tally {
  readonly rows: Row[] = [];
  record(scenario: string, check: string, held: boolean | null, figure = ''): void {
    this.rows.push({ scenario, check, held, figure });
    const mark = held === null ? '·' : held ? '✔' : '✘';
    log(`${mark} [${scenario}] ${check}${figure ? `: ${figure}` : ''}`);
  }
}

/** Whether the code has this crash point wired (CRASH_AT=<name> then kills there). */
function crashPointWired(name: string): boolean {
  const grep = (dir: string): boolean =>
    fs.readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return grep(full);
      return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'crash-points.ts' && fs.readFileSync(full, 'utf8').includes(`crashPoint('${name}')`);
    });
  return grep(path.join(repoRoot, 'apps', 'server', 'src'));
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A whole JPEG: starts with SOI, ends with EOI, and sharp decodes every pixel. */
async function wholeJpeg(bytes: Buffer): Promise<boolean> {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8 || bytes[bytes.length - 2] !== 0xff || bytes[bytes.length - 1] !== 0xd9) return false;
  try {
    await sharp(bytes, { failOn: 'truncated' }).raw().toBuffer();
    return true;
  } catch {
    return false;
  }
}

/** The stored keys: the bucket's objects (s3rver keeps each as a file) or the shared disk folder. */
function storedKeys(cluster: Cluster): string[] {
  if (cluster.s3) {
    const bucketDir = path.join(cluster.s3.dir, 'gallery-cluster');
    return listFiles(bucketDir)
      .filter((f) => f.endsWith('._S3rver_object'))
      .map((f) => f.slice(0, -'._S3rver_object'.length));
  }
  return listFiles(path.join(cluster.dir, 'data-shared', 'media'));
}

interface Consistency {
  photoFolders: number;
  /** Photo rows whose folder has no original in storage. */
  rowsWithoutFiles: string[];
  /** Folders under photos/ that no photo row names. */
  filesWithoutRows: string[];
  /** Stored upload bytes no shoot file row names. */
  uploadsWithoutRows: string[];
  /** Payments with more than one transaction, transactions with more than one order. */
  doubleCharges: string[];
  /** Invites with more than one booked appointment; slots over capacity. */
  doubleBookings: string[];
}

async function consistency(cluster: Cluster, db: pg.Client): Promise<Consistency> {
  const keys = storedKeys(cluster);
  const folders = new Set(keys.filter((k) => k.startsWith('photos/')).map((k) => k.split('/').slice(0, 2).join('/')));
  const { rows: photoRows } = await db.query<{ id: number; media_key: string; retouched_media_key: string | null; edited_media_key: string | null }>(
    'SELECT id, media_key, retouched_media_key, edited_media_key FROM photos',
  );
  const referenced = new Set<string>();
  const rowsWithoutFiles: string[] = [];
  for (const row of photoRows) {
    for (const key of [row.media_key, row.retouched_media_key, row.edited_media_key]) {
      if (!key) continue;
      const folder = key.split('/').slice(0, 2).join('/');
      referenced.add(folder);
      if (!folders.has(folder)) rowsWithoutFiles.push(`photo ${row.id}: ${key}`);
    }
  }
  const filesWithoutRows = [...folders].filter((f) => !referenced.has(f));
  const { rows: uploadRows } = await db.query<{ storage_key: string | null }>('SELECT storage_key FROM shoot_upload_files WHERE storage_key IS NOT NULL');
  const uploadKeys = new Set(uploadRows.map((r) => r.storage_key));
  const uploadsWithoutRows = keys.filter((k) => k.startsWith('uploads/') && !uploadKeys.has(k));
  const doubleCharges = [
    ...(await db.query<{ payment_id: number; n: string }>('SELECT payment_id, count(*) AS n FROM transactions GROUP BY payment_id HAVING count(*) > 1')).rows.map(
      (r) => `payment ${r.payment_id}: ${r.n} transactions`,
    ),
    ...(await db.query<{ transaction_id: number; n: string }>('SELECT transaction_id, count(*) AS n FROM special_requests WHERE transaction_id IS NOT NULL GROUP BY transaction_id HAVING count(*) > 1')).rows.map(
      (r) => `transaction ${r.transaction_id}: ${r.n} orders`,
    ),
  ];
  const doubleBookings = [
    ...(await db.query<{ invite_id: string; n: string }>("SELECT invite_id, count(*) AS n FROM appointments WHERE status = 'booked' GROUP BY invite_id HAVING count(*) > 1")).rows.map(
      (r) => `invite ${r.invite_id}: ${r.n} bookings`,
    ),
    ...(
      await db.query<{ calendar_id: number; starts_at: string; n: string; capacity: number }>(
        `SELECT a.calendar_id, a.starts_at, count(*) AS n, max(t.capacity) AS capacity FROM appointments a JOIN appointment_types t ON t.id = a.appointment_type_id
         WHERE a.status = 'booked' GROUP BY a.calendar_id, a.starts_at HAVING count(*) > max(t.capacity)`,
      )
    ).rows.map((r) => `calendar ${r.calendar_id} at ${r.starts_at}: ${r.n} bookings for ${r.capacity} places`),
  ];
  return { photoFolders: folders.size, rowsWithoutFiles, filesWithoutRows, uploadsWithoutRows, doubleCharges, doubleBookings };
}

/**
 * The server's own orphan sweep (modules/storage-maintenance, daily on every instance, files older than
 * a day), run here at once on the cluster's database and store: what a crash left behind goes for good.
 */
async function sweepOrphansNow(cluster: Cluster): Promise<OrphanSweepResult> {
  const instance = cluster.instances[0]!;
  const config = loadConfig({ ...instance.baseEnv, DATA_DIR: instance.dataDir, LOG_LEVEL: 'silent' });
  const db = createDb(config.database);
  const quiet = { info() {}, warn() {}, error() {}, debug() {}, child: () => quiet } as unknown as FastifyBaseLogger;
  try {
    return await new OrphanSweep(new StorageMaintenanceRepository(db.kysely), createStorage(config), () => new Date(), quiet).run({ olderThanMs: 0 });
  } finally {
    await db.kysely.destroy();
  }
}

/** The instance doing the most CPU work over `ms` (the one running an import). */
async function busiest(instances: Instance[], ms = 800): Promise<{ instance: Instance; cpu: number[] }> {
  const before = instances.map((i) => i.cpuSeconds());
  await sleep(ms);
  const cpu = instances.map((i, n) => i.cpuSeconds() - before[n]!);
  let best = 0;
  for (let n = 1; n < cpu.length; n++) if (cpu[n]! > cpu[best]!) best = n;
  return { instance: instances[best]!, cpu };
}

async function restartWith(instance: Instance, env: Record<string, string>): Promise<void> {
  await instance.terminate();
  instance.start(env);
  await instance.waitReady();
}

async function bringBack(instance: Instance): Promise<number> {
  const t0 = Date.now();
  if (!instance.running) {
    instance.start();
    await instance.waitReady();
  }
  return Date.now() - t0;
}

/** Sends `bytes` as a tus PATCH body slowly (64 KiB every 20 ms); calls `midway` once `killAfter` bytes are out. */
async function slowPatch(url: string, token: string, offset: number, bytes: Buffer, killAfter: number, midway: () => Promise<void>): Promise<{ sent: number; answer: number | string }> {
  let sent = 0;
  let fired = false;
  const chunk = 64 * 1024;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent >= bytes.length) {
        controller.close();
        return;
      }
      const piece = bytes.subarray(sent, sent + chunk);
      controller.enqueue(new Uint8Array(piece));
      sent += piece.length;
      if (!fired && sent >= killAfter) {
        fired = true;
        await sleep(100); // the chunk reaches the instance
        await midway();
      }
      await sleep(20);
    },
  });
  try {
    const response = await fetch(url, {
      method: 'PATCH',
      headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
      body,
      duplex: 'half',
      signal: AbortSignal.timeout(60_000),
    } as RequestInit);
    return { sent, answer: response.status };
  } catch (error) {
    return { sent, answer: (error as Error).message };
  }
}

interface LoadSample {
  at: number;
  kind: string;
  status: number;
  clean: boolean;
  instance: string | null;
  ms: number;
  detail: string;
}

/** Requests through the proxy from `workers` loops until stopped; each answer classified. */
function startLoad(proxy: string, kinds: Record<string, (client: Client) => Promise<Answer>>, workers: number) {
  const samples: LoadSample[] = [];
  let running = true;
  const names = Object.keys(kinds);
  let turn = 0;
  const loops = Array.from({ length: workers }, async () => {
    const client = new Client(proxy);
    while (running) {
      const kind = names[turn++ % names.length]!;
      const t0 = Date.now();
      try {
        const answer = await kinds[kind]!(client);
        const message = answer.body && typeof answer.body === 'object' ? (answer.body as { message?: unknown }).message : undefined;
        const isJson = String(answer.headers.get('content-type')).includes('application/json');
        const clean = answer.status < 400 || (answer.status === 503 && isJson && typeof message === 'string' && message.length > 0);
        samples.push({ at: t0, kind, status: answer.status, clean, instance: answer.instance, ms: Date.now() - t0, detail: typeof message === 'string' ? message : '' });
      } catch (error) {
        samples.push({ at: t0, kind, status: 0, clean: false, instance: null, ms: Date.now() - t0, detail: (error as Error).message });
      }
      await sleep(30);
    }
  });
  return {
    samples,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

function describeSamples(samples: LoadSample[]): string {
  const byStatus = new Map<string, number>();
  for (const s of samples) byStatus.set(String(s.status || 'network'), (byStatus.get(String(s.status || 'network')) ?? 0) + 1);
  const messages = [...new Set(samples.filter((s) => s.status >= 400 && s.detail).map((s) => `“${s.detail}”`))];
  return `${[...byStatus.entries()].sort().map(([k, n]) => `${k}×${n}`).join(' ')}${messages.length ? ` ${messages.join(' ')}` : ''}`;
}

/** Until every instance answers a database read (or the object store read) again; ms after `from` per instance. */
async function recovery(instances: Instance[], probe: (client: Client) => Promise<Answer>, from: number, timeoutMs: number): Promise<Record<string, number | null>> {
  const out: Record<string, number | null> = {};
  await Promise.all(
    instances.map(async (instance) => {
      const client = new Client(instance.url, instance.id);
      const deadline = Date.now() + timeoutMs;
      out[instance.id] = null;
      while (Date.now() < deadline) {
        try {
          const answer = await probe(client);
          if (answer.status === 200) {
            out[instance.id] = Date.now() - from;
            return;
          }
        } catch {
          // not yet
        }
        await sleep(200);
      }
    }),
  );
  return out;
}

export const SCENARIOS = ['import', 'upload', 'edit', 'webhook', 'booking', 'postgres', 'store'] as const;
export type Scenario = (typeof SCENARIOS)[number];

export async function runFaultCampaign(cluster: Cluster, options: { storage: 's3' | 'disk'; only?: Scenario[] }): Promise<number> {
  const started = Date.now();
  const wanted = (scenario: Scenario) => !options.only || options.only.length === 0 || options.only.includes(scenario);
  const tally = new Tally();
  const db = new pg.Client({ connectionString: cluster.databaseUrl });
  await db.connect();
  db.on('error', () => undefined); // the PostgreSQL stop ends this connection too; it is reopened after
  let dbClient = db;
  const query = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => (await dbClient.query<R>(text, values)).rows;
  const proxy = new Client(cluster.url, 'proxy');
  let stripe: StripeStandIn | null = null;

  try {
    log('— fault campaign —');
    const baseline = await consistency(cluster, dbClient);
    const seenOrphans = new Set([...baseline.filesWithoutRows, ...baseline.uploadsWithoutRows]);
    /** What the scenario just run left in the store without a row (for the table; the sweep is checked at the end). */
    const noteOrphans = async (scenario: string) => {
      const now = await consistency(cluster, dbClient);
      const fresh = [...now.filesWithoutRows, ...now.uploadsWithoutRows].filter((f) => !seenOrphans.has(f));
      for (const f of fresh) seenOrphans.add(f);
      tally.record(scenario, 'files left in the store without a row (until the orphan sweep)', null, fresh.length === 0 ? 'none' : `${fresh.length}: ${fresh.slice(0, 3).join(', ')}`);
    };
    log(`baseline: ${baseline.photoFolders} photo folders, ${baseline.filesWithoutRows.length} unreferenced, ${baseline.rowsWithoutFiles.length} rows without files`);

    // Stripe keys on every instance (a rolling restart), its API answered by a local stand-in: the webhook scenario needs it.
    stripe = await startStripeStandIn();
    const t0 = Date.now();
    for (const instance of cluster.instances) {
      instance.persistentEnv = STRIPE_ENV(stripe.url);
      await restartWith(instance, {});
    }
    log(`instances restarted one at a time with Stripe (stand-in ${stripe.url}) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

    const admin = await signIn(proxy, DEMO_ADMIN);
    const customer = await signIn(proxy, DEMO_CUSTOMER);
    const page = await proxy.expect(200, 'GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=All`, { token: customer.token });
    const photos: Json[] = page.body.items;

    // --- 1. kill -9 during a shoot import job ------------------------------------------------------
    if (wanted('import')) {
      const scenario = 'kill -9 during a shoot import';
      const count = 30;
      const shoot = await proxy.expect(201, 'POST', '/api/studio/shoots', { token: admin.token, body: { email: 'fault.import@example.com', sessionName: 'Fault import' } });
      const shootId = shoot.body.id as number;
      const files = await Promise.all(Array.from({ length: count }, (_, i) => photo(2000 + i, 1600, 2400)));
      for (const [i, bytes] of files.entries()) await tusUpload(proxy, admin.token, { shootId, filename: `Fault-${String(i + 1).padStart(2, '0')}.jpg`, kind: 'photo' }, bytes, 1);
      await proxy.expect(202, 'POST', `/api/studio/shoots/${shootId}/import`, { token: admin.token });
      let processed = 0;
      for (let tries = 0; tries < 600 && processed < 5; tries++) {
        processed = (await proxy.expect(200, 'GET', `/api/studio/shoots/${shootId}`, { token: admin.token })).body.processed ?? 0;
        if (processed < 5) await sleep(100);
      }
      const { instance: victim, cpu } = await busiest(cluster.instances);
      const before = (await proxy.expect(200, 'GET', `/api/studio/shoots/${shootId}`, { token: admin.token })).body.processed;
      await victim.kill();
      const killedAt = Date.now();
      log(`killed instance ${victim.id} (CPU over 0.8 s: ${cpu.map((c) => c.toFixed(2)).join('/')}) at ${before}/${count} photos`);
      let done: Json = null;
      try {
        done = await waitForImport(proxy, admin.token, shootId, 240_000);
      } catch (error) {
        tally.record(scenario, 'another instance finishes the job', false, (error as Error).message);
      }
      if (done) {
        const took = ((Date.now() - killedAt) / 1000).toFixed(1);
        tally.record(scenario, 'another instance finishes the job', done.status === 'done', `${done.status} ${took} s after the kill (killed at ${before}/${count})`);
        const inSession = await query<{ n: string; distinct_hashes: string }>('SELECT count(*) AS n, count(DISTINCT content_hash) AS distinct_hashes FROM photos WHERE session_id = $1', [done.sessionId]);
        const n = Number(inSession[0]?.n ?? 0);
        tally.record(scenario, 'every photo imported exactly once', n === count && Number(inSession[0]?.distinct_hashes) === count, `${n} rows, ${inSession[0]?.distinct_hashes} distinct contents, for ${count} files`);
      }
      const back = await bringBack(victim);
      log(`instance ${victim.id} back in ${(back / 1000).toFixed(1)} s`);
    }

    if (wanted('import')) await noteOrphans('kill -9 during a shoot import');

    // --- 2. kill -9 during a tus upload ------------------------------------------------------------
    if (wanted('upload')) {
      const scenario = 'kill -9 during a tus upload';
      const victim = cluster.instances[1]!;
      const shoot = await proxy.expect(201, 'POST', '/api/studio/shoots', { token: admin.token, body: { email: 'fault.upload@example.com', sessionName: 'Fault upload' } });
      const shootId = shoot.body.id as number;
      // A large photo (~4 MB of noise): creation and the first MB straight to the victim.
      const noise = Buffer.alloc(1500 * 2250 * 3);
      for (let i = 0, x = 7; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) & 0x7fffffff) & 0xff;
      const big = await sharp(noise, { raw: { width: 1500, height: 2250, channels: 3 } }).jpeg({ quality: 92 }).toBuffer();
      const direct = new Client(victim.url, victim.id);
      const created = await direct.expect(201, 'POST', '/api/studio/uploads', {
        token: admin.token,
        headers: { ...TUS, 'upload-length': String(big.length), 'upload-metadata': tusMetadata({ shootId, filename: 'Resumed-01.jpg', kind: 'photo' }) },
      });
      const location = created.headers.get('location')!;
      const first = 1024 * 1024;
      await direct.expect(204, 'PATCH', location, { token: admin.token, headers: { ...TUS, 'upload-offset': '0' }, raw: big.subarray(0, first), contentType: 'application/offset+octet-stream' });
      // The rest, slowly; the victim is killed once another MB is out.
      const cut = await slowPatch(new URL(location, victim.url).toString(), admin.token, first, big.subarray(first), 1024 * 1024, () => victim.kill());
      log(`upload of ${big.length} bytes: victim ${victim.id} killed after ${first + cut.sent} bytes were sent (${cut.answer})`);
      const resumeOn = async (client: Client, where: string): Promise<boolean> => {
        const head = await client.request('HEAD', location, { token: admin.token, headers: TUS });
        const offset = Number(head.headers.get('upload-offset'));
        const known = head.status === 200 && Number.isFinite(offset) && offset >= first && offset <= first + cut.sent;
        if (!known) {
          tally.record(scenario, `the upload resumes from its offset ${where}`, false, `HEAD: ${head.status}, offset ${head.headers.get('upload-offset')} (${first} bytes acknowledged, ${first + cut.sent} sent)`);
          return false;
        }
        const rest = await client.request('PATCH', location, { token: admin.token, headers: { ...TUS, 'upload-offset': String(offset) }, raw: big.subarray(offset), contentType: 'application/offset+octet-stream' });
        const done = rest.status === 204 && Number(rest.headers.get('upload-offset')) === big.length;
        tally.record(scenario, `the upload resumes from its offset ${where}`, done, `HEAD: offset ${offset} (${first} acknowledged, ${first + cut.sent} sent); PATCH of the rest: ${rest.status}`);
        return done;
      };
      // tus-js-client asks the upload URL (through the proxy) where to go on: with the killed instance still
      // down, another one answers (the unfinished upload lives in the object store, tus/<id>/, not on the victim).
      const down = await victim.exited(); // the kill (fetch fails as the socket drops, maybe before the exit is seen)
      if (!down) tally.record(scenario, 'the upload resumes from its offset on another instance while the killed one is down', false, `instance ${victim.id} was not down`);
      const completed = down && (await resumeOn(proxy, 'on another instance while the killed one is down'));
      await bringBack(victim);
      if (completed) {
        await proxy.expect(202, 'POST', `/api/studio/shoots/${shootId}/import`, { token: admin.token });
        const done = await waitForImport(proxy, admin.token, shootId, 120_000);
        const stored = await query<{ content_hash: string }>('SELECT content_hash FROM photos WHERE session_id = $1', [done.sessionId]);
        const same = stored.length === 1 && stored[0]!.content_hash === sha256(big);
        tally.record(scenario, 'the imported photo is byte for byte the file sent', same, `${stored.length} photo(s), hash ${same ? 'equal' : `${stored[0]?.content_hash?.slice(0, 12)} ≠ ${sha256(big).slice(0, 12)}`}`);
      }
    }

    if (wanted('upload')) await noteOrphans('kill -9 during a tus upload');

    // --- 3. kill -9 during save-edited-image -------------------------------------------------------
    if (wanted('edit')) {
      const scenario = 'kill -9 during save-edited-image';
      const victim = cluster.instances[2]!;
      const target = photos[5];
      const image = await sharp({ create: { width: 1600, height: 2400, channels: 3, background: { r: 20, g: 160, b: 90 } } }).jpeg().toBuffer();
      const body = { photoId: target.id, imageBase64: image.toString('base64'), contentType: 'image/jpeg', recipe: { version: 1, values: { exposure: 0.3, contrast: 0, fade: 0, saturation: 1, skinTone: 0, temperature: 0, tint: 0, grain: 0 }, crop: null, passport: null } };
      const wired = crashPointWired('save-edit-after-file');
      let how: string;
      let answer: string;
      if (wired) {
        await restartWith(victim, { CRASH_AT: 'save-edit-after-file' });
        answer = await new Client(victim.url).request('POST', '/api/ex/images/save-edited-image', { token: customer.token, body }).then((a) => String(a.status), (e: Error) => e.message);
        how = 'CRASH_AT=save-edit-after-file';
      } else {
        // No crash point: kill the victim the moment the first file of the new version lands in the store
        // (the version's other files and its row not written yet).
        const known = new Set(storedKeys(cluster));
        const t1 = Date.now();
        const pending = new Client(victim.url).request('POST', '/api/ex/images/save-edited-image', { token: customer.token, body }).then((a) => String(a.status), (e: Error) => e.message);
        let landed: string | undefined;
        while (!landed && Date.now() - t1 < 20_000 && victim.running) {
          landed = storedKeys(cluster).find((k) => !known.has(k));
          if (!landed) await sleep(5);
        }
        await victim.kill();
        answer = await pending;
        how = landed ? `external kill ${Date.now() - t1} ms in, as ${landed} landed in the store` : 'external kill: no new file seen in 20 s';
      }
      const killed = await victim.exited();
      await bringBack(victim);
      const after = await proxy.expect(200, 'GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=All`, { token: customer.token });
      const seen = after.body.items.find((p: Json) => p.id === target.id);
      const served = await proxy.request('GET', seen.previewUrl);
      const whole = served.status === 200 && (await wholeJpeg(served.bytes));
      tally.record(scenario, 'the photo serves a whole file (old or new, never half)', whole && killed, `${how}; answer ${answer}; killed ${killed}; photo isEdited=${seen.isEdited}, preview ${served.status} ${served.bytes.length} bytes`);
      const retry = await proxy.request('POST', '/api/ex/images/save-edited-image', { token: customer.token, body });
      const again = await proxy.expect(200, 'GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=All`, { token: customer.token });
      const edited = again.body.items.find((p: Json) => p.id === target.id);
      const editedPreview = await proxy.request('GET', edited.previewUrl);
      tally.record(scenario, 'saving again works and shows the edit', retry.status === 200 && edited.isEdited === true && (await wholeJpeg(editedPreview.bytes)), `retry ${retry.status} on ${retry.instance}`);
    }

    if (wanted('edit')) await noteOrphans('kill -9 during save-edited-image');

    // --- 4. kill -9 during a Stripe webhook --------------------------------------------------------
    if (wanted('webhook')) {
      const scenario = 'kill -9 during a checkout webhook';
      const victim = cluster.instances[0]!;
      const target = photos[8];
      const item = { imageid: target.id, image: target.url, name: target.name, price: 10, tax: 0, serviceType: 'TOUCHUPSERVICE', sessionid: target.sessionId };
      const checkout = await proxy.expect(200, 'POST', '/api/transaxtions/checkout', { token: customer.token, body: { grossTotal: 1000, userEmail: DEMO_CUSTOMER.email, items: [item] } });
      const paymentId = checkout.body.paymentId as string;
      stripe.markSucceeded(paymentId);
      const payload = JSON.stringify(stripe.event('payment_intent.succeeded', paymentId));
      const signature = () => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      const send = (client: Client) => client.request('POST', '/api/transaxtions/webhook', { raw: payload, contentType: 'application/json; charset=utf-8', headers: { 'stripe-signature': signature() } });
      const wired = crashPointWired('webhook-after-payment');
      let how: string;
      let answer: string;
      if (wired) {
        await restartWith(victim, { CRASH_AT: 'webhook-after-payment' });
        answer = await send(new Client(victim.url)).then((a) => String(a.status), (e: Error) => e.message);
        how = 'CRASH_AT=webhook-after-payment';
      } else {
        // No crash point: kill the victim as soon as the payment's transaction row is there (its order next).
        const paymentRow = (await query<{ id: number }>('SELECT id FROM payments WHERE provider_payment_id = $1', [paymentId]))[0]!;
        const t1 = Date.now();
        const pending = send(new Client(victim.url)).then((a) => String(a.status), (e: Error) => e.message);
        let seen = false;
        while (!seen && Date.now() - t1 < 3000 && victim.running) {
          seen = (await query('SELECT 1 FROM transactions WHERE payment_id = $1', [paymentRow.id])).length > 0;
        }
        await victim.kill();
        const ordersAtKill = (await query('SELECT 1 FROM special_requests WHERE payment_id = $1', [paymentRow.id])).length;
        answer = await pending;
        how = `external kill ${Date.now() - t1} ms in, ${seen ? `once the transaction row was written (order ${ordersAtKill ? 'written too' : 'not yet'})` : 'no transaction row seen'}`;
      }
      const killed = await victim.exited();
      await bringBack(victim);
      const payment = (await query<{ id: number }>('SELECT id FROM payments WHERE provider_payment_id = $1', [paymentId]))[0]!;
      const beforeRetry = await query<{ n: string }>('SELECT count(*) AS n FROM transactions WHERE payment_id = $1', [payment.id]);
      // Stripe sends the event again (no 2xx came back), and the browser records the payment too, at once.
      const [redelivered, browser] = await Promise.all([
        send(proxy),
        proxy.request('POST', '/api/transaxtions', { token: customer.token, body: { paymentType: 'Stripe', referenceId: paymentId, grossTotal: 1000, total: 1000 } }),
      ]);
      const transactions = await query<{ id: number }>('SELECT id FROM transactions WHERE payment_id = $1', [payment.id]);
      const orders = await query<{ id: number }>('SELECT id FROM special_requests WHERE payment_id = $1', [payment.id]);
      const charges = [...stripe.charges.values()].filter((c) => stripe!.intents.get(paymentId)?.latest_charge === c.id).length;
      const intents = stripe.requests.filter((r) => r.method === 'POST' && r.path === '/v1/payment_intents').length;
      tally.record(
        scenario,
        'one transaction, one order, one charge',
        transactions.length === 1 && orders.length === 1 && charges === 1 && killed,
        `${how}; answer ${answer}; killed ${killed}; ${beforeRetry[0]?.n} transaction(s) before Stripe's retry; retry ${redelivered.status}, browser ${browser.status}; now ${transactions.length} transaction(s), ${orders.length} order(s), ${charges} charge, ${intents} intent(s) created in all`,
      );
    }

    if (wanted('webhook')) await noteOrphans('kill -9 during a checkout webhook');

    // --- 5. kill -9 during a booking ---------------------------------------------------------------
    if (wanted('booking')) {
      const scenario = 'kill -9 during a booking';
      const victim = cluster.instances[1]!;
      const types = (await proxy.expect(200, 'GET', '/api/studio/appointment-types', { token: admin.token })).body;
      const type = types.types.find((t: Json) => t.name === 'Headshot') ?? types.types[0];
      const calendar = types.calendars[0];
      const invite = async (email: string) =>
        (await proxy.expect([200, 201], 'POST', '/api/studio/appointment-invites', { token: admin.token, body: { email, appointmentTypeId: type.id, calendarIds: [calendar.id] } })).body;
      const first = await invite('fault.booking1@example.com');
      const second = await invite('fault.booking2@example.com');
      const inviteId = (first.id ?? first.invite?.id) as string;
      const otherId = (second.id ?? second.invite?.id) as string;
      const now = new Date();
      let slot: string | null = null;
      for (let m = 0; m < 3 && !slot; m++) {
        const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + m, 1)).toISOString().slice(0, 7);
        const days = await proxy.expect(200, 'POST', '/api/ex/invites/GetAvailableDays', { body: { appointmentTypeId: type.id, calendarId: calendar.id, month } });
        for (const date of (days.body.days as string[]).slice(2)) {
          const times = await proxy.request('POST', '/api/ex/invites/GetAvailableTimes', { body: { appointmentTypeId: type.id, appointmentDate: date, calendarId: calendar.id } });
          if (times.status === 200 && times.body.length > 0) {
            slot = times.body[Math.floor(times.body.length / 2)].time;
            break;
          }
        }
      }
      if (!slot) throw new Error('no free slot for the booking scenario');
      const book = (client: Client, id: string) =>
        client.request('POST', '/api/ex/invites/Appointment', { body: { activationKey: id, datetime: slot, appointmentTypeID: type.id, firstName: 'Fault', lastName: 'Booking', phone: '555-0101', notes: '', calendarId: calendar.id } });
      const wired = crashPointWired('booking-after-insert');
      let how: string;
      let answer: string;
      if (wired) {
        await restartWith(victim, { CRASH_AT: 'booking-after-insert' });
        answer = await book(new Client(victim.url), inviteId).then((a) => String(a.status), (e: Error) => e.message);
        how = 'CRASH_AT=booking-after-insert (committed, before the answer)';
      } else {
        const pending = book(new Client(victim.url), inviteId).then((a) => String(a.status), (e: Error) => e.message);
        await sleep(20);
        await victim.kill();
        answer = await pending;
        how = 'external kill 20 ms after the booking was sent';
      }
      const killed = await victim.exited();
      await bringBack(victim);
      // The customer tries again (no answer came); meanwhile another invite goes for the same one-person slot.
      const [retry, rival] = await Promise.all([book(proxy, inviteId), book(proxy, otherId)]);
      const booked = await query<{ invite_id: string }>("SELECT invite_id FROM appointments WHERE status = 'booked' AND calendar_id = $1 AND starts_at = $2", [calendar.id, new Date(slot).toISOString()]);
      const mine = await query<{ n: string }>("SELECT count(*) AS n FROM appointments WHERE status = 'booked' AND invite_id = $1", [inviteId]);
      tally.record(
        scenario,
        'one booking per invite, the slot not over-booked',
        Number(mine[0]?.n) === 1 && booked.length <= (type.capacity ?? 1) && killed,
        `${how}; answer ${answer}; killed ${killed}; retry ${retry.status}${retry.body?.message ? ` “${retry.body.message}”` : ''}, rival invite ${rival.status}; ${booked.length} booking(s) in the slot (capacity ${type.capacity ?? 1})`,
      );
    }

    if (wanted('booking')) await noteOrphans('kill -9 during a booking');

    // --- 6. PostgreSQL stopped for 10 s under load -------------------------------------------------
    const loadKinds: Record<string, (client: Client) => Promise<Answer>> = {
      'gallery page': (c) => c.request('GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=36&flag=All`, { token: customer.token, timeoutMs: 30_000 }),
      favourite: (c) => c.request('POST', '/api/sessions/UpdateFavouritePhoto', { token: customer.token, body: { sessionId: photos[10].sessionId, photoId: photos[10].id }, timeoutMs: 30_000 }),
      preview: (c) => c.request('GET', photos[11].previewUrl, { timeoutMs: 30_000 }),
      zip: (c) => c.request('POST', '/api/ex/images/download-selected-images-zip', { token: customer.token, body: [photos[12].url, photos[13].url], timeoutMs: 30_000 }),
      readiness: (c) => c.request('GET', '/api/health/ready', { timeoutMs: 30_000 }),
    };
    if (wanted('postgres')) {
      const scenario = 'PostgreSQL stopped 10 s under load';
      const load = startLoad(cluster.url, loadKinds, 4);
      await sleep(2000);
      const stopAt = Date.now();
      cluster.pg.stop('fast');
      log('PostgreSQL stopped');
      await sleep(10_000);
      cluster.pg.start();
      const startAt = Date.now();
      log(`PostgreSQL started again after ${((startAt - stopAt) / 1000).toFixed(1)} s`);
      const recovered = await recovery(cluster.instances, (c) => c.request('GET', '/api/health/ready', { timeoutMs: 5000 }), startAt, 30_000);
      await sleep(3000);
      await load.stop();
      dbClient = new pg.Client({ connectionString: cluster.databaseUrl });
      await dbClient.connect();
      const during = load.samples.filter((s) => s.at >= stopAt && s.at < startAt);
      const unclean = during.filter((s) => !s.clean);
      const slow = during.filter((s) => s.ms > 15_000);
      tally.record(scenario, 'requests fail with a clean 503 { message }', unclean.length === 0 && during.some((s) => s.status === 503), `${during.length} requests during the outage: ${describeSamples(during)}${unclean.length ? `; not clean: ${[...new Set(unclean.map((u) => `${u.kind} ${u.status} ${u.detail}`.slice(0, 80)))].slice(0, 3).join(' | ')}` : ''}`);
      const readiness = during.filter((s) => s.kind === 'readiness');
      tally.record(scenario, 'readiness (GET /api/health/ready) answers 503', readiness.length > 0 && readiness.every((s) => s.status === 503), `${readiness.length} checks: ${describeSamples(readiness)}`);
      tally.record(scenario, 'no request hangs (answer within 15 s)', slow.length === 0, `slowest ${Math.max(0, ...during.map((s) => s.ms))} ms`);
      const alive = cluster.instances.filter((i) => i.running).length;
      const allBack = Object.values(recovered).every((ms) => ms !== null);
      tally.record(scenario, 'every instance recovers by itself', allBack && alive === cluster.instances.length, `${alive}/${cluster.instances.length} processes alive; ready again after ${Object.entries(recovered).map(([id, ms]) => `${id} ${ms === null ? 'never' : `${ms} ms`}`).join(', ')}`);
      const after = load.samples.filter((s) => s.at >= startAt + Math.max(...Object.values(recovered).map((ms) => ms ?? 30_000)));
      tally.record(scenario, 'requests succeed again after recovery', after.length > 0 && after.every((s) => s.status < 400), `${after.length} requests after: ${describeSamples(after)}`);
    }

    // --- 7. The object store stopped for 10 s under load ------------------------------------------
    if (!wanted('store')) {
      // left out
    } else if (options.storage === 's3' && cluster.s3) {
      const scenario = 'object store stopped 10 s under load';
      const load = startLoad(cluster.url, loadKinds, 4);
      await sleep(2000);
      const stopAt = Date.now();
      await cluster.s3.stop();
      log('s3rver stopped');
      await sleep(10_000);
      await cluster.s3.start();
      const startAt = Date.now();
      log(`s3rver started again after ${((startAt - stopAt) / 1000).toFixed(1)} s`);
      const recovered = await recovery(cluster.instances, (c) => c.request('POST', '/api/ex/images/download-selected-images-zip', { token: customer.token, body: [photos[12].url], timeoutMs: 10_000 }), startAt, 30_000);
      await sleep(3000);
      await load.stop();
      const during = load.samples.filter((s) => s.at >= stopAt && s.at < startAt);
      const unclean = during.filter((s) => !s.clean);
      const storageKinds = during.filter((s) => s.kind === 'preview' || s.kind === 'zip');
      const dbOnly = during.filter((s) => s.kind === 'gallery page' || s.kind === 'favourite' || s.kind === 'readiness');
      tally.record(scenario, 'requests that need a file fail with a clean 503 { message }', unclean.length === 0 && storageKinds.some((s) => s.status === 503 || s.status < 400), `${storageKinds.length} file requests: ${describeSamples(storageKinds)}${unclean.length ? `; not clean: ${[...new Set(unclean.map((u) => `${u.kind} ${u.status} ${u.detail}`.slice(0, 80)))].slice(0, 3).join(' | ')}` : ''}`);
      tally.record(scenario, 'requests that need no file keep working', dbOnly.every((s) => s.status < 400), `${dbOnly.length} database-only requests: ${describeSamples(dbOnly)}`);
      const allBack = Object.values(recovered).every((ms) => ms !== null);
      tally.record(scenario, 'every instance recovers by itself', allBack && cluster.instances.every((i) => i.running), `ZIPs again after ${Object.entries(recovered).map(([id, ms]) => `${id} ${ms === null ? 'never' : `${ms} ms`}`).join(', ')}`);
    } else {
      tally.record('object store stopped 10 s under load', 'skipped: the cluster runs on a shared disk folder (no S3 store yet)', null);
    }

    // --- the whole state afterwards -------------------------------------------------------------------
    {
      const scenario = 'afterwards';
      const end = await consistency(cluster, dbClient);
      const newOrphanFolders = end.filesWithoutRows.filter((f) => !baseline.filesWithoutRows.includes(f));
      tally.record(scenario, 'no photo row without its files', end.rowsWithoutFiles.length === 0, `${end.rowsWithoutFiles.length} ${end.rowsWithoutFiles.slice(0, 3).join(', ')}`);
      // A kill between a version's files and its row leaves the files (never a row without them): the
      // daily orphan sweep removes such files once a day old. Here it runs at once, without the day.
      const swept = await sweepOrphansNow(cluster);
      const afterSweep = await consistency(cluster, dbClient);
      const leftovers = [...newOrphanFolders, ...end.uploadsWithoutRows];
      tally.record(
        scenario,
        'no stored file left without its row for good',
        afterSweep.filesWithoutRows.length === 0 && afterSweep.uploadsWithoutRows.length === 0,
        `${newOrphanFolders.length} photo folder(s) and ${end.uploadsWithoutRows.length} upload(s) without a row right after the kills${leftovers.length ? ` (${leftovers.slice(0, 3).join(', ')})` : ''}; the orphan sweep removed ${swept.removedFiles} file(s) in ${swept.removedFolders} folder(s), ${afterSweep.filesWithoutRows.length + afterSweep.uploadsWithoutRows.length} left`,
      );
      tally.record(scenario, 'no double charge', end.doubleCharges.length === 0, end.doubleCharges.join('; ') || '0 payments with two transactions, 0 transactions with two orders');
      tally.record(scenario, 'no double booking', end.doubleBookings.length === 0, end.doubleBookings.join('; ') || '0 invites booked twice, 0 slots over capacity');
      // Every photo's preview, through the proxy: whole JPEGs only.
      const all = await proxy.expect(200, 'GET', `/api/sessions/GetUserSessionsPage?userId=${customer.id}&page=1&pageSize=100&flag=All`, { token: customer.token });
      let whole = 0;
      const broken: string[] = [];
      for (const p of all.body.items as Json[]) {
        const served = await proxy.request('GET', p.previewUrl);
        if (served.status === 200 && (await wholeJpeg(served.bytes))) whole += 1;
        else broken.push(`photo ${p.id}: ${served.status} ${served.bytes.length} bytes`);
      }
      const zip = await proxy.request('POST', '/api/ex/images/download-selected-images-zip', { token: customer.token, body: (all.body.items as Json[]).slice(0, 6).map((p) => p.url), timeoutMs: 60_000 });
      const entries = zip.status === 200 ? readZip(zip.bytes) : [];
      const zipWhole = (await Promise.all(entries.map((e) => wholeJpeg(e.data)))).every(Boolean);
      tally.record(scenario, 'no half-written file served', broken.length === 0 && zip.status === 200 && zipWhole, `${whole} previews whole, ${broken.length} not ${broken.slice(0, 3).join(', ')}; a ZIP of ${entries.length} whole JPEGs`);
    }
  } catch (error) {
    tally.record('campaign', 'ran to the end', false, (error as Error).stack?.split('\n').slice(0, 3).join(' ') ?? String(error));
  } finally {
    await dbClient.end().catch(() => undefined);
    if (dbClient !== db) await db.end().catch(() => undefined);
    await stripe?.close().catch(() => undefined);
  }

  const tried = tally.rows.filter((r) => r.held !== null);
  const held = tried.filter((r) => r.held);
  const width = Math.max(...tally.rows.map((r) => r.scenario.length));
  console.log(`\nFault campaign (${options.storage === 's3' ? 'PostgreSQL + S3 (s3rver)' : 'PostgreSQL + shared disk'}, ${cluster.instances.length} instances behind nginx)`);
  console.log(`  ${'scenario'.padEnd(width)}  held  check — figure`);
  for (const r of tally.rows) console.log(`  ${r.scenario.padEnd(width)}  ${r.held === null ? ' - ' : r.held ? 'yes' : 'NO '}   ${r.check}${r.figure ? ` — ${r.figure}` : ''}`);
  console.log(`  ${held.length} of ${tried.length} checks held, in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return held.length === tried.length ? 0 : 1;
}
