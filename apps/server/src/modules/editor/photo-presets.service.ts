import { buffer } from 'node:stream/consumers';
import {
  type GalleryPhoto,
  PHOTO_PRESETS,
  type PhotoPresetId,
  type ProcessedSample,
  RETOUCH_DEFAULT_STRENGTH,
  editorMessages,
  photoPresetOf,
  presetMessages,
  presetRecipe,
} from '@studio-gallery/contract';
import type { PhotoRow } from '../../db/schema';
import { ForbiddenError, ValidationError } from '../../errors';
import type { PhotoPresetsJob, SegmentationPool } from '../../media/segmentation/segmentation-pool';
import type { GalleryService, Viewer } from '../gallery/gallery.service';
import type { PhotoEditsService } from '../gallery/photo-edits.service';
import type { MediaFile } from '../gallery/photo-media';

/** The samples' long edge: a card's picture at 2x on a phone. */
export const SAMPLE_LONG_EDGE = 480;
const SAMPLE_QUALITY = 80;
/** As retouch-portrait's answer: the saved version is made from it again (renditions), so keep it fine. */
const FULL_QUALITY = 92;

/**
 * The legacy presets (spec §2 /AutoImageTouchup, §4 "Legacy preset", §7): the free AI retouch, alone
 * or with the person on a studio colour, made on the server in the segmentation pool's worker threads
 * from the photo as the editor opens it (the retouched version when there is one). Samples come from
 * its preview rendition; an applied preset from its original, saved as the photo's edited version
 * through the editor's save (PhotoEditsService), with the recipe the browser's editor reopens.
 */
export class PhotoPresetsService {
  constructor(
    private readonly gallery: GalleryService,
    private readonly pool: SegmentationPool,
    private readonly edits: PhotoEditsService,
  ) {}

  /** GET /Photos/GetProcessedSample/{imageId}: every preset, each with a small JPEG sample (data: URL). */
  async samples(viewer: Viewer, photoId: number): Promise<ProcessedSample[]> {
    const photo = await this.presetPhoto(viewer, photoId);
    const jpegs = await this.make(photo, 'preview', {
      strength: RETOUCH_DEFAULT_STRENGTH,
      backgrounds: PHOTO_PRESETS.map((preset) => preset.background),
      longEdge: SAMPLE_LONG_EDGE,
      quality: SAMPLE_QUALITY,
    });
    return PHOTO_PRESETS.map((preset, i) => ({
      presetId: preset.id,
      name: preset.name,
      description: preset.description,
      sampleImage: `data:image/jpeg;base64,${Buffer.from(jpegs[i] as Uint8Array).toString('base64')}`,
    }));
  }

  /** POST /PhotoProcessor/CreateRequest: the preset at full size, saved as the photo's edited version. */
  async apply(viewer: Viewer, photoId: number, presetId: PhotoPresetId): Promise<GalleryPhoto> {
    const preset = photoPresetOf(presetId);
    const photo = await this.presetPhoto(viewer, photoId);
    const [jpeg] = await this.make(photo, 'original', {
      strength: RETOUCH_DEFAULT_STRENGTH,
      backgrounds: [preset.background],
      longEdge: null,
      quality: FULL_QUALITY,
    });
    const imageBase64 = Buffer.from(jpeg as Uint8Array).toString('base64');
    return this.edits.save(viewer, { photoId, imageBase64, recipe: presetRecipe(preset) });
  }

  /** The photo's signed-in owner only: visitors 403, another customer's or no photo 404. */
  private presetPhoto(viewer: Viewer, photoId: number): Promise<PhotoRow> {
    if (viewer.kind === 'visitor') throw new ForbiddenError(presetMessages.presetsNeedLogin);
    return this.gallery.editablePhoto(viewer, photoId);
  }

  /** Reads one file of the version the editor opens and runs the presets on it in the pool (503 when full). */
  private async make(photo: PhotoRow, file: MediaFile, job: PhotoPresetsJob): Promise<Uint8Array[]> {
    // Refused before the file is read when the line is already full.
    this.pool.assertRoom();
    const variant = photo.retouched_media_key !== null ? 'retouched' : 'original';
    const { stored } = await this.gallery.openFile({ photo, variant }, file);
    const image = await buffer(stored.stream);
    const result = await this.pool.applyPhotoPresets(image, job);
    if (!result.ok) throw new ValidationError(result.reason === 'too-large' ? editorMessages.editedImageTooLarge : editorMessages.editedImageInvalid);
    return result.jpegs;
  }
}
