import { hash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { pagedPhotosResponse } from '@studio-gallery/contract';
import { compileJsonSerializer } from '../../json-serializer';
import type { PhotoScope } from './gallery.repository';
import { DEFAULT_PAGE_ORDER, type GalleryService, type PageRequest, type PageScope } from './gallery.service';

/** A request with its search trimmed (blank: none) and its order filled in, as keys are made of. */
type NormalizedRequest = PageRequest & Required<Pick<PageRequest, 'order'>>;

export type ContentEncoding = 'br' | 'gzip';

/** A gallery page, serialized once: the JSON, its validator and its compressed forms (made on first use). */
export interface PageAnswer {
  json: Buffer;
  /** Weak (the same for every encoding of the same JSON). */
  etag: string;
  encoded(encoding: ContentEncoding): Buffer;
}

interface Entry extends PageAnswer {
  key: string;
  revision: string;
  bytes: number;
}

/** 2,000 or so pages of 15 KB with their compressed forms (GALLERY_PAGE_CACHE_MB's default). */
export const DEFAULT_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/**
 * The gallery's page answers, built once and served again while nothing they show has changed.
 *
 * Browsing sends the same page requests again and again (tabs, back, refetch on focus). Each answer is
 * kept, serialized, under its request (scope, flag, search, order, page, size and the day's URL
 * expiry) with the revision of the photos it was built from; a request first reads the current
 * revision (one small query: GalleryService.userPageScope / sessionPageScope) and reuses the answer
 * when it is unchanged. The revision is raised by database triggers on any photo change from any
 * process (migration 2026-11-22-04), so a cached page is never stale; at worst one built from newer
 * data than its revision says is rebuilt once. Bounded by bytes, least recently used out first.
 */
export class PageAnswers {
  private readonly entries = new Map<string, Entry>();
  /** Builds in progress, so a burst of the same request builds the page once. */
  private readonly building = new Map<string, Promise<Entry>>();
  private bytes = 0;

  private readonly serialize = compileJsonSerializer(pagedPhotosResponse);

  /** maxBytes 0: every request builds its page afresh (GALLERY_PAGE_CACHE_MB=0). */
  constructor(
    private readonly gallery: GalleryService,
    private readonly maxBytes = DEFAULT_PAGE_CACHE_BYTES,
  ) {}

  /** At once (no promise) for a page held at the customer's current revision, when that was read at once. */
  userPage(userId: number, request: PageRequest): PageAnswer | Promise<PageAnswer> {
    const scope = this.gallery.userPageScope(userId);
    return scope instanceof Promise ? scope.then((read) => this.answer(read, request)) : this.answer(scope, request);
  }

  /** At once (no promise), as userPage, when the session was read at once. */
  sessionPage(code: string, request: PageRequest): PageAnswer | Promise<PageAnswer> {
    const scope = this.gallery.sessionPageScope(code);
    return scope instanceof Promise ? scope.then((read) => this.answer(read, request)) : this.answer(scope, request);
  }

  /** Bytes held (JSON and compressed forms), for tests and the benchmark. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private answer({ scope, revision }: PageScope, request: PageRequest): PageAnswer | Promise<PageAnswer> {
    const search = request.search?.trim() ? request.search.trim() : null;
    const normalized: NormalizedRequest = { ...request, search, order: request.order ?? DEFAULT_PAGE_ORDER };
    const expires = this.gallery.galleryExpiry();
    const key = requestKey(scope, normalized, expires);

    const cached = this.entries.get(key);
    if (cached !== undefined && cached.revision === revision) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      return cached;
    }
    // Off: every request builds its own page (what a page costs; also no sharing of builds).
    if (this.maxBytes === 0) return this.build(key, revision, scope, normalized, expires);
    const buildKey = `${revision}\n${key}`;
    let build = this.building.get(buildKey);
    if (build === undefined) {
      build = this.build(key, revision, scope, normalized, expires).finally(() => this.building.delete(buildKey));
      this.building.set(buildKey, build);
    }
    return build;
  }

  private async build(key: string, revision: string, scope: PhotoScope, request: PageRequest, expires: number): Promise<Entry> {
    const json = Buffer.from(this.serialize(await this.gallery.photosPage(scope, request, expires)));
    const encodings = new Map<ContentEncoding, Buffer>();
    const entry: Entry = {
      key,
      revision,
      json,
      etag: `W/"${hash('sha1', json, 'base64url')}"`,
      bytes: json.length,
      encoded: (encoding) => {
        let body = encodings.get(encoding);
        if (body === undefined) {
          body = compress(json, encoding);
          encodings.set(encoding, body);
          entry.bytes += body.length;
          if (this.entries.get(key) === entry) this.hold(body.length);
        }
        return body;
      },
    };
    if (this.maxBytes === 0) return entry;
    const previous = this.entries.get(key);
    if (previous !== undefined) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, entry);
    this.hold(entry.bytes);
    return entry;
  }

  /** Counts bytes added to the held entries, dropping the least recently used beyond the bound. */
  private hold(bytes: number): void {
    this.bytes += bytes;
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes || this.entries.size <= 1) break;
      this.entries.delete(key);
      this.bytes -= entry.bytes;
    }
  }
}

function requestKey(scope: PhotoScope, request: NormalizedRequest, expires: number): string {
  const scopeKey = 'userId' in scope ? `u${scope.userId}` : `s${scope.sessionId}`;
  const { order } = request;
  // The search text goes last: it is the only free text, so no other field can run into it.
  return `${scopeKey}|${request.flag}|${order.column}|${order.direction}|${request.page}|${request.pageSize}|${expires}|${request.search ?? ''}`;
}

function compress(json: Buffer, encoding: ContentEncoding): Buffer {
  if (encoding === 'gzip') return gzipSync(json, { level: 6 });
  return brotliCompressSync(json, {
    params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: json.length },
  });
}
