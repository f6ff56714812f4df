import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_UNAVAILABLE_MESSAGE } from '../src/storage/storage';
import { importServicesFor, sourcesOf, testPhoto } from './support/gallery';
import { S3Storage } from '../src/storage/s3-storage';
import { S3RVER_CREDENTIALS, type TestS3Server, startS3Server } from './support/s3-server';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { readZip } from './support/zip';

/**
 * Downloads with the photos in object storage (STORAGE=s3, on an s3rver started here, whatever
 * TEST_STORAGE says): single files and Full resolution answer 302 to a presigned URL of the store
 * that serves the same bytes under the download's name; ZIPs, signed media and the editor's photo
 * load stream through the app (docs/operations.md, "Object storage"); a store that does not answer
 * gives 503 with a message.
 */

let s3: TestS3Server;
let t: TestApp;
let admin: TestUser;
let owner: TestUser;
let photos: Record<string, JsonBody>;
const originals: Record<string, Buffer> = {};
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

beforeAll(async () => {
  s3 = await startS3Server({ bucket: 'downloads' });
  t = await startTestApp({ ...s3.env, S3_PREFIX: 'studio' });
  admin = await t.createUser({ role: 'admin' });
  owner = await t.createUser({ firstName: 'Olive' });
  originals['Jane 01.jpg'] = await testPhoto(21, { width: 600, height: 900 });
  originals['Jane 02.jpg'] = await testPhoto(22);
  await importServicesFor(t).shoots.importShoot({
    email: owner.email,
    sessionName: 'Stored in a bucket',
    sessionDate: '2026-11-20',
    photos: sourcesOf(originals),
    retouched: [],
    invite: false,
  });
  const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${owner.id}&pageSize=100`, { token: owner.token });
  photos = Object.fromEntries(page.body.items.map((p: JsonBody) => [p.name, p]));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function tokenFor(url: string, resolution: string): Promise<{ hash: string; downloadImageName: string }> {
  const answer = await t.request('POST', '/api/ex/images/download-single-image-with-photoresolution', { token: owner.token, body: { OriginalImageURL: url, PhotoResolution: resolution } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

async function storedBytes(key: string): Promise<Buffer> {
  const stored = await t.storage.getStream(key);
  if (!stored) throw new Error(`${key} is not stored`);
  return buffer(stored.stream);
}

async function folderOf(name: string): Promise<string> {
  const row = await t.db.kysely.selectFrom('photos').select('media_key').where('name', '=', name).executeTakeFirstOrThrow();
  return row.media_key;
}

describe('single downloads with object storage', () => {
  it('keeps the files in the bucket, under S3_PREFIX', async () => {
    expect(t.storage.kind).toBe('s3');
    const folder = await folderOf('Jane 01');
    const wholeBucket = new S3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, prefix: '', credentials: S3RVER_CREDENTIALS });
    const keys: string[] = [];
    for await (const entry of wholeBucket.list(`studio/${folder}/`)) keys.push(entry.key);
    wholeBucket.destroy();
    expect(keys).toContain(`studio/${folder}/hr.jpg`);
    expect(keys).toContain(`studio/${folder}/original.jpg`);
  });

  it('answers 302 to a short-lived URL of the store, which serves the file under the download name', async () => {
    const { hash, downloadImageName } = await tokenFor(photos['Jane 01'].url, 'High Resolution');
    expect(downloadImageName).toBe('Jane 01_hr.jpg');
    const answer = await fetch(`${t.baseUrl}/api/ex/images/download/${hash}`, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const location = answer.headers.get('location') ?? '';
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/studio/photos/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe('300');

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(file.headers.get('content-disposition')).toBe(`attachment; filename="Jane 01_hr.jpg"; filename*=UTF-8''Jane%2001_hr.jpg`);
    const body = Buffer.from(await file.arrayBuffer());
    expect(sha256(body)).toBe(sha256(await storedBytes(`${await folderOf('Jane 01')}/hr.jpg`)));
  });

  it('redirects Full resolution downloads to the original as uploaded', async () => {
    const companies = await t.request('GET', '/api/studio/companies', { token: admin.token });
    const studioId = companies.body.items.find((c: JsonBody) => c.isDefault).id;
    expect((await t.request('PUT', `/api/studio/companies/${studioId}`, { token: admin.token, body: { allowFullResolution: true } })).status).toBe(200);
    const { hash, downloadImageName } = await tokenFor(photos['Jane 01'].url, 'Full resolution');
    expect(downloadImageName).toBe('Jane 01_full.jpg');
    // A client that follows redirects (fetch, curl -L, a browser's download) gets the original's bytes.
    const file = await fetch(`${t.baseUrl}/api/ex/images/download/${hash}`);
    expect(file.status).toBe(200);
    expect(file.url.startsWith(s3.endpoint)).toBe(true);
    expect(file.headers.get('content-disposition')).toContain('filename="Jane 01_full.jpg"');
    expect(sha256(Buffer.from(await file.arrayBuffer()))).toBe(sha256(originals['Jane 01.jpg']!));
  });

  it('answers 404 itself, not a redirect, for a file missing from the store; a forged token stays 404', async () => {
    const { hash } = await tokenFor(photos['Jane 02'].url, 'Social Media');
    await t.storage.delete(`${await folderOf('Jane 02')}/sm.jpg`);
    const missing = await fetch(`${t.baseUrl}/api/ex/images/download/${hash}`, { redirect: 'manual' });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('location')).toBeNull();
    expect((await fetch(`${t.baseUrl}/api/ex/images/download/${hash.slice(0, -2)}xx`, { redirect: 'manual' })).status).toBe(404);
  });
});

describe('what streams through the app with object storage', () => {
  it('streams a ZIP, built on the fly from the bucket', async () => {
    const answer = await fetch(`${t.baseUrl}/api/ex/images/download-selected-images-zip`, {
      method: 'POST',
      redirect: 'manual',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ urls: [photos['Jane 01'].url] }),
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const entries = readZip(Buffer.from(await answer.arrayBuffer()));
    expect(entries.map((e) => e.name)).toEqual(['Jane 01_hr.jpg']);
    expect(sha256(entries[0]!.data)).toBe(sha256(await storedBytes(`${await folderOf('Jane 01')}/hr.jpg`)));
  });

  it('streams signed media (same origin, cached, revalidated by ETag) and the editor’s photo load', async () => {
    const thumb = await fetch(new URL(photos['Jane 01'].thumbnailUrl, t.baseUrl), { redirect: 'manual' });
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    const etag = thumb.headers.get('etag') ?? '';
    expect((await fetch(new URL(photos['Jane 01'].thumbnailUrl, t.baseUrl), { headers: { 'if-none-match': etag } })).status).toBe(304);

    const binary = await fetch(`${t.baseUrl}/api/ex/images/getImageBinary?url=${encodeURIComponent(photos['Jane 01'].editSourceUrl)}`, {
      redirect: 'manual',
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(binary.status).toBe(200);
    expect(sha256(Buffer.from(await binary.arrayBuffer()))).toBe(sha256(originals['Jane 01.jpg']!));
  });
});

describe('when the store does not answer', () => {
  it('answers 503 with a message on downloads, media and ZIPs', async () => {
    const { hash } = await tokenFor(photos['Jane 01'].url, 'High Resolution');
    await s3.close();
    const expectUnavailable = async (answer: Response) => {
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({ message: STORAGE_UNAVAILABLE_MESSAGE });
    };
    await expectUnavailable(await fetch(`${t.baseUrl}/api/ex/images/download/${hash}`, { redirect: 'manual' }));
    await expectUnavailable(await fetch(new URL(photos['Jane 01'].previewUrl, t.baseUrl)));
    await expectUnavailable(
      await fetch(`${t.baseUrl}/api/ex/images/download-selected-images-zip`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ urls: [photos['Jane 01'].url] }),
      }),
    );
  }, 60_000);
});
