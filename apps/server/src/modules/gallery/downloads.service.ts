import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  DOWNLOAD_RESOLUTIONS,
  type DownloadOptionsResponse,
  type DownloadResolution,
  type DownloadSize,
  fullResolutionIsLarger,
  RENDITION_SIZES,
  type DownloadTokenResponse,
  EDITED_FILE_PREFIX,
  galleryMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import { ZIP_READ_SIZE, type ZipEntrySource, zipArchiveSize, zipStream } from '../../media/zip-writer';
import { contentTypeForKey } from '../../media/content-types';
import { attachmentDisposition } from '../../media/content-disposition';
import { ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import type { Storage } from '../../storage/storage';
import type { BrandingService } from '../branding/branding.service';
import { type GalleryService, type PhotoFileRef, type Viewer, safeFileName } from './gallery.service';
import { type MediaVariant, type StoredMediaFolder, downloadChecksum, mediaFileKey, shownVariant, storedVersion } from './photo-media';

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

/** A file the store serves itself: the route answers 302 to this short-lived URL (an S3 presigned GET). */
export interface FileRedirect {
  redirectTo: string;
}

/** A resolution's byte in a token (sm 0 and hr 1 as before Full resolution existed). */
const RESOLUTION_CODES: readonly DownloadResolution[] = ['sm', 'hr', 'full'];

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
  bytes.writeUInt8(RESOLUTION_CODES.indexOf(claims.resolution), 7);
  bytes.writeUIntBE(claims.expiresSeconds, 8, 6);
  return bytes.toString('base64url');
}

