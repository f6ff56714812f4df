import { vi } from 'vitest';

/** A jsdom stand-in for window.matchMedia's answer; `matches` decides per query. */
export function fakeMediaQueryList(query: string, matches: (query: string) => boolean = () => false): MediaQueryList {
  return {
    matches: matches(query),
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  } as MediaQueryList;
}
