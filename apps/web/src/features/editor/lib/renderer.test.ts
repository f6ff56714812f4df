import { DEFAULT_EDIT_VALUES, EDITOR_TIMINGS, type EditValues } from '@studio-gallery/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PreviewScheduler } from './renderer';

/** Animation frames under the test's control. */
function fakeFrames() {
  const callbacks = new Map<number, () => void>();
  let next = 1;
  return {
    requestFrame: (callback: () => void) => {
      callbacks.set(next, callback);
      return next++;
    },
    cancelFrame: (handle: number) => void callbacks.delete(handle),
    waiting: () => callbacks.size,
    runFrame: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback();
    },
  };
}

const exposureOf = (exposure: number): EditValues => ({ ...DEFAULT_EDIT_VALUES, exposure });

describe('PreviewScheduler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('paints once per frame, only the latest values, and never keeps a backlog', () => {
    const frames = fakeFrames();
    const painted: (EditValues | null)[] = [];
    const scheduler = new PreviewScheduler((values) => painted.push(values), frames);

    for (let i = 1; i <= 5; i++) scheduler.request(exposureOf(i / 10));
    expect(frames.waiting()).toBe(1);
    expect(painted).toEqual([]);
    frames.runFrame();
    expect(painted).toEqual([exposureOf(0.5)]);

    frames.runFrame();
    expect(painted).toHaveLength(1);

    scheduler.request(null);
    frames.runFrame();
    expect(painted).toEqual([exposureOf(0.5), null]);
    expect(scheduler.stats).toEqual({ requested: 6, painted: 2, superseded: 4 });
  });

  it('flush paints what waits now; dispose drops it', () => {
    const frames = fakeFrames();
    const painted: (EditValues | null)[] = [];
    const scheduler = new PreviewScheduler((values) => painted.push(values), frames);
    scheduler.request(exposureOf(1));
    scheduler.flush();
    expect(painted).toEqual([exposureOf(1)]);
    expect(frames.waiting()).toBe(0);

    scheduler.request(exposureOf(2));
    scheduler.dispose();
    frames.runFrame();
    expect(painted).toEqual([exposureOf(1)]);
  });

  it('settles the apply delay after the last change, with the latest values on screen', () => {
    vi.useFakeTimers();
    const frames = fakeFrames();
    const painted: (EditValues | null)[] = [];
    const settled: (EditValues | null)[] = [];
    const scheduler = new PreviewScheduler((values) => painted.push(values), { ...frames, onSettled: (values) => settled.push(values) });

    scheduler.request(exposureOf(1));
    vi.advanceTimersByTime(EDITOR_TIMINGS.applyDelayMs - 1);
    scheduler.request(exposureOf(2));
    vi.advanceTimersByTime(EDITOR_TIMINGS.applyDelayMs - 1);
    expect(settled).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(painted).toEqual([exposureOf(2)]);
    expect(settled).toEqual([exposureOf(2)]);
  });
});
