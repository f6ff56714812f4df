import { messages } from '@studio-gallery/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ImageQueueFullError, ImageWorkQueue } from './image-work-queue';
import { loadSharp } from './sharp';

/** A job that runs until released, recording when it started. */
function gate(started: string[], name: string) {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { job: async () => (started.push(name), await done, name), release: () => release() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ImageWorkQueue', () => {
  // Jobs start once sharp is loaded (the queue loads it): load it once up front.
  beforeAll(async () => {
    await loadSharp();
  });

  it('runs at most `concurrency` jobs, queues up to `maxWaiting` in order, refuses the next at once', async () => {
    const queue = new ImageWorkQueue({ concurrency: 2, maxWaiting: 2 });
    const started: string[] = [];
    const jobs = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const results = jobs.map((g) => queue.run(g.job));
    await tick();
    expect(started).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ active: 2, waiting: 2 });
    expect(queue.full).toBe(true);

    const refused = queue.run(async () => 'e');
    await expect(refused).rejects.toBeInstanceOf(ImageQueueFullError);
    await expect(refused).rejects.toThrow(messages.imageQueueFull);
    expect(() => queue.assertRoom()).toThrow(ImageQueueFullError);

    jobs[1]!.release();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    expect(queue.full).toBe(false);
    for (const g of jobs) g.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
  });

  it('frees the slot of a job that fails', async () => {
    const queue = new ImageWorkQueue({ concurrency: 1, maxWaiting: 0 });
    await expect(queue.run(async () => Promise.reject(new Error('bad image')))).rejects.toThrow('bad image');
    expect(queue.load).toEqual({ active: 0, waiting: 0 });
    expect(await queue.run(async () => 42)).toBe(42);
  });

  it('with no waiting room, refuses every job while one runs', async () => {
    const queue = new ImageWorkQueue({ concurrency: 1, maxWaiting: 0 });
    const started: string[] = [];
    const first = gate(started, 'first');
    const running = queue.run(first.job);
    await tick();
    await expect(queue.run(async () => 'second')).rejects.toBeInstanceOf(ImageQueueFullError);
    first.release();
    await running;
    expect(await queue.run(async () => 'third')).toBe('third');
  });
});
