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
  it('answers 404 JSON for missing files and for keys that try to leave the media folder', async () => {
    for (const url of ['/api/media/avatars/nope.webp', '/api/media/..%2F..%2Fjwt-secret', '/api/media/%2E%2E/jwt-secret']) {
      const response = await t.request('GET', url);
      expect(response.status, url).toBe(404);
      expect(response.body).toEqual({ message: messages.notFound });
    }
  });
});
