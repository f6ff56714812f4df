import { describe, expect, it } from 'vitest';
import { BatchLoader } from './batch-loader';

/** A fetch the test completes by hand, recording each batch of keys. */
function manualFetch() {
  const batches: number[][] = [];
  const pending: (() => void)[] = [];
  let failNext = false;
  const fetch = (keys: number[]) => {
    batches.push(keys);
    const fail = failNext;
    failNext = false;
    return new Promise<Map<number, string>>((resolve, reject) => {
      pending.push(() => (fail ? reject(new Error('database down')) : resolve(new Map(keys.filter((k) => k !== 0).map((k) => [k, `v${k}`])))));
    });
  };
  return {
    fetch,
    batches,
    failNext: () => (failNext = true),
    /** Completes the oldest running fetch, then lets the loader start the next (at the end of the next turn). */
    async complete() {
      pending.shift()?.();
      await turn();
      await turn();
    },
  };
}

/** One turn of the event loop. */
const turn = () => new Promise((r) => setImmediate(r));

describe('BatchLoader', () => {
  it('starts a batch at the end of the turn, so the keys asked for in that turn share one query', async () => {
    const db = manualFetch();
    const loader = new BatchLoader(db.fetch, () => 'none');
    const answers = [loader.load(1), loader.load(2), loader.load(1)];
    expect(db.batches).toEqual([]);
    await turn();
    expect(db.batches).toEqual([[1, 2]]);
    await db.complete();
    expect(await Promise.all(answers)).toEqual(['v1', 'v2', 'v1']);
    expect(db.batches).toEqual([[1, 2]]);
  });

  it('answers keys asked for during a running batch from the next batch, one query for all of them', async () => {
    const db = manualFetch();
    const loader = new BatchLoader(db.fetch, () => 'none');
    const first = loader.load(1);
    await turn();
    expect(db.batches).toEqual([[1]]);

    // Asked while [1] runs: not answered by it, even key 1 again.
    const waiting = [loader.load(1), loader.load(2), loader.load(2), loader.load(0)];
    await db.complete();
    expect(await first).toBe('v1');
    expect(db.batches).toEqual([[1], [1, 2, 0]]);
    await db.complete();
    expect(await Promise.all(waiting)).toEqual(['v1', 'v2', 'v2', 'none']);
  });

  it('rejects one batch when its query fails and goes on with the next', async () => {
    const db = manualFetch();
    const loader = new BatchLoader(db.fetch, () => 'none');
    db.failNext();
    const failed = loader.load(1);
    await turn();
    const later = loader.load(3);
    const refused = expect(failed).rejects.toThrow('database down');
    await db.complete();
    await refused;
    await db.complete();
    expect(await later).toBe('v3');
    expect(db.batches).toEqual([[1], [3]]);
  });
});
