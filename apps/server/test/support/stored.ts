import { buffer } from 'node:stream/consumers';
import type { Storage } from '../../src/storage/storage';

// Reading what a test app stored, through its Storage (local disk or, with TEST_STORAGE=s3, a bucket),
// never from DATA_DIR/media directly.

/** The bytes stored under `key`; fails when there are none. */
export async function storedBytes(storage: Storage, key: string): Promise<Buffer> {
  const stored = await storage.getStream(key);
  if (!stored) throw new Error(`${key} is not stored`);
  return buffer(stored.stream);
}

/** The names directly inside a folder of the store, sorted, as `readdir` lists files and subfolders (each once). */
export async function storedNames(storage: Storage, folder: string): Promise<string[]> {
  const names = new Set<string>();
  for await (const { key } of storage.list(`${folder}/`)) names.add(key.slice(folder.length + 1).split('/')[0] as string);
  return [...names].sort();
}
