import { createHmac, timingSafeEqual } from 'node:crypto';
import { RENDITION_EXTENSIONS, RENDITION_NAMES } from '../../media/renditions';
import type { Clock } from '../../clock';
import { type MediaFile, type MediaVariant, mediaVersion } from './photo-media';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Gallery URLs last 7 to 8 days: the expiry is rounded up to the next UTC midnight, so a URL stays the same all day and browsers keep their cached copy. */
const GALLERY_LIFETIME_DAYS = 7;
/** Shared links (POST /Social) last about a year, the time a gallery is hosted (spec §9), in 30-day steps. */
const SHARED_LIFETIME_DAYS = 360;
const SHARED_WINDOW_DAYS = 30;

export const PHOTO_MEDIA_PATH = '/api/photo-media';

const FILES = new Set<string>([...RENDITION_NAMES, 'original']);
/** `/api/photo-media/<id>/<file>` with file `<rendition>.<ext>`, `retouched-<rendition>.<ext>` or `edited-<rendition>.<ext>`. */
const PATH = /^\/api\/photo-media\/([1-9]\d{0,15})\/(?:(retouched|edited)-)?([a-z0-9]+)\.([a-z]{3,4})$/;

/** The file name prefix of each version in URLs (the original has none). */
const PREFIX: Record<MediaVariant, string> = { original: '', retouched: 'retouched-', edited: 'edited-' };

export interface MediaUrlClaims {
  photoId: number;
  variant: MediaVariant;
  file: MediaFile;
  extension: string;
  /** Fingerprint of the media folder the URL was made for (mediaVersion). */
  version: string;
  /** Unix seconds. */
  expires: number;
  /**
   * 'studio': signed for the studio's own screens (`&for=studio`, part of the signature), which show
   * an archived session's photos that its customer no longer gets.
   */
  audience?: 'studio';
}

/** The gallery URLs of one version (original, retouched or edited) of a photo. */
export interface VersionUrls {
  preview: string;
  thumbSmall: string;
  thumbAvif: string;
  thumb: string;
  thumb2x: string;
  /** The version's file the editor opens (see editSourceUrl), signed on first use. */
  editSource?: string;
}

export type ParsedMediaUrl = { ok: true; claims: MediaUrlClaims; expired: boolean } | { ok: false };

/**
 * Signed, expiring media URLs: HMAC-SHA256 over photo id, variant, file, folder version and expiry,
 * with a key derived from the JWT secret. A URL names one file of one photo: changing any part breaks
 * the signature, so a URL of one photo never opens another.
 */
export class MediaUrlSigner {
  private readonly key: Buffer;
  /**
   * Signatures already computed. Expiries are rounded to a day, so a gallery page signs the same
   * messages all day: a page of 12 photos costs ~40 HMACs without this, ~0 with it. Bounded: the
   * oldest entries go first.
   */
  private readonly signatures = new Map<string, string>();
  private static readonly CACHE_SIZE = 20_000;
  /** Photo versions whose gallery URLs are kept (five URLs each, ~1.5 KB an entry with its key). */
  private readonly versionCache = new Map<string, VersionUrls>();
  private static readonly VERSION_CACHE_SIZE = 10_000;

  constructor(
    jwtSecret: string,
    private readonly clock: Clock,
  ) {
    this.key = createHmac('sha256', jwtSecret).update('studio-gallery/photo-media-urls/v1').digest();
  }

  /**
   * The gallery URLs of one version of a photo, already signed for `expires`. A page shows ~40 URLs;
   * building them one by one (a SHA-256 of the folder and a Date per URL, a signature lookup each) was
   * a quarter of the page's CPU, so a page asks for `galleryExpiry()` once and the URLs of each
   * (photo, version, folder, expiry) come from a bounded cache. The key names the folder: a new retouch
   * (new folder) gets new URLs, and a new day's expiry too.
   */
  versionUrls(photoId: number, variant: MediaVariant, folder: string, expires: number): VersionUrls {
    const key = `${photoId}/${variant}/${expires}/${folder}`;
    const cached = this.versionCache.get(key);
    if (cached !== undefined) return cached;
    const version = mediaVersion(folder);
    const sign = (file: 'preview' | 'thumbsm' | 'thumbavif' | 'thumb' | 'thumb2x') =>
      this.signAt({ photoId, variant, file, extension: RENDITION_EXTENSIONS[file], version }, expires, false);
    const urls: VersionUrls = { preview: sign('preview'), thumbSmall: sign('thumbsm'), thumbAvif: sign('thumbavif'), thumb: sign('thumb'), thumb2x: sign('thumb2x') };
    if (this.versionCache.size >= MediaUrlSigner.VERSION_CACHE_SIZE) {
      const oldest = this.versionCache.keys().next().value;
      if (oldest !== undefined) this.versionCache.delete(oldest);
    }
    this.versionCache.set(key, urls);
    return urls;
  }

