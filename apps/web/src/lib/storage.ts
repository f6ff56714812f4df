import { storageKeys } from '@studio-gallery/contract';

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];

/** Local storage that never throws (private mode, quota, disabled storage). */
export const storage = {
  get(key: StorageKey): string | null {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key: StorageKey, value: string): void {
    try {
      window.localStorage.setItem(key, value);
    } catch {
      // storage unavailable: the value lives for this page only
    }
  },
  remove(key: StorageKey): void {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // ignore
    }
  },
  /** Clears everything the app stored, keeping only the colour scheme preference. */
  clearKeepingTheme(): void {
    try {
      const theme = window.localStorage.getItem(storageKeys.theme);
      window.localStorage.clear();
      if (theme !== null) window.localStorage.setItem(storageKeys.theme, theme);
    } catch {
      // ignore
    }
  },
};

/** Number of items in the cart (the cart itself arrives in a later issue). */
export function getCartItemCount(): number {
  const raw = storage.get(storageKeys.totalItems);
  const n = raw === null ? 0 : Number.parseInt(raw, 10);
  return Number.isFinite(n) && n > 0 ? n : 0;
}
