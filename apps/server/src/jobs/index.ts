/**
 * Jobs that outlive a request (issue 15 §5): imports, bulk invites, reminder and expiry mails.
 *
 * One interface, JobQueue (job-queue.ts), two implementations chosen by the database (createJobQueue):
 *
 * - PostgreSQL: **pg-boss** (pg-boss-queue.ts), in its own schema of the database the app already
 *   runs (`JOBS_SCHEMA`, default `pgboss`, or `<DATABASE_SCHEMA>_pgboss`). Chosen over graphile-worker
 *   because it fits how this server is built: a library driven by plain SQL through any `executeSql`
 *   (here a small pg pool of its own, which stop() drains), with no runner of its own, no task list
 *   compiled into it and no LISTEN connection held per instance; and because what the dashboard shows
 *   is its API: per-queue retry limits with exponential backoff (retryLimit / retryDelay /
 *   retryBackoff), a `failed` state keeping the error, `retry(name, id)`, counts by state, and expiry
 *   of runs whose instance died. graphile-worker keeps a job that ran out of attempts only as a row
 *   of its private tables whose attempts reached max_attempts, to be rescheduled through its SQL
 *   functions. pg-boss fetches with `FOR UPDATE SKIP LOCKED`: any number of instances share the work
 *   and none runs a job twice. Pinned to 10.x (11 needs Node 22).
 * - SQLite: LocalJobQueue (local-job-queue.ts), in-process, persisted in the `jobs` table (migration
 *   2026-11-27-02) so queued jobs survive a restart; claims with a guarded UPDATE; same retries.
 *
 * Using it from a module:
 *   1. Name the job and its payload in JobPayloads (job-queue.ts).
 *   2. Register its handler once per process (app.ts does it next to the module's wiring):
 *        jobs.register('shoot-import', async (payload, job) => { … }, { retryLimit: 3, retryDelaySeconds: 30 });
 *      A throw is a failed attempt: retried with backoff, then listed as failed on /studio/jobs.
 *      Handlers must be idempotent: after a crash a job may run again (at-least-once).
 *   3. Send from a service (it gets `jobs` from createServices): `await jobs.send('shoot-import', payload, { singletonKey })`.
 *      A job that goes with a state change is sent in the change's transaction, `{ within: trx }`, so
 *      neither exists without the other (issue 25).
 * A running job holds a short lease (JOB_LEASE_SECONDS) renewed while its handler runs: the jobs of an
 * instance that died come back to any instance within about a minute and a half.
 * The app starts the queue after listening (server.ts; the API tests' startTestApp) and stops it
 * when it closes, waiting for running handlers. JOBS_ENABLED=off: the instance sends but never works.
 */
export * from './job-queue';
export { createJobQueue } from './create-job-queue';
export { LocalJobQueue } from './local-job-queue';
export { PgBossQueue } from './pg-boss-queue';
export { JobsDashboard } from './jobs-dashboard';