function unpackClaims(payload: string): TokenClaims | null {
  const bytes = Buffer.from(payload, 'base64url');
  if (bytes.length !== 14) return null;
  const variant = VARIANT_CODES[bytes.readUInt8(6)];
  const resolution = RESOLUTION_CODES[bytes.readUInt8(7)];
  if (variant === undefined || resolution === undefined) return null;
  return {
    photoId: bytes.readUIntBE(0, 6),
    variant,
    resolution,
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
    /** Lifetime of the store's URLs that single downloads redirect to (S3_PRESIGN_TTL_SECONDS). */
    private readonly urlLifetimeSeconds = 300,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('studio-gallery/download-tokens/v1').digest();
  }

  /**
   * POST /ex/images/download-single-image(-with-photoresolution): checks the viewer may see the photo
   * the URL names (the retouched version when a retouched URL is given) and answers a token for
   * GET /ex/images/download/{hash} plus the file name, ending `_sm`, `_hr` or `_full` (Full resolution:
   * 403 unless the owner's company allows it). A URL of the edited version downloads it (`edited-`
   * name); a RetouchImageURL that names the original of a retouched photo downloads the retouched
   * version as the photo shows it (edited, when the edit was made from it).
   */
  async createToken(viewer: Viewer, request: DownloadRequest): Promise<DownloadTokenResponse> {
    const url = request.retouchUrl?.trim() || request.originalUrl?.trim();
    if (!url) throw new ValidationError(galleryMessages.incorrectUrl);
    const ref = await this.gallery.photoFromUrl(viewer, url);
    if (request.resolution === 'full') await this.assertFullResolutionAllowed([ref.photo.user_id]);
    const variant: MediaVariant =
      ref.variant === 'original' && request.retouchUrl?.trim() && ref.photo.retouched_media_key ? shownVariant(ref.photo, 'retouched') : ref.variant;
    const expiresSeconds = Math.ceil((this.clock().getTime() + TOKEN_LIFETIME_MS) / 1000);
    const payload = packClaims({ photoId: ref.photo.id, variant, resolution: request.resolution, expiresSeconds });
    await this.gallery.recordDownload([ref.photo], viewer, { resolution: request.resolution });
    const extension = storedVersion(ref.photo, variant)?.extension;
    return { hash: `${payload}.${this.sign(payload)}`, downloadImageName: downloadName(ref.photo.name, variant, request.resolution, extension) };
  }

  /**
   * The file a token names; 404 for an unknown, forged, expired or other-purpose token; 403 for Full
   * resolution no longer allowed. When the store serves files itself (S3), a short-lived URL of it
   * that answers with the download's name (Content-Disposition) and type, so the bytes do not pass
   * through this process; else (local disk) the file's stream.
   */
  async openToken(hash: string): Promise<FileDownload | FileRedirect> {
    const [payload, signature] = hash.split('.');
    if (!payload || !signature || !safeEqual(this.sign(payload), signature)) throw new NotFoundError(galleryMessages.downloadExpired);
    const claims = unpackClaims(payload);
    if (!claims || claims.expiresSeconds * 1000 <= this.clock().getTime()) throw new NotFoundError(galleryMessages.downloadExpired);
    const photo = await this.gallery.photoById(claims.photoId);
    // An edited version replaced or reverted since the token was made: its files are gone (404), as a deleted photo's.
    const version = storedVersion(photo, claims.variant);
    if (!version) throw new NotFoundError(galleryMessages.imageNotFound);
    // Asked again: the studio may have turned Full resolution off since the token was made.
    if (claims.resolution === 'full') await this.assertFullResolutionAllowed([photo.user_id]);
    const file = downloadFile(version, claims.resolution);
    const fileName = downloadName(photo.name, claims.variant, claims.resolution, version.extension);
    const contentType = contentTypeForKey(file.key);
    const url = await this.storage.urlFor(file.key, { expiresInSeconds: this.urlLifetimeSeconds, contentDisposition: attachmentDisposition(fileName), contentType });
    if (url !== null) {
      // Our 404 rather than the store's: a redirect only to a file that is there.
      if (!(await this.storage.exists(file.key))) throw new NotFoundError(galleryMessages.imageNotFound);
      return { redirectTo: url };
    }
    const stored = await this.storage.getStream(file.key);
    if (!stored) throw new NotFoundError(galleryMessages.imageNotFound);
    return { fileName, contentType, size: stored.size, stream: stored.stream };
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

    if (resolution === 'full') await this.assertFullResolutionAllowed(refs.map((ref) => ref.photo.user_id));

    const names = new UniqueNames();
    const entries: ZipEntrySource[] = await Promise.all(
      refs.map(async ({ photo, variant }) => {
        const version = storedVersion(photo, variant);
        if (!version) throw new NotFoundError(galleryMessages.imageNotFound);
        const { key, crc32 } = downloadFile(version, resolution);
        const size = await this.storage.size(key);
        if (size === null) throw new NotFoundError(galleryMessages.imageNotFound);
        const open = async () => {
          const stored = await this.storage.getStream(key, { highWaterMark: ZIP_READ_SIZE });
          if (!stored) throw new Error(`missing ${key}`);
          return stored.stream;
        };
        const entry: ZipEntrySource = { name: downloadName(photo.name, variant, resolution, version.extension), size, crc32, open };
        // Local disk: read into the archive's reused buffers (the fast path); S3: its streams.
        const openFile = this.storage.openFile?.bind(this.storage);
        if (openFile) {
          entry.openFile = async () => {
            const file = await openFile(key);
            if (!file) throw new Error(`missing ${key}`);
            return file;
          };
        }
        return entry;
      }),
    );
    for (const entry of entries) entry.name = names.take(entry.name);
    await this.gallery.recordDownload(refs.map((ref) => ref.photo), viewer, { resolution, zip: true });

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

  /**
   * GET /ex/images/download-options: the sizes offered to the viewer, with their pixel sizes. Full
   * resolution is the photo owner's company's choice: a customer's own company, a visitor's session
   * owner's; with a photo's URL, also only when that photo's original is larger than High Resolution.
   */
  async options(viewer: Viewer, photoUrl?: string): Promise<DownloadOptionsResponse> {
    // With a photo: its owner's company decides, and its original's size (never a "full" smaller than High Resolution).
    const photo = photoUrl ? (await this.gallery.photoFromUrl(viewer, photoUrl)).photo : null;
    const ownerId = photo ? photo.user_id : viewer.kind === 'user' ? viewer.userId : (await this.gallery.sessionOfCode(viewer.code)).user_id;
    const allowFullResolution = await this.gallery.fullResolutionAllowed(ownerId);
    const sizes: DownloadSize[] = [
      { resolution: 'sm', ...RENDITION_SIZES.sm },
      { resolution: 'hr', ...RENDITION_SIZES.hr },
    ];
    if (allowFullResolution && photo && fullResolutionIsLarger(photo)) sizes.push({ resolution: 'full', width: photo.width, height: photo.height });
    const offersFull = allowFullResolution && (photo === null || sizes.length === 3);
    return { resolutions: DOWNLOAD_RESOLUTIONS.filter((r) => r !== 'full' || offersFull), allowFullResolution, sizes };
  }

  /** 403 unless the company of every owner allows Full resolution (the studio's switch, per company). */
  private async assertFullResolutionAllowed(ownerIds: readonly number[]): Promise<void> {
    for (const ownerId of new Set(ownerIds)) {
      if (!(await this.gallery.fullResolutionAllowed(ownerId))) throw new ForbiddenError(galleryMessages.fullResolutionNotAllowed);
    }
  }

  private sign(payload: string): string {
    return createHmac('sha256', this.key).update(payload).digest('base64url').slice(0, 22);
  }
}

/**
 * The file a version is downloaded as: a JPEG rendition (`sm.jpg`, `hr.jpg`, CRC-32 recorded at
 * import), or for Full resolution the version's original as stored (`original.<ext>`, checksummed on
 * the way through a ZIP). Full resolution is each version's own original: the imported file, the
 * studio's retouched file as delivered, or the editor's saved image at the size it was saved.
 */
function downloadFile(version: StoredMediaFolder, resolution: DownloadResolution): { key: string; crc32: number | null } {
  if (resolution === 'full') return { key: mediaFileKey(version.folder, 'original', version.extension), crc32: null };
  return { key: mediaFileKey(version.folder, resolution, 'jpg'), crc32: downloadChecksum(version.crc32, resolution) };
}

/**
 * `Jane 01` → `Jane 01_hr.jpg`; a retouched version: `Jane 01_retouched_hr.jpg`; an edited version
 * (spec §9, "Default edited filename 'edited-' plus name"): `edited-Jane 01_hr.jpg`, whatever it was made from.
 * Full resolution keeps the original's extension: `Jane 01_full.tif`.
 */
export function downloadName(photoName: string, variant: MediaVariant, resolution: DownloadResolution, originalExtension = 'jpg'): string {
  const name = safeFileName(photoName);
  const suffix = `_${resolution}.${resolution === 'full' ? originalExtension : 'jpg'}`;
  if (variant === 'edited') {
    const edited = name.toLowerCase().startsWith(EDITED_FILE_PREFIX) ? name : `${EDITED_FILE_PREFIX}${name}`;
    return `${edited}${suffix}`;
  }
  return `${name}${variant === 'retouched' ? '_retouched' : ''}${suffix}`;
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
