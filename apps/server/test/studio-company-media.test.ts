import http from 'node:http';
import {
  COMPANY_SLIDER_IMAGE_MAX_BYTES,
  backgroundImagesResponse,
  company,
  sliderImagesResponse,
  studioBackdrop,
  studioBackdropsResponse,
  studioSliderImage,
  studioSliderImagesResponse,
} from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPhoto } from './support/gallery';
import { storedNames } from './support/stored';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * A company's pictures (issue 15 §2) over HTTP against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): editor backdrops and login and sidebar sliders uploaded by admins, judged by
 * content, reordered and deleted; the public slider calls answer the request host's company's
 * pictures, else the studio's.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let studioId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Stan', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Cora', lastName: 'Customer' });
  const companies = await t.request('GET', '/api/studio/companies', { token: admin.token });
  studioId = companies.body.items.find((c: JsonBody) => c.isDefault).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function createCompany(name: string, hosts: string[]) {
  const response = await t.request('POST', '/api/studio/companies', { token: admin.token, body: { name, hosts } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return company.parse(response.body);
}

interface UploadOptions {
  token?: string;
  /** Sent as multipart/form-data under this file name; else the raw bytes as image/jpeg. */
  fileName?: string;
  query?: Record<string, string>;
}

async function upload(url: string, data: Buffer, options: UploadOptions = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? admin.token}` };
  let body: FormData | Uint8Array;
  if (options.fileName) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), options.fileName);
    body = form;
  } else {
    headers['content-type'] = 'image/jpeg';
    body = new Uint8Array(data);
  }
  const query = options.query ? `?${new URLSearchParams(options.query).toString()}` : '';
  const response = await fetch(`${t.baseUrl}${url}${query}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as JsonBody };
}

/** A public call as a browser on `host` makes it: fetch cannot set the Host header, node:http can. */
function getOnHost(url: string, host: string): Promise<{ status: number; body: JsonBody }> {
  const target = new URL(`${t.baseUrl}${url}`);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname: target.hostname, port: target.port, path: target.pathname + target.search, headers: { host } }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as JsonBody }));
      })
      .on('error', reject);
  });
}

async function loginSlides(host: string) {
  const response = await getOnHost('/api/background/GetAllGalleryRotateImage', host);
  expect(response.status).toBe(200);
  return sliderImagesResponse.parse(response.body);
}

async function sidebarSlides(host: string) {
  const response = await getOnHost('/api/background/GetAllCorporateRotateImage', host);
  expect(response.status).toBe(200);
  return sliderImagesResponse.parse(response.body);
}

async function mediaStatus(url: string): Promise<number> {
  return (await fetch(`${t.baseUrl}${url}`)).status;
}

/** Every stored file under a public media folder. */
async function storedFiles(folder: string): Promise<string[]> {
  return storedNames(t.storage, folder);
}

async function activity(action: string): Promise<JsonBody[]> {
  const response = await t.request('GET', '/api/studio/activity?pageSize=100', { token: admin.token });
  return response.body.items.filter((item: JsonBody) => item.action === action);
}

