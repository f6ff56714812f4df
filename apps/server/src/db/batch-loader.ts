/**
 * Loads values by key in batches. A batch starts at the end of the event loop's turn in which its first
 * key was asked for (setImmediate), so every request whose bytes arrived in that turn shares it; keys
 * asked for while a batch is running wait for the next one, which starts at the end of the turn in which
 * the running one ends, and fetches all of them in one query.
 *
 * A key is never answered by a query that began before it was asked for, so a load still sees every
 * write committed before it was called (unlike joining a query already in flight). Under load, one
 * query answers many requests; with one request at a time it is one query each, a turn later.
 */
export class BatchLoader<K, V> {
  private waiting = new Map<K, { resolve: (value: V) => void; reject: (error: unknown) => void }[]>();
  private running = false;

  constructor(private readonly fetch: (keys: K[]) => Promise<Map<K, V>>, private readonly missing: (key: K) => V) {}

  load(key: K): Promise<V> {
    return new Promise<V>((resolve, reject) => {
      const waiters = this.waiting.get(key);
      if (waiters === undefined) this.waiting.set(key, [{ resolve, reject }]);
      else waiters.push({ resolve, reject });
      if (!this.running) {
        this.running = true;
        void this.drain();
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      do {
        await endOfTurn();
        const batch = this.waiting;
        this.waiting = new Map();
        try {
          const values = await this.fetch([...batch.keys()]);
          for (const [key, waiters] of batch) {
            const value = values.has(key) ? (values.get(key) as V) : this.missing(key);
            for (const waiter of waiters) waiter.resolve(value);
          }
        } catch (error) {
          for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
        }
      } while (this.waiting.size > 0);
    } finally {
      this.running = false;
    }
  }
}

function endOfTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
