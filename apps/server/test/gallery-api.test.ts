import { EMPTY_RECIPE, galleryMessages, messages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/modules/accounts/jwt-secret';
import { GalleryRepository } from '../src/modules/gallery/gallery.repository';
import { MediaUrlSigner } from '../src/modules/gallery/media-urls';
import { importTestShoot } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { readZip } from './support/zip';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
/** Alice: 2 sessions (10 + 5 photos); Bob: 1 session of 3. */
let aliceShoot: Awaited<ReturnType<typeof importTestShoot>>;
let aliceSecond: Awaited<ReturnType<typeof importTestShoot>>;
let bobShoot: Awaited<ReturnType<typeof importTestShoot>>;

beforeAll(async () => {
  t = await startTestApp();
  alice = await t.createUser({ firstName: 'Alice' });
  bob = await t.createUser({ firstName: 'Bob' });
  aliceShoot = await importTestShoot(t, alice.email, { count: 10, retouchedEvery: 4, name: 'Alice one', seed: 1000 });
  aliceSecond = await importTestShoot(t, alice.email, { count: 5, name: 'Alice two', seed: 2000 });
  bobShoot = await importTestShoot(t, bob.email, { count: 3, retouchedEvery: 1, name: 'Bob one', seed: 3000 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const visitor = () => ({ 'x-session-code': bobShoot.session.code });

async function page(user: TestUser, query = '') {
  const response = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}${query}`, { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function photoOf(user: TestUser, photoId: number): Promise<JsonBody> {
  const all = await page(user, '&pageSize=100&flag=All');
  const skipped = await page(user, '&pageSize=100&flag=Skip');
  return [...all.items, ...skipped.items].find((p: JsonBody) => p.id === photoId);
}

async function fetchBinary(url: string, init: RequestInit = {}) {
  const response = await fetch(new URL(url, t.baseUrl), init);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /sessions/GetUserSessionsPage', () => {
  it('answers a page of the caller’s photos with the five counts and every photo field', async () => {
    const body = await page(alice, '&page=1&pageSize=12&flag=All');
    expect(body).toMatchObject({
      page: 1,
      pageSize: 12,
      totalCount: 15,
      totalPages: 2,
      overallAllCount: 15,
      totalRetouchedCount: 2,
      totalOriginalCount: 13,
      totalLikedCount: 0,
      totalSkipCount: 0,
      showSinglePage: false,
    });
    expect(body.items).toHaveLength(12);
    // Newest session first, then file order.
    expect(body.items.slice(0, 6).map((p: JsonBody) => [p.sessionId, p.name])).toEqual([
      ...['IMG_0001', 'IMG_0002', 'IMG_0003', 'IMG_0004', 'IMG_0005'].map((n) => [aliceSecond.session.id, n]),
      [aliceShoot.session.id, 'IMG_0001'],
    ]);
    const retouched = body.items.find((p: JsonBody) => p.name === 'IMG_0004' && p.sessionId === aliceShoot.session.id);
    expect(Object.keys(retouched).sort()).toEqual(
      [
        'id', 'imageID', 'sessionId', 'SessionId', 'name', 'imageName', 'width', 'height', 'url', 'imageURL', 'OriginalImageURL',
        'previewUrl', 'thumbnailUrl', 'imageThumbnail', 'thumbnail2xUrl', 'thumbnailSmallUrl', 'thumbnailAvifUrl', 'processedUrl', 'RetouchImageURL', 'processedThumbnailUrl',
        'processedThumbnail2xUrl', 'processedThumbnailSmallUrl', 'processedThumbnailAvifUrl', 'isRetouched', 'isSkipped', 'isSkkipped', 'isUserFavourite', 'favourite', 'shared', 'selected',
        'isEdited', 'editRecipe', 'editSourceUrl',
      ].sort(),
    );
    expect(retouched).toMatchObject({ isRetouched: true, isSkipped: false, isSkkipped: false, favourite: false, shared: false, width: 300, height: 450, isEdited: false, editRecipe: null });
    expect(retouched.editSourceUrl).toMatch(/^\/api\/photo-media\/\d+\/retouched-original\.jpg\?v=/);
    expect(retouched.processedUrl).toMatch(/^\/api\/photo-media\/\d+\/retouched-preview\.jpg\?v=/);
    expect(retouched.thumbnailUrl).toMatch(/^\/api\/photo-media\/\d+\/thumb\.webp\?v=[\w-]+&exp=\d+&sig=[\w-]+$/);

    const second = await page(alice, '&page=2&pageSize=12');
    expect(second.items).toHaveLength(3);
    expect(second.showSinglePage).toBe(false);
  });

  it('filters by flag and search, and the corporate spelling pages 30 at a time, descending by default', async () => {
    expect((await page(alice, '&flag=Retouched')).items.map((p: JsonBody) => p.name)).toEqual(['IMG_0004', 'IMG_0008']);
    const search = await page(alice, '&searchKey=img_000&pageSize=36');
    expect(search.totalCount).toBe(14); // IMG_0001..9 twice, minus IMG_0006..9 of the 5-photo session... 9 + 5
    expect(search.overallAllCount).toBe(15);
    expect((await page(alice, '&searchKey=%25')).totalCount).toBe(0);
    const corporate = await page(alice, '&Page=1&Flag=Original&SrearchKey=IMG_001&OrderByColName=name&OrderBy=asc');
    expect(corporate).toMatchObject({ pageSize: 30, totalCount: 1, showSinglePage: true });
    const descending = await page(alice, '&Page=1&OrderByColName=name');
    expect(descending.items[0].name).toBe('IMG_0010');
  });

  it("refuses another customer's id, no token, and bad queries", async () => {
    const other = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${bob.id}`, { token: alice.token });
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ message: messages.forbidden });
    expect((await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${alice.id}`)).status).toBe(401);
    expect((await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${alice.id}&flag=Everything`, { token: alice.token })).status).toBe(400);
    expect((await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${alice.id}&pageSize=1000`, { token: alice.token })).status).toBe(400);
  });
});

describe('sessions', () => {
  it('GetUserSessionsCorporateOrders lists the caller’s sessions, 204 when none, 403 for others', async () => {
    const list = await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${alice.id}`, { token: alice.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      totalCount: 2,
      sessionDetailsDtos: [
        { id: aliceSecond.session.id, name: 'Alice two', sessionDate: '2026-11-20', photoCount: 5, archivedAt: null },
        { id: aliceShoot.session.id, name: 'Alice one', sessionDate: '2026-11-20', photoCount: 10, archivedAt: null },
      ],
    });
    const nobody = await t.createUser();
    expect((await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${nobody.id}`, { token: nobody.token })).status).toBe(204);
    expect((await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${bob.id}`, { token: alice.token })).status).toBe(403);
  });

  it('a session code opens that session only: getSessionImages and GetSessionDetailByCode', async () => {
    const images = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}&page=1&pageSize=12&flag=All`);
    expect(images.status).toBe(200);
    expect(images.body).toMatchObject({ totalCount: 3, overallAllCount: 3, totalRetouchedCount: 3, totalOriginalCount: 0, showSinglePage: true });
    expect(images.body.items.every((p: JsonBody) => p.sessionId === bobShoot.session.id)).toBe(true);

    const detail = await t.request('GET', `/api/sessions/GetSessionDetailByCode/${bobShoot.session.code}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: bobShoot.session.id, name: 'Bob one', sessionDate: '2026-11-20', photoCount: 3 });
    expect(detail.body.sessionImages).toHaveLength(3);

    // One character changed (never to itself: a code may well end in x).
    const oneOff = `${bobShoot.session.code.slice(0, -1)}${bobShoot.session.code.endsWith('x') ? 'y' : 'x'}`;
    for (const code of ['nope', oneOff, '../../etc/passwd']) {
      const response = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${encodeURIComponent(code)}`);
      expect(response.status, code).toBe(404);
      expect(response.body).toEqual({ message: galleryMessages.noSession });
    }
    expect((await t.request('GET', `/api/sessions/GetSessionDetailByCode/${'A'.repeat(44)}`)).status).toBe(404);
  });
});

describe('photo writes', () => {
  it('the owner skips, unskips, favourites, renames photos and sessions, and deletes', async () => {
    const [first, second, third] = aliceSecond.photoIds as [number, number, number];
    const skip = await t.request('POST', '/api/ex/images/skip-image', { token: alice.token, body: { photoId: first, value: true } });
    expect(skip.status).toBe(200);
    expect(skip.body).toMatchObject({ id: first, isSkipped: true, isSkkipped: true });
    expect(await page(alice)).toMatchObject({ overallAllCount: 14, totalSkipCount: 1 });
    expect((await t.request('POST', '/api/ex/images/skip-image', { token: alice.token, body: { photoId: first, value: 'false' } })).body.isSkipped).toBe(false);

    const toggle = await t.request('POST', '/api/sessions/UpdateFavouritePhoto', { token: alice.token, body: { sessionId: aliceSecond.session.id, photoId: second } });
    expect(toggle.body).toMatchObject({ isUserFavourite: true, favourite: true });
    expect((await page(alice, '&flag=Favorites')).items.map((p: JsonBody) => p.id)).toEqual([second]);
    const untoggle = await t.request('POST', '/api/sessions/UpdateFavouritePhoto', { token: alice.token, body: { sessionId: aliceSecond.session.id, photoId: second } });
    expect(untoggle.body.favourite).toBe(false);
    const wrongSession = await t.request('POST', '/api/sessions/UpdateFavouritePhoto', { token: alice.token, body: { sessionId: aliceShoot.session.id, photoId: second } });
    expect(wrongSession.status).toBe(404);
    const mark = await t.request('PUT', '/api/Photos/MarkUserFavourite', { token: alice.token, body: { id: second, isUserFavourite: true } });
    expect(mark.body.isUserFavourite).toBe(true);
    expect((await page(alice)).totalLikedCount).toBe(1);

    const rename = await t.request('PUT', '/api/Photos/UpdateName', { token: alice.token, body: { id: third, name: '  Best one ' } });
    expect(rename.body).toMatchObject({ name: 'Best one', imageName: 'Best one' });
    const session = await t.request('PUT', '/api/sessions/UpdateSessionName', { token: alice.token, body: { id: aliceSecond.session.id, name: 'Renamed' } });
    expect(session.body).toEqual({ id: aliceSecond.session.id, name: 'Renamed', sessionDate: '2026-11-20', photoCount: 5, archivedAt: null });

    const deleted = await t.request('DELETE', `/api/Photos/${third}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ success: true, massage: galleryMessages.photoDeleted });
    expect((await page(alice)).overallAllCount).toBe(14);
    expect((await t.request('DELETE', `/api/Photos/${third}`, { token: alice.token })).status).toBe(404);
  });

  it("refuses another customer's photos and sessions with 404, revealing nothing", async () => {
    const bobsPhoto = bobShoot.photoIds[0] as number;
    const calls: [string, string, unknown][] = [
      ['POST', '/api/ex/images/skip-image', { photoId: bobsPhoto, value: true }],
      ['POST', '/api/sessions/UpdateFavouritePhoto', { sessionId: bobShoot.session.id, photoId: bobsPhoto }],
      ['PUT', '/api/Photos/MarkUserFavourite', { id: bobsPhoto, isUserFavourite: true }],
      ['PUT', '/api/Photos/UpdateName', { id: bobsPhoto, name: 'mine now' }],
      ['PUT', '/api/sessions/UpdateSessionName', { id: bobShoot.session.id, name: 'mine now' }],
      ['DELETE', `/api/Photos/${bobsPhoto}`, undefined],
      ['POST', '/api/Social', { socialType: 'facebook', photoId: bobsPhoto }],
      ['POST', '/api/ex/images/getfilename', { SessionId: bobShoot.session.id, DefaultFilename: 'x.jpg' }],
      ['POST', '/api/ex/images/skip-image', { photoId: 99999999, value: true }],
    ];
    for (const [method, url, body] of calls) {
      const response = await t.request(method, url, { token: alice.token, body });
      expect(response.status, `${method} ${url}`).toBe(404);
      expect(Object.keys(response.body)).toEqual(['message']);
    }
    const untouched = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}`);
    expect(untouched.body.items.map((p: JsonBody) => [p.name, p.isSkipped, p.favourite, p.shared])).toEqual([
      ['IMG_0001', false, false, false],
      ['IMG_0002', false, false, false],
      ['IMG_0003', false, false, false],
    ]);
  });

  it('refuses every write to session-code visitors with the spec’s messages, and 401 without token or code', async () => {
    const photoId = bobShoot.photoIds[0] as number;
    const refusals: [string, string, unknown, string][] = [
      ['POST', '/api/sessions/UpdateFavouritePhoto', { sessionId: bobShoot.session.id, photoId }, galleryMessages.favouriteNeedsLogin],
      ['PUT', '/api/Photos/MarkUserFavourite', { id: photoId, isUserFavourite: true }, galleryMessages.favouriteNeedsLogin],
      ['PUT', '/api/Photos/UpdateName', { id: photoId, name: 'x' }, galleryMessages.editNameNeedsLogin],
      ['PUT', '/api/sessions/UpdateSessionName', { id: bobShoot.session.id, name: 'x' }, galleryMessages.editNameNeedsLogin],
      ['POST', '/api/ex/images/skip-image', { photoId, value: true }, galleryMessages.photoChangeNeedsLogin],
      ['DELETE', `/api/Photos/${photoId}`, undefined, galleryMessages.photoChangeNeedsLogin],
    ];
    for (const [method, url, body, message] of refusals) {
      const response = await t.request(method, url, { headers: visitor(), body });
      expect(response.status, url).toBe(403);
      expect(response.body).toEqual({ message });
      expect((await t.request(method, url, { body })).status, `${url} anonymous`).toBe(401);
    }
  });
});

describe('signed media URLs', () => {
  it('serve each rendition with its size, type, long cache headers and an ETag; 304 on revalidation', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[3] as number);
    const expected: [string, number, number, string][] = [
      [photo.thumbnailUrl, 400, 600, 'image/webp'],
      [photo.thumbnail2xUrl, 800, 1200, 'image/webp'],
      [photo.thumbnailSmallUrl, 280, 420, 'image/avif'],
      [photo.thumbnailAvifUrl, 400, 600, 'image/avif'],
      [photo.previewUrl, 300, 450, 'image/jpeg'],
      [photo.processedThumbnailUrl, 400, 600, 'image/webp'],
      [photo.processedThumbnailSmallUrl, 280, 420, 'image/avif'],
    ];
    for (const [url, width, height, type] of expected) {
      const response = await fetchBinary(url);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d{6}, immutable$/);
      expect(await sharp(response.body).metadata()).toMatchObject({ width, height });
      const etag = response.headers.get('etag') as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect((await fetchBinary(url, { headers: { 'if-none-match': etag } })).status).toBe(304);
    }
    // Stable within the day: the same URL comes back on the next call.
    expect((await photoOf(alice, aliceShoot.photoIds[3] as number)).thumbnailUrl).toBe(photo.thumbnailUrl);
  });

  it("never open another photo: changed id, file, version or signature, and expired URLs", async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[0] as number);
    const url = new URL(photo.thumbnailUrl, t.baseUrl);
    const bobsId = String(bobShoot.photoIds[0]);
    const tampered = [
      photo.thumbnailUrl.replace(`/photo-media/${photo.id}/`, `/photo-media/${bobsId}/`),
      photo.thumbnailUrl.replace('/thumb.webp', '/hr.jpg'),
      photo.thumbnailUrl.replace('/thumb.webp', '/retouched-thumb.webp'),
      photo.thumbnailUrl.replace(/sig=[\w-]+/, `sig=${'A'.repeat(32)}`),
      photo.thumbnailUrl.replace(/exp=\d+/, `exp=${Number(url.searchParams.get('exp')) + 86400}`),
      photo.thumbnailUrl.replace(/v=[\w-]+/, 'v=AAAAAAAAAA'),
      photo.thumbnailUrl.split('?')[0] as string,
      `/api/photo-media/${photo.id}/..%2F..%2Fjwt-secret?${url.searchParams}`,
    ];
    for (const bad of tampered) expect((await fetchBinary(bad)).status, bad).toBe(404);

    t.clock.advanceHours(24 * 9);
    try {
      expect((await fetchBinary(photo.thumbnailUrl)).status).toBe(403);
    } finally {
      t.clock.advanceHours(-24 * 9);
    }
  });

  it('stop working once the photo is deleted', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[9] as number);
    expect((await fetchBinary(photo.thumbnailUrl)).status).toBe(200);
    expect((await t.request('DELETE', `/api/Photos/${photo.id}`, { token: alice.token })).status).toBe(200);
    expect((await fetchBinary(photo.thumbnailUrl)).status).toBe(404);
  });
});

describe('downloads', () => {
  it('gives a short-lived token for the chosen resolution, original or retouched, with _sm/_hr names', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[7] as number); // IMG_0008, retouched
    const cases: [Record<string, unknown>, string, string, number, number][] = [
      [{ OriginalImageURL: photo.url, PhotoResolution: 'High Resolution' }, 'download-single-image-with-photoresolution', 'IMG_0008_hr.jpg', 1600, 2400],
      [{ OriginalImageURL: photo.url, PhotoResolution: 'Social Media' }, 'download-single-image-with-photoresolution', 'IMG_0008_sm.jpg', 1000, 1500],
      [{ OriginalImageURL: photo.url, RetouchImageURL: photo.processedUrl, PhotoResolution: 'hr' }, 'download-single-image-with-photoresolution', 'IMG_0008_retouched_hr.jpg', 1600, 2400],
      [{ SessionId: photo.sessionId, OriginalImageURL: photo.url, RetouchImageURL: null, Width: 1000, Height: 1500 }, 'download-single-image', 'IMG_0008_sm.jpg', 1000, 1500],
      [{ SessionId: photo.sessionId, OriginalImageURL: `${t.config.publicUrl}${photo.url}`, Width: 1600, Height: 2400 }, 'download-single-image', 'IMG_0008_hr.jpg', 1600, 2400],
    ];
    for (const [body, call, name, width, height] of cases) {
      const token = await t.request('POST', `/api/ex/images/${call}`, { token: alice.token, body });
      expect(token.status, JSON.stringify(token.body)).toBe(200);
      expect(token.body.downloadImageName).toBe(name);
      const file = await fetchBinary(`/api/ex/images/download/${token.body.hash}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
      expect(await sharp(file.body).metadata()).toMatchObject({ width, height, format: 'jpeg' });
    }

    const token = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', {
      token: alice.token,
      body: { OriginalImageURL: photo.url, PhotoResolution: 'hr' },
    });
    t.clock.advanceHours(1);
    try {
      expect((await fetchBinary(`/api/ex/images/download/${token.body.hash}`)).status).toBe(404);
    } finally {
      t.clock.advanceHours(-1);
    }
    const [payload] = (token.body.hash as string).split('.');
    expect((await fetchBinary(`/api/ex/images/download/${payload}.${'A'.repeat(22)}`)).status).toBe(404);
  });

  it('lets a visitor download their session’s photos but not others', async () => {
    const images = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}`);
    const url = images.body.items[0].url;
    const token = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { headers: visitor(), body: { OriginalImageURL: url, PhotoResolution: 'sm' } });
    expect(token.status).toBe(200);
    const alicesPhoto = await photoOf(alice, aliceShoot.photoIds[0] as number);
    const refused = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { headers: visitor(), body: { OriginalImageURL: alicesPhoto.url, PhotoResolution: 'sm' } });
    expect(refused.status).toBe(404);
    const refusedForAlice = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { token: alice.token, body: { OriginalImageURL: url, PhotoResolution: 'sm' } });
    expect(refusedForAlice.status).toBe(404);
  });

  it('URL-taking calls reject foreign hosts, private addresses and path tricks with 400 and fetch nothing', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[0] as number);
    const path = photo.url as string;
    const bad = [
      `https://evil.example.com${path}`,
      `http://127.0.0.1${path}`,
      `http://169.254.169.254/latest/meta-data/`,
      `http://10.0.0.1${path}`,
      `http://[::1]${path}`,
      `${t.baseUrl}${path}`, // the server's own socket address is not its public URL
      `//evil.example.com${path}`,
      `file:///etc/passwd`,
      path.replace('/api/photo-media/', '/api/photo-media/../media/'),
      path.replace('/api/photo-media/', '/api/photo-media/%2e%2e/'),
      path.replace('/api/', '/api//'),
      `http://gallery.test@evil.example.com${path}`,
      `${t.config.publicUrl}/api/media/branding/x.svg`,
      'not a url',
    ];
    for (const url of bad) {
      const single = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { token: alice.token, body: { OriginalImageURL: url, PhotoResolution: 'hr' } });
      expect(single.status, url).toBe(400);
      expect(single.body).toEqual({ message: galleryMessages.incorrectUrl });
      expect((await t.request('GET', `/api/ex/images/getImageBinary?url=${encodeURIComponent(url)}`, { token: alice.token })).status, url).toBe(400);
      expect((await t.request('POST', '/api/ex/images/download-selected-images-zip', { token: alice.token, body: [photo.url, url] })).status, url).toBe(400);
      expect((await t.request('POST', '/api/ex/images/Resize', { token: alice.token, body: { sharedUrl: url, width: 100, height: 100 } })).status, url).toBe(400);
    }
  });

  it('streams a ZIP holding exactly the selected photos, with unique names, a Content-Length and the dated studio name', async () => {
    const photos = await Promise.all([0, 1, 3].map((i) => photoOf(alice, aliceShoot.photoIds[i] as number)));
    // IMG_0004 also retouched; IMG_0001 twice (deduplicated); one renamed to clash with another.
    await t.request('PUT', '/api/Photos/UpdateName', { token: alice.token, body: { id: photos[1].id, name: 'IMG_0001' } });
    const urls = [photos[0].url, `${t.config.publicUrl}${photos[0].url}`, photos[1].thumbnailUrl, photos[2].url, photos[2].processedUrl];
    const response = await fetchBinary('/api/ex/images/download-selected-images-zip', {
      method: 'POST',
      headers: { authorization: `Bearer ${alice.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(urls),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
    const date = t.clock.now();
    const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][date.getUTCMonth()];
    expect(response.headers.get('content-disposition')).toContain(`filename="${date.getUTCDate()} ${month} ${date.getUTCFullYear()} Studio Gallery.zip"`);
    const entries = readZip(response.body);
    expect(entries.map((e) => e.name)).toEqual(['IMG_0001_hr.jpg', 'IMG_0001_hr (2).jpg', 'IMG_0004_hr.jpg', 'IMG_0004_retouched_hr.jpg']);
    for (const entry of entries) {
      expect(entry.method).toBe(0);
      expect(await sharp(entry.data).metadata()).toMatchObject({ width: 1600, height: 2400, format: 'jpeg' });
    }

    const small = await fetchBinary('/api/ex/images/download-selected-images-zip', {
      method: 'POST',
      headers: { 'x-session-code': bobShoot.session.code, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: [(await t.request('GET', `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}`)).body.items[2].url], resolution: 'sm' }),
    });
    expect(small.status).toBe(200);
    expect(readZip(small.body).map((e) => e.name)).toEqual(['IMG_0003_sm.jpg']);

    expect((await t.request('POST', '/api/ex/images/download-selected-images-zip', { token: alice.token, body: [] })).status).toBe(400);
    const foreign = await t.request('POST', '/api/ex/images/download-selected-images-zip', { token: bob.token, body: [photos[0].url] });
    expect(foreign.status).toBe(404);
  });
});

describe('sharing, binary, resize and file names', () => {
  it('POST /Social records the share and answers a public link that opens the photo without signing in', async () => {
    const photoId = aliceShoot.photoIds[4] as number;
    const share = await t.request('POST', '/api/Social', { token: alice.token, body: { socialType: 'linkedin', photoId } });
    expect(share.status).toBe(200);
    expect(share.body).toMatchObject({ photoId, socialType: 'linkedin', shared: true });
    const link = new URL(share.body.url);
    expect(`${link.origin}${link.pathname}`).toBe(`${t.config.publicUrl}/shared-image`);
    const imageUrl = new URL(link.searchParams.get('imgUrl') as string);
    const image = await fetchBinary(`${imageUrl.pathname}${imageUrl.search}`);
    expect(image.status).toBe(200);
    expect((await photoOf(alice, photoId)).shared).toBe(true);

    // Resize takes the shared link (or its image URL) without credentials.
    const resized = await fetchBinary('/api/ex/images/Resize', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sharedUrl: share.body.url, width: 200, height: 200 }),
    });
    expect(resized.status).toBe(200);
    expect(await sharp(resized.body).metadata()).toMatchObject({ width: 133, height: 200, format: 'jpeg' });
    // A photo that was never shared is not public.
    const unshared = await photoOf(alice, aliceShoot.photoIds[5] as number);
    const refused = await t.request('POST', '/api/ex/images/Resize', { body: { sharedUrl: unshared.url, width: 200, height: 200 } });
    expect(refused.status).toBe(404);

    const visitorShare = await t.request('POST', '/api/Social', { headers: visitor(), body: { socialType: 'facebook', photoId: bobShoot.photoIds[1] } });
    expect(visitorShare.status).toBe(200);
  });

  it('getImageBinary answers the bytes of the file a URL names; getfilename a unique edited name', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[2] as number);
    const binary = await fetchBinary(`/api/ex/images/getImageBinary?url=${encodeURIComponent(photo.url)}`, { headers: { authorization: `Bearer ${alice.token}` } });
    expect(binary.status).toBe(200);
    expect(await sharp(binary.body).metadata()).toMatchObject({ width: 300, height: 450 });
    expect((await t.request('GET', `/api/ex/images/getImageBinary?url=${encodeURIComponent(photo.url)}`, { token: bob.token })).status).toBe(404);

    const name = await t.request('POST', '/api/ex/images/getfilename', { token: alice.token, body: { SessionId: aliceShoot.session.id, DefaultFilename: 'IMG_0003.jpg' } });
    expect(name.body).toEqual({ fileName: 'edited-IMG_0003' });
  });
});

describe('GET /ex/images/photo (the photo a media URL names)', () => {
  const byUrl = (url: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    t.request('GET', `/api/ex/images/photo?url=${encodeURIComponent(url)}`, options);
  const binaryStatus = async (url: string, options: { token?: string; headers?: Record<string, string> } = {}) =>
    (await t.request('GET', `/api/ex/images/getImageBinary?url=${encodeURIComponent(url)}`, options)).status;
  const solidJpegBase64 = async (background: string) =>
    (await sharp({ create: { width: 300, height: 450, channels: 3, background } }).jpeg().toBuffer()).toString('base64');

  it('answers the owner the photo exactly as the page shows it, from any of its URLs', async () => {
    const retouched = await photoOf(alice, aliceShoot.photoIds[7] as number); // IMG_0008, retouched
    const urls = [
      retouched.url,
      `${t.config.publicUrl}${retouched.url}`,
      retouched.thumbnailUrl,
      retouched.thumbnail2xUrl,
      retouched.processedUrl,
      retouched.processedThumbnailUrl,
      retouched.editSourceUrl,
    ];
    for (const url of urls) {
      const response = await byUrl(url, { token: alice.token });
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual(retouched);
    }
    expect(retouched).toMatchObject({ sessionId: aliceShoot.session.id, isRetouched: true, isEdited: false, editRecipe: null });
  });

  it('answers a visitor of the photo’s session; another customer, a visitor of another session and anonymous callers are refused', async () => {
    const images = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}`);
    const bobsPhoto = images.body.items[1];
    const seen = await byUrl(bobsPhoto.url, { headers: visitor() });
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual(bobsPhoto);

    const alicesPhoto = await photoOf(alice, aliceShoot.photoIds[8] as number);
    const refusals: [string, { token?: string; headers?: Record<string, string> }, number][] = [
      [bobsPhoto.url, { token: alice.token }, 404],
      [alicesPhoto.url, { token: bob.token }, 404],
      [alicesPhoto.url, { headers: visitor() }, 404],
      [alicesPhoto.url, {}, 401],
    ];
    for (const [url, options, status] of refusals) {
      const response = await byUrl(url, options);
      expect(response.status, `${url} ${JSON.stringify(options)}`).toBe(status);
      expect(response.status).toBe(await binaryStatus(url, options));
      expect(Object.keys(response.body)).toEqual(['message']);
    }
    expect((await byUrl(alicesPhoto.url, { token: bob.token })).body).toEqual({ message: galleryMessages.imageNotFound });
  });

  it('answers forged, foreign and expired URLs as getImageBinary does', async () => {
    const photo = await photoOf(alice, aliceShoot.photoIds[8] as number);
    const forged = [
      photo.url.replace(/sig=[\w-]+/, `sig=${'A'.repeat(32)}`),
      photo.url.replace(`/photo-media/${photo.id}/`, `/photo-media/${bobShoot.photoIds[0]}/`),
      photo.url.replace(/exp=\d+/, (m: string) => `exp=${Number(m.slice(4)) + 86400}`),
      `https://evil.example.com${photo.url}`,
      'not a url',
    ];
    for (const url of forged) {
      const response = await byUrl(url, { token: alice.token });
      // Not a signature of ours: "Incorrect URL" (400), as every URL-taking call answers.
      expect(response.status, url).toBe(400);
      expect(response.status, url).toBe(await binaryStatus(url, { token: alice.token }));
      expect(response.body).toEqual({ message: galleryMessages.incorrectUrl });
    }
    expect((await t.request('GET', '/api/ex/images/photo', { token: alice.token })).status).toBe(400);

    // Past its expiry the URL still names the photo to those who may see it (the caller's own
    // credentials are the proof, as for getImageBinary); the answer carries today's URLs. The URL is
    // signed as the server did ten days ago (moving the clock would lapse the callers' sign-ins too).
    const tenDaysAgo = new MediaUrlSigner(resolveJwtSecret(t.config.jwtSecret, t.config.dataDir), () => new Date(t.clock.now().getTime() - 10 * 86_400_000));
    const parsed = tenDaysAgo.parse(photo.url, t.config.publicUrl);
    if (!parsed.ok) throw new Error('the page’s URL does not parse');
    const expiredUrl = tenDaysAgo.sign(parsed.claims);
    expect(Number(new URL(expiredUrl, t.baseUrl).searchParams.get('exp')) * 1000).toBeLessThan(t.clock.now().getTime());
    expect((await fetchBinary(expiredUrl)).status).toBe(403);
    const expired = await byUrl(expiredUrl, { token: alice.token });
    expect(expired.status).toBe(await binaryStatus(expiredUrl, { token: alice.token }));
    expect(expired.status).toBe(200);
    expect(expired.body).toEqual(photo);
    const refused = await byUrl(expiredUrl, { token: bob.token });
    expect(refused.status).toBe(404);
    expect(refused.status).toBe(await binaryStatus(expiredUrl, { token: bob.token }));
  });

  it('resolves an edited photo’s edited- URLs to the same photo, and stops at a replaced edit or a deleted photo', async () => {
    const photoId = aliceShoot.photoIds[8] as number; // IMG_0009, not retouched
    const before = await photoOf(alice, photoId);
    const recipe = { ...EMPTY_RECIPE, values: { ...EMPTY_RECIPE.values, exposure: 0.5 } };
    const saved = await t.request('POST', '/api/ex/images/save-edited-image', {
      token: alice.token,
      body: { photoId, imageBase64: await solidJpegBase64('#c03030'), recipe },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const edited = await photoOf(alice, photoId);
    expect(edited).toMatchObject({ isEdited: true, editRecipe: recipe });
    expect(edited.url).toMatch(/\/edited-preview\.jpg\?/);
    for (const url of [edited.url, edited.thumbnailUrl, edited.editSourceUrl, before.url]) {
      const response = await byUrl(url, { token: alice.token });
      expect(response.status, url).toBe(200);
      expect(response.body, url).toEqual(edited);
    }

    // A new save replaces the edit: the old edit's URLs name nothing any more.
    const again = await t.request('POST', '/api/ex/images/save-edited-image', {
      token: alice.token,
      body: { photoId, imageBase64: await solidJpegBase64('#3030c0') },
    });
    expect(again.status).toBe(200);
    const stale = await byUrl(edited.url, { token: alice.token });
    expect(stale.status).toBe(404);
    expect(stale.status).toBe(await binaryStatus(edited.url, { token: alice.token }));
    expect((await byUrl(again.body.url, { token: alice.token })).body).toEqual(again.body);

    const doomed = await photoOf(alice, aliceSecond.photoIds[4] as number);
    expect((await byUrl(doomed.url, { token: alice.token })).status).toBe(200);
    expect((await t.request('DELETE', `/api/Photos/${doomed.id}`, { token: alice.token })).status).toBe(200);
    const gone = await byUrl(doomed.url, { token: alice.token });
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ message: galleryMessages.imageNotFound });
  });
});

