import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { notifications } from '@mantine/notifications';
import { afterEach, vi } from 'vitest';
import { fakeMediaQueryList } from './media-query';

// findBy*/waitFor wait up to 5 s (default 1 s): lazy routes and modals import their code on first
// use, which takes over a second on a loaded two-core machine. This only matters when something is slow.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks these browser APIs; Mantine and the slider use them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => fakeMediaQueryList(query)),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
class IntersectionObserverStub {
  readonly root = null;
  readonly rootMargin = '';
  readonly thresholds: number[] = [];
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.IntersectionObserver = IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

const { getComputedStyle } = window;
window.getComputedStyle = (element: Element, pseudo?: string | null) => getComputedStyle(element, pseudo);

afterEach(() => {
  cleanup();
  notifications.clean();
  window.localStorage.clear();
  vi.restoreAllMocks();
});
