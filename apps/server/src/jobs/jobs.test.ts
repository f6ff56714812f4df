import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { summarizePayload } from './job-queue';
import { retryDelayMs } from './local-job-queue';

describe('retryDelayMs (the in-process queue, as pg-boss computes it)', () => {
  it('doubles the wait with each retry, with up to as much again as jitter', () => {
    const backoff = { retryDelaySeconds: 60, retryBackoff: true };
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(backoff, attempts, 0))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(backoff, 2, 0.5)).toBe(180_000);
    expect(retryDelayMs(backoff, 40, 0)).toBe(60_000 * 2 ** 16);
  });

  it('waits the same each time without backoff', () => {
    expect([1, 5].map((attempts) => retryDelayMs({ retryDelaySeconds: 30, retryBackoff: false }, attempts, 0.9))).toEqual([30_000, 30_000]);
  });
});

describe('summarizePayload', () => {
  it('shows the payload as JSON, cut to 200 characters', () => {
    expect(summarizePayload({ appointmentId: 3 })).toBe('{"appointmentId":3}');
    const long = summarizePayload({ text: 'x'.repeat(500) });
    expect(long).toHaveLength(200);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('the uploads configuration', () => {
  it('expires unfinished uploads after a day and bounds the bytes in flight by default; each is configurable', () => {
    expect(loadConfig({}, { cwd: '/' }).uploads).toEqual({ expiryHours: 24, budgetBytes: 20 * 1024 ** 3, shootBudgetBytes: 4 * 1024 ** 3 });
    expect(loadConfig({ UPLOAD_EXPIRY_HOURS: '6', UPLOAD_BUDGET_BYTES: '1000000', UPLOAD_SHOOT_BUDGET_BYTES: '500000' }, { cwd: '/' }).uploads).toEqual({
      expiryHours: 6,
      budgetBytes: 1_000_000,
      shootBudgetBytes: 500_000,
    });
    expect(() => loadConfig({ UPLOAD_EXPIRY_HOURS: '0' }, { cwd: '/' })).toThrow(/UPLOAD_EXPIRY_HOURS/);
  });
});

describe('the jobs configuration', () => {
  it('works jobs every second by default, in pg-boss schema pgboss (or <DATABASE_SCHEMA>_pgboss)', () => {
    expect(loadConfig({}, { cwd: '/' }).jobs).toEqual({ enabled: true, pollIntervalMs: 1000, pgBossSchema: 'pgboss', leaseSeconds: 60 });
    expect(loadConfig({ DATABASE_URL: 'postgres://db/x', DATABASE_SCHEMA: 'studio' }, { cwd: '/' }).jobs.pgBossSchema).toBe('studio_pgboss');
    expect(loadConfig({ JOBS_ENABLED: 'off', JOBS_POLL_INTERVAL_MS: '250', JOBS_SCHEMA: 'queue', JOB_LEASE_SECONDS: '20' }, { cwd: '/' }).jobs).toEqual({ enabled: false, pollIntervalMs: 250, pgBossSchema: 'queue', leaseSeconds: 20 });
  });

  it('refuses what it cannot use', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig(env, { cwd: '/' });
        return [];
      } catch (error) {
        return error instanceof ConfigError ? error.problems : [String(error)];
      }
    };
    expect(problems({ JOBS_ENABLED: 'yes', JOBS_POLL_INTERVAL_MS: '10', JOBS_SCHEMA: 'Bad-Name', JOB_LEASE_SECONDS: '1' })).toEqual([
      'JOBS_ENABLED must be "on" or "off"',
      'JOBS_POLL_INTERVAL_MS must be a whole number between 100 and 60000',
      'JOBS_SCHEMA must be a lower-case SQL identifier of at most 50 characters',
      'JOB_LEASE_SECONDS must be a whole number between 2 and 3600',
    ]);
  });
});
