import { corporateClientsResponse, defaultFaqs, messages, sliderImagesResponse } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function fetchMedia(url: string) {
  const response = await fetch(`${t.baseUrl}${url}`);
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

describe('GET /api/corporate-clients', () => {
  it("answers the studio's default branding, with images that load", async () => {
    const response = await t.request('GET', '/api/corporate-clients?baseUrl.equals=localhost:8080');
    expect(response.status).toBe(200);
    const [studio] = corporateClientsResponse.parse(response.body);
    expect(response.body).toHaveLength(1);
    expect(studio).toMatchObject({
      name: 'Studio Gallery',
      baseUrl: null,
      accentColor: expect.stringMatching(/^#[0-9A-Fa-f]{6}$/),
      copyright: `© ${new Date().getUTCFullYear()} Studio Gallery. All rights reserved.`,
      socialLinks: { instagram: expect.stringMatching(/^https:\/\//), tiktok: expect.any(String) },
      faqs: defaultFaqs,
    });

    for (const [url, format] of [
      [studio?.logoDB, 'svg'],
      [studio?.logoWB, 'svg'],
      [studio?.imageBG, 'jpeg'],
    ] as const) {
      expect(url).toMatch(/^\/api\/media\/branding\//);
      const { response: image, bytes } = await fetchMedia(url as string);
      expect(image.status).toBe(200);
      expect(image.headers.get('cache-control')).toContain('immutable');
      expect((await sharp(bytes).metadata()).format).toBe(format);
    }
  });

  it('answers the default without a host, and the matching client for its host', async () => {
    const withoutHost = await t.request('GET', '/api/corporate-clients');
    expect(withoutHost.body[0].name).toBe('Studio Gallery');

    await t.db.kysely
      .insertInto('corporate_clients')
      .values({
        name: 'Acme Corp',
        base_url: 'acme.gallery.test',
        accent_color: '#FF0000',
        copyright: '© Acme',
        faqs_json: '[]',
        is_default: 0,
        created_at: new Date().toISOString(),
      })
      .execute();
    for (const host of ['acme.gallery.test', 'https://ACME.gallery.test/']) {
      const response = await t.request('GET', `/api/corporate-clients?baseUrl.equals=${encodeURIComponent(host)}`);
      expect(response.status).toBe(200);
      expect(response.body).toHaveLength(1);
      expect(response.body[0]).toMatchObject({ name: 'Acme Corp', accentColor: '#FF0000', logoDB: null, faqs: defaultFaqs });
    }
  });
});

describe('slider images', () => {
  for (const [url, folder] of [
    ['/api/background/GetAllGalleryRotateImage', 'login slider'],
    ['/api/background/GetAllCorporateRotateImage', 'sidebar promo'],
  ] as const) {
    it(`${url} answers five ${folder} pictures that load as JPEG`, async () => {
      const response = await t.request('GET', url);
      expect(response.status).toBe(200);
      const images = sliderImagesResponse.parse(response.body);
      expect(images).toHaveLength(5);
      for (const image of images) expect(image.title).toBeTruthy();
      const { response: picture, bytes } = await fetchMedia(images[0]?.photoUrl as string);
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 800 });
    });
  }
});

describe('GET /api/media/*', () => {
  it('answers a slider picture at a smaller width as WebP (?w=), the same copy again, and an SVG as it is', async () => {
    const slides = sliderImagesResponse.parse((await t.request('GET', '/api/background/GetAllGalleryRotateImage')).body);
    const url = slides[0]?.photoUrl as string;
    for (let i = 0; i < 2; i++) {
      const { response, bytes } = await fetchMedia(`${url}?w=720`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/webp');
      expect(response.headers.get('cache-control')).toContain('immutable');
      expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 720, height: 480 });
    }
    // Never enlarged: the 1200 px original's 1440 copy is 1200 px wide.
    expect(await sharp((await fetchMedia(`${url}?w=1440`)).bytes).metadata()).toMatchObject({ format: 'webp', width: 1200 });
    const [studio] = corporateClientsResponse.parse((await t.request('GET', '/api/corporate-clients')).body);
    const logo = await fetchMedia(`${studio?.logoDB as string}?w=360`);
    expect(logo.response.headers.get('content-type')).toBe('image/svg+xml');
  });

  it('refuses a width that is not one of the picture widths, and answers 404 for a missing picture at any width', async () => {
    const slides = sliderImagesResponse.parse((await t.request('GET', '/api/background/GetAllGalleryRotateImage')).body);
    expect((await t.request('GET', `${slides[0]?.photoUrl as string}?w=500`)).status).toBe(400);
    expect((await t.request('GET', '/api/media/sliders/0123456789abcdef0123456789abcdef.jpg?w=720')).status).toBe(404);
    expect((await t.request('GET', '/api/media/..%2Fmedia-widths%2Fx.webp?w=720')).status).toBe(404);
  });

  it('answers 404 JSON for missing files and for keys that try to leave the media folder', async () => {
    for (const url of ['/api/media/avatars/nope.webp', '/api/media/..%2F..%2Fjwt-secret', '/api/media/%2E%2E/jwt-secret']) {
      const response = await t.request('GET', url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: messages.notFound });
    }
  });
});