describe('tab counts', () => {
  it('the sessions’ counters equal a scan of the photos after every kind of change, parallel ones included', async () => {
    const repository = new GalleryRepository(t.db.kysely);
    const target = aliceShoot.photoIds[3] as number; // retouched
    // Parallel skips, unskips and favourite toggles on the same photos.
    await Promise.all(
      Array.from({ length: 24 }, (_, i) => {
        const photoId = i % 2 === 0 ? target : (aliceShoot.photoIds[6] as number);
        if (i % 3 === 0) return t.request('POST', '/api/ex/images/skip-image', { token: alice.token, body: { photoId, value: i % 4 === 0 } });
        return t.request('POST', '/api/sessions/UpdateFavouritePhoto', { token: alice.token, body: { sessionId: aliceShoot.session.id, photoId } });
      }),
    );
    const scopes = [{ userId: alice.id }, { userId: bob.id }, { sessionId: aliceShoot.session.id }, { sessionId: aliceSecond.session.id }, { sessionId: bobShoot.session.id }];
    for (const scope of scopes) expect(await repository.counts(scope), JSON.stringify(scope)).toEqual(await repository.countByScan(scope));
    const body = await page(alice);
    expect(body.overallAllCount).toBe(body.totalOriginalCount + body.totalRetouchedCount);
  });
});
