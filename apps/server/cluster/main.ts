/**
 * `npm run test:cluster` (scripts/test-cluster.mjs builds the bundle, then runs this with tsx):
 * PostgreSQL (a private cluster), the S3 server, three instances and nginx round robin, then the
 * customer's and the studio's journeys through the proxy, the same answers from every instance, a
 * rolling restart under load, and nothing kept on an instance's disk.
 *
 *   --faults            then the fault campaign on the same cluster (faults.ts)
 *   --only-faults       the campaign alone (a fresh cluster, no journeys)
 *   --storage disk|s3   default: s3 when the server has it (config.ts knows 's3'), else one shared disk folder
 *   --scenarios a,b     only these scenarios of the campaign (import, upload, edit, webhook, booking, postgres, store)
 *   --keep              keep the temporary folder (logs, database, bucket) for a look afterwards
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from './client';
import { SCENARIOS, type Scenario, runFaultCampaign } from './faults';
import { Cluster, type Instance, PROXY_FAIL_TIMEOUT_SECONDS, log, repoRoot, sleep } from './harness';
import { Steps, agreement, check, customerJourney, studioJourney } from './journeys';

const argv = process.argv.slice(2);
const has = (flag: string) => argv.includes(flag);
const valueOf = (flag: string) => {
  const i = argv.indexOf(flag);
  return i >= 0 ? argv[i + 1] : undefined;
};

function serverHasS3(): boolean {
  return fs.readFileSync(path.join(repoRoot, 'apps', 'server', 'src', 'config.ts'), 'utf8').includes("'s3'");
}

const storage = (valueOf('--storage') as 's3' | 'disk' | undefined) ?? (serverHasS3() ? 's3' : 'disk');
const onlyFaults = has('--only-faults');
const faults = has('--faults') || onlyFaults;

/** Polls the gallery page through the proxy while each instance in turn is stopped (SIGTERM) and started again. */
async function rollingRestart(cluster: Cluster, steps: Steps, url: string, token: string): Promise<void> {
  await steps.run('rolling restart under load', async () => {
    const client = new Client(cluster.url);
    const failures: string[] = [];
    let sent = 0;
    let running = true;
    const load = (async () => {
      while (running) {
        sent += 1;
        try {
          const answer = await client.request('GET', url, { token, timeoutMs: 30_000 });
          if (answer.status !== 200) failures.push(`${answer.status} from ${answer.instance ?? 'proxy'}`);
        } catch (error) {
          failures.push((error as Error).message);
        }
        await sleep(25);
      }
    })();
    const downtimes: string[] = [];
    for (const instance of cluster.instances) {
      const t0 = Date.now();
      await instance.terminate();
      instance.start();
      await instance.waitReady();
      downtimes.push(`${instance.id} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
      // Back in the proxy's rotation before the next one goes (see PROXY_FAIL_TIMEOUT_SECONDS).
      await sleep(PROXY_FAIL_TIMEOUT_SECONDS * 1000 + 500);
    }
    await sleep(500);
    running = false;
    await load;
    check(failures.length === 0, `${failures.length} of ${sent} requests failed during the rolling restart: ${failures.slice(0, 5).join('; ')}`);
    return { value: null, note: `${sent} requests, 0 failed; each instance out and back (${downtimes.join(', ')})` };
  });
}

async function diskCheck(cluster: Cluster, steps: Steps): Promise<void> {
  await steps.run('nothing kept on an instance disk', async () => {
    const perInstance = cluster.filesOnInstanceDisks();
    const notes: string[] = [];
    for (const [id, files] of Object.entries(perInstance)) {
      // The outbox is the mail folder used when no SMTP_URL is set (a deployment sets one).
      const kept = files.filter((f) => !f.startsWith('outbox/'));
      check(kept.length === 0, `instance ${id} keeps files in its DATA_DIR: ${kept.slice(0, 8).join(', ')}${kept.length > 8 ? ' …' : ''}`);
      notes.push(`${id}: ${files.length - kept.length} outbox mail(s)`);
    }
    return { value: null, note: `no media, uploads or secrets on disk (${notes.join(', ')})` };
  });
}

function landingSummary(clients: Client[], instances: Instance[]): { counts: Record<string, number>; consecutiveDifferent: number; total: number } {
  const counts: Record<string, number> = Object.fromEntries(instances.map((i) => [i.id, 0]));
  let consecutiveDifferent = 0;
  let total = 0;
  for (const client of clients) {
    let previous: string | null = null;
    for (const landing of client.landings) {
      total += 1;
      if (landing) counts[landing] = (counts[landing] ?? 0) + 1;
      if (previous !== null && landing !== null && landing !== previous) consecutiveDifferent += 1;
      previous = landing;
    }
  }
  return { counts, consecutiveDifferent, total };
}

async function main(): Promise<number> {
  const started = Date.now();
  log(`storage: ${storage}${storage === 'disk' ? ' (one DATA_DIR shared by the instances: the S3 store has not landed in config.ts)' : ' (s3rver; each instance its own empty DATA_DIR)'}`);
  const cluster = await Cluster.start({ storage, keep: has('--keep') });
  let code = 0;
  let failure: string | null = null;
  const steps = new Steps();
  try {
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cluster.instances.map((i) => `${i.id}=:${i.port}`).join(' ')} behind ${cluster.url}`);
    if (!onlyFaults) {
      await steps.run('every instance live and ready', async () => {
        for (const instance of cluster.instances) {
          const direct = new Client(instance.url, instance.id);
          await direct.expect(200, 'GET', '/api/health');
          const ready = await direct.expect(200, 'GET', '/api/health/ready');
          check(ready.instance === instance.id, `instance ${instance.id} names itself in x-instance (${ready.instance})`);
        }
        return { value: null, note: `GET /api/health and /api/health/ready: 200 on ${cluster.instances.map((i) => i.id).join(', ')}` };
      });
      const customerClient = new Client(cluster.url, 'proxy (customer)');
      const studioClient = new Client(cluster.url, 'proxy (studio)');
      const customerPart = await customerJourney(cluster, customerClient, steps);
      const studioPart = await studioJourney(cluster, studioClient, steps, customerPart.orderId);
      await agreement(cluster, [...customerPart.agreed, ...studioPart.agreed], steps);
      const landings = landingSummary([customerClient, studioClient], cluster.instances);
      await steps.run('requests spread over the instances', async () => {
        const used = Object.values(landings.counts).filter((n) => n > 0).length;
        check(used >= 2, `requests landed on ${used} instance(s) only`);
        check(landings.consecutiveDifferent > 0, 'consecutive requests landed on different instances');
        return { value: null, note: `${landings.total} requests: ${Object.entries(landings.counts).map(([id, n]) => `${id} ${n}`).join(', ')}; ${landings.consecutiveDifferent} times the next request went to another instance` };
      });
      await rollingRestart(cluster, steps, customerPart.agreed[0]!.url, customerPart.customer.token);
      if (storage === 's3') await diskCheck(cluster, steps);
    }
    if (faults) {
      const only = (valueOf('--scenarios') ?? '').split(',').filter(Boolean) as Scenario[];
      const unknown = only.filter((s) => !SCENARIOS.includes(s));
      if (unknown.length > 0) throw new Error(`unknown scenario ${unknown.join(', ')}; scenarios: ${SCENARIOS.join(', ')}`);
      const campaignCode = await runFaultCampaign(cluster, { storage, only });
      if (campaignCode !== 0) code = campaignCode;
    }
  } catch (error) {
    code = 1;
    failure = (error as Error).message ?? String(error);
    console.error(`\n✘ ${(error as Error).stack ?? error}`);
    for (const instance of cluster.instances) console.error(`\n--- instance ${instance.id} log (tail): ${instance.logFile}\n${instance.logTail(25)}`);
  } finally {
    await cluster.stop();
  }
  if (steps.results.length > 0) {
    console.log('\nCluster test summary');
    for (const r of steps.results) console.log(`  ✔ ${r.name.padEnd(36)} ${`${(r.ms / 1000).toFixed(1)} s`.padStart(7)}  ${r.note}`);
  }
  // Again after the instances' logs, which push the first report out of a short tail (CI keeps the end).
  if (failure !== null) console.log(`  ✘ ${steps.failed ?? 'outside the steps'}: ${failure}`);
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(1)} s, storage ${storage}, ${code === 0 ? 'passed' : 'FAILED'}`);
  return code;
}

process.exit(await main());
