/** How long after the page's load event the first screen is left to finish (its photos, its paint). */
export const SETTLE_MS = 1500;

/**
 * Runs `task` once the page has loaded, settled (SETTLE_MS) and the browser is idle: for code the
 * first screen doesn't need but the next click might (a dialog's), so it is neither on the way to
 * the first screen nor waited for when wanted. Answers a function that cancels it.
 */
export function whenIdle(task: () => void): () => void {
  let cancelled = false;
  let settleTimer: number | undefined;
  let idleHandle: number | undefined;
  const whenSettled = () => {
    if (cancelled) return;
    if (typeof requestIdleCallback === 'function') idleHandle = requestIdleCallback(() => task(), { timeout: 5000 });
    else task();
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
    if (idleHandle !== undefined && typeof cancelIdleCallback === 'function') cancelIdleCallback(idleHandle);
  };
}
