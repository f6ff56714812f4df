import { storageKeys, type GalleryPhoto } from '@studio-gallery/contract';
import { storage } from './storage';

/** What the legacy multi-photo routes need to know of a photo chosen in the gallery. */
export interface ChosenPhoto {
  id: number;
  sessionId: number;
  name: string;
  thumbnailUrl: string;
  isRetouched: boolean;
}

/** A gallery photo as the legacy routes and retouch orders keep it (the retouched thumbnail when there is one). */
export function chosenPhotoOf(photo: GalleryPhoto): ChosenPhoto {
  return { id: photo.id, sessionId: photo.sessionId, name: photo.name, thumbnailUrl: photo.processedThumbnailUrl ?? photo.thumbnailUrl, isRetouched: photo.isRetouched };
}

/**
 * Remembers the photos last chosen in the gallery under the spec's `orderSessions` (features/cart's
 * readOrderSelection reads it back), for /ImageShareMultiple, /ImageTouchupMultiple and
 * /ImageBackgroundMultiple.
 */
export function rememberChosenPhotos(photos: readonly ChosenPhoto[]): void {
  storage.set(storageKeys.orderSessions, JSON.stringify(photos));
}
