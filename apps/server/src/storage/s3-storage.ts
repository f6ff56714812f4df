import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentTypeForKey } from '../media/content-types';
import {
  type StoredEntry,
  type Storage,
  type StoredObject,
  StorageUnavailableError,
  type UrlOptions,
  assertValidStorageKey,
  isValidStorageKey,
} from './storage';

/** Where the bucket is and how to reach it (config.ts `storage` when STORAGE=s3). */
export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible service (MinIO, Ceph, R2, s3rver…); null: AWS's own endpoint for the region. */
  endpoint: string | null;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (most self-hosted stores want this). */
  forcePathStyle: boolean;
  /** Keys live under this folder of the bucket ('' or `something/`). */
  prefix: string;
  /** Static credentials; null: the SDK's default chain (environment, profile, instance or task role). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
  /** Keys per listing request (S3's maximum, 1000, by default; tests page with fewer). */
  listPageSize?: number;
}

/** Streamed puts go up in parts of this size, this many at once: at most 2 x 8 MB buffered per upload. */
const PART_SIZE = 8 * 1024 * 1024;
const PARTS_AT_ONCE = 2;

/**
 * The Storage interface on an S3-compatible bucket. A PUT (or a multipart upload's completion) makes
 * the whole object visible at once, so readers see the old object or the new one, never a part; a
 * failed multipart upload is aborted. Failures of the store itself (unreachable, 5xx, refused
 * credentials) surface as StorageUnavailableError: the API answers 503.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly listPageSize: number;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix;
    this.listPageSize = options.listPageSize ?? 1000;
    const config: S3ClientConfig = {
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      // Checksums only where S3 requires them: several S3-compatible stores (and s3rver) refuse the
      // SDK's default trailing CRC32 of streamed bodies. Integrity of copies is checked by SHA-256 in
      // `storage migrate` (migrate-storage.ts).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // An unreachable store fails in seconds, not after the OS's TCP timeout.
      requestHandler: { connectionTimeout: 5_000 },
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      ...(options.credentials ? { credentials: options.credentials } : {}),
    };
    this.client = new S3Client(config);
  }

  async put(key: string, data: Buffer | Readable): Promise<void> {
    const target = this.objectKey(key);
    const ContentType = contentTypeForKey(key);
    if (Buffer.isBuffer(data)) {
      await this.call(() => this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: target, Body: data, ContentLength: data.length, ContentType })));
      return;
    }
    // The source's own failure (a client that went away mid-upload) is the error to report, not the store's.
    let sourceError: unknown;
    data.once('error', (error) => {
      sourceError ??= error;
    });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: target, Body: data, ContentType },
      partSize: PART_SIZE,
      queueSize: PARTS_AT_ONCE,
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      if (sourceError !== undefined) throw sourceError;
      throw unavailable(error);
    } finally {
      // A failure before the source was read to its end: stop reading it.
      if (!data.readableEnded) data.destroy();
    }
    if (sourceError !== undefined) throw sourceError;
  }

  async getStream(key: string): Promise<StoredObject | null> {
    const target = this.objectKey(key);
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: target }));
      if (!(answer.Body instanceof Readable)) throw new Error('GetObject answered without a Node stream');
      return { stream: answer.Body, size: answer.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  /** S3 answers 204 for a missing key too. */
  async delete(key: string): Promise<void> {
    const target = this.objectKey(key);
    await this.call(() => this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: target })));
  }

  async exists(key: string): Promise<boolean> {
    return (await this.size(key)) !== null;
  }

  async size(key: string): Promise<number | null> {
    const target = this.objectKey(key);
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: target }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isNotFound(error)) return null;
      throw unavailable(error);
    }
  }

  /**
   * ListObjects answers in UTF-8 byte order, which is JavaScript's order for the ASCII keys allowed.
   * Paged by Marker (the last key seen), which every S3-compatible store honours; ListObjectsV2's
   * continuation tokens would do the same, but s3rver (the tests' server) cannot make one on Node 20's
   * OpenSSL 3 (it encrypts them with DES), so the suite could not prove paging with them.
   */
  async *list(prefix = ''): AsyncIterable<StoredEntry> {
    let marker: string | undefined;
    for (;;) {
      const after = marker;
      const page = await this.call(() => this.client.send(new ListObjectsCommand({ Bucket: this.bucket, Prefix: `${this.prefix}${prefix}`, Marker: after, MaxKeys: this.listPageSize })));
      const objects = page.Contents ?? [];
      for (const object of objects) {
        const key = object.Key?.slice(this.prefix.length);
        // Objects some other tool put into the bucket under names we never use are not ours to list.
        // LastModified: the orphan sweep removes only files it knows to be a day old.
        if (key !== undefined && isValidStorageKey(key)) yield { key, size: object.Size ?? 0, ...(object.LastModified ? { modifiedAt: object.LastModified } : {}) };
      }
      marker = objects.at(-1)?.Key;
      if (!page.IsTruncated || marker === undefined) return;
    }
  }

  /** A presigned GET, answering with the given Content-Disposition and Content-Type. No request is made. */
  async urlFor(key: string, options: UrlOptions): Promise<string> {
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(key),
      ...(options.contentDisposition ? { ResponseContentDisposition: options.contentDisposition } : {}),
      ...(options.contentType ? { ResponseContentType: options.contentType } : {}),
    });
    return this.call(() => getSignedUrl(this.client, command, { expiresIn: options.expiresInSeconds }));
  }

  /** Closes the client's idle connections. */
  destroy(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    assertValidStorageKey(key);
    return `${this.prefix}${key}`;
  }

  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      throw unavailable(error);
    }
  }
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
}

function isNotFound(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || (statusOf(error) === 404 && name !== 'NoSuchBucket');
}

/** Any failure of the store (network, 5xx, refused credentials, missing bucket): the store is not usable now. */
function unavailable(error: unknown): Error {
  if (error instanceof StorageUnavailableError) return error;
  const name = (error as { name?: string } | null)?.name ?? 'Error';
  const code = (error as { code?: string } | null)?.code;
  const status = statusOf(error);
  const detail = [name, code, status === undefined ? undefined : `HTTP ${status}`].filter(Boolean).join(', ');
  return new StorageUnavailableError(`The object store failed (${detail})`, { cause: error });
}
