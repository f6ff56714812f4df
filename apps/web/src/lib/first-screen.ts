/**
 * The app's side of the stored first screen (src/lib/first-screen-rules.ts) at start-up: taking over
 * from a copy the page was started with. Keeping a copy is the gallery's (remember-first-screen.ts).
 */
import { paths } from '../config/paths';
import { childPath, FIRST_SCREEN_ATTRIBUTE, FIRST_SCREEN_ID, firstScreenBoot } from './first-screen-rules';

/** The one screen stored: the gallery a signed-in customer lands on. */
export const FIRST_SCREEN_PATH = paths.main;
/** If the app never says its first screen is there (a failure), it is shown anyway after this long. */
export const HAND_OVER_AT_THE_LATEST_MS = 10_000;

function elementAt(root: Element, path: number[]): Element | undefined {
  let at: Element | undefined = root;
  for (const index of path) at = at?.children[index];
  return at;
}

/**
 * The app's own first screen is there: the stored copy goes and the app shows, in the same task, so
 * nothing is seen twice. What the customer did on the copy follows: what they typed, where the
 * focus was, then their taps. Does nothing when the page started without a copy.
 */
export function showApp(): void {
  const html = document.documentElement;
  if (!html.hasAttribute(FIRST_SCREEN_ATTRIBUTE)) return;
  const copy = document.getElementById(FIRST_SCREEN_ID);
  const root = document.getElementById('root');
  const typed = copy
    ? [...copy.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')].filter((field) => field.value !== field.defaultValue).map((field) => [childPath(field, copy), field.value] as const)
    : [];
  const focused = copy && document.activeElement && copy.contains(document.activeElement) ? childPath(document.activeElement, copy) : null;
  copy?.remove();
  html.removeAttribute(FIRST_SCREEN_ATTRIBUTE);
  const taps = firstScreenBoot()?.taps.splice(0) ?? [];
  if (!root || (typed.length === 0 && !focused && taps.length === 0)) return;
  // After React's commit that called this.
  setTimeout(() => {
    for (const [path, value] of typed) {
      const field = elementAt(root, path);
      if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
      // React tracks the value it set: the native setter and an input event make it see the change.
      Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set?.call(field, value);
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
    const focusTarget = focused ? elementAt(root, focused) : undefined;
    if (focusTarget instanceof HTMLElement) focusTarget.focus();
    for (const path of taps) {
      const target = elementAt(root, path);
      if (target instanceof HTMLElement || target instanceof SVGElement) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, view: window }));
    }
  });
}
