import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { RENDITION_EXTENSIONS, RENDITION_NAMES, type RenditionName, type RenditionSet } from '../../media/renditions';
import type { EditedFrom, PhotoRow } from '../../db/schema';
import type { Storage } from '../../storage/storage';

/** What a photo's media URL can name: a rendition, or the untouched original. */
export type MediaFile = RenditionName | 'original';
/** The versions of a photo, each a media folder: as imported, retouched by the studio, edited by the customer. */
export type MediaVariant = 'original' | 'retouched' | 'edited';

type VersionColumns = Pick<
  PhotoRow,
  'media_key' | 'original_ext' | 'media_crc32' | 'retouched_media_key' | 'retouched_ext' | 'retouched_crc32' | 'edited_media_key' | 'edited_ext' | 'edited_crc32'
>;

/** One version of a photo as its row records it; null when the photo has no such version. */
export function storedVersion(photo: VersionColumns, variant: MediaVariant): StoredMediaFolder | null {
  const [folder, extension, crc32] =
    variant === 'retouched'
      ? [photo.retouched_media_key, photo.retouched_ext, photo.retouched_crc32]
      : variant === 'edited'
        ? [photo.edited_media_key, photo.edited_ext, photo.edited_crc32]
        : [photo.media_key, photo.original_ext, photo.media_crc32];
  return folder && extension ? { folder, extension, crc32 } : null;
}

type ShownColumns = Pick<PhotoRow, 'retouched_media_key' | 'edited_media_key' | 'edited_from'>;

/** The version an edit was made from (recorded; a row from before the record: the one shown). */
export function editedFrom(photo: ShownColumns): EditedFrom | null {
  if (photo.edited_media_key === null) return null;
  return photo.edited_from ?? (photo.retouched_media_key !== null ? 'retouched' : 'original');
}

/**
 * What the photo's fields of one version show: the edited version in place of the one it was made
 * from, else that version itself.
 */
export function shownVariant(photo: ShownColumns, version: EditedFrom): MediaVariant {
  return editedFrom(photo) === version ? 'edited' : version;
}

/** The version the photo is seen as (share links): the retouched one when there is one, as edited. */
export function displayVariant(photo: ShownColumns): MediaVariant {
  return shownVariant(photo, photo.retouched_media_key !== null ? 'retouched' : 'original');
}

/**
 * Layout in storage: one folder per imported image, `photos/<32 hex>/`, holding `original.<ext>` and
 * one file per rendition (`thumb.webp`, `thumb2x.webp`, `preview.jpg`, `sm.jpg`, `hr.jpg`). Folders are
 * never rewritten: a new retouch gets a new folder, so a folder's files can be cached for good.
 */
export function mediaFileKey(folder: string, file: MediaFile, originalExtension: string): string {
  return `${folder}/${file}.${file === 'original' ? originalExtension : RENDITION_EXTENSIONS[file]}`;
}

export function mediaFileExtension(file: MediaFile, originalExtension: string): string {
  return file === 'original' ? originalExtension : RENDITION_EXTENSIONS[file];
}

export function allMediaKeys(folder: string, originalExtension: string): string[] {
  return [...RENDITION_NAMES, 'original' as const].map((file) => mediaFileKey(folder, file, originalExtension));
}

/** A short, stable fingerprint of a media folder: it versions URLs and is the ETag. */
export function mediaVersion(folder: string): string {
  return createHash('sha256').update(folder).digest('base64url').slice(0, 10);
}

/** The files a photo can be downloaded as, one per download size. */
export type DownloadFile = 'sm' | 'hr';
const DOWNLOAD_FILES: readonly DownloadFile[] = ['sm', 'hr'];

/** A folder of renditions as stored: what a photo row records of it. */
export interface StoredMediaFolder {
  folder: string;
  /** Of the original. */
  extension: string;
  /** The download files' CRC-32s (`media_crc32` / `retouched_crc32` / `edited_crc32`, read by `downloadChecksum`); null before 2026-11-22-05. */
  crc32: string | null;
}

/** The recorded CRC-32 of a download file, or null when the photo predates the record. */
export function downloadChecksum(recorded: string | null, file: DownloadFile): number | null {
  if (recorded === null) return null;
  const value = (JSON.parse(recorded) as Partial<Record<DownloadFile, unknown>>)[file];
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff ? value : null;
}

/**
 * Stores every file of a rendition set in a new folder. All or nothing: when any write fails, the
 * files already written are deleted before the error is thrown on.
 */
export async function storeRenditionSet(storage: Storage, set: RenditionSet): Promise<StoredMediaFolder> {
  const folder = `photos/${randomBytes(16).toString('hex')}`;
  const writes: [string, Buffer][] = [
    ...RENDITION_NAMES.map((name): [string, Buffer] => [mediaFileKey(folder, name, set.extension), set.files[name]]),
    [mediaFileKey(folder, 'original', set.extension), set.original],
  ];
  try {
    for (const [key, data] of writes) await storage.put(key, data);
  } catch (error) {
    await deleteMediaFolder(storage, folder, set.extension);
    throw error;
  }
  const checksums = Object.fromEntries(DOWNLOAD_FILES.map((file) => [file, crc32(set.files[file])]));
  return { folder, extension: set.extension, crc32: JSON.stringify(checksums) };
}

/** Best effort: deleting a missing file is not an error, and a failure here must not hide the first one. */
export async function deleteMediaFolder(storage: Storage, folder: string, originalExtension: string): Promise<void> {
  await Promise.allSettled(allMediaKeys(folder, originalExtension).map((key) => storage.delete(key)));
}
