import {
  type EditRecipe,
  type GalleryFlag,
  type GalleryPhoto,
  type GalleryViewFlag,
  type GallerySession,
  type PagedPhotosResponse,
  type SessionListResponse,
  editRecipe,
  editorMessages,
  isGalleryView,
  galleryLifecycleMessages,
  galleryMessages,
} from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import { contentTypeForKey } from '../../media/content-types';
import { LATE_RENDITIONS, isLateRendition } from '../../media/renditions';
import type { Storage, StoredObject } from '../../storage/storage';
import type { PhotoRow, PhotoSessionRow } from '../../db/schema';
import { ForbiddenError, GoneError, NotFoundError, ValidationError } from '../../errors';
import { BatchLoader } from '../../db/batch-loader';
import { type GalleryPhotoRow, type GalleryRepository, NO_SESSIONS, type PagePhotoRow, type PhotoPageQuery, type PhotoScope, type UserRevision } from './gallery.repository';
import type { MediaUrlSigner } from './media-urls';
import { type CustomerEventRecorder, NO_CUSTOMER_EVENTS } from '../customer-events/customer-events';
import type { CustomerEventKind } from '../../db/schema';
import {
  type MediaFile,
  type MediaVariant,
  displayVariant,
  editedFrom,
  mediaFileExtension,
  mediaFileKey,
  mediaVersion,
  storedVersion,
} from './photo-media';

/**
 * Who is looking: a signed-in customer (their own sessions), or a visitor holding a session code
 * (that session only, read-only: they may view, download and share).
 */
export type Viewer = { kind: 'user'; userId: number } | { kind: 'visitor'; code: string };

/** Newest session first, then file order: the gallery's order when a request names none. */
export const DEFAULT_PAGE_ORDER: PhotoPageQuery['order'] = { column: 'display', direction: 'desc' };

export interface PageScope {
  scope: PhotoScope;
  revision: string;
}

export interface PageRequest {
  page: number;
  pageSize: number;
  flag: GalleryFlag;
  search: string | null;
  order?: PhotoPageQuery['order'];
}

/** One stored file of a photo, as named by one of our media URLs. */
export interface PhotoFileRef {
  photo: PhotoRow;
  variant: MediaVariant;
  /** The file the URL named. */
  file: MediaFile;
}

export interface MediaFileResponse {
  stored: StoredObject;
  contentType: string;
  /** Strong: a media folder's files never change. */
  etag: string;
  /** Until the URL expires (an hour for a stand-in). */
  maxAgeSeconds: number;
  /** False for a stand-in (an AVIF thumbnail not made yet): the browser asks again once it may exist. */
  immutable: boolean;
}

/** How long a browser keeps the 400 px WebP served for an AVIF thumbnail not made yet (before the backfill). */
const STAND_IN_MAX_AGE_SECONDS = 3600;

/** What a session code can look like; anything else opens no session without a lookup. */
const SESSION_CODE_SHAPE = /^[A-Za-z0-9_-]{20,64}$/;

/** Which photo a write acts on, refusing visitors with the spec's message. */
type WriteKind = 'favourite' | 'name' | 'photo' | 'edit';

const VISITOR_REFUSAL: Record<WriteKind, string> = {
  favourite: galleryMessages.favouriteNeedsLogin,
  name: galleryMessages.editNameNeedsLogin,
  photo: galleryMessages.photoChangeNeedsLogin,
  edit: editorMessages.saveEditsNeedsLogin,
};

/** Sessions and photos as customers and visitors see them; URLs are signed media URLs. */
export class GalleryService {
  /** Many page requests at once check their customers' revisions in one query. */
  private readonly userRevisions = new BatchLoader<number, UserRevision>(
    (userIds) => this.gallery.userRevisions(userIds),
    () => NO_SESSIONS,
  );
  /** Visitors' sessions by code where they are not read at once (PostgreSQL): one query per turn of the event loop. */
  private readonly sessionsByCode = new BatchLoader<string, PhotoSessionRow | null>(
    (codes) => this.gallery.findSessionsByCodes(codes),
    () => null,
  );