describe("a company's slider pictures", () => {
  it("answers a company host's own login pictures, and the studio's elsewhere and when the company has none", async () => {
    const acme = await createCompany('Acme', ['acme.gallery.test', 'photos.acme.test']);
    const studioLogin = await loginSlides('elsewhere.test');
    expect(studioLogin).toHaveLength(5);
    // No pictures of its own yet: the studio's.
    expect(await loginSlides('acme.gallery.test')).toEqual(studioLogin);

    const picture = await testPhoto(11, { width: 2400, height: 1600 });
    const added = await upload(`/api/studio/companies/${acme.id}/sliders/login`, picture, { query: { title: 'Acme team day', url: 'https://acme.test/team' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const image = studioSliderImage.parse(added.body);
    expect(image).toMatchObject({ title: 'Acme team day', url: 'https://acme.test/team', position: 0 });
    expect(image.photoUrl).toMatch(/^\/api\/media\/sliders\/[0-9a-f]{32}\.jpg$/);
    const stored = Buffer.from(await (await fetch(`${t.baseUrl}${image.photoUrl}`)).arrayBuffer());
    expect(await sharp(stored).metadata()).toMatchObject({ format: 'jpeg', width: 1920, height: 1280 });

    for (const host of ['acme.gallery.test', 'PHOTOS.acme.test:8080']) {
      expect(await loginSlides(host), host).toEqual([{ id: image.id, title: 'Acme team day', photoUrl: image.photoUrl, url: 'https://acme.test/team' }]);
    }
    // Other hosts, and the company's other slider, still get the studio's.
    expect(await loginSlides('elsewhere.test')).toEqual(studioLogin);
    expect(await sidebarSlides('acme.gallery.test')).toEqual(await sidebarSlides('elsewhere.test'));

    const listed = await t.request('GET', `/api/studio/companies/${acme.id}/sliders/login`, { token: admin.token });
    expect(studioSliderImagesResponse.parse(listed.body).items.map((i) => i.id)).toEqual([image.id]);
    expect(await activity('company.slider.add')).toEqual(expect.arrayContaining([expect.objectContaining({ subject: `company:${acme.id}` })]));
  });

  it("shows a company's own banner on its host's login screen instead of the studio's pictures (issue 24 §5)", async () => {
    const globex = await createCompany('Globex', ['globex.gallery.test']);
    const studioLogin = await loginSlides('elsewhere.test');
    expect(await loginSlides('globex.gallery.test')).toEqual(studioLogin);

    const banner = await upload(`/api/studio/companies/${globex.id}/images/banner`, await testPhoto(12, { width: 2000, height: 1200 }));
    expect(banner.status, JSON.stringify(banner.body)).toBeLessThan(300);
    const branding = await getOnHost('/api/corporate-clients?baseUrl.equals=globex.gallery.test', 'globex.gallery.test');
    expect(branding.status).toBe(200);
    const imageBG = (branding.body as JsonBody[])[0]?.imageBG as string;
    expect(imageBG).toMatch(/^\/api\/media\/branding\//);
    // The login screen shows the banner: no studio pictures on its host, the studio's everywhere else.
    expect(await loginSlides('globex.gallery.test')).toEqual([]);
    expect(await loginSlides('elsewhere.test')).toEqual(studioLogin);
    // The sidebar's promo pictures are not a login screen: still the studio's.
    expect(await sidebarSlides('globex.gallery.test')).toEqual(await sidebarSlides('elsewhere.test'));
  });

  it('puts new pictures last, reorders them, and deleting one removes it and its file', async () => {
    const initech = await createCompany('Initech', ['initech.test']);
    const url = `/api/studio/companies/${initech.id}/sliders/sidebar`;
    const ids: number[] = [];
    for (const [i, title] of ['One', 'Two', 'Three'].entries()) {
      const added = await upload(url, await testPhoto(20 + i), { fileName: `${title}.jpg`, query: { title } });
      expect(added.status, JSON.stringify(added.body)).toBe(201);
      ids.push(added.body.id);
    }
    const [one, two, three] = ids as [number, number, number];
    expect((await sidebarSlides('initech.test')).map((s) => s.title)).toEqual(['One', 'Two', 'Three']);

    const reordered = await t.request('PUT', `${url}/order`, { token: admin.token, body: { ids: [three, one, two] } });
    expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    expect(studioSliderImagesResponse.parse(reordered.body).items.map((i) => i.title)).toEqual(['Three', 'One', 'Two']);
    expect((await sidebarSlides('initech.test')).map((s) => s.title)).toEqual(['Three', 'One', 'Two']);

    // An order that leaves one out, names one twice or another slider's: 400, the order kept.
    for (const bad of [[three, one], [three, one, one], [three, one, two, 999_999]]) {
      const refused = await t.request('PUT', `${url}/order`, { token: admin.token, body: { ids: bad } });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/every picture/i);
    }
    expect((await sidebarSlides('initech.test')).map((s) => s.title)).toEqual(['Three', 'One', 'Two']);

    const photoUrl = (await sidebarSlides('initech.test')).find((s) => s.id === one)?.photoUrl as string;
    expect(await mediaStatus(photoUrl)).toBe(200);
    const deleted = await t.request('DELETE', `${url}/${one}`, { token: admin.token });
    expect(deleted.status).toBe(204);
    expect((await sidebarSlides('initech.test')).map((s) => s.title)).toEqual(['Three', 'Two']);
    expect(await mediaStatus(photoUrl)).toBe(404);
    expect((await t.request('DELETE', `${url}/${one}`, { token: admin.token })).status).toBe(404);
    // Another company's picture is not this one's to delete.
    const other = await createCompany('Other', []);
    expect((await t.request('DELETE', `/api/studio/companies/${other.id}/sliders/sidebar/${two}`, { token: admin.token })).status).toBe(404);
    expect(await activity('company.slider.reorder')).not.toHaveLength(0);
    expect(await activity('company.slider.remove')).not.toHaveLength(0);

    // Deleting the last picture: the studio's again.
    for (const id of [two, three]) expect((await t.request('DELETE', `${url}/${id}`, { token: admin.token })).status).toBe(204);
    expect(await sidebarSlides('initech.test')).toEqual(await sidebarSlides('elsewhere.test'));
  });

  it('manages the studio (the default company) the same way: its pictures are every other host’s', async () => {
    const before = await loginSlides('anywhere.test');
    const added = await upload(`/api/studio/companies/${studioId}/sliders/login`, await testPhoto(31), { query: { title: 'Studio new' } });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const after = await loginSlides('anywhere.test');
    expect(after.map((s) => s.id)).toEqual([...before.map((s) => s.id), added.body.id]);

    // The seeded pictures (of no company) are the studio's: listed, reordered and deleted with it.
    const listed = studioSliderImagesResponse.parse((await t.request('GET', `/api/studio/companies/${studioId}/sliders/login`, { token: admin.token })).body);
    expect(listed.items.map((i) => i.id)).toEqual(after.map((s) => s.id));
    const order = [added.body.id as number, ...before.map((s) => s.id)];
    expect((await t.request('PUT', `/api/studio/companies/${studioId}/sliders/login/order`, { token: admin.token, body: { ids: order } })).status).toBe(200);
    expect((await loginSlides('anywhere.test')).map((s) => s.id)).toEqual(order);
    expect((await t.request('DELETE', `/api/studio/companies/${studioId}/sliders/login/${added.body.id}`, { token: admin.token })).status).toBe(204);
    expect((await loginSlides('anywhere.test')).map((s) => s.id)).toEqual(before.map((s) => s.id));
  });

  it('refuses a file that is not an image (whatever its name), an empty one, and a file over the limit; nothing is stored', async () => {
    const hooli = await createCompany('Hooli', ['hooli.test']);
    const url = `/api/studio/companies/${hooli.id}/sliders/login`;
    const filesBefore = await storedFiles('sliders');

    const renamed = await upload(url, Buffer.from('%PDF-1.7 this is a document, not a picture'), { fileName: 'team.jpg' });
    expect(renamed.status).toBe(400);
    expect(renamed.body.message).toMatch(/^Not an image/);
    const raw = await upload(url, Buffer.from('<html><script>alert(1)</script></html>'));
    expect(raw.status).toBe(400);
    expect(raw.body.message).toMatch(/^Not an image/);
    expect((await upload(url, Buffer.alloc(0))).status).toBe(400);

    const huge = Buffer.concat([await testPhoto(40), Buffer.alloc(COMPANY_SLIDER_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(url, huge);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The image is larger than 10 MB. Choose a smaller file.');
    const tooLargeForm = await upload(url, huge, { fileName: 'huge.jpg' });
    expect(tooLargeForm.status).toBe(413);
    expect(tooLargeForm.body.message).toMatch(/larger than 10 MB/);

    // A link that is not a web address.
    const badLink = await upload(url, await testPhoto(41), { query: { url: 'javascript:alert(1)' } });
    expect(badLink.status).toBe(400);
    expect(badLink.body.message).toMatch(/full web address/);

    expect((await t.request('GET', url, { token: admin.token })).body.items).toEqual([]);
    expect(await storedFiles('sliders')).toEqual(filesBefore);
    expect(await loginSlides('hooli.test')).toEqual(await loginSlides('elsewhere.test'));
  });
});

describe("a company's editor backdrops", () => {
  it('uploads, lists, disables, enables and deletes a backdrop; the editor lists the enabled ones, else the studio’s', async () => {
    const umbrella = await createCompany('Umbrella', ['umbrella.test']);
    const editorList = async () => {
      const response = await t.request('GET', `/api/background/background-images/by-client/${umbrella.id}`, { token: customer.token });
      expect(response.status).toBe(200);
      return backgroundImagesResponse.parse(response.body);
    };
    const fallback = await editorList();
    expect(fallback.every((b) => b.builtIn)).toBe(true);

    const added = await upload(`/api/studio/companies/${umbrella.id}/backdrops`, await testPhoto(50, { width: 600, height: 900 }), { fileName: 'Grey seamless.jpg' });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const backdrop = studioBackdrop.parse(added.body);
    expect(backdrop).toMatchObject({ name: 'Grey seamless', enabled: true, width: 600, height: 900 });
    const named = await upload(`/api/studio/companies/${umbrella.id}/backdrops`, await testPhoto(51), { query: { name: 'Blue' } });
    expect(named.body.name).toBe('Blue');

    expect((await editorList()).map((b) => b.name)).toEqual(['Grey seamless', 'Blue']);
    const listed = studioBackdropsResponse.parse((await t.request('GET', `/api/studio/companies/${umbrella.id}/backdrops`, { token: admin.token })).body);
    expect(listed.items.map((b) => b.id)).toEqual([backdrop.id, named.body.id]);

    const disabled = await t.request('PUT', `/api/studio/companies/${umbrella.id}/backdrops/${backdrop.id}`, { token: admin.token, body: { enabled: false } });
    expect(disabled.status).toBe(200);
    expect(disabled.body.enabled).toBe(false);
    expect((await editorList()).map((b) => b.name)).toEqual(['Blue']);
    const enabled = await t.request('PUT', `/api/studio/companies/${umbrella.id}/backdrops/${backdrop.id}`, { token: admin.token, body: { enabled: true } });
    expect(enabled.body.enabled).toBe(true);

    // Another company's backdrop is not this one's.
    const other = await createCompany('Not Umbrella', []);
    expect((await t.request('PUT', `/api/studio/companies/${other.id}/backdrops/${backdrop.id}`, { token: admin.token, body: { enabled: false } })).status).toBe(404);
    expect((await t.request('DELETE', `/api/studio/companies/${other.id}/backdrops/${backdrop.id}`, { token: admin.token })).status).toBe(404);

    for (const id of [backdrop.id, named.body.id]) expect((await t.request('DELETE', `/api/studio/companies/${umbrella.id}/backdrops/${id}`, { token: admin.token })).status).toBe(204);
    expect(await mediaStatus(backdrop.imageUrl)).toBe(404);
    expect(await mediaStatus(backdrop.thumbnailUrl)).toBe(404);
    expect(await editorList()).toEqual(fallback);
    expect(await activity('backgrounds.add')).toHaveLength(2);
    expect(await activity('backgrounds.disable')).toHaveLength(1);
    expect(await activity('backgrounds.remove')).toHaveLength(2);
  });

  it('refuses a non-image backdrop with a message and stores nothing; 404 for an unknown company', async () => {
    const wayne = await createCompany('Wayne', []);
    const before = await storedFiles('backgrounds');
    const refused = await upload(`/api/studio/companies/${wayne.id}/backdrops`, Buffer.from('just text pretending'), { fileName: 'backdrop.jpg' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^Not an image/);
    expect(await storedFiles('backgrounds')).toEqual(before);
    expect((await t.request('GET', `/api/studio/companies/${wayne.id}/backdrops`, { token: admin.token })).body.items).toEqual([]);
    expect((await upload('/api/studio/companies/999999/backdrops', await testPhoto(60))).status).toBe(404);
    expect((await t.request('GET', '/api/studio/companies/999999/sliders/login', { token: admin.token })).status).toBe(404);
  });
});

describe('who may manage company pictures', () => {
  it('is admins only: staff and customers get 403, nobody signed in 401', async () => {
    const soylent = await createCompany('Soylent', []);
    const photo = await testPhoto(70);
    const calls = [
      ['GET', `/api/studio/companies/${soylent.id}/backdrops`],
      ['GET', `/api/studio/companies/${soylent.id}/sliders/login`],
      ['PUT', `/api/studio/companies/${soylent.id}/sliders/login/order`],
      ['DELETE', `/api/studio/companies/${soylent.id}/sliders/login/1`],
      ['PUT', `/api/studio/companies/${soylent.id}/backdrops/1`],
      ['DELETE', `/api/studio/companies/${soylent.id}/backdrops/1`],
    ] as const;
    for (const [method, url] of calls) {
      const body = method === 'PUT' ? (url.endsWith('order') ? { ids: [] } : { enabled: false }) : undefined;
      expect((await t.request(method, url, { token: staff.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, { token: customer.token, body })).status, `${method} ${url}`).toBe(403);
      expect((await t.request(method, url, { body })).status, `${method} ${url}`).toBe(401);
    }
    for (const url of [`/api/studio/companies/${soylent.id}/backdrops`, `/api/studio/companies/${soylent.id}/sliders/sidebar`]) {
      const refused = await upload(url, photo, { token: staff.token });
      expect(refused.status).toBe(403);
    }
    expect((await t.request('GET', `/api/studio/companies/${soylent.id}/sliders/sidebar`, { token: admin.token })).body.items).toEqual([]);
    expect((await t.request('GET', `/api/studio/companies/${soylent.id}/backdrops`, { token: admin.token })).body.items).toEqual([]);
  });
});
