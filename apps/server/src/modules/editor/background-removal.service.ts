import { editorMessages } from '@studio-gallery/contract';
import { ForbiddenError, ValidationError } from '../../errors';
import { checkAiInputImage } from '../../media/edited-image';
import { decodeBase64Image } from '../../media/profile-image';
import type { SegmentationPool } from '../../media/segmentation/segmentation-pool';
import type { Viewer } from '../gallery/gallery.service';

/**
 * The server's background removal (issue 13 §1): the same model as the browser's editor (MediaPipe
 * selfie segmentation), refined at full size (packages/contract/src/cutout.ts), run in the segmentation
 * pool's worker threads, never on the event loop.
 */
export class BackgroundRemovalService {
  constructor(private readonly segmentation: SegmentationPool) {}

  /** A removal would be refused now (503): lets the route refuse a large body before reading it. */
  assertRoom(): void {
    this.segmentation.assertRoom();
  }

  /**
   * POST /ex/images/remove-background: signed-in customers only (visitors with a session code: 403).
   * The image is checked as save-edited-image checks it (format by content, pixel count) before it
   * reaches the pool (503 when full). Answers the base64 of an RGBA PNG of the upright photo, as
   * ASCII bytes (the worker thread encodes it: no large string on the event loop).
   */
  async removeBackground(viewer: Viewer, imageBase64: string): Promise<Buffer> {
    if (viewer.kind === 'visitor') throw new ForbiddenError(editorMessages.removeBackgroundNeedsLogin);
    const image = decodeBase64Image(imageBase64);
    await checkAiInputImage(image);
    const result = await this.segmentation.removeBackground(image);
    if (!result.ok) throw new ValidationError(result.reason === 'too-large' ? editorMessages.aiImageTooLarge : editorMessages.editedImageInvalid);
    return Buffer.from(result.pngBase64.buffer, result.pngBase64.byteOffset, result.pngBase64.byteLength);
  }

  /** Ends the worker threads (the app's onClose). */
  close(): Promise<void> {
    return this.segmentation.close();
  }
}
