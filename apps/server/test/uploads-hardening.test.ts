import path from 'node:path';
import { galleryMessages, messages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GalleryRepository } from '../src/modules/gallery/gallery.repository';
import { importTestShoot } from './support/gallery';
import { storedNames } from './support/stored';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

// Issue 11, section 5 "Files and uploads": public media only, one profile photo per user, a bounded
// image queue, and a budget of wrong session codes per address.

/** Wrong session-code lookups allowed per address and minute in this suite's app. */
const CODE_BUDGET = 6;

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
let shoot: Awaited<ReturnType<typeof importTestShoot>>;

beforeAll(async () => {
  // Room for a burst of 20 uploads: each one must go through, so that their swaps really race.
  t = await startTestApp({ SESSION_CODE_RATE_LIMIT: String(CODE_BUDGET), IMAGE_QUEUE_CONCURRENCY: '2', IMAGE_QUEUE_WAITING: '64' });
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Able' });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker' });
  shoot = await importTestShoot(t, alice.email, { count: 3, retouchedEvery: 3, name: 'Hardening', seed: 4242 });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function solidPng(seed: number, width = 64, height = 64): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: (seed * 37) % 256, g: (seed * 91) % 256, b: (seed * 53) % 256 } } })
    .png()
    .toBuffer();
}

function uploadAvatar(app: TestApp, user: TestUser, image: Buffer) {
  return app.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
    token: user.token,
    body: { userId: user.id, firstName: 'Alice', lastName: 'Able', profileImageBase64: image.toString('base64') },
  });
}

async function statusOf(url: string): Promise<number> {
  const response = await fetch(new URL(url, t.baseUrl));
  await response.arrayBuffer();
  return response.status;
}

/** Files (not temporary ones) in a public media folder of the app's data folder. */
async function filesIn(app: TestApp, folder: string): Promise<string[]> {
  return storedNames(app.storage, folder);
}

