import fs from 'node:fs/promises';
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** The part of s3rver 3.7.1's API used here (the package ships no types). */
interface S3rverInstance {
  httpServer?: Server;
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverClass = new (options: { port: number; address: string; silent: boolean; directory: string; configureBuckets: { name: string }[] }) => S3rverInstance;
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverClass;

/** A bucket on an s3rver started in this process (docs/operations.md, "Object storage", says what it does not cover). */
export interface TestS3Server {
  /** `http://127.0.0.1:<port>`. */
  endpoint: string;
  bucket: string;
  /** The variables that point the server's configuration (loadConfig) at this bucket: STORAGE=s3 and S3_*. */
  env: Record<string, string>;
  /** Stops it and removes its folder; again: nothing. */
  close(): Promise<void>;
}

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

/**
 * Starts s3rver (an S3-protocol server keeping objects in a folder) on a free port of 127.0.0.1 with
 * one empty bucket; close() stops it and removes its folder.
 */
export async function startS3Server(options: { bucket?: string } = {}): Promise<TestS3Server> {
  const bucket = options.bucket ?? 'gallery-test';
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'sg-s3rver-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  let port: number;
  try {
    ({ port } = await server.run());
  } catch (error) {
    await fs.rm(directory, { recursive: true, force: true });
    throw error;
  }
  const endpoint = `http://127.0.0.1:${port}`;
  let closed = false;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: 'on',
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    },
    async close() {
      if (closed) return;
      closed = true;
      // Idle keep-alive sockets of clients would hold close() up.
      server.httpServer?.closeAllConnections();
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
