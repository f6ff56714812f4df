import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths';
import { storeEntryParams } from '../lib/entry-params';
import { clearStoredState, getSession, getSessionCode } from '../lib/session';

function searchParams(request: Request): URLSearchParams {
  return new URL(request.url).searchParams;
}

/** Every route: store the entry query parameters (q, key, id) under the spec's names. */
export function rootLoader({ request }: LoaderFunctionArgs) {
  storeEntryParams(searchParams(request));
  return null;
}

/** /login: clears local storage on load (the theme stays), then keeps what this URL brought. */
export function loginLoader({ request }: LoaderFunctionArgs) {
  clearStoredState();
  storeEntryParams(searchParams(request));
  return null;
}

/** `/`: the gallery when there is a session (or a session code), otherwise the login screen. */
export function indexLoader(args: LoaderFunctionArgs) {
  if (getSession() || getSessionCode()) return redirect(paths.main);
  return loginLoader(args);
}

/** Signed-out visitors go to /login with storage cleared. */
function signedOut() {
  clearStoredState();
  return redirect(paths.login);
}

/** /main: a signed-in user, or a visitor holding a session code. */
export function galleryLoader() {
  if (getSession() || getSessionCode()) return null;
  return signedOut();
}

/** /settings: signed-in users only. */
export function signedInLoader() {
  if (getSession()) return null;
  return signedOut();
}

/** /forgot-password: signed-in users are sent to `/`. */
export function signedOutOnlyLoader() {
  if (getSession()) return redirect(paths.root);
  return null;
}
