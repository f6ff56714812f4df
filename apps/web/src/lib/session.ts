import { useSyncExternalStore } from 'react';
import { storageKeys } from '@studio-gallery/contract';
import { decodeJwtPayload, isExpired } from './jwt';
import { storage } from './storage';

/** The signed-in user as the browser knows it: the bearer token plus two claims from it. */
export interface Session {
  token: string;
  userId: string;
  email: string;
}

const listeners = new Set<() => void>();
let cached: { token: string | null; userId: string | null; email: string | null; value: Session | null } = {
  token: null,
  userId: null,
  email: null,
  value: null,
};

function emit() {
  for (const listener of listeners) listener();
}

/** Reads the stored session; an expired or malformed token counts as signed out. */
export function getSession(): Session | null {
  const token = storage.get(storageKeys.token);
  const userId = storage.get(storageKeys.userId);
  const email = storage.get(storageKeys.userLogin);
  if (token === cached.token && userId === cached.userId && email === cached.email) return cached.value;
  let value: Session | null = null;
  if (token) {
    const claims = decodeJwtPayload(token);
    if (claims && !isExpired(claims)) {
      value = { token, userId: userId || claims.unique_name, email: email || claims.email };
    }
  }
  cached = { token, userId, email, value };
  return value;
}

export function getToken(): string | null {
  return storage.get(storageKeys.token);
}

/**
 * Stores a token as the session: `token`, `eusid` (the user id from the `unique_name` claim) and
 * `userlogin` (the email). Returns false when the token cannot be read.
 */
export function startSession(token: string): boolean {
  const claims = decodeJwtPayload(token);
  if (!claims) return false;
  storage.set(storageKeys.token, token);
  storage.set(storageKeys.userId, claims.unique_name);
  storage.set(storageKeys.userLogin, claims.email);
  emit();
  return true;
}

/** Removes the signed-in session (token, user id, login). */
export function endSession(): void {
  storage.remove(storageKeys.token);
  storage.remove(storageKeys.userId);
  storage.remove(storageKeys.userLogin);
  emit();
}

/** Clears all stored values but the theme: what signing out and the login screen do. */
export function clearStoredState(): void {
  storage.clearKeepingTheme();
  emit();
}

/** A visitor with a session code (voucher) may view a gallery without signing in. */
export function getSessionCode(): string | null {
  return storage.get(storageKeys.code);
}

/** Tell subscribers that stored values changed (for writers outside this module). */
export function notifyStorageChanged(): void {
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values(storageKeys).includes(event.key as never)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, getSession, () => null);
}

/** Re-renders when any stored value changes; returns the value of `read()`. */
export function useStoredValue<T>(read: () => T): T {
  return useSyncExternalStore(subscribe, read, read);
}
