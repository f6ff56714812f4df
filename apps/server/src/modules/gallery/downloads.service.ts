import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { type DownloadResolution, type DownloadTokenResponse, EDITED_FILE_PREFIX, galleryMessages } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import { ZIP_READ_SIZE, type ZipEntrySource, zipArchiveSize, zipStream } from '../../media/zip-writer';
import { NotFoundError, ValidationError } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { BrandingService } from '../branding/branding.service';
import { type GalleryService, type PhotoFileRef, type Viewer, safeFileName } from './gallery.service';
import { type MediaVariant, downloadChecksum, mediaFileKey, shownVariant, storedVersion } from './photo-media';

/** Download tokens (the `hash` of the download calls) work for 5 minutes. */
const TOKEN_LIFETIME_MS = 5 * 60 * 1000;

export interface DownloadRequest {
  originalUrl?: string | null;
  retouchUrl?: string | null;
  resolution: DownloadResolution;
}

export interface FileDownload {
  fileName: string;
  contentType: string;
  size: number | null;
  stream: Readable;
}

/** A version's byte in a token (0 and 1 as before edits existed, so tokens stay readable across a deploy). */
const VARIANT_CODES: readonly MediaVariant[] = ['original', 'retouched', 'edited'];

/**
 * What a download token says: one file of one photo until a moment. Packed into 14 bytes (photo id
 * 6, variant 1, resolution 1, expiry in unix seconds 6), then an HMAC with a key used for nothing
 * else (single purpose), so the whole `hash` is 19 + 1 + 22 characters and fits in a path segment.
 */
interface TokenClaims {
  photoId: number;
  variant: MediaVariant;
  resolution: DownloadResolution;
  expiresSeconds: number;
}

function packClaims(claims: TokenClaims): string {
  const bytes = Buffer.alloc(14);
  bytes.writeUIntBE(claims.photoId, 0, 6);
  bytes.writeUInt8(VARIANT_CODES.indexOf(claims.variant), 6);
  bytes.writeUInt8(claims.resolution === 'hr' ? 1 : 0, 7);
  bytes.writeUIntBE(claims.expiresSeconds, 8, 6);
  return bytes.toString('base64url');
}

function unpackClaims(payload: string): TokenClaims | null {
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 14) return null;
  const variant = VARIANT_CODES[bytes.readUInt8(6)];
  if (variant === undefined) return null;
  return {
    photoId: bytes.readUIntBE(0, 6),
    variant,
    resolution: bytes.readUInt8(7) === 1 ? 'hr' : 'sm',
    expiresSeconds: bytes.readUIntBE(8, 6),
  };
}

/** Single-photo downloads (through a short-lived token) and ZIPs of a selection, streamed from storage. */
export class DownloadsService {
  private readonly key: Buffer;

  constructor(
    private readonly gallery: GalleryService,
    private readonly storage: Storage,
    private readonly branding: BrandingService,
    private readonly clock: Clock,
    jwtSecret: string,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('studio-gallery/download-tokens/v1').digest();
  }

  /**
   * POST /ex/images/download-single-image(-with-photoresolution): checks the viewer may see the photo
   * the URL names (the retouched version when a retouched URL is given) and answers a token for
   * GET /ex/images/download/{hash} plus the file name, ending `_sm` or `_hr`. A URL of the edited
   * version downloads it (`edited-` name); a RetouchImageURL that names the original of a retouched
   * photo downloads the retouched version as the photo shows it (edited, when the edit was made from it).
   */
  async createToken(viewer: Viewer, request: DownloadRequest): Promise<DownloadTokenResponse> {
    const url = request.retouchUrl?.trim() || request.originalUrl?.trim();
    if (!url) throw new ValidationError(galleryMessages.incorrectUrl);
    const ref = await this.gallery.photoFromUrl(viewer, url);
    const variant: MediaVariant =
      ref.variant === 'original' && request.retouchUrl?.trim() && ref.photo.retouched_media_key ? shownVariant(ref.photo, 'retouched') : ref.variant;
    const expiresSeconds = Math.ceil((this.clock().getTime() + TOKEN_LIFETIME_MS) / 1000);
    const payload = packClaims({ photoId: ref.photo.id, variant, resolution: request.resolution, expiresSeconds });
    await this.gallery.recordEvent('downloaded', [ref.photo], viewer, { resolution: request.resolution });
    return { hash: `${payload}.${this.sign(payload)}`, downloadImageName: downloadName(ref.photo.name, variant, request.resolution) };
  }

