/** How long after the page's load event the first screen is left to finish (its photos, its paint). */
export const SETTLE_MS = 1500;
/** The longest the task waits for the pictures in view (a slow or stuck one must not hold it off for good). */
export const IMAGES_WAIT_MS = 10_000;

/** The pictures inside the viewport that are still loading. */
function picturesLoadingInView(): HTMLImageElement[] {
  return [...document.images].filter((img) => {
    if (img.complete) return false;
    const box = img.getBoundingClientRect();
    return box.width > 0 && box.bottom > 0 && box.top < window.innerHeight;
  });
}

/**
 * Runs `task` once the page has loaded, settled (SETTLE_MS), the pictures in view have loaded (at
 * most IMAGES_WAIT_MS) and the browser is idle: for code the first screen doesn't need but the next
 * click might (a dialog's), so it is neither on the way to the first screen, nor sharing the network
 * with its photos, nor waited for when wanted. After a client-side navigation (/login to the
 * gallery) the load event is long past: the pictures are what tell the first screen is done.
 * Answers a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let settleTimer: number | undefined;
  let picturesTimer: number | undefined;
  let idleHandle: number | undefined;
  let stopWatching = () => {};
  const whenPicturesLoaded = () => {
    stopWatching();
    window.clearTimeout(picturesTimer);
    if (cancelled || idleHandle !== undefined) return;
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(() => task(), { timeout: 5000 });
    else {
      idleHandle = 0;
      task();
    }
  };
  const whenSettled = () => {
    if (cancelled) return;
    const loading = picturesLoadingInView();
    if (loading.length === 0) return whenPicturesLoaded();
    let left = loading.length;
    const oneDone = () => {
      left -= 1;
      if (left === 0) whenPicturesLoaded();
    };
    for (const img of loading) {
      img.addEventListener('load', oneDone, { once: true });
      img.addEventListener('error', oneDone, { once: true });
    }
    stopWatching = () => {
      for (const img of loading) {
        img.removeEventListener('load', oneDone);
        img.removeEventListener('error', oneDone);
      }
    };
    picturesTimer = window.setTimeout(whenPicturesLoaded, IMAGES_WAIT_MS);
  };
  const afterLoad = () => {
    settleTimer = window.setTimeout(whenSettled, SETTLE_MS);
  };
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', afterLoad);
    window.clearTimeout(settleTimer);
    window.clearTimeout(picturesTimer);
    stopWatching();
    if (idleHandle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
  };
}
