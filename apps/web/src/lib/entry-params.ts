import { decodeEntryParam, storageKeys } from '@studio-gallery/contract';
import { notifyStorageChanged } from './session';
import { storage } from './storage';

function decodeBase64Utf8(value: string): string {
  const padded = value + '='.repeat((4 - (value.length % 4)) % 4);
  const binary = atob(padded);
  return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const MAX_PARAM_LENGTH = 500;

/**
 * Entry query parameters, read on any route (spec §2): `q` (base64 of code, activation, formid,
 * email), `key` (password reset key) and `id` (appointment/invite id). Each found value is stored
 * under the spec's local-storage name. Returns the names stored.
 */
export function storeEntryParams(params: URLSearchParams): string[] {
  const stored: string[] = [];
  const put = (key: (typeof storageKeys)[keyof typeof storageKeys], value: string | undefined | null) => {
    if (!value || value.length > MAX_PARAM_LENGTH) return;
    storage.set(key, value);
    stored.push(key);
  };

  const q = params.get('q');
  if (q && q.length <= 4 * MAX_PARAM_LENGTH) {
    const entry = decodeEntryParam(q, decodeBase64Utf8);
    put(storageKeys.code, entry.code);
    put(storageKeys.activation, entry.activation);
    put(storageKeys.formKey, entry.formid);
    put(storageKeys.emailKey, entry.email);
  }
  put(storageKeys.resetKey, params.get('key'));
  put(storageKeys.appointmentId, params.get('id'));

  if (stored.length > 0) notifyStorageChanged();
  return stored;
}
