import type { Readable } from 'node:stream';
import type { ReadOptions, Storage, StoredEntry, StoredObject, UrlOptions } from './storage';

/**
 * A Storage that hands every call to another one: subclasses override only what they change (the
 * tests' fault switches that fail a write, count puts or lose an acknowledgement).
 */
export class ForwardingStorage implements Storage {
  constructor(protected readonly inner: Storage) {}

  get kind(): Storage['kind'] {
    return this.inner.kind;
  }
  put(key: string, data: Buffer | Readable): Promise<void> {
    return this.inner.put(key, data);
  }
  getStream(key: string, options?: ReadOptions): Promise<StoredObject | null> {
    return this.inner.getStream(key, options);
  }
  get openFile(): Storage['openFile'] {
    return this.inner.openFile?.bind(this.inner);
  }
  delete(key: string): Promise<void> {
    return this.inner.delete(key);
  }
  exists(key: string): Promise<boolean> {
    return this.inner.exists(key);
  }
  size(key: string): Promise<number | null> {
    return this.inner.size(key);
  }
  list(prefix?: string): AsyncIterable<StoredEntry> {
    return this.inner.list(prefix);
  }
  urlFor(key: string, options: UrlOptions): Promise<string | null> {
    return this.inner.urlFor(key, options);
  }
}
