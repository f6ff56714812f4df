import type { QueryClient } from '@tanstack/react-query';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths';
import { galleryPageQueryOptions, getGalleryPage } from '../features/gallery/api/get-gallery-page';
import { getGalleryViewer } from '../lib/viewer';
import { initialGalleryState } from '../features/gallery/hooks/gallery-state';
import { flagForPath } from '../features/gallery/lib/photo-rules';
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

/**
 * /main: a signed-in user, or a visitor holding a session code. Given the app's query client, it
 * also starts fetching the first gallery page (the one the screen opens on) right away, alongside
 * the branding and the screen's code, instead of after the screen has rendered. On a fresh page load
 * that request is usually under way already (index.html's preload script, src/app/preload-gallery.ts):
 * the loader's fetch adopts it instead of asking again.
 */
export function galleryLoader({ request }: LoaderFunctionArgs, queryClient?: QueryClient) {
  if (!getSession() && !getSessionCode()) return signedOut();
  if (queryClient) {
    const { page, pageSize, flag, search } = initialGalleryState(flagForPath(new URL(request.url).pathname));
    const viewer = getGalleryViewer();
    const params = { page, pageSize, flag, search };
    void queryClient.prefetchQuery({
      ...galleryPageQueryOptions(viewer, params),
      queryFn: ({ signal }) => getGalleryPage(viewer, params, signal, true),
    });
  }
  return null;
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
