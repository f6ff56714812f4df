import { useSyncExternalStore } from 'react';

/** How long ADD TO CART shows ADDED and the cart button shows "Added" (spec §9). */
export const ADDED_FLASH_MS = 6000;

let active = false;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/**
 * "Something was just added to the cart", for 6 s: the top bar's cart button shows "Added". Apart
 * from the cart store so the button (on every screen from the first) needs none of the cart's code.
 */
export const addedFlash = {
  isActive: () => active,
  start() {
    clearTimeout(timer);
    active = true;
    emit();
    timer = setTimeout(() => {
      active = false;
      emit();
    }, ADDED_FLASH_MS);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

export function useJustAdded(): boolean {
  return useSyncExternalStore(addedFlash.subscribe, addedFlash.isActive, addedFlash.isActive);
}