describe('GET /api/media/* serves the public asset folders only', () => {
  it('refuses bare paths into the photo storage (404): originals, renditions, retouches and a deleted photo', async () => {
    const repository = new GalleryRepository(t.db.kysely);
    const [firstId, , retouchedId] = shoot.photoIds as [number, number, number];
    const first = await repository.findPhoto(firstId);
    const retouched = await repository.findPhoto(retouchedId);
    if (!first?.media_key || !retouched?.retouched_media_key) throw new Error('imported photos have no media folder');
    // The files exist: the storage holds them, only the route refuses them.
    expect(await t.storage.exists(`${first.media_key}/original.jpg`)).toBe(true);

    const bare = [
      `/api/media/${first.media_key}/original.jpg`,
      `/api/media/${first.media_key}/preview.jpg`,
      `/api/media/${first.media_key}/hr.jpg`,
      `/api/media/${first.media_key}/thumb.webp`,
      `/api/media/${retouched.retouched_media_key}/original.png`,
      `/api/media/${retouched.retouched_media_key}/preview.jpg`,
    ];
    for (const url of bare) {
      const response = await t.request('GET', url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: messages.notFound });
    }

    // Deleted by its owner: gone from the signed URLs, and no bare path brings it back either.
    const deleted = await t.request('DELETE', `/api/Photos/${firstId}`, { token: alice.token });
    expect(deleted.status).toBe(200);
    for (const url of bare.slice(0, 4)) expect(await statusOf(url), url).toBe(404);
  });

  it('still serves branding, slider and profile assets, and photos through their signed URLs', async () => {
    const client = await t.request('GET', '/api/corporate-clients?baseUrl.equals=gallery.test');
    expect(client.status).toBe(200);
    const branding: JsonBody = client.body[0];
    const sliders = await t.request('GET', '/api/background/GetAllGalleryRotateImage');
    expect(sliders.status).toBe(200);
    const avatar = await uploadAvatar(t, bob, await solidPng(7));
    expect(avatar.status).toBe(200);

    const publicUrls: string[] = [branding.logoDB, branding.logoWB, branding.imageBG, sliders.body[0].photoUrl, avatar.body.user.imageUrl];
    for (const url of publicUrls) {
      expect(url, url).toMatch(/^\/api\/media\/(branding|sliders|avatars)\/[0-9a-f]{32}\.(svg|jpg|webp)$/);
      expect(await statusOf(url), url).toBe(200);
    }

    const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${alice.id}&pageSize=10`, { token: alice.token });
    expect(page.status).toBe(200);
    const photo: JsonBody = page.body.items[0];
    expect(photo.url).toMatch(/^\/api\/photo-media\//);
    expect(await statusOf(photo.url)).toBe(200);
  });

  it('refuses keys that only look public: nested, traversing or another folder', async () => {
    const [avatar] = await filesIn(t, 'avatars');
    for (const url of [
      `/api/media/avatars/x/${avatar}`,
      `/api/media/avatars/..%2Fphotos%2F${avatar}`,
      `/api/media/photos/${avatar}`,
      '/api/media/outbox/x.eml',
      '/api/media/avatars',
    ]) {
      expect(await statusOf(url), url).toBe(404);
    }
  });
});

describe('profile photo replacement', () => {
  it('leaves exactly one file for the user after a burst of 20 concurrent uploads and a sequence; no replaced one is served', async () => {
    const carol = await t.createUser({ firstName: 'Carol' });
    const before = new Set(await filesIn(t, 'avatars'));
    const images = await Promise.all(Array.from({ length: 23 }, (_, i) => solidPng(100 + i, 48 + i, 64)));

    const burst = await Promise.all(images.slice(0, 20).map((image) => uploadAvatar(t, carol, image)));
    expect(burst.map((r) => r.status)).toEqual(Array(20).fill(200));
    const sequence: JsonBody[] = [];
    for (const image of images.slice(20)) {
      const response = await uploadAvatar(t, carol, image);
      expect(response.status).toBe(200);
      sequence.push(response);
    }

    const urls = [...burst, ...sequence].map((r) => r.body.user.imageUrl as string);
    expect(new Set(urls).size).toBe(23);
    const current = await t.request('GET', `/api/users/${carol.id}`, { token: carol.token });
    const currentUrl: string = current.body.imageUrl;
    expect(currentUrl).toBe(urls.at(-1));

    const carolsFiles = (await filesIn(t, 'avatars')).filter((name) => !before.has(name));
    expect(carolsFiles).toEqual([path.basename(currentUrl)]);
    expect(await statusOf(currentUrl)).toBe(200);
    for (const url of urls.slice(0, -1)) expect(await statusOf(url), url).toBe(404);

    // A names-only update in between keeps the photo (and does not bring back a replaced one).
    const renamed = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: carol.token,
      body: { userId: carol.id, firstName: 'Caroline', lastName: 'User' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.user.imageUrl).toBe(currentUrl);
    expect((await filesIn(t, 'avatars')).filter((name) => !before.has(name))).toEqual([path.basename(currentUrl)]);
  }, 60_000);

  it('judges an upload by its content: a PNG named as anything is taken, text with a data:image prefix is not', async () => {
    const png = await solidPng(3);
    const disguised = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: bob.token,
      body: { userId: bob.id, firstName: 'Bob', lastName: 'Baker', profileImageBase64: `data:text/plain;base64,${png.toString('base64')}` },
    });
    expect(disguised.status).toBe(200);
    expect(disguised.body.user.imageUrl).toMatch(/\.webp$/);
    const fake = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: bob.token,
      body: { userId: bob.id, firstName: 'Bob', lastName: 'Baker', profileImageBase64: `data:image/png;base64,${Buffer.from('GIF89a, not really').toString('base64')}` },
    });
    expect(fake.status).toBe(400);
    expect(fake.body.message).toBe(messages.profileImageInvalid);
  });
});

describe('session-code guessing', () => {
  it('lets a visitor with a valid code page a gallery far beyond the budget: valid codes are not counted', async () => {
    const code = shoot.session.code;
    for (let i = 0; i < CODE_BUDGET * 4; i++) {
      const page = await t.request('GET', `/api/sessions/getSessionImages?couponcode=${code}&page=1&pageSize=2`);
      expect(page.status).toBe(200);
      const detail = await t.request('GET', `/api/sessions/GetSessionDetailByCode/${code}`);
      expect(detail.status).toBe(200);
    }
  });

  it('answers 429 with a message once an address has spent its budget of wrong codes, on every code call, until the window passes', async () => {
    const guess = (i: number) => `${'A'.repeat(40)}${String(i).padStart(4, '0')}`;
    const calls = [
      (code: string) => t.request('GET', `/api/sessions/GetSessionDetailByCode/${code}`),
      (code: string) => t.request('GET', `/api/sessions/getSessionImages?couponcode=${code}`),
      (code: string) =>
        t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', {
          headers: { 'x-session-code': code },
          body: { OriginalImageURL: '/api/photo-media/1/preview.jpg?v=x&exp=1&sig=y', PhotoResolution: 'hr' },
        }),
    ];
    const answers: JsonBody[] = [];
    for (let i = 0; i < CODE_BUDGET; i++) answers.push(await calls[i % calls.length]!(guess(i)));
    // The first guesses are answered as before: 404 "No Session Available", 400 for a URL that is not ours.
    expect(answers.map((r) => r.status)).toEqual(Array.from({ length: CODE_BUDGET }, (_, i) => (i % 3 === 2 ? 400 : 404)));
    expect(answers[0].body).toEqual({ message: galleryMessages.noSession });

    // The budget is spent: every code call from this address is refused...
    for (const call of calls) {
      const refused = await call(guess(99));
      expect(refused.status).toBe(429);
      expect(refused.body).toEqual({ message: messages.tooManyRequests });
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // ...a right guess included, or the refusals would tell right from wrong.
    const right = await t.request('GET', `/api/sessions/GetSessionDetailByCode/${shoot.session.code}`);
    expect(right.status).toBe(429);
    // 120 guesses in a row: none is answered.
    const many = await Promise.all(Array.from({ length: 120 }, (_, i) => t.request('GET', `/api/sessions/GetSessionDetailByCode/${guess(1000 + i)}`)));
    expect(new Set(many.map((r) => r.status))).toEqual(new Set([429]));
    // Signed-in customers are not affected: their calls carry no code.
    const own = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${alice.id}`, { token: alice.token });
    expect(own.status).toBe(200);

    t.clock.advanceHours(1);
    const later = await t.request('GET', `/api/sessions/GetSessionDetailByCode/${shoot.session.code}`);
    expect(later.status).toBe(200);
  });
});

