import { buffer } from 'node:stream/consumers';
import { LATE_RENDITIONS, type LateRendition, UnreadableImageError, lateRenditionFrom } from '../../media/renditions';
import type { Storage } from '../../storage/storage';
import { mediaFileKey } from '../gallery/photo-media';
import type { StorageMaintenanceRepository } from './storage-maintenance.repository';

const LATE = Object.keys(LATE_RENDITIONS) as LateRendition[];
/** A late rendition's file name (`thumbsm.avif`): a rendition's key does not depend on the original's extension. */
const fileName = (name: LateRendition) => mediaFileKey('', name, '').slice(1);

export interface ThumbnailBackfillResult {
  /** Photo folders the database names (original, retouched and edited versions). */
  folders: number;
  /** Folders that had every AVIF thumbnail already: left as they are. */
  present: number;
  /** Files made and stored by this run. */
  made: number;
  /** Folders whose 800 px thumbnail is missing or unreadable: nothing to make them from (their URLs keep serving the 400 px WebP). */
  failed: string[];
}

/**
 * Makes the AVIF grid thumbnails (LATE_RENDITIONS, media/renditions.ts) of every photo folder stored
 * before they existed, from the folder's 800 px WebP. Idempotent and resumable: one listing of photos/
 * says which folders have which, and only the missing files are made (a put is atomic, so a run cut
 * short leaves whole files or none). Never touches another file, and adds nothing to a folder no row names.
 */
export class ThumbnailBackfill {
  constructor(
    private readonly repository: StorageMaintenanceRepository,
    private readonly storage: Storage,
  ) {}

  async run(onProgress: (done: number, todo: number) => void = () => undefined): Promise<ThumbnailBackfillResult> {
    const folders = await this.repository.namedPhotoFolders();
    const present = new Map<string, Set<string>>();
    for await (const entry of this.storage.list('photos/')) {
      const slash = entry.key.lastIndexOf('/');
      const folder = entry.key.slice(0, slash);
      const files = present.get(folder) ?? new Set<string>();
      files.add(entry.key.slice(slash + 1));
      present.set(folder, files);
    }
    const todo = [...folders]
      .map((folder) => ({ folder, missing: LATE.filter((name) => !present.get(folder)?.has(fileName(name))) }))
      .filter(({ missing }) => missing.length > 0)
      .sort((a, b) => a.folder.localeCompare(b.folder));
    const result: ThumbnailBackfillResult = { folders: folders.size, present: folders.size - todo.length, made: 0, failed: [] };
    for (const [index, { folder, missing }] of todo.entries()) {
      const larger = await this.storage.getStream(mediaFileKey(folder, 'thumb2x', ''));
      const source = larger ? await buffer(larger.stream) : null;
      try {
        if (!source) throw new UnreadableImageError('no 800 px thumbnail');
        for (const name of missing) {
          await this.storage.put(mediaFileKey(folder, name, ''), await lateRenditionFrom(source, name));
          result.made += 1;
        }
      } catch (error) {
        if (!(error instanceof UnreadableImageError)) throw error;
        result.failed.push(folder);
      }
      onProgress(index + 1, todo.length);
    }
    return result;
  }
}
