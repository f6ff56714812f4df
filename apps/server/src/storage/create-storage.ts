import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk-storage';
import type { Storage } from './storage';

/** Media files live under DATA_DIR/media. */
export function createStorage(config: Pick<Config, 'dataDir'>): Storage {
  return new LocalDiskStorage(path.join(config.dataDir, 'media'));
}