  constructor(
    private readonly gallery: GalleryRepository,
    private readonly signer: MediaUrlSigner,
    private readonly storage: Storage,
    private readonly publicUrl: string,
    private readonly clock: Clock,
    /** Records what customers do for the studio's timeline (issue 15 §3). */
    private readonly events: CustomerEventRecorder = NO_CUSTOMER_EVENTS,
  ) {}

  // --- reading ---

  /**
   * The photos a customer's pages show, and the revision they are at (changes with any change to
   * their sessions or photos; PageAnswers reuses a built page while it holds).
   */
  userPageScope(userId: number): PageScope | Promise<PageScope> {
    // At once (no promise) when the revision is read straight from SQLite and the view was recorded
    // lately: a cached page takes no turn of the event loop (issue 23).
    const read = this.gallery.readUserRevision(userId);
    if (read === undefined) return this.userRevisions.load(userId).then((loaded) => this.userScope(userId, loaded));
    return this.userScope(userId, read);
  }

  private userScope(userId: number, { revision, allArchived }: UserRevision): PageScope | Promise<PageScope> {
    // Some sessions archived: the others are shown. All of them: the customer is told (410).
    if (allArchived) throw new GoneError(galleryLifecycleMessages.archived);
    const scope: PageScope = { scope: { userId }, revision };
    const recording = this.events.viewed(userId, null, 'customer');
    return recording === undefined ? scope : recording.then(() => scope);
  }

  /** The same for the session a visitor's code opens (at once, as userPageScope, when read at once). */
  sessionPageScope(code: string): PageScope | Promise<PageScope> {
    const session = this.sessionOfCodeAtOnce(code);
    if (session === undefined) return this.liveSessionOfCode(code).then((read) => this.sessionScope(read));
    return this.sessionScope(assertLiveSession(session));
  }

  private sessionScope(session: PhotoSessionRow): PageScope | Promise<PageScope> {
    const scope: PageScope = { scope: { sessionId: session.id }, revision: `${session.revision}` };
    const recording = this.events.viewed(session.user_id, session.id, 'visitor');
    return recording === undefined ? scope : recording.then(() => scope);
  }

  /** The expiry a page's signed URLs carry (one per day, so pages stay reusable all day). */
  galleryExpiry(): number {
    return this.signer.galleryExpiry();
  }

  async sessionDetailByCode(code: string): Promise<GallerySession> {
    const session = await this.liveSessionOfCode(code);
    const photos = await this.gallery.sessionPhotos(session.id);
    return { ...toSessionSummary(session, photos.length), sessionImages: photos.map((p) => this.toPhoto(p)) };
  }

  /**
   * GET /ex/images/photo: the photo a signed media URL names (any file of any of its versions, the
   * edited one included), as the gallery page shows it, with fresh URLs. Who may see it, and what
   * anyone else gets, is decided exactly as for the file itself (photoFromUrl, as getImageBinary).
   */
  async photoByUrl(viewer: Viewer, url: string): Promise<GalleryPhoto> {
    const { photo } = await this.photoFromUrl(viewer, url);
    return this.toPhoto(photo);
  }

  /** The customer's sessions, newest first; null when there are none (the call answers 204). */
  async userSessions(userId: number): Promise<SessionListResponse | null> {
    const sessions = await this.gallery.listSessions(userId);
    if (sessions.length === 0) return null;
    return { sessionDetailsDtos: sessions.map((s) => toSessionSummary(s, s.live_count)), totalCount: sessions.length };
  }

  /** The session a visitor's code opens; 404 "No Session Available" for any other code. */
  async sessionOfCode(code: string): Promise<PhotoSessionRow> {
    const session = this.sessionOfCodeAtOnce(code) ?? (await this.sessionsByCode.load(code));
    if (session === null) throw new NotFoundError(galleryMessages.noSession);
    return session;
  }

  /** sessionOfCode at once: the session, or a 404 thrown; undefined where it must be read the usual way. */
  private sessionOfCodeAtOnce(code: string): PhotoSessionRow | undefined {
    if (!SESSION_CODE_SHAPE.test(code)) throw new NotFoundError(galleryMessages.noSession);
    const session = this.gallery.readSessionByCode(code);
    if (session === null) throw new NotFoundError(galleryMessages.noSession);
    return session;
  }