  /** The file a token names; 404 for an unknown, forged, expired or other-purpose token. */
  async openToken(hash: string): Promise<FileDownload> {
    const [payload, signature] = hash.split('.');
    if (!payload || !signature || !safeEqual(this.sign(payload), signature)) throw new NotFoundError(galleryMessages.downloadExpired);
    const claims = unpackClaims(payload);
    if (!claims || claims.expiresSeconds * 1000 <= this.clock().getTime()) throw new NotFoundError(galleryMessages.downloadExpired);
    const photo = await this.gallery.photoById(claims.photoId);
    // An edited version replaced or reverted since the token was made: its files are gone (404), as a deleted photo's.
    const version = storedVersion(photo, claims.variant);
    if (!version) throw new NotFoundError(galleryMessages.imageNotFound);
    const stored = await this.storage.getStream(mediaFileKey(version.folder, claims.resolution, 'jpg'));
    if (!stored) throw new NotFoundError(galleryMessages.imageNotFound);
    return { fileName: downloadName(photo.name, claims.variant, claims.resolution), contentType: 'image/jpeg', size: stored.size, stream: stored.stream };
  }

  /**
   * A ZIP of the photos the URLs name (each checked like a single download; the same photo twice goes
   * in once), at the chosen resolution (High Resolution by default). JPEGs are stored, not
   * compressed, so the archive's exact size is known before the first byte: it streams from storage
   * in order with a Content-Length, a few files read ahead, and memory stays flat however many photos
   * are selected.
   */
  async zip(viewer: Viewer, urls: string[], resolution: DownloadResolution = 'hr'): Promise<FileDownload> {
    if (urls.length === 0) throw new ValidationError(galleryMessages.zipNeedsSelection);
    const refs: PhotoFileRef[] = [];
    const seen = new Set<string>();
    for (const ref of await this.gallery.photosFromUrls(viewer, urls)) {
      const id = `${ref.photo.id}:${ref.variant}`;
      if (!seen.has(id)) {
        seen.add(id);
        refs.push(ref);
      }
    }

    const names = new UniqueNames();
    const entries: ZipEntrySource[] = await Promise.all(
      refs.map(async ({ photo, variant }) => {
        const version = storedVersion(photo, variant);
        if (!version) throw new NotFoundError(galleryMessages.imageNotFound);
        const key = mediaFileKey(version.folder, resolution, 'jpg');
        const size = await this.storage.size(key);
        if (size === null) throw new NotFoundError(galleryMessages.imageNotFound);
        const open = async () => {
          const stored = await this.storage.getStream(key, { highWaterMark: ZIP_READ_SIZE });
          if (!stored) throw new Error(`missing ${key}`);
          return stored.stream;
        };
        const crc32 = downloadChecksum(version.crc32, resolution);
        return { name: downloadName(photo.name, variant, resolution), size, crc32, open };
      }),
    );
    for (const entry of entries) entry.name = names.take(entry.name);
    await this.gallery.recordEvent('downloaded', refs.map((ref) => ref.photo), viewer, { resolution, zip: true });

    // STORE only, CRC-32s as recorded at import (else computed on the way through), sizes known: an
    // exact Content-Length, a few files open ahead, all closed if the client goes away (media/zip-writer.ts).
    const studio = (await this.branding.mailBranding()).studioName;
    const now = this.clock();
    return {
      fileName: `${zipDate(now)} ${safeFileName(studio)}.zip`,
      contentType: 'application/zip',
      size: zipArchiveSize(entries),
      stream: zipStream(entries, { mtime: now }),
    };
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

/**
 * `Jane 01` → `Jane 01_hr.jpg`; a retouched version: `Jane 01_retouched_hr.jpg`; an edited version
 * (spec §9, "Default edited filename 'edited-' plus name"): `edited-Jane 01_hr.jpg`, whatever it was made from.
 */
export function downloadName(photoName: string, variant: MediaVariant, resolution: DownloadResolution): string {
  const name = safeFileName(photoName);
  if (variant === 'edited') {
    const edited = name.toLowerCase().startsWith(EDITED_FILE_PREFIX) ? name : `${EDITED_FILE_PREFIX}${name}`;
    return `${edited}_${resolution}.jpg`;
  }
  return `${name}${variant === 'retouched' ? '_retouched' : ''}_${resolution}.jpg`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `22 Nov 2026` (day, short month, year; UTC). */
export function zipDate(date: Date): string {
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

/** Names inside one archive: the second `a.jpg` becomes `a (2).jpg`, compared ignoring case. */
class UniqueNames {
  private readonly taken = new Set<string>();

  take(name: string): string {
    const dot = name.lastIndexOf('.');
    const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; this.taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${extension}`;
    this.taken.add(candidate.toLowerCase());
    return candidate;
  }
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
