/** HTTP to the cluster, recording which instance answered each request (the `x-instance` header). */

// Bodies are checked field by field, so they are read loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export interface Answer {
  status: number;
  headers: Headers;
  body: Json;
  /** The raw bytes (binary answers: ZIPs, images). */
  bytes: Buffer;
  instance: string | null;
  ms: number;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (with `contentType`). */
  raw?: Buffer | string;
  contentType?: string;
  headers?: Record<string, string>;
  timeoutMs?: number;
}

export class Client {
  /** The instance of every answer through this client, in order. */
  readonly landings: (string | null)[] = [];

  constructor(
    readonly base: string,
    readonly name = 'proxy',
  ) {}

  async request(method: string, url: string, options: RequestOptions = {}): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | Uint8Array | undefined;
    if (options.raw !== undefined) {
      body = typeof options.raw === 'string' ? options.raw : new Uint8Array(options.raw);
      headers['content-type'] = options.contentType ?? 'application/octet-stream';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] = 'application/json';
    }
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const started = Date.now();
    const response = await fetch(new URL(url, this.base), { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 120_000) });
    const bytes = Buffer.from(await response.arrayBuffer());
    const ms = Date.now() - started;
    const type = response.headers.get('content-type') ?? '';
    let parsed: unknown = null;
    if (type.includes('json') && bytes.length > 0) {
      try {
        parsed = JSON.parse(bytes.toString('utf8'));
      } catch {
        parsed = bytes.toString('utf8');
      }
    } else if (type.startsWith('text/')) {
      parsed = bytes.toString('utf8');
    }
    const instance = response.headers.get('x-instance');
    this.landings.push(instance);
    return { status: response.status, headers: response.headers, body: parsed, bytes, instance, ms };
  }

  /** The request, failing unless it answers `status` (default 200). */
  async expect(status: number | number[], method: string, url: string, options: RequestOptions = {}): Promise<Answer> {
    const answer = await this.request(method, url, options);
    const wanted = Array.isArray(status) ? status : [status];
    if (!wanted.includes(answer.status)) {
      const shown = answer.body !== null ? JSON.stringify(answer.body).slice(0, 400) : `${answer.bytes.length} bytes`;
      throw new Error(`${method} ${url} via ${this.name} (instance ${answer.instance}): ${answer.status}, wanted ${wanted.join('/')}: ${shown}`);
    }
    return answer;
  }
}

/** The base64 tus Upload-Metadata header of these fields. */
export function tusMetadata(fields: Record<string, string | number>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');
}

export const TUS = { 'tus-resumable': '1.0.0' };

/**
 * A body as equal answers from different instances would have it: signed URL parameters that may
 * differ per request (S3 presigned dates and signatures) replaced by a placeholder, and keys in order.
 */
export function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, normalise(v)]),
    );
  }
  if (typeof value === 'string' && /[?&]X-Amz-(Signature|Date|Credential)=/i.test(value)) {
    return value.replace(/([?&]X-Amz-[A-Za-z-]+=)[^&]*/gi, '$1…');
  }
  return value;
}
