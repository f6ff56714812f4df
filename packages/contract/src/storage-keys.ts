/** Values the browser keeps in local storage, under the spec's names (§3 "Stored browser values"). */
export const storageKeys = {
  token: 'token',
  userId: 'eusid',
  userLogin: 'userlogin',
  code: 'code',
  activation: 'activation',
  resetKey: 'resetkey',
  appointmentId: 'appointmentId',
  formKey: 'formKey',
  emailKey: 'emailKey',
  currentCart: 'currentCart',
  totalItems: 'totalItems',
  totalAmount: 'totalAmount',
  theme: 'theme',
  orderSessions: 'orderSessions',
  intercomName: 'intercom_name',
  /** The gallery's first screen as last shown, painted before the app's code on the next visit (apps/web/src/lib/first-screen.ts). */
  firstScreen: 'firstScreen',
} as const;

export type Theme = 'light' | 'dark';
export const DEFAULT_THEME: Theme = 'light';

/**
 * Entry query parameter `q`: base64 of a JSON object (or of a query string) holding
 * code, activation, formid and email. Returns the fields it finds; garbage yields {}.
 */
export interface EntryParams {
  code?: string;
  activation?: string;
  formid?: string;
  email?: string;
}

export function decodeEntryParam(q: string, decodeBase64: (s: string) => string): EntryParams {
  let text: string;
  try {
    // A '+' read back through URLSearchParams arrives as a space; base64url uses - and _.
    text = decodeBase64(q.trim().replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return {};
  }
  const pick = (get: (k: string) => unknown): EntryParams => {
    const out: EntryParams = {};
    for (const key of ['code', 'activation', 'formid', 'email'] as const) {
      const value = get(key);
      if (typeof value === 'string' && value.length > 0 && value.length <= 500) out[key] = value;
    }
    return out;
  };
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') return pick((k) => (parsed as Record<string, unknown>)[k]);
  } catch {
    // not JSON: try a query string
  }
  const params = new URLSearchParams(text);
  return pick((k) => params.get(k) ?? undefined);
}
