import type { EditRecipe, photoResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { readFileAsBase64 } from '../../../lib/file';

export interface SaveEditedImageInput {
  photoId: number;
  image: Blob;
  recipe: EditRecipe;
}

/** POST /ex/images/save-edited-image: the full-resolution render becomes the photo's edited version. */
export async function saveEditedImage({ photoId, image, recipe }: SaveEditedImageInput) {
  const imageBase64 = await readFileAsBase64(image);
  const contentType = image.type === 'image/png' ? 'image/png' : 'image/jpeg';
  return api.post<Answer<typeof photoResponse>>('/ex/images/save-edited-image', { photoId, imageBase64, contentType, recipe });
}
