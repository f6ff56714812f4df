import { useEffect } from 'react';
import { storageKeys } from '@studio-gallery/contract';
import { storage } from './storage';

const listeners = new Set<() => void>();

/**
 * Ends the gallery's selection (issue 24 §6: after checkout, the photos just paid for must not stay
 * selected for the next order): the gallery on screen clears it, and the photos remembered for the
 * legacy multi-photo routes are forgotten.
 */
export function endGallerySelection(): void {
  storage.remove(storageKeys.orderSessions);
  for (const listener of listeners) listener();
}

/** Calls `onEnd` whenever endGallerySelection is called (the gallery screen clears its selection). */
export function useGallerySelectionEnd(onEnd: () => void): void {
  useEffect(() => {
    listeners.add(onEnd);
    return () => {
      listeners.delete(onEnd);
    };
  }, [onEnd]);
}
