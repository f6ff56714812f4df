import { storageKeys } from '@studio-gallery/contract';
import { storage } from './storage';

/** What the legacy multi-photo routes need to know of a photo chosen in the gallery. */
export interface ChosenPhoto {
  id: number;
  sessionId: number;
  name: string;
  thumbnailUrl: string;
  isRetouched: boolean;
}

/**
 * Remembers the photos last chosen in the gallery under the spec's `orderSessions` (the same list
 * features/cart's rememberOrderSelection writes when a service is ordered, and its
 * readOrderSelection reads), for /ImageShareMultiple, /ImageTouchupMultiple and
 * /ImageBackgroundMultiple.
 */
export function rememberChosenPhotos(photos: readonly ChosenPhoto[]): void {
  storage.set(storageKeys.orderSessions, JSON.stringify(photos));
}
