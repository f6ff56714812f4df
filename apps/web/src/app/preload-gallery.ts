/**
 * index.html's preload script: built on its own, as a tiny classic script, by vite.config.ts
 * (preloadGalleryRoute; the server's CSP allows scripts from 'self' only, so it is a file). It runs
 * as soon as it arrives, before the start-up code has. On every page it starts the request of the
 * studio's branding (which the app waits for before it shows a screen): the branding query adopts its
 * response (src/lib/early-response.ts). For a signed-in visitor (or one with a session code) opening
 * the gallery (/main, /main/favourites, …; not /main/orders) it also starts:
 * - the gallery route's code (its layout and screen, the chunks they import, their styles): the lazy
 *   routes then find it in the cache;
 * - the request of the gallery's first page, the one the route loader would send: the loader adopts
 *   its response (src/lib/early-response.ts);
 * - once that page arrives, its first photo's thumbnail, at high priority: the page's largest paint,
 *   which would otherwise be requested only when the app has run and rendered its card. The preload
 *   names the same srcset and sizes as the card's <img>, so the browser picks the same file and the
 *   card finds it loaded. (Preloading every thumbnail of the first screen measured worse: they compete
 *   with the start-up code.)
 * For a signed-in visitor opening the studio's home (/studio) it starts that route's code and the
 * account's request (GET /account, whose role opens the studio) instead, which the router would
 * otherwise send only once the start-up code and the route's code have run (issue 23 §5).
 * Everything it uses is the app's own code (request, viewer and thumbnail rules), nothing copied.
 */
import { storageKeys, type PagedPhotosResponse } from '@studio-gallery/contract';
import { paths } from '../config/paths';
import { brandingRequest } from '../features/branding/api/branding-request';
import { galleryPageRequest } from '../features/gallery/api/gallery-page-request';
import { viewerFrom } from '../lib/viewer';
import { initialGalleryState } from '../features/gallery/hooks/gallery-state';
import { flagForPath, GRID_IMAGE_SIZES, thumbnailSrc } from '../features/gallery/lib/photo-rules';
import { apiBaseUrl, apiHeaders, buildApiUrl } from '../lib/api-url';
import { ACCOUNT_PATH } from '../lib/account';
import { startEarlyRequest } from '../lib/early-response';
import { isExpired, readJwtPayload } from '../lib/jwt';
import { storage } from '../lib/storage';
import { firstScreenBoot } from '../lib/first-screen-rules';

/** [rel, href] of the gallery route's chunks and styles, filled in by the build. */
declare const __GALLERY_ROUTE_LINKS__: [rel: 'modulepreload' | 'preload', href: string][];
/** The same for the studio's home, /studio (its frame and screen): issue 23 §5. */
declare const __STUDIO_HOME_LINKS__: [rel: 'modulepreload' | 'preload', href: string][];

function addLink(attributes: Partial<HTMLLinkElement>): void {
  document.head.appendChild(Object.assign(document.createElement('link'), attributes));
}

/** The signed-in session as far as the page can tell without the app: a user id and an unexpired token. */
function storedSession(token: string | null): { userId: string } | null {
  const userId = storage.get(storageKeys.userId);
  if (!token || !userId) return null;
  const claims = readJwtPayload(token) as { exp?: unknown } | undefined;
  return typeof claims?.exp === 'number' && !isExpired({ exp: claims.exp }) ? { userId } : null;
}

function preloadGallery(): void {
  const token = storage.get(storageKeys.token);
  const base = apiBaseUrl(import.meta.env.VITE_API_BASE_URL);
  const branding = brandingRequest(location.host);
  startEarlyRequest('branding', buildApiUrl(base, branding.path, branding.query), apiHeaders(token));

  const pathname = location.pathname.toLowerCase();
  if (token && (pathname === paths.studio || pathname === `${paths.studio}/`)) {
    for (const [rel, href] of __STUDIO_HOME_LINKS__) addLink(rel === 'preload' ? { rel, href, as: 'style', crossOrigin: '' } : { rel, href, crossOrigin: '' });
    // The account (its role opens the studio and its data): the studio's loaders adopt the response.
    startEarlyRequest('account', buildApiUrl(base, ACCOUNT_PATH), apiHeaders(token));
    return;
  }
  const main = paths.main.toLowerCase();
  const inGallery = pathname === main || (pathname.startsWith(`${main}/`) && !pathname.startsWith(paths.mainOrders.toLowerCase()));
  const code = storage.get(storageKeys.code);
  if (!inGallery || !(token || code)) return;

  for (const [rel, href] of __GALLERY_ROUTE_LINKS__) {
    addLink(rel === 'preload' ? { rel, href, as: 'style', crossOrigin: '' } : { rel, href, crossOrigin: '' });
  }

  const { page, pageSize, flag, search } = initialGalleryState(flagForPath(location.pathname));
  const request = galleryPageRequest(viewerFrom(storedSession(token), code), { page, pageSize, flag, search });
  if (!request) return;
  const firstPage = startEarlyRequest('gallery-page', buildApiUrl(base, request.path, request.query), apiHeaders(token));
  // (None when the app's loader has asked for it already.) A copy of the body: the response itself is the route loader's to read.
  void firstPage
    ?.then((response) => (response.ok ? (response.clone().json() as Promise<PagedPhotosResponse>) : undefined))
    .then((answer) => {
      const first = answer?.items[0];
      if (!first) return;
      const { src, srcSet, avifSrcSet } = thumbnailSrc(first);
      // The card's <picture> choice: its AVIF source where the browser has AVIF (a preload of a type it lacks is skipped).
      addLink({ rel: 'preload', as: 'image', href: src, imageSrcset: avifSrcSet ?? srcSet, imageSizes: GRID_IMAGE_SIZES, fetchPriority: 'high', ...(avifSrcSet ? { type: 'image/avif' } : {}) });
    })
    .catch(() => undefined);
}

function preloadSafely(): void {
  try {
    preloadGallery();
  } catch {
    // A preload only: the app does the real work.
  }
}

// Under the stored copy of the first screen, the copy's pictures go first: these start with the app's
// code, once the copy is on screen (src/app/first-screen-boot.ts).
const boot = firstScreenBoot();
if (boot) boot.whenShown(preloadSafely);
else preloadSafely();
