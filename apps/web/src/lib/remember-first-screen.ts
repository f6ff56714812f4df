/**
 * Keeping a copy of the gallery's first screen for the next visit (src/lib/first-screen-rules.ts), and
 * the hand-over from a copy the page started with.
 */
import { useEffect, useLayoutEffect } from 'react';
import { storageKeys } from '@studio-gallery/contract';
import { FIRST_SCREEN_PATH, showApp } from './first-screen';
import { FIRST_SCREEN_ATTRIBUTE, firstScreenBoot, viewportBand, type StoredFirstScreen } from './first-screen-rules';
import { storage } from './storage';
import { whenIdle } from './when-idle';

/** A copy larger than this is not kept (local storage is small and shared). */
const MAX_STORED_CHARS = 400_000;

/**
 * The screen's largest picture in view, as the browser picked it (its size and format): the page that
 * starts with the copy asks for it beside its stylesheets. One only: on a slow line more would slow
 * the stylesheets the first paint waits for.
 */
function firstPictures(): string[] {
  let largest: { src: string; area: number } | undefined;
  for (const img of document.querySelectorAll<HTMLImageElement>('#root img')) {
    const box = img.getBoundingClientRect();
    const area = Math.max(0, Math.min(box.bottom, innerHeight) - Math.max(box.top, 0)) * box.width;
    if (img.complete && img.currentSrc.startsWith(`${location.origin}/`) && area > (largest?.area ?? 0)) largest = { src: img.currentSrc.slice(location.origin.length), area };
  }
  return largest ? [largest.src] : [];
}

/** Keeps a copy of the screen now shown at /main for the next visit (a signed-in customer, a built app, no copy showing). */
export function rememberFirstScreen(): void {
  const state = firstScreenBoot();
  const root = document.getElementById('root');
  const userId = storage.get(storageKeys.userId);
  if (!state || !root || !userId || !storage.get(storageKeys.token)) return;
  if (location.pathname !== FIRST_SCREEN_PATH || location.search !== '' || location.hash !== '') return;
  if (document.documentElement.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) return;
  const copy = root.cloneNode(true) as HTMLElement;
  // Ids and test ids belong to the app's elements, which are in the page at the same time.
  for (const node of copy.querySelectorAll('[id], [data-testid]')) {
    node.removeAttribute('id');
    node.removeAttribute('data-testid');
  }
  const screen: StoredFirstScreen = {
    build: state.build,
    userId,
    path: location.pathname,
    band: viewportBand(innerWidth),
    savedAt: Date.now(),
    colorScheme: document.documentElement.getAttribute('data-mantine-color-scheme'),
    pictures: firstPictures(),
    html: copy.innerHTML,
  };
  const stored = JSON.stringify(screen);
  if (stored.length <= MAX_STORED_CHARS) storage.set(storageKeys.firstScreen, stored);
  else storage.remove(storageKeys.firstScreen);
}

/**
 * For the stored first screen's screen (the gallery): once `ready` (its first page, or its error, is
 * rendered) the app takes over from a copy the page started with, in the commit that shows it; once
 * the page is idle a new copy is kept.
 */
export function useFirstScreenHandOver(ready: boolean): void {
  useLayoutEffect(() => {
    if (ready) showApp();
  }, [ready]);
  useEffect(() => (ready ? whenIdle(rememberFirstScreen) : undefined), [ready]);
}
