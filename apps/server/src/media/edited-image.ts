import { AI_MAX_INPUT_PIXELS, editorMessages } from '@studio-gallery/contract';
import { ValidationError } from '../errors';
import { ImageTooLargeError, type SourceImage, UnreadableImageError, inspectSource } from './renditions';

/** The formats the editor's images may come in (judged by their content): what browsers' canvases export. */
const EDITED_FORMATS = new Set(['jpg', 'png', 'webp']);

/**
 * The checks of an image the editor sends (save-edited-image, remove-background), from its header
 * before any pixel is decoded: a JPEG, PNG or WebP by its content, at most MAX_INPUT_PIXELS (100 MP).
 * Throws ValidationError with the editor's messages.
 */
export function checkEditedImage(image: Buffer): Promise<SourceImage> {
  return withEditedImageErrors(async () => {
    if (image.length === 0) throw new UnreadableImageError('empty');
    const source = await inspectSource(image);
    if (!EDITED_FORMATS.has(source.extension)) throw new UnreadableImageError(`unsupported format ${source.extension}`);
    return source;
  });
}

/**
 * The checks of an image for the AI tools (remove-background, retouch-portrait): checkEditedImage's,
 * then at most AI_MAX_INPUT_PIXELS from its header, so a larger one is refused (400) before it reaches
 * a worker thread or any pixel is decoded.
 */
export async function checkAiInputImage(image: Buffer): Promise<SourceImage> {
  const source = await checkEditedImage(image);
  if (source.width * source.height > AI_MAX_INPUT_PIXELS) throw new ValidationError(editorMessages.aiImageTooLarge);
  return source;
}

/** Runs image work, turning UnreadableImageError / ImageTooLargeError into the editor's 400s. */
export async function withEditedImageErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw new ValidationError(editorMessages.editedImageTooLarge, { cause: error });
    if (error instanceof UnreadableImageError) throw new ValidationError(editorMessages.editedImageInvalid, { cause: error });
    throw error;
  }
}
