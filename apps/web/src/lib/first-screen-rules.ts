/**
 * The gallery's first screen, stored (issue 23 §2): when the app has shown /main, it keeps a copy of
 * that screen's HTML in local storage (src/lib/first-screen.ts); on the next visit index.html's boot
 * script (src/app/first-screen-boot.ts) writes the copy into the page, so the customer sees their
 * photos before the app's code has arrived, and the app, laid out unseen on top, takes over once its
 * own first page is there. These rules, shared by both, say when a copy may be shown. (They import no
 * object of constants, such as the app's paths: the boot script is inline in every page, and a bundler
 * keeps a whole object for one of its values.)
 */
import { isExpired, readJwtPayload } from './jwt';

/** On <html> while the stored copy shows (global.css hides the app's #root meanwhile). */
export const FIRST_SCREEN_ATTRIBUTE = 'data-first-screen';
/** The stored copy's container (the app's #root as it was, without ids). */
export const FIRST_SCREEN_ID = 'first-screen';
/** A week: an older copy is more likely to show photos that have changed than to help. */
export const FIRST_SCREEN_MAX_AGE_MS = 7 * 24 * 3600 * 1000;
/**
 * Mantine's breakpoints (xs–xl, px): the layout changes there, partly in code (the phone's menu), so a
 * copy is shown only in the band of widths it was made in.
 */
const BAND_EDGES = [576, 768, 992, 1200, 1408];

export function viewportBand(width: number): number {
  return BAND_EDGES.filter((edge) => width >= edge).length;
}

export interface StoredFirstScreen {
  /** The build that made it (its start-up script's name): another build's classes and stylesheets differ. */
  build: string;
  userId: string;
  path: string;
  band: number;
  savedAt: number;
  /** <html>'s colour scheme attribute, which Mantine's styles select on. */
  colorScheme: string | null;
  /** The pictures to ask for first (the first in view, as the browser picked it from its sources). */
  pictures?: string[];
  /** The screen: #root's content (Mantine renders its style tags there too). */
  html: string;
}

/** What index.html's boot script leaves on `self.firstScreen` for the page and the app. */
export interface FirstScreenBoot {
  /** This build (its start-up script). */
  build: string;
  /** Runs `callback` once the copy is on screen (at once when the page has none). */
  whenShown(callback: () => void): void;
  /** Writes the stored copy where the page's parser is (index.html calls it just before #root). */
  write(): void;
  /** Taps on the stored copy, each the child-index path of its target from the copy's root, for the app to replay. */
  taps: number[][];
}

/** The boot script's state on `self.firstScreen`: absent in development (Vite serves its own index.html) and in unit tests. */
export function firstScreenBoot(): FirstScreenBoot | undefined {
  return (self as unknown as { firstScreen?: FirstScreenBoot }).firstScreen;
}

/** Where `node` sits under `root`: the index of each element among its parent's children, from `root` down (a tap's target on the copy, found again on the app). */
export function childPath(node: Element, root: Element): number[] {
  const path: number[] = [];
  for (let at: Element | null = node; at && at !== root; at = at.parentElement) path.unshift(Array.prototype.indexOf.call(at.parentElement?.children ?? [], at));
  return path;
}

export interface FirstScreenContext {
  /** The one screen stored (first-screen.ts FIRST_SCREEN_PATH; index.html's boot script gets it from the build). */
  screenPath: string;
  build: string;
  userId: string | null;
  token: string | null;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
  width: number;
  now: number;
}

/** The stored copy when it may be shown here and now: this build, this customer (signed in), /main itself, this band of widths, recent. */
export function usableFirstScreen(stored: string | null, context: FirstScreenContext): StoredFirstScreen | null {
  const { location } = context;
  if (!stored || !context.userId || !context.token) return null;
  if (location.pathname !== context.screenPath || location.search !== '' || location.hash !== '') return null;
  const claims = readJwtPayload(context.token) as { exp?: unknown } | undefined;
  if (typeof claims?.exp !== 'number' || isExpired({ exp: claims.exp }, context.now)) return null;
  let screen: StoredFirstScreen;
  try {
    screen = JSON.parse(stored) as StoredFirstScreen;
  } catch {
    return null;
  }
  const fits =
    screen.build === context.build &&
    screen.userId === context.userId &&
    screen.path === location.pathname &&
    screen.band === viewportBand(context.width) &&
    typeof screen.savedAt === 'number' &&
    context.now - screen.savedAt >= 0 &&
    context.now - screen.savedAt < FIRST_SCREEN_MAX_AGE_MS &&
    typeof screen.html === 'string' &&
    (screen.pictures === undefined || Array.isArray(screen.pictures));
  return fits ? screen : null;
}
