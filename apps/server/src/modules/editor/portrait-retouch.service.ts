import { type RetouchSettings, editorMessages } from '@studio-gallery/contract';
import { ForbiddenError, ValidationError } from '../../errors';
import { checkAiInputImage } from '../../media/edited-image';
import { decodeBase64Image } from '../../media/profile-image';
import type { SegmentationPool } from '../../media/segmentation/segmentation-pool';
import type { Viewer } from '../gallery/gallery.service';

/**
 * The free AI retouch (issue 13 §3): the face mesh of @vladmandic/human and the skin retouch of
 * media/segmentation/retouch.ts, in the segmentation pool's worker threads, never on the event loop.
 */
export class PortraitRetouchService {
  constructor(private readonly pool: SegmentationPool) {}

  /** A retouch would be refused now (503): lets the route refuse a large body before reading it. */
  assertRoom(): void {
    this.pool.assertRoom();
  }

  /**
   * POST /ex/images/retouch-portrait: signed-in customers only (visitors with a session code: 403).
   * The image is checked as save-edited-image checks it before it reaches the pool (503 when full).
   * Answers a JPEG of the upright photo, and whether a face was found (if not, the photo is unchanged).
   */
  async retouchPortrait(viewer: Viewer, imageBase64: string, settings: RetouchSettings): Promise<{ jpeg: Buffer; faceFound: boolean }> {
    if (viewer.kind === 'visitor') throw new ForbiddenError(editorMessages.retouchNeedsLogin);
    const image = decodeBase64Image(imageBase64);
    await checkAiInputImage(image);
    const result = await this.pool.retouchPortrait(image, settings);
    if (!result.ok) throw new ValidationError(result.reason === 'too-large' ? editorMessages.aiImageTooLarge : editorMessages.editedImageInvalid);
    return { jpeg: Buffer.from(result.jpeg.buffer, result.jpeg.byteOffset, result.jpeg.byteLength), faceFound: result.faceFound };
  }
}