  /** The session a code opens, or null: read at once where it can be (SQLite), else batched. */
  private findSessionOfCode(code: string): Promise<PhotoSessionRow | null> {
    const session = this.gallery.readSessionByCode(code);
    return session === undefined ? this.sessionsByCode.load(code) : Promise.resolve(session);
  }

  /** The same, refusing an archived session (410 with the message to contact the studio). */
  async liveSessionOfCode(code: string): Promise<PhotoSessionRow> {
    return assertLiveSession(await this.sessionOfCode(code));
  }

  async photosPage(scope: PhotoScope, request: PageRequest, expires = this.signer.galleryExpiry()): Promise<PagedPhotosResponse> {
    const search = request.search?.trim() ? request.search.trim() : null;
    const { counts, rows } = await this.gallery.pageAndCounts(scope, {
      flag: request.flag,
      search,
      limit: request.pageSize,
      offset: (request.page - 1) * request.pageSize,
      order: request.order ?? DEFAULT_PAGE_ORDER,
    });
    const countOfTab: Record<Exclude<GalleryFlag, GalleryViewFlag>, number> = {
      All: counts.all,
      Original: counts.original,
      Retouched: counts.retouched,
      Favorites: counts.favourites,
      Skip: counts.skipped,
    };
    // The Shared and Downloads views have no counters: counted from their photos (few).
    const totalCount =
      search === null && !isGalleryView(request.flag) ? countOfTab[request.flag] : await this.gallery.countMatching(scope, request.flag, search);
    const totalPages = Math.ceil(totalCount / request.pageSize);
    return {
      items: rows.map((row) => this.toPhoto(row, expires)),
      page: request.page,
      pageSize: request.pageSize,
      totalPages,
      totalCount,
      overallAllCount: counts.all,
      totalRetouchedCount: counts.retouched,
      totalOriginalCount: counts.original,
      totalLikedCount: counts.favourites,
      totalSkipCount: counts.skipped,
      showSinglePage: totalPages <= 1,
    };
  }

  // --- writes (signed-in owners only) ---

  async setSkipped(viewer: Viewer, photoId: number, skipped: boolean): Promise<GalleryPhoto> {
    await this.ownPhotoForWrite(viewer, photoId, 'photo');
    return this.recorded(skipped ? 'skipped' : 'unskipped', await this.gallery.setSkipped(photoId, skipped));
  }

  /** POST /sessions/UpdateFavouritePhoto toggles. */
  async toggleFavourite(viewer: Viewer, sessionId: number, photoId: number): Promise<GalleryPhoto> {
    const photo = await this.ownPhotoForWrite(viewer, photoId, 'favourite');
    if (photo.session_id !== sessionId) throw new NotFoundError(galleryMessages.imageNotFound);
    const row = await this.gallery.toggleFavourite(photoId);
    return this.recorded(row?.is_favourite === 1 ? 'favourited' : 'unfavourited', row);
  }

  async setFavourite(viewer: Viewer, photoId: number, favourite: boolean): Promise<GalleryPhoto> {
    await this.ownPhotoForWrite(viewer, photoId, 'favourite');
    return this.recorded(favourite ? 'favourited' : 'unfavourited', await this.gallery.setFavourite(photoId, favourite));
  }

  async renamePhoto(viewer: Viewer, photoId: number, name: string): Promise<GalleryPhoto> {
    await this.ownPhotoForWrite(viewer, photoId, 'name');
    return this.updated(await this.gallery.rename(photoId, name));
  }

  async renameSession(viewer: Viewer, sessionId: number, name: string): Promise<Omit<GallerySession, 'sessionImages'>> {
    const userId = writerOf(viewer, 'name');
    const session = await this.gallery.findSessionById(sessionId);
    if (!session || session.user_id !== userId) throw new NotFoundError(galleryMessages.noSession);
    assertLiveSession(session);
    const renamed = await this.gallery.renameSession(sessionId, name);
    if (!renamed) throw new NotFoundError(galleryMessages.noSession);
    return toSessionSummary(renamed, renamed.live_count);
  }

  async deletePhoto(viewer: Viewer, photoId: number): Promise<void> {
    await this.ownPhotoForWrite(viewer, photoId, 'photo');
    this.updated(await this.gallery.softDelete(photoId, this.clock()));
  }

