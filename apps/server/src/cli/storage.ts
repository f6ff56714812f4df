import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config';
import { createStorage } from '../storage/create-storage';
import { migrateStorage } from '../storage/migrate-storage';

export const STORAGE_USAGE = `  npm run studio -- storage migrate --to s3|disk

Copies every stored file (photos, renditions, edits, avatars, branding, backdrops) from the store the
configuration uses now (STORAGE) to the other one: --to s3 into the bucket of S3_BUCKET, S3_REGION,
S3_ENDPOINT, S3_FORCE_PATH_STYLE, S3_PREFIX (credentials: AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY or
the SDK's default chain); --to disk into DATA_DIR/media. Each copy is read back and compared by size
and SHA-256; files already there with the same checksum are skipped, so it is safe to run again and
resumes after an interruption. The source is never changed. Prints the counts (copied, already there,
failed) and exits 1 when any file failed. Then set STORAGE to the new store and restart.`;

export class StorageUsageError extends Error {}

/** `storage migrate --to s3|disk` on the configuration in `env`; the exit code. */
export async function runStorage(argv: string[], env: Record<string, string | undefined>, out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  if (command !== 'migrate') throw new StorageUsageError(command ? `unknown storage command "${command}"` : 'storage needs a command: migrate');
  const { values, positionals } = parseArgs({ args: rest, allowPositionals: true, options: { to: { type: 'string' }, concurrency: { type: 'string' } } });
  if (positionals.length > 0) throw new StorageUsageError(`storage migrate takes no arguments besides --to (got "${positionals.join(' ')}")`);
  const to = values.to;
  if (to !== 's3' && to !== 'disk') throw new StorageUsageError('storage migrate needs --to s3 or --to disk');
  const concurrency = values.concurrency === undefined ? 4 : Number(values.concurrency);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) throw new StorageUsageError('--concurrency must be a whole number between 1 and 64');

  const from = loadConfig(env);
  if (from.storage.kind === to) throw new StorageUsageError(`STORAGE is already ${to}: the files are copied from the store in use now to the other one`);
  // The target from the same variables, as the server will read them once STORAGE names it.
  const target = loadConfig({ ...env, STORAGE: to });
  out(`Copying every stored file from ${describe(from.storage)} to ${describe(target.storage)}…`);
  const started = Date.now();
  const report = await migrateStorage(createStorage(from), createStorage(target), {
    concurrency,
    onFile: (key, outcome, reason) => {
      if (outcome === 'failed') out(`failed: ${key}: ${reason}`);
    },
  });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  out(`copied ${report.copied} (${(report.bytesCopied / 1e6).toFixed(1)} MB), already there ${report.alreadyThere}, failed ${report.failed.length} in ${seconds} s`);
  if (report.failed.length > 0) {
    out('Some files were not copied: run the same command again (what is already there is skipped).');
    return 1;
  }
  out(`Every file is in ${describe(target.storage)}. Set STORAGE=${to} and restart the server (the old copies are left in place).`);
  return 0;
}

function describe(storage: Config['storage']): string {
  if (storage.kind === 'disk') return storage.root;
  return `s3://${storage.bucket}/${storage.prefix}${storage.endpoint ? ` at ${storage.endpoint}` : ` (${storage.region})`}`;
}
