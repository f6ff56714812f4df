import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { PagedPhotosResponse } from '@studio-gallery/contract';
import { describe, expect, it } from 'vitest';
import type { GalleryService, PageRequest } from './gallery.service';
import { PageAnswers } from './page-answers';

/** A gallery whose revision and expiry the test sets, counting the pages it builds. */
function fakeGallery() {
  const state = { revision: 'r1', expires: 1000, builds: 0 };
  const gallery = {
    userPageScope: async (userId: number) => ({ scope: { userId }, revision: state.revision }),
    sessionPageScope: async () => ({ scope: { sessionId: 9 }, revision: state.revision }),
    galleryExpiry: () => state.expires,
    photosPage: async (_scope: unknown, request: PageRequest): Promise<PagedPhotosResponse> => {
      state.builds++;
      await new Promise((r) => setImmediate(r));
      return {
        items: [],
        page: request.page,
        pageSize: request.pageSize,
        totalPages: 0,
        totalCount: state.builds,
        overallAllCount: 0,
        totalRetouchedCount: 0,
        totalOriginalCount: 0,
        totalLikedCount: 0,
        totalSkipCount: 0,
        showSinglePage: true,
      };
    },
  };
  return { state, gallery: gallery as unknown as GalleryService };
}

const request = (page = 1, extra: Partial<PageRequest> = {}): PageRequest => ({ page, pageSize: 12, flag: 'All', search: null, ...extra });
const totalOf = (json: Buffer) => JSON.parse(json.toString()).totalCount as number;

describe('PageAnswers', () => {
  it('builds a page once per revision, day and request, and a burst of one request once', async () => {
    const { state, gallery } = fakeGallery();
    const answers = new PageAnswers(gallery);
    const burst = await Promise.all(Array.from({ length: 20 }, async () => answers.userPage(1, request())));
    expect(state.builds).toBe(1);
    expect(new Set(burst.map((a) => a.etag)).size).toBe(1);

    await answers.userPage(1, request(1, { search: '  ' })); // blank search is no search
    expect(state.builds).toBe(1);
    await answers.userPage(1, request(2));
    await answers.userPage(2, request());
    await answers.sessionPage('code', request());
    await answers.userPage(1, request(1, { search: 'x' }));
    await answers.userPage(1, request(1, { order: { column: 'name', direction: 'asc' } }));
    expect(state.builds).toBe(6);

    state.revision = 'r2';
    expect(totalOf((await answers.userPage(1, request())).json)).toBe(7);
    state.expires = 2000;
    expect(totalOf((await answers.userPage(1, request())).json)).toBe(8);
    expect(totalOf((await answers.userPage(1, request())).json)).toBe(8);
  });

  it('gives compressed forms that decode to the JSON, made once', async () => {
    const { gallery } = fakeGallery();
    const answers = new PageAnswers(gallery);
    const answer = await answers.userPage(1, request());
    expect(brotliDecompressSync(answer.encoded('br')).equals(answer.json)).toBe(true);
    expect(gunzipSync(answer.encoded('gzip')).equals(answer.json)).toBe(true);
    expect(answer.encoded('br')).toBe(answer.encoded('br'));
    expect(answers.size.bytes).toBe(answer.json.length + answer.encoded('br').length + answer.encoded('gzip').length);
  });

  it('holds no more than its bound, dropping the least recently used first', async () => {
    const { state, gallery } = fakeGallery();
    const one = (await new PageAnswers(gallery).userPage(1, request())).json.length;
    const answers = new PageAnswers(gallery, one * 3);
    state.builds = 0;
    for (const page of [1, 2, 3]) await answers.userPage(1, request(page));
    await answers.userPage(1, request(1)); // page 1 used again: page 2 is now the oldest
    await answers.userPage(1, request(4));
    expect(answers.size.entries).toBe(3);
    expect(answers.size.bytes).toBeLessThanOrEqual(one * 3);
    expect(state.builds).toBe(4);
    await answers.userPage(1, request(1));
    expect(state.builds).toBe(4);
    await answers.userPage(1, request(2));
    expect(state.builds).toBe(5);
  });

  it('keeps nothing with a bound of 0, and builds every request afresh', async () => {
    const { state, gallery } = fakeGallery();
    const answers = new PageAnswers(gallery, 0);
    await answers.userPage(1, request());
    await answers.userPage(1, request());
    expect(state.builds).toBe(2);
    await Promise.all([answers.userPage(1, request()), answers.userPage(1, request())]);
    expect(state.builds).toBe(4);
    expect(answers.size).toEqual({ entries: 0, bytes: 0 });
  });
});