  /**
   * POST /Social: records the share and answers the public link, the /shared-image page with a
   * long-lived signed URL of the photo (retouched when there is one). Visitors may share.
   */
  async share(viewer: Viewer, photoId: number): Promise<{ photo: PhotoRow; url: string }> {
    const photo = await this.visiblePhoto(viewer, photoId);
    const updated = (await this.gallery.markShared(photoId, this.clock())) ?? photo;
    const imageUrl = `${this.publicUrl}${this.fileUrl(updated, displayVariant(updated), 'preview', 'shared')}`;
    await this.events.photo('shared', updated, actorOf(viewer));
    return { photo: updated, url: `${this.publicUrl}/shared-image?imgUrl=${encodeURIComponent(imageUrl)}` };
  }

  /** A file name for an edited copy, unique among the session's photo names. */
  async editedFileName(viewer: Viewer, sessionId: number, defaultName: string | undefined): Promise<string> {
    const session = await this.visibleSession(viewer, sessionId);
    const taken = new Set((await this.gallery.sessionPhotos(session.id)).map((p) => p.name.toLowerCase()));
    const base = safeFileName(defaultName?.replace(/\.[a-z0-9]{2,4}$/i, '') || 'photo');
    const wanted = base.toLowerCase().startsWith('edited-') ? base : `edited-${base}`;
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${wanted} (${n})`;
    return name;
  }

  // --- media files ---

  /**
   * The file a signed media URL names (`pathAndQuery` as requested). 404 for anything that is not a
   * valid signature of a live photo's current file; 403 once the URL has expired.
   */
  async openMedia(pathAndQuery: string): Promise<MediaFileResponse> {
    const parsed = this.signer.parse(pathAndQuery, this.publicUrl);
    if (!parsed.ok) throw new NotFoundError(galleryMessages.imageNotFound);
    if (parsed.expired) throw new ForbiddenError(galleryMessages.linkExpired);
    const { claims } = parsed;
    const photo = await this.gallery.findPhoto(claims.photoId);
    const version = photo ? storedVersion(photo, claims.variant) : null;
    if (!photo || !version || mediaVersion(version.folder) !== claims.version) throw new NotFoundError(galleryMessages.imageNotFound);
    if (mediaFileExtension(claims.file, version.extension) !== claims.extension) throw new NotFoundError(galleryMessages.imageNotFound);
    if (claims.audience !== 'studio') assertLivePhoto(photo);
    const untilExpiry = Math.max(0, Math.floor(claims.expires - this.clock().getTime() / 1000));
    const key = mediaFileKey(version.folder, claims.file, version.extension);
    const stored = await this.storage.getStream(key);
    if (stored) return { stored, contentType: contentTypeForKey(key), etag: `"${claims.version}-${claims.variant}-${claims.file}"`, maxAgeSeconds: untilExpiry, immutable: true };
    // A folder stored before the AVIF thumbnails existed (renditions.ts): its 400 px WebP stands in until the backfill.
    if (!isLateRendition(claims.file)) throw new NotFoundError(galleryMessages.imageNotFound);
    const standInFile = LATE_RENDITIONS[claims.file];
    const standInKey = mediaFileKey(version.folder, standInFile, version.extension);
    const standIn = await this.storage.getStream(standInKey);
    if (!standIn) throw new NotFoundError(galleryMessages.imageNotFound);
    return {
      stored: standIn,
      // WebP, which every browser that asks for the AVIF decodes too.
      contentType: contentTypeForKey(standInKey),
      etag: `"${claims.version}-${claims.variant}-${standInFile}"`,
      maxAgeSeconds: Math.min(untilExpiry, STAND_IN_MAX_AGE_SECONDS),
      immutable: false,
    };
  }

  /** One file of a photo the caller may see (a rendition of the version `ref` names). */
  async openFile(ref: Pick<PhotoFileRef, 'photo' | 'variant'>, file: MediaFile): Promise<{ stored: StoredObject; contentType: string }> {
    const version = storedVersion(ref.photo, ref.variant);
    if (!version) throw new NotFoundError(galleryMessages.imageNotFound);
    const key = mediaFileKey(version.folder, file, version.extension);
    const stored = await this.storage.getStream(key);
    if (!stored) throw new NotFoundError(galleryMessages.imageNotFound);
    return { stored, contentType: contentTypeForKey(key) };
  }

  // --- access ---

  /** A live photo by id, for a caller that has already proven access (a download token). */
  async photoById(photoId: number): Promise<PhotoRow> {
    const photo = await this.gallery.findPhoto(photoId);
    if (!photo) throw new NotFoundError(galleryMessages.imageNotFound);
    return assertLivePhoto(photo);
  }

  /** Whether the customer's company (the studio's own for its customers) allows Full resolution downloads. */
  fullResolutionAllowed(userId: number): Promise<boolean> {
    return this.gallery.fullResolutionAllowed(userId);
  }

  /** A live photo the viewer may see; 404 for anyone else's (whether it exists or not). */
  async visiblePhoto(viewer: Viewer, photoId: number): Promise<PhotoRow> {
    const photo = await this.gallery.findPhoto(photoId);
    if (!photo || !(await this.mayView(viewer, photo))) throw new NotFoundError(galleryMessages.imageNotFound);
    return assertLivePhoto(photo);
  }

  async visibleSession(viewer: Viewer, sessionId: number): Promise<PhotoSessionRow> {
    if (viewer.kind === 'visitor') {
      const session = await this.sessionOfCode(viewer.code);
      if (session.id !== sessionId) throw new NotFoundError(galleryMessages.noSession);
      return assertLiveSession(session);
    }
    const session = await this.gallery.findSessionById(sessionId);
    if (!session || session.user_id !== viewer.userId) throw new NotFoundError(galleryMessages.noSession);
    return assertLiveSession(session);
  }

  /**
   * Maps a URL from a request back to one of our stored photos the viewer may see. Only our own signed
   * media URLs qualify (optionally wrapped in a /shared-image?imgUrl= link); nothing is ever fetched.
   */
  async photoFromUrl(viewer: Viewer | null, input: string, options: { allowShared?: boolean } = {}): Promise<PhotoFileRef> {
    const [ref] = await this.photosFromUrls(viewer, [input], options);
    return ref as PhotoFileRef;
  }

  /**
   * The photos media URLs name, with the same checks as one URL at a time (signature, folder version,
   * the viewer's right to see each), in one photo query and at most one session lookup: a ZIP of a
   * whole gallery checks 400 URLs at once. Any URL failing fails the whole call.
   */
  async photosFromUrls(viewer: Viewer | null, inputs: readonly string[], options: { allowShared?: boolean } = {}): Promise<PhotoFileRef[]> {
    const parsedUrls = inputs.map((input) => {
      const parsed = this.signer.parse(unwrapSharedLink(input, this.publicUrl), this.publicUrl);
      if (!parsed.ok) throw new ValidationError(galleryMessages.incorrectUrl);
      return parsed;
    });
    const photos = new Map((await this.gallery.findPhotos([...new Set(parsedUrls.map((p) => p.claims.photoId))])).map((p) => [p.id, p]));
    let visitorSessionId: number | null | undefined;
    const mayView = async (photo: PhotoRow): Promise<boolean> => {
      if (viewer === null) return false;
      if (viewer.kind === 'user') return photo.user_id === viewer.userId;
      visitorSessionId ??= (await this.findSessionOfCode(viewer.code))?.id ?? null;
      return visitorSessionId === photo.session_id;
    };
    const refs: PhotoFileRef[] = [];
    for (const { claims, expired } of parsedUrls) {
      const photo = photos.get(claims.photoId);
      const version = photo ? storedVersion(photo, claims.variant) : null;
      if (!photo || !version || mediaVersion(version.folder) !== claims.version) throw new NotFoundError(galleryMessages.imageNotFound);
      const sharedAndValid = options.allowShared === true && photo.shared_at !== null && !expired;
      if (!sharedAndValid && !(await mayView(photo))) throw new NotFoundError(galleryMessages.imageNotFound);
      assertLivePhoto(photo);
      refs.push({ photo, variant: claims.variant, file: claims.file });
    }
    return refs;
  }

  private async mayView(viewer: Viewer, photo: PhotoRow): Promise<boolean> {
    if (viewer.kind === 'user') return photo.user_id === viewer.userId;
    const session = await this.findSessionOfCode(viewer.code);
    return session !== null && session.id === photo.session_id;
  }

  /** A live photo the viewer may edit (its signed-in owner); visitors 403 "You can save edits after logging in", anyone else 404. */
  editablePhoto(viewer: Viewer, photoId: number): Promise<PhotoRow> {
    return this.ownPhotoForWrite(viewer, photoId, 'edit');
  }

  private async ownPhotoForWrite(viewer: Viewer, photoId: number, kind: WriteKind): Promise<PhotoRow> {
    const userId = writerOf(viewer, kind);
    const photo = await this.gallery.findPhoto(photoId);
    if (!photo || photo.user_id !== userId) throw new NotFoundError(galleryMessages.imageNotFound);
    return assertLivePhoto(photo);
  }

  /** The changed photo (404 when it went meanwhile), its change recorded for the studio (writes are the owner's). */
  private async recorded(kind: CustomerEventKind, row: PhotoRow | null): Promise<GalleryPhoto> {
    const photo = this.updated(row);
    if (row) await this.events.photo(kind, row, 'customer');
    return photo;
  }

  /**
   * Records a customer's action on photos for the studio's timeline (downloads, edits: GalleryService
   * is their gate). Several photos make one event without a photo, with their count.
   */
  /** A download (single or ZIP, any size): the photos join the Downloads view, and the studio's timeline records it. */
  async recordDownload(photos: readonly PhotoRow[], viewer: Viewer, details: Record<string, unknown>): Promise<void> {
    await this.gallery.markDownloaded(
      photos.map((p) => p.id),
      this.clock(),
    );
    await this.recordEvent('downloaded', photos, viewer, details);
  }

  recordEvent(kind: CustomerEventKind, photos: readonly PhotoRow[], viewer: Viewer, details: Record<string, unknown> = {}): Promise<void> {
    const [first] = photos;
    if (!first) return Promise.resolve();
    if (photos.length === 1) return this.events.photo(kind, first, actorOf(viewer), details);
    const sessionId = photos.every((p) => p.session_id === first.session_id) ? first.session_id : null;
    return this.events.record(kind, { userId: first.user_id, sessionId, by: actorOf(viewer), details: { ...details, count: photos.length } });
  }

  private updated(row: PhotoRow | null): GalleryPhoto {
    if (!row) throw new NotFoundError(galleryMessages.imageNotFound);
    return this.toPhoto(row);
  }

  // --- shapes ---

  /** The signed URL of one file of a photo for the studio's screens: it opens an archived session's photos too. */
  studioFileUrl(photo: PhotoRow, variant: MediaVariant, file: MediaFile): string {
    const version = storedVersion(photo, variant);
    if (!version) throw new Error(`photo ${photo.id} has no ${variant} version`);
    return this.signer.signForStudio({ photoId: photo.id, variant, file, extension: mediaFileExtension(file, version.extension), version: mediaVersion(version.folder) });
  }

  /** The signed URL of one file of a photo (a path; the browser resolves it against the page). */
  fileUrl(photo: PhotoRow, variant: MediaVariant, file: MediaFile, lifetime: 'gallery' | 'shared' = 'gallery'): string {
    const version = storedVersion(photo, variant);
    if (!version) throw new Error(`photo ${photo.id} has no ${variant} version`);
    return this.signer.sign(
      { photoId: photo.id, variant, file, extension: mediaFileExtension(file, version.extension), version: mediaVersion(version.folder) },
      lifetime,
    );
  }

  /**
   * A photo in the API's shape. `expires` (the gallery URL expiry) is computed once per page; the
   * URLs come from the signer's per-version cache (see MediaUrlSigner.versionUrls).
   */
  toPhoto(row: PagePhotoRow, expires = this.signer.galleryExpiry()): GalleryPhoto {
    const retouched = row.retouched_media_key !== null;
    // The edited version takes the place of the version it was made from.
    const from = editedFrom(row);
    const edited = row.edited_media_key !== null ? this.signer.versionUrls(row.id, 'edited', row.edited_media_key, expires) : null;
    const original = from === 'original' && edited ? edited : this.signer.versionUrls(row.id, 'original', row.media_key, expires);
    const preview = original.preview;
    const thumb = original.thumb;
    const processed =
      row.retouched_media_key === null
        ? null
        : from === 'retouched' && edited
          ? edited
          : this.signer.versionUrls(row.id, 'retouched', row.retouched_media_key, expires);
    const processedUrl = processed ? processed.preview : null;
    // The editor always opens the unedited photo as shown: the retouched version when there is one.
    const editSourceUrl =
      row.retouched_media_key !== null
        ? this.signer.editSourceUrl(row.id, 'retouched', row.retouched_media_key, row.retouched_ext ?? 'jpg', expires)
        : this.signer.editSourceUrl(row.id, 'original', row.media_key, row.original_ext, expires);
    const skipped = row.is_skipped === 1;
    const favourite = row.is_favourite === 1;
    return {
      id: row.id,
      imageID: row.id,
      sessionId: row.session_id,
      SessionId: row.session_id,
      name: row.name,
      imageName: row.name,
      width: row.width,
      height: row.height,
      url: preview,
      imageURL: preview,
      OriginalImageURL: preview,
      previewUrl: preview,
      thumbnailUrl: thumb,
      imageThumbnail: thumb,
      thumbnail2xUrl: original.thumb2x,
      thumbnailSmallUrl: original.thumbSmall,
      thumbnailAvifUrl: original.thumbAvif,
      processedUrl,
      RetouchImageURL: processedUrl,
      processedThumbnailUrl: processed ? processed.thumb : null,
      processedThumbnail2xUrl: processed ? processed.thumb2x : null,
      processedThumbnailSmallUrl: processed ? processed.thumbSmall : null,
      processedThumbnailAvifUrl: processed ? processed.thumbAvif : null,
      isRetouched: retouched,
      isSkipped: skipped,
      isSkkipped: skipped,
      isUserFavourite: favourite,
      favourite,
      shared: row.shared_at !== null,
      selected: false,
      isEdited: edited !== null,
      editRecipe: edited !== null ? parseEditRecipe(row.edit_recipe) : null,
      editSourceUrl,
    };
  }
}

/** A stored recipe, checked against today's schema; null when there is none or it no longer reads. */
export function parseEditRecipe(stored: string | null): EditRecipe | null {
  if (stored === null) return null;
  try {
    const parsed = editRecipe.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writerOf(viewer: Viewer, kind: WriteKind): number {
  if (viewer.kind === 'visitor') throw new ForbiddenError(VISITOR_REFUSAL[kind]);
  return viewer.userId;
}

function toSessionSummary(session: PhotoSessionRow, photoCount: number): Omit<GallerySession, 'sessionImages'> {
  return { id: session.id, name: session.name, sessionDate: session.session_date, photoCount, archivedAt: session.archived_at };
}

/**
 * An archived session's photos are not shown nor downloadable by the customer or visitors (their
 * files are kept): 410 with the message to contact the studio, which can restore it.
 */
function assertLiveSession(session: PhotoSessionRow): PhotoSessionRow {
  if (session.archived_at !== null) throw new GoneError(galleryLifecycleMessages.archived);
  return session;
}

function assertLivePhoto(photo: GalleryPhotoRow): GalleryPhotoRow {
  if (photo.session_archived_at !== null) throw new GoneError(galleryLifecycleMessages.archived);
  return photo;
}

/** `https://host/shared-image?imgUrl=<signed url>` (our public share link) → the signed URL inside. */
function unwrapSharedLink(input: string, publicUrl: string): string {
  try {
    const url = new URL(input.trim(), publicUrl);
    const inner = url.pathname === '/shared-image' ? url.searchParams.get('imgUrl') : null;
    return inner && url.origin === new URL(publicUrl).origin ? inner : input;
  } catch {
    return input;
  }
}

/** Letters, digits, spaces, dots, dashes and underscores only; never empty, at most 100 characters. */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKC')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 100);
  return cleaned || 'photo';
}

function actorOf(viewer: Viewer): 'customer' | 'visitor' {
  return viewer.kind === 'user' ? 'customer' : 'visitor';
}
