import { describe, expect, it, vi } from 'vitest';
import { CustomerEvents, VIEWED_INTERVAL_MS } from './customer-events';
import type { CustomerEventsRepository, NewCustomerEvent } from './customer-events.repository';

function setup(options: { failInsert?: boolean; recentView?: boolean } = {}) {
  let now = new Date('2026-11-26T12:00:00Z').getTime();
  const inserted: NewCustomerEvent[] = [];
  const repository = {
    insert: vi.fn(async (event: NewCustomerEvent) => {
      if (options.failInsert) throw new Error('database down');
      inserted.push(event);
    }),
    hasSince: vi.fn(async () => options.recentView === true),
  } as unknown as CustomerEventsRepository;
  const log = { warn: vi.fn() };
  const events = new CustomerEvents(repository, () => new Date(now), log);
  return { events, inserted, log, repository, advance: (ms: number) => (now += ms) };
}

describe('CustomerEvents', () => {
  it('records an action on a photo for its owner, with who did it', async () => {
    const { events, inserted } = setup();
    await events.photo('favourited', { id: 5, user_id: 7, session_id: 3 }, 'visitor');
    expect(inserted).toEqual([expect.objectContaining({ userId: 7, sessionId: 3, photoId: 5, kind: 'favourited', details: { by: 'visitor' } })]);
  });

  it('never throws into the caller: a failure is logged', async () => {
    const { events, log } = setup({ failInsert: true });
    await expect(events.record('shared', { userId: 7, photoId: 5 })).resolves.toBeUndefined();
    expect(log.warn).toHaveBeenCalledOnce();
  });

  it('records a view at most once an hour per customer and session, checking the database once', async () => {
    const { events, inserted, repository, advance } = setup();
    await Promise.all([events.viewed(7, null, 'customer'), events.viewed(7, null, 'customer')]);
    await events.viewed(7, 3, 'visitor');
    advance(VIEWED_INTERVAL_MS - 1);
    await events.viewed(7, null, 'customer');
    expect(inserted.map((e) => [e.kind, e.sessionId])).toEqual([
      ['viewed', null],
      ['viewed', 3],
    ]);
    expect(repository.hasSince).toHaveBeenCalledTimes(2);
    advance(1);
    await events.viewed(7, null, 'customer');
    expect(inserted).toHaveLength(3);
  });

  it('does not record a view the database already has from the last hour (another process, a restart)', async () => {
    const { events, inserted } = setup({ recentView: true });
    await events.viewed(7, null, 'customer');
    expect(inserted).toHaveLength(0);
  });
});
