import { afterEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, whenIdle } from './when-idle';

describe('whenIdle', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

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
});