  /**
   * The file of a version the editor opens, at the same expiry as its gallery URLs: the untouched
   * `original.<ext>`, or the preview JPEG when the original is a TIFF (browsers cannot decode one).
   * Kept with the version's URLs (one more signature per version, only for pages that show it).
   */
  editSourceUrl(photoId: number, variant: MediaVariant, folder: string, originalExtension: string, expires: number): string {
    const urls = this.versionUrls(photoId, variant, folder, expires);
    urls.editSource ??=
      originalExtension === 'tif'
        ? urls.preview
        : this.signAt({ photoId, variant, file: 'original', extension: originalExtension, version: mediaVersion(folder) }, expires, false);
    return urls.editSource;
  }

  /** A path (no host) the browser can put in `<img src>`. */
  sign(claims: Omit<MediaUrlClaims, 'expires'>, lifetime: 'gallery' | 'shared' = 'gallery'): string {
    return this.signAt(claims, this.expiry(lifetime));
  }

  /** A path for the studio's screens (staff only sign them): gallery lifetime, `audience` studio. */
  signForStudio(claims: Omit<MediaUrlClaims, 'expires' | 'audience'>): string {
    return this.signAt({ ...claims, audience: 'studio' }, this.expiry('gallery'));
  }

  /** The expiry (Unix seconds) gallery URLs signed now carry: the same all day. */
  galleryExpiry(): number {
    return this.expiry('gallery');
  }

  private signAt(claims: Omit<MediaUrlClaims, 'expires'>, expires: number, cache = true): string {
    const prefix = PREFIX[claims.variant];
    const signature = this.signature({ ...claims, expires }, cache);
    const audience = claims.audience ? `&for=${claims.audience}` : '';
    return `${PHOTO_MEDIA_PATH}/${claims.photoId}/${prefix}${claims.file}.${claims.extension}?v=${claims.version}&exp=${expires}${audience}&sig=${signature}`;
  }

  /**
   * Reads one of our own media URLs: absolute on `publicUrl`'s origin, or a path. Anything else —
   * another host, another path, `..`, encoded or doubled slashes, a bad signature — is not ours.
   */
  parse(input: string, publicUrl: string): ParsedMediaUrl {
    const raw = input.trim();
    if (raw.length === 0 || raw.length > 2048 || /[\\\s]|\.\.|%2e|%2f|%5c|\/\//i.test(raw.replace(/^https?:\/\//i, ''))) return { ok: false };
    let url: URL;
    try {
      url = new URL(raw, publicUrl);
    } catch {
      return { ok: false };
    }
    const home = new URL(publicUrl);
    if (url.origin !== home.origin || url.username || url.password) return { ok: false };
    const match = PATH.exec(url.pathname);
    if (!match) return { ok: false };
    const [, id, variantName, file, extension] = match;
    if (!id || !file || !extension || !FILES.has(file)) return { ok: false };
    const version = url.searchParams.get('v') ?? '';
    const expires = Number(url.searchParams.get('exp'));
    const signature = url.searchParams.get('sig') ?? '';
    const audience = url.searchParams.get('for');
    if (!/^[A-Za-z0-9_-]{1,32}$/.test(version) || !Number.isSafeInteger(expires) || (audience !== null && audience !== 'studio')) return { ok: false };
    const claims: MediaUrlClaims = {
      photoId: Number(id),
      variant: variantName === 'retouched' || variantName === 'edited' ? variantName : 'original',
      file: file as MediaFile,
      extension,
      version,
      expires,
      ...(audience === 'studio' ? { audience } : {}),
    };
    if (!this.verify(claims, signature)) return { ok: false };
    return { ok: true, claims, expired: expires * 1000 <= this.clock().getTime() };
  }

  verify(claims: MediaUrlClaims, signature: string): boolean {
    // Not through the cache: forged URLs must not fill it.
    const expected = Buffer.from(this.signature(claims, false));
    const given = Buffer.from(signature);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  private signature(claims: MediaUrlClaims, cache = true): string {
    const audience = claims.audience ? `\n${claims.audience}` : '';
    const message = `${claims.photoId}\n${claims.variant}\n${claims.file}\n${claims.extension}\n${claims.version}\n${claims.expires}${audience}`;
    const cached = this.signatures.get(message);
    if (cached !== undefined) return cached;
    const signature = createHmac('sha256', this.key).update(message).digest('base64url').slice(0, 32);
    if (!cache) return signature;
    if (this.signatures.size >= MediaUrlSigner.CACHE_SIZE) {
      const oldest = this.signatures.keys().next().value;
      if (oldest !== undefined) this.signatures.delete(oldest);
    }
    this.signatures.set(message, signature);
    return signature;
  }

  private expiry(lifetime: 'gallery' | 'shared'): number {
    const now = this.clock().getTime();
    const window = lifetime === 'gallery' ? DAY_MS : SHARED_WINDOW_DAYS * DAY_MS;
    const days = lifetime === 'gallery' ? GALLERY_LIFETIME_DAYS : SHARED_LIFETIME_DAYS;
    return Math.ceil((now + days * DAY_MS) / window) * (window / 1000);
  }
}
