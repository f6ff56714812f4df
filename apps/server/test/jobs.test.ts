import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Db, createDb } from '../src/db/create-db';
import { type JobQueue, createJobQueue, waitForJobs } from '../src/jobs';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Background jobs (issue 15 §5) over the real database: the in-process queue on SQLite, pg-boss on
 * PostgreSQL (TEST_DATABASE_URL; pg-boss in a schema of its own per test app, dropped on close).
 * Queues made here share the test app's database (file or pg-boss schema), as two server instances do.
 */

type TestJobs = {
  'test-once': { n: number };
  'test-flaky': { label: string };
  'test-count': { i: number };
  'test-slow': { ms: number };
  'test-later': { n: number };
  'test-lease': { ms: number };
  'test-orphan': { n: number };
};

let t: TestApp;
let staff: TestUser;
let customer: TestUser;
const opened: { queue: JobQueue<TestJobs>; db: Db }[] = [];

beforeAll(async () => {
  // A 2-second lease: runs are renewed every half second, a dead instance's job comes back within seconds.
  t = await startTestApp({ JOBS_POLL_INTERVAL_MS: '100', JOB_LEASE_SECONDS: '2' });
  staff = await t.createUser({ firstName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Customer' });
});
afterAll(async () => {
  for (const { queue, db } of opened) {
    await queue.stop();
    await db.kysely.destroy();
  }
  await t?.close();
});

/** Another instance's queue on the test app's database (its own connections, as another process would have). */
function newQueue(): JobQueue<TestJobs> {
  const db = createDb(t.config.database);
  const queue = createJobQueue<TestJobs>(db, t.config, { stopTimeoutMs: 10_000 });
  opened.push({ queue, db });
  return queue;
}

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the job queue', () => {
  it(`is ${process.env.TEST_DATABASE_URL ? 'pg-boss' : 'the in-process queue'} for this database`, () => {
    expect(t.app.jobs.kind).toBe(process.env.TEST_DATABASE_URL ? 'pg-boss' : 'local');
  });

  it('runs a job once, with its payload, and drops a second send with the same singletonKey while the first waits', async () => {
    const queue = newQueue();
    const runs: { n: number; attempt: number; id: string }[] = [];
    queue.register('test-once', async ({ n }, job) => {
      runs.push({ n, attempt: job.attempt, id: job.id });
    });
    const id = await queue.send('test-once', { n: 7 }, { singletonKey: 'only-one' });
    expect(id).toEqual(expect.any(String));
    expect(await queue.send('test-once', { n: 8 }, { singletonKey: 'only-one' })).toBeNull();
    expect(await queue.state(id!)).toBe('queued');
    await queue.start();
    expect(await waitForJobs(queue, [id!])).toEqual(['completed']);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs).toEqual([{ n: 7, attempt: 1, id }]);
    // Once it ran, the key is free again.
    const again = await queue.send('test-once', { n: 9 }, { singletonKey: 'only-one' });
    expect(again).toEqual(expect.any(String));
    expect(await waitForJobs(queue, [again!])).toEqual(['completed']);
    expect(runs.map((r) => r.n)).toEqual([7, 9]);
  });

  it('keeps queued jobs across a restart: another instance runs what one queued and never started', async () => {
    const before = newQueue();
    before.register('test-later', async () => undefined);
    const id = await before.send('test-later', { n: 1 });
    await before.stop();
    const after = newQueue();
    const seen: number[] = [];
    after.register('test-later', async ({ n }) => {
      seen.push(n);
    });
    await after.start();
    expect(await waitForJobs(after, [id!])).toEqual(['completed']);
    expect(seen).toEqual([1]);
  });

  it('retries a failing handler with backoff, lists it as failed with its error, and runs it again on Retry from the API', async () => {
    const queue = newQueue();
    const attempts: { attempt: number; at: number }[] = [];
    let healed = false;
    queue.register(
      'test-flaky',
      async (_payload, job) => {
        attempts.push({ attempt: job.attempt, at: Date.now() });
        if (!healed) throw new Error(`boom on attempt ${job.attempt}`);
      },
      { retryLimit: 2, retryDelaySeconds: 1, retryBackoff: true },
    );
    await queue.start();
    const id = (await queue.send('test-flaky', { label: 'first' }))!;
    expect(await waitForJobs(queue, [id], { timeoutMs: 25_000 })).toEqual(['failed']);

    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Exponential: about 1-2 s before the first retry, about 2-4 s before the second.
    const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(900);
    expect(third - second).toBeGreaterThanOrEqual(1900);

    const listed = await t.request('GET', '/api/studio/jobs?page=1&pageSize=10', { token: staff.token });
    expect(listed.status).toBe(200);
    expect(listed.body.backend).toBe(t.app.jobs.kind);
    expect(listed.body.counts.failed).toBeGreaterThanOrEqual(1);
    expect(listed.body.byName.find((c: { name: string }) => c.name === 'test-flaky')).toMatchObject({ failed: 1 });
    const failed = listed.body.failed.items.find((j: { id: string }) => j.id === id);
    expect(failed).toMatchObject({ id, name: 'test-flaky', attempts: 3, lastError: 'boom on attempt 3', payloadSummary: '{"label":"first"}' });
    expect(Date.parse(failed.failedAt)).toBeGreaterThan(Date.now() - 60_000);

    // Customers and visitors may not; staff may.
    expect((await t.request('POST', `/api/studio/jobs/${id}/retry`, { token: customer.token })).status).toBe(403);
    expect((await t.request('POST', `/api/studio/jobs/${id}/retry`)).status).toBe(401);
    healed = true;
    const retried = await t.request('POST', `/api/studio/jobs/${id}/retry`, { token: staff.token });
    expect([retried.status, retried.body]).toEqual([200, { id, name: 'test-flaky' }]);
    expect(await waitForJobs(queue, [id], { timeoutMs: 10_000 })).toEqual(['completed']);
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3, 4]);
    // Not failed any more: nothing to retry.
    expect((await t.request('POST', `/api/studio/jobs/${id}/retry`, { token: staff.token })).status).toBe(404);
    const after = await t.request('GET', '/api/studio/jobs', { token: staff.token });
    expect(after.body.failed.items.some((j: { id: string }) => j.id === id)).toBe(false);

    const activity = await t.request('GET', '/api/studio/activity?page=1&pageSize=5', { token: staff.token });
    expect(activity.body.items[0]).toMatchObject({ action: 'job.retry', subject: `job:${id}`, actor: { id: staff.id }, details: { name: 'test-flaky' } });
  }, 45_000);

  it('shares 50 jobs between two instances on one database, each job done exactly once', async () => {
    const first = newQueue();
    const second = newQueue();
    const done = new Map<string, string[]>();
    const handler = (instance: string) => async (_payload: { i: number }, job: { id: string }) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      done.set(job.id, [...(done.get(job.id) ?? []), instance]);
    };
    first.register('test-count', handler('first'), { concurrency: 3 });
    second.register('test-count', handler('second'), { concurrency: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) ids.push((await (i % 2 === 0 ? first : second).send('test-count', { i }))!);
    expect(new Set(ids).size).toBe(50);
    await Promise.all([first.start(), second.start()]);
    const states = await waitForJobs(first, ids, { timeoutMs: 25_000 });
    expect(states.every((s) => s === 'completed')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(done.size).toBe(50);
    expect([...done.values()].filter((instances) => instances.length !== 1)).toEqual([]);
    const perInstance = [...done.values()].flat();
    expect(perInstance.filter((i) => i === 'first').length).toBeGreaterThan(0);
    expect(perInstance.filter((i) => i === 'second').length).toBeGreaterThan(0);
  }, 45_000);

  it('stop() waits for a running handler to finish', async () => {
    const queue = newQueue();
    let started = false;
    let finished = false;
    queue.register('test-slow', async ({ ms }) => {
      started = true;
      await new Promise((resolve) => setTimeout(resolve, ms));
      finished = true;
    });
    await queue.start();
    const id = (await queue.send('test-slow', { ms: 1500 }))!;
    await until(() => started);
    await queue.stop();
    expect(finished).toBe(true);
    // Recorded as completed: no other instance runs it again.
    const observer = newQueue();
    expect(await observer.state(id)).toBe('completed');
  }, 30_000);

  it('keeps a run longer than its lease alive (heartbeats): no other instance takes it meanwhile', async () => {
    const first = newQueue();
    const second = newQueue();
    const runs: string[] = [];
    const handler = (instance: string) => async ({ ms }: { ms: number }) => {
      runs.push(instance);
      await new Promise((resolve) => setTimeout(resolve, ms));
    };
    first.register('test-lease', handler('first'), { retryDelaySeconds: 1, retryBackoff: false });
    second.register('test-lease', handler('second'), { retryDelaySeconds: 1, retryBackoff: false });
    await first.start();
    const id = (await first.send('test-lease', { ms: 6000 }))!;
    await until(() => runs.length === 1);
    await second.start();
    // Three leases long: without its heartbeats, the second instance would run it again.
    expect(await waitForJobs(first, [id], { timeoutMs: 20_000 })).toEqual(['completed']);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(runs).toEqual(['first']);
  }, 30_000);

  it('takes back a job whose instance died once its lease ran out, and runs it again at once on another', async () => {
    const sender = newQueue();
    sender.register('test-orphan', async () => undefined, { retryDelaySeconds: 1, retryBackoff: false });
    const id = (await sender.send('test-orphan', { n: 1 }))!;
    // What a kill -9 leaves: the job active, claimed by an instance that no longer renews its lease.
    if (process.env.TEST_DATABASE_URL) {
      await sql`update ${sql.id(t.config.jobs.pgBossSchema, 'job')} set state = 'active', started_on = now() - interval '30 seconds', expire_in = interval '2 seconds' where name = 'test-orphan' and id = ${id}`.execute(t.db.kysely);
    } else {
      const past = new Date(Date.now() - 30_000).toISOString();
      await t.db.kysely.updateTable('jobs').set({ state: 'active', attempts: 1, locked_by: 'a-dead-instance', started_at: past, expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    }
    expect(await sender.state(id)).toBe('active');

    const rescuer = newQueue();
    const attempts: number[] = [];
    rescuer.register('test-orphan', async (_payload, job) => {
      attempts.push(job.attempt);
    }, { retryDelaySeconds: 1, retryBackoff: false });
    const started = Date.now();
    await rescuer.start();
    expect(await waitForJobs(rescuer, [id], { timeoutMs: 15_000 })).toEqual(['completed']);
    expect(attempts).toEqual([2]);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 30_000);

  it('answers staff only: counts and failed jobs (customers 403, signed-out 401), 404 for an unknown job', async () => {
    expect((await t.request('GET', '/api/studio/jobs', { token: customer.token })).status).toBe(403);
    expect((await t.request('GET', '/api/studio/jobs')).status).toBe(401);
    const listed = await t.request('GET', '/api/studio/jobs', { token: staff.token });
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.body.counts).sort()).toEqual(['active', 'completed', 'failed', 'queued', 'retrying']);
    expect((await t.request('POST', '/api/studio/jobs/00000000-0000-4000-8000-000000000000/retry', { token: staff.token })).status).toBe(404);
    expect((await t.request('POST', '/api/studio/jobs/not-a-job/retry', { token: staff.token })).status).toBe(404);
  });
});
