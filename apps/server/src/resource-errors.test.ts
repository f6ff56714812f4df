import { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './db/create-db';
import { DATABASE_BUSY_MESSAGE, InsufficientStorageError, STORAGE_FULL_MESSAGE, isDatabaseBusy, isStorageFull, resourceFailure } from './resource-errors';

describe('resource failures (issue 25)', () => {
  it('knows a full disk wherever it surfaces: the OS, SQLite, PostgreSQL, a wrapped cause, a message', () => {
    const enospc = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    const full = [
      enospc,
      Object.assign(new Error('disk quota exceeded'), { code: 'EDQUOT' }),
      Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' }),
      Object.assign(new Error('could not extend file'), { code: '53100' }),
      new Error('the import failed', { cause: enospc }),
      new AggregateError([new Error('other'), enospc]),
      'ENOSPC: no space left on device, write',
    ];
    for (const error of full) expect(resourceFailure(error)).toMatchObject({ status: 507, message: STORAGE_FULL_MESSAGE });
    expect(resourceFailure(new InsufficientStorageError('Too many uploads'))).toMatchObject({ status: 507, message: 'Too many uploads' });
    expect(isStorageFull(new Error('bad input'))).toBe(false);
  });

  it('knows a busy SQLite, and answers it 503 without its words', () => {
    const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    expect(isDatabaseBusy(busy)).toBe(true);
    expect(isDatabaseBusy(Object.assign(new Error('x'), { code: 'SQLITE_BUSY_SNAPSHOT' }))).toBe(true);
    expect(resourceFailure(busy)).toEqual({ status: 503, message: DATABASE_BUSY_MESSAGE, cause: 'database busy (SQLITE_BUSY)' });
    expect(DATABASE_BUSY_MESSAGE).not.toMatch(/locked/);
    expect(resourceFailure(new Error('something else'))).toBeNull();
  });

  it('throws the real SQLite error of a transaction SQLite rolled back itself, not "cannot rollback"', async () => {
    const db = createDb({ dialect: 'sqlite', file: ':memory:' });
    try {
      await db.kysely.executeQuery(CompiledQuery.raw('create table filler (data blob)'));
      // The database may not grow past a few pages: the next big insert is SQLITE_FULL.
      await db.kysely.executeQuery(CompiledQuery.raw('pragma max_page_count = 8'));
      const failure = await db.kysely
        .transaction()
        .execute(async (trx) => {
          for (let i = 0; i < 100; i++) await trx.executeQuery(CompiledQuery.raw('insert into filler (data) values (randomblob(4096))'));
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toMatch(/database or disk is full/);
      expect(resourceFailure(failure)).toMatchObject({ status: 507 });
    } finally {
      await db.kysely.destroy();
    }
  });
});
