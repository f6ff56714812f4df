import { company, downloadOptionsResponse, pagedPhotosResponse } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importServicesFor, sourcesOf, testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Issue 24 over HTTP against a real database: the Shared and Downloads views of the page calls
 * (§1: `flag=Shared`, `flag=Downloads`, with counts and paging, for customers and visitors), and the
 * download sizes of one photo (§7: real pixel sizes; no "full" smaller than High Resolution).
 */

let t: TestApp;
let admin: TestUser;
let carol: TestUser;
let code: string;
/** Carol's photos by name (IMG_1 … IMG_5 small; BIG large). */
let photos: Record<string, JsonBody>;

async function page(query: string, auth: { token?: string; headers?: Record<string, string> } = { token: carol.token }) {
  const path = auth.token ? `/api/sessions/GetUserSessionsPage?userId=${carol.id}&${query}` : `/api/sessions/getSessionImages?couponcode=${code}&${query}`;
  const response = await t.request('GET', path, auth);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return pagedPhotosResponse.parse(response.body);
}

const names = (body: { items: { name: string }[] }) => body.items.map((p) => p.name);

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  carol = await t.createUser({ firstName: 'Carol' });
  const files: Record<string, Buffer> = {};
  for (let i = 1; i <= 5; i++) files[`IMG_${i}.jpg`] = await testPhoto(700 + i, { width: 800, height: 1200 });
  files['BIG.jpg'] = await testPhoto(799, { width: 2000, height: 3000 });
  const { shoots } = importServicesFor(t);
  const result = await shoots.importShoot({ email: carol.email, sessionName: 'Views', sessionDate: '2026-11-20', photos: sourcesOf(files), retouched: [], invite: false });
  code = result.session.code;
  const all = await page('pageSize=100&flag=All');
  photos = Object.fromEntries(all.items.map((p) => [p.name, p]));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the Shared and Downloads views (issue 24 §1)', () => {
  it('lists nothing before anything is shared or downloaded', async () => {
    for (const flag of ['Shared', 'Downloads', 'shared', 'DOWNLOADS']) {
      expect(await page(`flag=${flag}`)).toMatchObject({ items: [], totalCount: 0, totalPages: 0, overallAllCount: 6 });
    }
  });

  it('Shared lists the shared photos, Downloads those downloaded singly or in a ZIP, with counts and pages', async () => {
    for (const name of ['IMG_2', 'IMG_4']) {
      const shared = await t.request('POST', '/api/Social', { token: carol.token, body: { socialType: 'link', photoId: photos[name]!.id } });
      expect(shared.status).toBe(200);
    }
    const single = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', {
      token: carol.token,
      body: { OriginalImageURL: photos.IMG_1!.url, PhotoResolution: 'High Resolution' },
    });
    expect(single.status).toBe(200);
    // A visitor's ZIP counts too: the photos were downloaded.
    const zip = await fetch(new URL('/api/ex/images/download-selected-images-zip', t.baseUrl), {
      method: 'POST',
      headers: { 'x-session-code': code, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: [photos.IMG_3!.url, photos.IMG_5!.url] }),
    });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();

    const shared = await page('flag=Shared&pageSize=12');
    expect(names(shared)).toEqual(['IMG_2', 'IMG_4']);
    expect(shared).toMatchObject({ totalCount: 2, totalPages: 1, overallAllCount: 6 });
    expect(shared.items.every((p) => p.shared)).toBe(true);

    const downloads = await page('flag=Downloads&pageSize=2');
    expect(names(downloads)).toEqual(['IMG_1', 'IMG_3']);
    expect(downloads).toMatchObject({ totalCount: 3, totalPages: 2, showSinglePage: false });
    expect(names(await page('flag=Downloads&pageSize=2&page=2'))).toEqual(['IMG_5']);
    expect(names(await page('flag=Downloads&searchKey=img_5'))).toEqual(['IMG_5']);
    // The session-code visitor sees the same views of the session.
    expect(names(await page('flag=Downloads', { headers: { 'x-session-code': code } }))).toEqual(['IMG_1', 'IMG_3', 'IMG_5']);
  });

  it('leaves skipped photos out of the views, like the Photos tab', async () => {
    const skipped = await t.request('POST', '/api/ex/images/skip-image', { token: carol.token, body: { photoId: photos.IMG_4!.id, value: true } });
    expect(skipped.status).toBe(200);
    expect(names(await page('flag=Shared'))).toEqual(['IMG_2']);
    await t.request('POST', '/api/ex/images/skip-image', { token: carol.token, body: { photoId: photos.IMG_4!.id, value: false } });
  });

  it('refuses an unknown view with 400 and a message', async () => {
    const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${carol.id}&flag=Liked`, { token: carol.token });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/flag must be one of .*Shared, Downloads/);
  });
});

describe('the download sizes of one photo (issue 24 §7)', () => {
  const options = async (url?: string, auth: { token?: string; headers?: Record<string, string> } = { token: carol.token }) => {
    const response = await t.request('GET', `/api/ex/images/download-options${url ? `?url=${encodeURIComponent(url)}` : ''}`, auth);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return downloadOptionsResponse.parse(response.body);
  };

  it('names each size in pixels, and offers Full resolution only for an original larger than High Resolution', async () => {
    const companies = await t.request('GET', '/api/studio/companies', { token: admin.token });
    const studio = companies.body.items.find((c: JsonBody) => c.isDefault);
    const allowed = await t.request('PUT', `/api/studio/companies/${studio.id}`, { token: admin.token, body: { allowFullResolution: true } });
    expect(company.parse(allowed.body).allowFullResolution).toBe(true);

    expect(await options(photos.IMG_1!.url)).toEqual({
      resolutions: ['sm', 'hr'],
      allowFullResolution: true,
      sizes: [
        { resolution: 'sm', width: 1000, height: 1500 },
        { resolution: 'hr', width: 1600, height: 2400 },
      ],
    });
    expect(await options(photos.BIG!.thumbnailUrl)).toEqual({
      resolutions: ['sm', 'hr', 'full'],
      allowFullResolution: true,
      sizes: [
        { resolution: 'sm', width: 1000, height: 1500 },
        { resolution: 'hr', width: 1600, height: 2400 },
        { resolution: 'full', width: 2000, height: 3000 },
      ],
    });
    expect((await options(photos.BIG!.url, { headers: { 'x-session-code': code } })).resolutions).toEqual(['sm', 'hr', 'full']);
    // Without a photo: the company's switch alone (the ZIP of a selection).
    expect((await options()).resolutions).toEqual(['sm', 'hr', 'full']);
  });

  it('answers 404 for a photo the caller may not see', async () => {
    const other = await t.createUser({ firstName: 'Olga' });
    const response = await t.request('GET', `/api/ex/images/download-options?url=${encodeURIComponent(photos.BIG!.url)}`, { token: other.token });
    expect(response.status).toBe(404);
    expect(response.body.message).toEqual(expect.any(String));
  });
});
