import { createHash } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import type { Storage, StoredEntry } from './storage';

/** What one run of `storage migrate` did. */
export interface MigrationReport {
  /** Files written to the target and verified there. */
  copied: number;
  /** Files the target already held with the same size and SHA-256 (an earlier, maybe interrupted, run). */
  alreadyThere: number;
  failed: { key: string; reason: string }[];
  bytesCopied: number;
}

export interface MigrationOptions {
  /** Files copied at once (default 4). */
  concurrency?: number;
  /** Called after each file with its outcome (the CLI prints failures as they happen). */
  onFile?: (key: string, outcome: 'copied' | 'already there' | 'failed', reason?: string) => void;
}

/** SHA-256 (hex) and length of a stream, read to its end. */
async function digest(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
  }
  return { sha256: hash.digest('hex'), size };
}

async function digestOf(storage: Storage, key: string): Promise<{ sha256: string; size: number } | null> {
  const stored = await storage.getStream(key);
  return stored ? digest(stored.stream) : null;
}

/**
 * Copies every file of `source` to `target` (same keys) and verifies each copy by reading it back:
 * same size, same SHA-256 as the bytes read from the source. A file the target already holds with
 * the same size and checksum is left alone, so a second run, or a run after an interruption, copies
 * only what is missing or differs. Never deletes or changes anything in the source. One file's
 * failure is reported and the run goes on with the others.
 */
export async function migrateStorage(source: Storage, target: Storage, options: MigrationOptions = {}): Promise<MigrationReport> {
  const report: MigrationReport = { copied: 0, alreadyThere: 0, failed: [], bytesCopied: 0 };
  const concurrency = Math.max(1, options.concurrency ?? 4);

  const migrateOne = async ({ key, size }: StoredEntry): Promise<void> => {
    try {
      if ((await target.size(key)) === size) {
        const [there, here] = await Promise.all([digestOf(target, key), digestOf(source, key)]);
        if (there && here && there.size === here.size && there.sha256 === here.sha256) {
          report.alreadyThere += 1;
          options.onFile?.(key, 'already there');
          return;
        }
      }
      const stored = await source.getStream(key);
      if (!stored) throw new Error('gone from the source while migrating');
      // The source's bytes are hashed on their way to the target, so they are read once.
      const hash = createHash('sha256');
      let read = 0;
      const hashing = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          hash.update(chunk);
          read += chunk.length;
          done(null, chunk);
        },
      });
      stored.stream.once('error', (error) => hashing.destroy(error));
      await target.put(key, stored.stream.pipe(hashing));
      const sent = hash.digest('hex');
      const copy = await digestOf(target, key);
      if (!copy) throw new Error('not in the target after writing it');
      if (copy.size !== read || copy.sha256 !== sent) throw new Error(`the copy differs (${copy.size} bytes, SHA-256 ${copy.sha256.slice(0, 12)}…; sent ${read} bytes, ${sent.slice(0, 12)}…)`);
      report.copied += 1;
      report.bytesCopied += read;
      options.onFile?.(key, 'copied');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      report.failed.push({ key, reason });
      options.onFile?.(key, 'failed', reason);
    }
  };

  // A few files in flight; the listing is read as they finish (memory stays flat however many files).
  const running = new Set<Promise<void>>();
  for await (const entry of source.list('')) {
    const task = migrateOne(entry).finally(() => running.delete(task));
    running.add(task);
    if (running.size >= concurrency) await Promise.race(running);
  }
  await Promise.all(running);
  report.failed.sort((a, b) => (a.key < b.key ? -1 : 1));
  return report;
}
