import { createHash } from 'node:crypto';
import { company, downloadOptionsResponse, galleryMessages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importServicesFor, sourcesOf, testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { readZip } from './support/zip';

/**
 * Full resolution downloads (issue 15 §3) over HTTP against a real database (SQLite, or PostgreSQL
 * with TEST_DATABASE_URL): the original file of each version, only where the photo owner's company
 * allows it (the studio's own row for its own customers), through the same signed tokens and ZIPs.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
/** The studio's own customer (no company) and an employee of Acme. */
let own: TestUser;
let employee: TestUser;
let studioId: number;
let acmeId: number;
let ownCode: string;
let employeeCode: string;
/** The uploaded bytes, by file name. */
const originals: Record<string, Buffer> = {};

/** The renditions' sizes, named by every download-options answer. */
const RENDITIONS = [
  { resolution: 'sm', width: 1000, height: 1500 },
  { resolution: 'hr', width: 1600, height: 2400 },
];

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

async function importShoot(user: TestUser, photos: Record<string, Buffer>, retouched: Record<string, Buffer> = {}): Promise<string> {
  const { shoots } = importServicesFor(t);
  const result = await shoots.importShoot({
    email: user.email,
    sessionName: `Shoot of ${user.email}`,
    sessionDate: '2026-11-20',
    photos: sourcesOf(photos),
    retouched: sourcesOf(retouched),
    invite: false,
  });
  return result.session.code;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Stan', lastName: 'Staff', role: 'staff' });
  own = await t.createUser({ firstName: 'Olive', lastName: 'Own' });
  employee = await t.createUser({ firstName: 'Emma', lastName: 'Employee' });

  const companies = await t.request('GET', '/api/studio/companies', { token: admin.token });
  studioId = companies.body.items.find((c: JsonBody) => c.isDefault).id;
  const acme = await t.request('POST', '/api/studio/companies', { token: admin.token, body: { name: 'Acme' } });
  expect(acme.status, JSON.stringify(acme.body)).toBe(201);
  acmeId = acme.body.id;
  await t.db.kysely.updateTable('users').set({ corporate_client_id: acmeId }).where('id', '=', employee.id).execute();

  originals['A.jpg'] = await testPhoto(11, { width: 600, height: 900 });
  originals['B.png'] = await sharp({ create: { width: 500, height: 700, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } }).png().toBuffer();
  originals['C.tif'] = await sharp({ create: { width: 400, height: 600, channels: 3, background: { r: 220, g: 30, b: 60 } } }).tiff().toBuffer();
  originals['A.png'] = await sharp(await testPhoto(12, { width: 600, height: 900 })).png().toBuffer();
  originals['E.jpg'] = await testPhoto(13);
  ownCode = await importShoot(own, { 'A.jpg': originals['A.jpg'], 'B.png': originals['B.png'], 'C.tif': originals['C.tif'] }, { 'A.png': originals['A.png'] });
  employeeCode = await importShoot(employee, { 'E.jpg': originals['E.jpg'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function photosOf(user: TestUser): Promise<Record<string, JsonBody>> {
  const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=100`, { token: user.token });
  expect(page.status).toBe(200);
  return Object.fromEntries(page.body.items.map((p: JsonBody) => [p.name, p]));
}

async function fetchBinary(url: string, init: RequestInit = {}) {
  const response = await fetch(new URL(url, t.baseUrl), init);
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

function fullToken(auth: { token?: string; headers?: Record<string, string> }, body: Record<string, unknown>) {
  return t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { ...auth, body: { PhotoResolution: 'Full resolution', ...body } });
}

function zip(auth: Record<string, string>, body: unknown) {
  return fetchBinary('/api/ex/images/download-selected-images-zip', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function setAllowed(companyId: number, allowed: boolean, token = admin.token) {
  return t.request('PUT', `/api/studio/companies/${companyId}`, { token, body: { allowFullResolution: allowed } });
}

const bearer = (user: TestUser) => ({ authorization: `Bearer ${user.token}` });

describe('the company switch', () => {
  it('is off by default, admin-only, answered with the company and recorded in the activity log', async () => {
    const before = await t.request('GET', `/api/studio/companies/${acmeId}`, { token: staff.token });
    expect(company.parse(before.body).allowFullResolution).toBe(false);

    const refused = await setAllowed(studioId, true, staff.token);
    expect(refused.status).toBe(403);
    expect((await t.request('GET', `/api/studio/companies/${studioId}`, { token: admin.token })).body.allowFullResolution).toBe(false);
    expect((await setAllowed(studioId, true, own.token)).status).toBe(403);
    expect((await t.request('PUT', `/api/studio/companies/${studioId}`, { token: admin.token, body: { allowFullResolution: 'yes' } })).status).toBe(400);

    const saved = await setAllowed(studioId, true);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(company.parse(saved.body)).toMatchObject({ isDefault: true, allowFullResolution: true });
    const activity = await t.request('GET', '/api/studio/activity?pageSize=100', { token: staff.token });
    const entry = activity.body.items.find((item: JsonBody) => item.action === 'company.update' && item.subject === `company:${studioId}`);
    expect(entry?.details?.fields).toEqual(['allowFullResolution']);
    await setAllowed(studioId, false);
  });
});

describe('when the company does not allow it', () => {
  it('offers only Social Media and High Resolution, to customers and visitors alike', async () => {
    for (const headers of [bearer(own), { 'x-session-code': ownCode }]) {
      const options = await t.request('GET', '/api/ex/images/download-options', { headers });
      expect(options.status).toBe(200);
      expect(downloadOptionsResponse.parse(options.body)).toEqual({ resolutions: ['sm', 'hr'], allowFullResolution: false, sizes: RENDITIONS });
    }
    expect((await t.request('GET', '/api/ex/images/download-options')).status).toBe(401);
    expect((await t.request('GET', '/api/ex/images/download-options', { headers: { 'x-session-code': 'x'.repeat(24) } })).status).toBe(404);
  });

  it('refuses a single Full resolution download and a Full resolution ZIP with 403 and a message', async () => {
    const photos = await photosOf(own);
    for (const resolution of ['Full resolution', 'full', 'original']) {
      const refused = await fullToken({ token: own.token }, { OriginalImageURL: photos.A.url, PhotoResolution: resolution });
      expect(refused.status, resolution).toBe(403);
      expect(refused.body).toEqual({ message: galleryMessages.fullResolutionNotAllowed });
    }
    const visitor = await fullToken({ headers: { 'x-session-code': ownCode } }, { OriginalImageURL: photos.A.url });
    expect(visitor.status).toBe(403);

    const refusedZip = await zip(bearer(own), { urls: [photos.A.url, photos.B.url], resolution: 'full' });
    expect(refusedZip.status).toBe(403);
    expect(JSON.parse(refusedZip.body.toString())).toEqual({ message: galleryMessages.fullResolutionNotAllowed });
    expect((await zip({ 'x-session-code': ownCode }, { urls: [photos.A.url], resolution: 'Full resolution' })).status).toBe(403);

    // The other sizes are as before.
    const hr = await fullToken({ token: own.token }, { OriginalImageURL: photos.A.url, PhotoResolution: 'High Resolution' });
    expect(hr.status).toBe(200);
    expect(hr.body.downloadImageName).toBe('A_hr.jpg');
    expect((await zip(bearer(own), { urls: [photos.A.url], resolution: 'sm' })).status).toBe(200);
  });
});

describe('when the company allows it', () => {
  it('streams the original bytes of each version with its content type, length and name', async () => {
    await setAllowed(studioId, true);
    try {
      const options = await t.request('GET', '/api/ex/images/download-options', { token: own.token });
      expect(options.body).toEqual({ resolutions: ['sm', 'hr', 'full'], allowFullResolution: true, sizes: RENDITIONS });

      const photos = await photosOf(own);
      const cases: [Record<string, unknown>, string, string, Buffer][] = [
        [{ OriginalImageURL: photos.A.url, RetouchImageURL: null }, 'A_full.jpg', 'image/jpeg', originals['A.jpg']!],
        [{ OriginalImageURL: photos.A.url, RetouchImageURL: photos.A.processedUrl }, 'A_retouched_full.png', 'image/png', originals['A.png']!],
        [{ OriginalImageURL: photos.B.url, PhotoResolution: 'original' }, 'B_full.png', 'image/png', originals['B.png']!],
        [{ OriginalImageURL: photos.C.url, PhotoResolution: 'full' }, 'C_full.tif', 'image/tiff', originals['C.tif']!],
      ];
      for (const [body, name, contentType, original] of cases) {
        const token = await fullToken({ token: own.token }, body);
        expect(token.status, JSON.stringify(token.body)).toBe(200);
        expect(token.body.downloadImageName).toBe(name);
        const file = await fetchBinary(`/api/ex/images/download/${token.body.hash}`);
        expect(file.status, name).toBe(200);
        expect(file.headers.get('content-type')).toBe(contentType);
        expect(Number(file.headers.get('content-length'))).toBe(original.length);
        expect(file.headers.get('content-disposition')).toContain(`filename="${name}"`);
        expect(sha256(file.body), name).toBe(sha256(original));
      }

      // A visitor with the session's code follows the same company rule.
      const visitorToken = await fullToken({ headers: { 'x-session-code': ownCode } }, { OriginalImageURL: photos.C.url });
      expect(visitorToken.status).toBe(200);
      expect(sha256((await fetchBinary(`/api/ex/images/download/${visitorToken.body.hash}`)).body)).toBe(sha256(originals['C.tif']!));
    } finally {
      await setAllowed(studioId, false);
    }
  });

  it('puts the originals in a ZIP of the selection, streamed with its exact length', async () => {
    await setAllowed(studioId, true);
    try {
      const photos = await photosOf(own);
      const response = await zip(bearer(own), { urls: [photos.A.url, photos.A.processedUrl, photos.B.url, photos.C.url], resolution: 'Full resolution' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/zip');
      expect(Number(response.headers.get('content-length'))).toBe(response.body.length);
      const entries = readZip(response.body);
      expect(entries.map((e) => e.name)).toEqual(['A_full.jpg', 'A_retouched_full.png', 'B_full.png', 'C_full.tif']);
      const expected = [originals['A.jpg'], originals['A.png'], originals['B.png'], originals['C.tif']];
      entries.forEach((entry, i) => expect(sha256(entry.data), entry.name).toBe(sha256(expected[i]!)));

      const visitorZip = await zip({ 'x-session-code': ownCode }, { urls: [photos.B.url], resolution: 'full' });
      expect(visitorZip.status).toBe(200);
      expect(readZip(visitorZip.body).map((e) => sha256(e.data))).toEqual([sha256(originals['B.png']!)]);
    } finally {
      await setAllowed(studioId, false);
    }
  });

  it('is decided per company: the studio allowing it does not allow Acme, until Acme does', async () => {
    await setAllowed(studioId, true);
    try {
      const photos = await photosOf(employee);
      expect((await t.request('GET', '/api/ex/images/download-options', { headers: { 'x-session-code': employeeCode } })).body.allowFullResolution).toBe(false);
      expect((await fullToken({ token: employee.token }, { OriginalImageURL: photos.E.url })).status).toBe(403);
      expect((await zip(bearer(employee), { urls: [photos.E.url], resolution: 'full' })).status).toBe(403);

      await setAllowed(acmeId, true);
      await setAllowed(studioId, false);
      expect((await t.request('GET', '/api/ex/images/download-options', { token: employee.token })).body.allowFullResolution).toBe(true);
      const token = await fullToken({ token: employee.token }, { OriginalImageURL: photos.E.url });
      expect(token.status).toBe(200);
      expect(sha256((await fetchBinary(`/api/ex/images/download/${token.body.hash}`)).body)).toBe(sha256(originals['E.jpg']!));
      // The studio's own customers are the studio's row again: off.
      expect((await fullToken({ token: own.token }, { OriginalImageURL: (await photosOf(own)).A.url })).status).toBe(403);
    } finally {
      await setAllowed(acmeId, false);
      await setAllowed(studioId, false);
    }
  });

  it('keeps tokens short-lived and signed, and a token made while allowed stops once the switch is off', async () => {
    await setAllowed(studioId, true);
    const photos = await photosOf(own);
    const token = await fullToken({ token: own.token }, { OriginalImageURL: photos.A.url });
    expect(token.status).toBe(200);
    const hash = token.body.hash as string;

    t.clock.advanceHours(1);
    try {
      const expired = await fetchBinary(`/api/ex/images/download/${hash}`);
      expect(expired.status).toBe(404);
      expect(JSON.parse(expired.body.toString())).toEqual({ message: galleryMessages.downloadExpired });
    } finally {
      t.clock.advanceHours(-1);
    }
    const [payload, signature] = hash.split('.') as [string, string];
    expect((await fetchBinary(`/api/ex/images/download/${payload}.${'A'.repeat(22)}`)).status).toBe(404);
    // The same claims with the resolution byte turned to High Resolution: the signature no longer matches.
    const claims = Buffer.from(payload, 'base64url');
    claims.writeUInt8(1, 7);
    expect((await fetchBinary(`/api/ex/images/download/${claims.toString('base64url')}.${signature}`)).status).toBe(404);

    expect((await fetchBinary(`/api/ex/images/download/${hash}`)).status).toBe(200);
    await setAllowed(studioId, false);
    const turnedOff = await fetchBinary(`/api/ex/images/download/${hash}`);
    expect(turnedOff.status).toBe(403);
    expect(JSON.parse(turnedOff.body.toString())).toEqual({ message: galleryMessages.fullResolutionNotAllowed });
  });
});
