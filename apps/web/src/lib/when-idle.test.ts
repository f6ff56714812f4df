import { afterEach, describe, expect, it, vi } from 'vitest';
import { IMAGES_WAIT_MS, SETTLE_MS, whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.body.replaceChildren();
  });

  /** An <img> still loading, inside the viewport (jsdom lays nothing out: its box is given). */
  function pictureLoadingInView(): HTMLImageElement {
    const img = document.createElement('img');
    Object.defineProperty(img, 'complete', { value: false, configurable: true });
    img.getBoundingClientRect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 300, right: 200, width: 200, height: 300, toJSON: () => ({}) });
    document.body.append(img);
    return img;
  }

  it('runs the task after the page has loaded, settled and gone idle, once', () => {
    vi.useFakeTimers();
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => idle.push(callback));
    const task = vi.fn();
    whenIdle(task); // jsdom's document is complete already
    vi.advanceTimersByTime(SETTLE_MS - 1);
    expect(idle).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(task).not.toHaveBeenCalled();
    idle.forEach((callback) => callback());
    expect(task).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled', () => {
    vi.useFakeTimers();
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    const task = vi.fn();
    const cancel = whenIdle(task);
    cancel();
    vi.advanceTimersByTime(SETTLE_MS * 2);
    expect(requestIdle).not.toHaveBeenCalled();
    expect(task).not.toHaveBeenCalled();
  });

  it('waits for the pictures in view to load (or fail) before going idle', () => {
    vi.useFakeTimers();
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    const [first, second] = [pictureLoadingInView(), pictureLoadingInView()];
    const offScreen = pictureLoadingInView();
    offScreen.getBoundingClientRect = () => ({ x: 0, y: 2000, top: 2000, left: 0, bottom: 2300, right: 200, width: 200, height: 300, toJSON: () => ({}) });
    whenIdle(vi.fn());
    vi.advanceTimersByTime(SETTLE_MS);
    first.dispatchEvent(new Event('load'));
    expect(requestIdle).not.toHaveBeenCalled();
    second.dispatchEvent(new Event('error'));
    expect(requestIdle).toHaveBeenCalledTimes(1);
  });

  it('waits for a stuck picture at most IMAGES_WAIT_MS', () => {
    vi.useFakeTimers();
    const requestIdle = vi.fn();
    vi.stubGlobal('requestIdleCallback', requestIdle);
    pictureLoadingInView();
    whenIdle(vi.fn());
    vi.advanceTimersByTime(SETTLE_MS + IMAGES_WAIT_MS - 1);
    expect(requestIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(requestIdle).toHaveBeenCalledTimes(1);
  });
});
