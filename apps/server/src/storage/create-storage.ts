import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured store: DATA_DIR/media (STORAGE=disk, the default) or an S3-compatible bucket (STORAGE=s3). */
export function createStorage(config: Pick<Config, 'storage'>): Storage {
  const storage = config.storage;
  if (storage.kind === 'disk') return new LocalDiskStorage(storage.root);
  return new S3Storage(storage);
}

/** How long the store's own URLs (Storage.urlFor) are asked to work: S3_PRESIGN_TTL_SECONDS (local disk has none). */
export function storageUrlLifetimeSeconds(config: Pick<Config, 'storage'>): number {
  return config.storage.kind === 's3' ? config.storage.presignTtlSeconds : 300;
}
