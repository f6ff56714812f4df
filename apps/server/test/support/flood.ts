import { messages } from '@studio-gallery/contract';
import { expect } from 'vitest';
import type { TestApp, TestUser } from './test-app';

type Answer = { status: number; body: unknown };

/** Calls `call` every 20 ms until stopped, each answer checked to be a 200; stop() resolves to how many calls were made. */
function keepCalling(call: () => Promise<Answer>) {
  let running = true;
  let count = 0;
  const calls = (async () => {
    while (running) {
      const response = await call();
      count += 1;
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  return {
    async stop() {
      running = false;
      await calls;
      return count;
    },
  };
}

/**
 * Sends `count` image calls at once while the user's gallery page (the photos list of the gallery's
 * first screen: a 200 with their `photos` photos) and /api/health are called every 20 ms, each of
 * which must answer 200. The image calls must each be a 200 or a 503 with the queue's message, and at
 * least `served` of them 200s.
 */
export async function expectFloodServedOrRefused(t: TestApp, user: TestUser, options: { call: () => Promise<Answer>; count?: number; photos: number; served: number }) {
  const gallery = keepCalling(async () => {
    const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&page=1&pageSize=12&flag=All`, { token: user.token });
    expect(response.body.totalCount, JSON.stringify(response.body)).toBe(options.photos);
    return response;
  });
  const health = keepCalling(() => t.request('GET', '/api/health'));
  const answers = await Promise.all(Array.from({ length: options.count ?? 20 }, options.call));
  const galleryCalls = await gallery.stop();
  const healthCalls = await health.stop();

  const statuses = answers.map((a) => a.status);
  expect(statuses.every((s) => s === 200 || s === 503), statuses.join(',')).toBe(true);
  expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(options.served);
  for (const refused of answers.filter((a) => a.status === 503)) expect(refused.body).toEqual({ message: messages.imageQueueFull });
  // The gallery and health kept answering during the flood (each call was checked to be a 200).
  expect(galleryCalls).toBeGreaterThan(1);
  expect(healthCalls).toBeGreaterThan(1);
}