describe('image work queue', () => {
  let busy: TestApp;
  beforeAll(async () => {
    busy = await startTestApp({ IMAGE_QUEUE_CONCURRENCY: '1', IMAGE_QUEUE_WAITING: '1' });
  });
  afterAll(async () => {
    await busy?.close();
  });

  it('answers 503 with a message when full, keeps no file of a refused upload, and takes uploads again once it drains', async () => {
    const dave = await busy.createUser({ firstName: 'Dave' });
    // 36 megapixels of one colour: a few KB to send, a second of decoding for the one worker.
    const heavy = await sharp({ create: { width: 6000, height: 6000, channels: 3, background: '#808080' } }).png().toBuffer();
    const responses = await Promise.all(Array.from({ length: 8 }, () => uploadAvatar(busy, dave, heavy)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 503).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 503)).toBe(true);
    for (const refused of responses.filter((r) => r.status === 503)) {
      expect(refused.body).toMatchObject({ success: false, message: messages.imageQueueFull });
    }
    expect(await filesIn(busy, 'avatars')).toHaveLength(1);

    const again = await uploadAvatar(busy, dave, await solidPng(1));
    expect(again.status).toBe(200);
    expect(await filesIn(busy, 'avatars')).toEqual([path.basename(again.body.user.imageUrl)]);
  }, 60_000);
});
