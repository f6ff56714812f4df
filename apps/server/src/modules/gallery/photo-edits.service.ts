import { type EditRecipe, type GalleryPhoto, editorMessages, galleryMessages } from '@studio-gallery/contract';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError } from '../../errors';
import { checkEditedImage, withEditedImageErrors } from '../../media/edited-image';
import type { ImageWorkQueue } from '../../media/image-work-queue';
import { decodeBase64Image } from '../../media/profile-image';
import { type RenditionSet, makeRenditions } from '../../media/renditions';
import type { Storage } from '../../storage/storage';
import type { GalleryRepository, PhotoChange } from './gallery.repository';
import type { GalleryService, Viewer } from './gallery.service';
import { type StoredMediaFolder, deleteMediaFolder, storedVersion, storeRenditionSet } from './photo-media';

export interface SaveEditRequest {
  photoId: number;
  /** Base64, with or without a `data:…;base64,` prefix. */
  imageBase64: string;
  recipe?: EditRecipe | undefined;
}

/**
 * The editor's saves (issue 12 §4): an edit is a new version of the photo, never an overwrite. The
 * original and any retouched version stay as they are; the edited image gets a media folder of its own
 * with every rendition an import makes, and the photo row records it (photos.edited_*).
 *
 * A save is files first, then one conditional update of the row: until that update commits the photo
 * shows what it showed before, and a failure on the way (a bad image, the storage, the database)
 * deletes whatever this save wrote. The edited version it replaced is deleted only once the update has
 * committed. A crash between the two leaves an unreferenced folder at worst, never a row pointing at
 * missing files.
 */
export class PhotoEditsService {
  constructor(
    private readonly gallery: GalleryService,
    private readonly photos: GalleryRepository,
    private readonly storage: Storage,
    private readonly imageWork: ImageWorkQueue,
    private readonly clock: Clock,
  ) {}

  /** A save would be refused now (503): lets the route refuse a large body before reading it. */
  assertImageRoom(): void {
    this.imageWork.assertRoom();
  }

  /**
   * POST /ex/images/save-edited-image: the photo's owner only (visitors 403, anyone else 404). The
   * image must be a JPEG, PNG or WebP of at most 100 megapixels, judged by its content, whatever
   * `contentType` says; its renditions are made in the image queue (503 when full). Answers the photo
   * as it is now.
   */
  async save(viewer: Viewer, request: SaveEditRequest): Promise<GalleryPhoto> {
    await this.gallery.editablePhoto(viewer, request.photoId);
    const renditions = await this.imageWork.run(() => editedRenditions(decodeBase64Image(request.imageBase64)));
    const stored = await storeRenditionSet(this.storage, renditions);

    let change: PhotoChange | null;
    try {
      change = await this.photos.setEdit(request.photoId, {
        stored,
        recipe: request.recipe ? JSON.stringify(request.recipe) : null,
        at: this.clock(),
      });
    } catch (error) {
      await this.discard(stored);
      throw error;
    }
    if (!change) {
      // Deleted while the image was being rendered.
      await this.discard(stored);
      throw new NotFoundError(galleryMessages.imageNotFound);
    }
    const replaced = storedVersion(change.before, 'edited');
    if (replaced) await this.discard(replaced);
    await this.gallery.recordEvent('edited', [change.after], viewer);
    return this.gallery.toPhoto(change.after);
  }

  /**
   * POST /ex/images/revert-edit: removes the edited version (the row first, then its folder), so the
   * photo shows the version the edit was made from again. 409 when the photo has no edit.
   */
  async revert(viewer: Viewer, photoId: number): Promise<GalleryPhoto> {
    await this.gallery.editablePhoto(viewer, photoId);
    const change = await this.photos.setEdit(photoId, null);
    if (!change) throw new NotFoundError(galleryMessages.imageNotFound);
    if (!change.changed) throw new ConflictError(editorMessages.noEditToRevert);
    const removed = storedVersion(change.before, 'edited');
    if (removed) await this.discard(removed);
    return this.gallery.toPhoto(change.after);
  }

  /** Best effort (deleteMediaFolder never throws): a leftover folder is harmless, a failed answer after a commit is not. */
  private discard(version: StoredMediaFolder): Promise<void> {
    return deleteMediaFolder(this.storage, version.folder, version.extension);
  }
}

/**
 * Checks the edited image from its header (format, pixel count) before any pixel is decoded, then
 * makes its renditions as an import does (a transparent PNG, the circle crop, flattened onto white;
 * its original keeps the transparency).
 */
async function editedRenditions(image: Buffer): Promise<RenditionSet> {
  await checkEditedImage(image);
  return withEditedImageErrors(() => makeRenditions(image));
}
