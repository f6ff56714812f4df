import { describe, expect, it } from 'vitest';
import { isBackendUnavailable } from './backend-unavailable';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isBackendUnavailable', () => {
  it('knows a service that cannot be reached or went away: socket errors and PostgreSQL shutting down', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN']) expect(isBackendUnavailable(withCode(code)), code).toBe(true);
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001', '08003']) expect(isBackendUnavailable(withCode(code)), code).toBe(true);
    expect(isBackendUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isBackendUnavailable(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
    expect(isBackendUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('looks through causes and AggregateError (a refused connection on 127.0.0.1 and ::1)', () => {
    expect(isBackendUnavailable(new Error('query failed', { cause: withCode('ECONNREFUSED') }))).toBe(true);
    expect(isBackendUnavailable(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], ''))).toBe(true);
  });

  it('leaves every other failure alone: a bug or a refused statement stays a 500', () => {
    expect(isBackendUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isBackendUnavailable(withCode('23505', 'duplicate key value'))).toBe(false);
    expect(isBackendUnavailable(withCode('42P01', 'relation "x" does not exist'))).toBe(false);
    expect(isBackendUnavailable(withCode('ENOENT'))).toBe(false);
    expect(isBackendUnavailable(null)).toBe(false);
    expect(isBackendUnavailable('ECONNREFUSED')).toBe(false);
    const cyclic: { cause?: unknown } = new Error('loop');
    cyclic.cause = cyclic;
    expect(isBackendUnavailable(cyclic)).toBe(false);
  });
});
