import { createHash, randomBytes } from 'node:crypto';
import { galleryExpiryFrom } from '@studio-gallery/contract';
import path from 'node:path';
import type { Clock } from '../../clock';
import type { PhotoSessionRow } from '../../db/schema';
import { UnreadableImageError, makeRenditions } from '../../media/renditions';
import type { Storage } from '../../storage/storage';
import type { GalleryRepository } from './gallery.repository';
import { type StoredMediaFolder, deleteMediaFolder, storeRenditionSet } from './photo-media';

/** One file to import: its name (for the photo's name and retouch matching) and how to read it. */
export interface ImportSource {
  fileName: string;
  read(): Promise<Buffer>;
}

export type ImportStatus = 'imported' | 'duplicate' | 'retouch-attached' | 'unreadable' | 'failed';

export interface ImportOutcome {
  fileName: string;
  status: ImportStatus;
  photoId?: number;
  /** Why a file was skipped or failed. */
  reason?: string;
}

export interface ImportOptions {
  /** Retouched versions, matched to photos by file name without extension (case-insensitive). */
  retouched?: ImportSource[];
  /** Photos processed at the same time; default 2 (one per core: sharp itself is multi-threaded). */
  concurrency?: number;
  /** After each photo, for a progress bar. */
  onProgress?: (done: number, total: number, outcome: ImportOutcome) => void;
  /**
   * The customer is to be invited (not activated, invitations on): each photo (or retouch) added
   * marks their invitation owed, with the photo (ShootImportService settles it).
   */
  oweInvitation?: boolean;
}

export interface ImportReport {
  session: PhotoSessionRow;
  outcomes: ImportOutcome[];
}

/** A photo's name: its file name without extension. */
export function photoNameOf(fileName: string): string {
  return path.basename(fileName, path.extname(fileName));
}

/** The 44-character gallery token of spec §9: 33 random bytes in base64url. */
export function newSessionCode(): string {
  return randomBytes(33).toString('base64url');
}

/**
 * Imports photos into a session, once each (by content), never leaving half a photo: a photo's row
 * is inserted only after all its files are stored, and its files are deleted when anything fails.
 * A crash between the two leaves unreferenced files at worst, never a row pointing at missing files.
 */
export class PhotoImportService {
  constructor(
    private readonly gallery: GalleryRepository,
    private readonly storage: Storage,
    private readonly clock: Clock,
  ) {}

  /** The customer's session of this name (and date, when given), created when missing. */
  async openSession(
    userId: number,
    name: string,
    sessionDate: string | null,
    /** Only the demo data fixes its code; real sessions get a random one. */
    code: string = newSessionCode(),
  ): Promise<{ session: PhotoSessionRow; created: boolean }> {
    const existing = await this.gallery.findSessionByName(userId, name, sessionDate);
    if (existing) return { session: existing, created: false };
    const now = this.clock();
    const session = await this.gallery.insertSession(
      { userId, name, sessionDate: sessionDate ?? now.toISOString().slice(0, 10), code, expiresAt: galleryExpiryFrom(now) },
      now,
    );
    return { session, created: true };
  }

  async importPhotos(session: PhotoSessionRow, sources: ImportSource[], options: ImportOptions = {}): Promise<ImportReport> {
    const ordered = [...sources].sort((a, b) => a.fileName.localeCompare(b.fileName, 'en', { numeric: true }));
    const retouchedByName = new Map((options.retouched ?? []).map((source) => [photoNameOf(source.fileName).toLowerCase(), source]));
    const firstPosition = await this.gallery.nextPosition(session.id);
    const outcomes: ImportOutcome[] = new Array(ordered.length);
    let done = 0;

    await forEachLimited(ordered, options.concurrency ?? 2, async (source, index) => {
      const retouched = retouchedByName.get(photoNameOf(source.fileName).toLowerCase());
      const outcome = await this.importOne(session, source, firstPosition + index, retouched, options.oweInvitation ?? false);
      outcomes[index] = outcome;
      done += 1;
      options.onProgress?.(done, ordered.length, outcome);
    });
    return { session, outcomes };
  }

  /** One photo, with its retouched version when given. Never throws: failures are outcomes. */
  async importOne(session: PhotoSessionRow, source: ImportSource, position: number, retouched?: ImportSource, oweInvitation = false): Promise<ImportOutcome> {
    const fileName = source.fileName;
    try {
      const content = await source.read();
      const contentHash = createHash('sha256').update(content).digest('hex');
      const existing = await this.gallery.findPhotoByHash(session.id, contentHash);
      if (existing) {
        if (retouched && existing.retouched_media_key === null) {
          // Owed first: a crash after the attach still owes it (a retouch that then fails owes one too).
          if (oweInvitation) await this.gallery.markInvitationOwed(session.user_id, this.clock());
          await this.attachRetouched(existing.id, retouched);
          return { fileName, status: 'retouch-attached', photoId: existing.id };
        }
        return { fileName, status: 'duplicate', photoId: existing.id };
      }

      const renditions = await makeRenditions(content);
      const stored = await storeRenditionSet(this.storage, renditions);
      let retouchedStored: StoredMediaFolder | null = null;
      try {
        if (retouched) {
          const set = await makeRenditions(await retouched.read()).catch((cause: unknown) => {
            throw new UnreadableImageError(`retouched version ${retouched.fileName}: ${describe(cause)}`, { cause });
          });
          retouchedStored = await storeRenditionSet(this.storage, set);
        }
        const photo = await this.gallery.insertPhoto(
          {
            session_id: session.id,
            user_id: session.user_id,
            name: photoNameOf(fileName),
            content_hash: contentHash,
            width: renditions.width,
            height: renditions.height,
            media_key: stored.folder,
            original_ext: stored.extension,
            media_crc32: stored.crc32,
            retouched_media_key: retouchedStored?.folder ?? null,
            retouched_ext: retouchedStored?.extension ?? null,
            retouched_crc32: retouchedStored?.crc32 ?? null,
            is_retouched: retouchedStored ? 1 : 0,
            position,
            created_at: this.clock().toISOString(),
          },
          // The customer's invitation is owed with the photo, in its transaction (ShootImportService settles it).
          { oweInvitation },
        );
        if (!photo) {
          // The same content arrived twice in this run (or in a parallel run) and the other copy won.
          await this.discard(stored, retouchedStored);
          const winner = await this.gallery.findPhotoByHash(session.id, contentHash);
          return { fileName, status: 'duplicate', photoId: winner?.id };
        }
        return { fileName, status: 'imported', photoId: photo.id };
      } catch (error) {
        await this.discard(stored, retouchedStored);
        throw error;
      }
    } catch (error) {
      const status = error instanceof UnreadableImageError ? 'unreadable' : 'failed';
      return { fileName, status, reason: describe(error) };
    }
  }

  private async attachRetouched(photoId: number, retouched: ImportSource): Promise<void> {
    const stored = await storeRenditionSet(this.storage, await makeRenditions(await retouched.read()));
    try {
      if (!(await this.gallery.attachRetouched(photoId, stored))) await deleteMediaFolder(this.storage, stored.folder, stored.extension);
    } catch (error) {
      await deleteMediaFolder(this.storage, stored.folder, stored.extension);
      throw error;
    }
  }

  private async discard(stored: StoredMediaFolder, retouched: StoredMediaFolder | null): Promise<void> {
    await deleteMediaFolder(this.storage, stored.folder, stored.extension);
    if (retouched) await deleteMediaFolder(this.storage, retouched.folder, retouched.extension);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Runs `task` over `items` with at most `limit` at a time. */
export async function forEachLimited<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
}
