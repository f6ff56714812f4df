/**
 * index.html's boot script, inline at the top of <head> (vite.config.ts firstScreenBoot builds it; the
 * server allows it in the CSP by its hash). It decides how the page starts:
 * - with no usable stored first screen (src/lib/first-screen-rules.ts), it asks for the app's
 *   start-up code at once, as the static tags it replaces did;
 * - with one, index.html's second inline script (just before #root) writes the copy and the gallery
 *   route's stylesheets into the page through the parser (so those hold the paint back as index.html's
 *   own do, and the copy's pictures are found at once), and the app's code is asked for only once the
 *   copy is on screen: the customer's photos are painted first, then the app lays itself out unseen on
 *   top and takes over (src/lib/first-screen.ts). Taps on the copy meanwhile are kept for the app to replay.
 */
import { childPath, FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_ID, usableFirstScreen, type FirstScreenBoot } from '../lib/first-screen-rules';

/** The start-up code index.html's static tags asked for, and the stylesheets the copy's screen adds to index.html's, filled in by the build. */
declare const __APP_SCRIPTS__: { entry: string; preloads: string[]; screenStylesheets: string[] };
const appScripts = __APP_SCRIPTS__;
/** The screen stored and the storage keys read, filled in by the build from the app's paths and the contract's storageKeys. */
declare const __FIRST_SCREEN__: { screenPath: string; keys: { token: string; userId: string; firstScreen: string } };
const { screenPath, keys } = __FIRST_SCREEN__;

/** The longest the app's code waits for the copy to be shown. */
const APP_AT_THE_LATEST_MS = 4000;

function loadApp(): void {
  for (const href of appScripts.preloads) document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', crossOrigin: '', href }));
  document.head.append(Object.assign(document.createElement('script'), { type: 'module', crossOrigin: '', src: appScripts.entry }));
}

let stored: ReturnType<typeof usableFirstScreen> = null;
try {
  // (Local storage may throw: private mode, storage disabled. Then there is no copy.)
  stored = usableFirstScreen(localStorage.getItem(keys.firstScreen), {
    screenPath,
    build: appScripts.entry,
    userId: localStorage.getItem(keys.userId),
    token: localStorage.getItem(keys.token),
    location,
    width: innerWidth,
    now: Date.now(),
  });
} catch {
  stored = null;
}

/**
 * Resolves once the copy is on screen with its largest picture (as the browser reports the paint), so
 * that the app's code and requests do not compete with it; at once without a copy, a few seconds at
 * most whatever happens.
 */
const shown = new Promise<void>((resolve) => {
  if (!stored) return resolve();
  setTimeout(resolve, APP_AT_THE_LATEST_MS);
  addEventListener(
    'load',
    () => {
      if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve)));
      // No picture painted within a second (none in view): the copy is shown by then.
      setTimeout(resolve, 1000);
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntries().some((entry) => (entry as PerformanceEntry & { element?: Element | null }).element?.tagName === 'IMG')) return;
        observer.disconnect();
        setTimeout(resolve);
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    },
    { once: true },
  );
});

const boot: FirstScreenBoot = {
  build: appScripts.entry,
  taps: [],
  // Each in a task of its own: the app's start-up and the gallery's preloads are two short tasks, not one long one.
  whenShown: (callback) => void shown.then(() => setTimeout(callback)),
  write() {
    const screen = stored;
    stored = null;
    if (!screen) return;
    // After index.html's stylesheets, as the app adds them; through the parser, so they hold the copy's paint back.
    const links = appScripts.screenStylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    document.write(`${links}<div id="${FIRST_SCREEN_ID}" aria-hidden="true">${screen.html}</div>`);
  },
};
(self as unknown as { firstScreen: FirstScreenBoot }).firstScreen = boot;

if (stored) {
  // The copy's largest pictures, as the browser chose them when it was kept: asked for now, beside the
  // stylesheets, not once the copy is written after them.
  for (const href of stored.pictures ?? []) document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href, fetchPriority: 'high' }));
  const html = document.documentElement;
  if (stored.colorScheme) html.setAttribute('data-mantine-color-scheme', stored.colorScheme);
  html.setAttribute(FIRST_SCREEN_ATTRIBUTE, '');
  // A tap on the copy does nothing now (a link would reload the page) but is replayed on the app.
  document.addEventListener(
    'click',
    (event) => {
      const screen = document.getElementById(FIRST_SCREEN_ID);
      const target = event.target as Element | null;
      if (!screen || !target || !screen.contains(target)) return;
      event.preventDefault();
      event.stopPropagation();
      boot.taps.push(childPath(target, screen));
    },
    true,
  );
  boot.whenShown(loadApp);
} else {
  loadApp();
}

