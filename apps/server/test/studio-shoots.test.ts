import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Shoots uploaded from the browser (issue 15 §3) over HTTP against a real database: the tus protocol
 * spoken by hand (creation, chunks, a dropped connection resumed from the server's offset), files
 * checked by content when they complete, the bad-input corpus (a 2 GB claim, a non-image, unknown or
 * closed shoots), then the import as a background job through to the customer's gallery.
 */

let t: TestApp;
let staff: TestUser;
let customer: TestUser;
const TUS = { 'tus-resumable': '1.0.0' };

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createUser({ firstName: 'Sid', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Cleo', lastName: 'Customer' });
});
afterAll(async () => {
  await t?.close();
});

const metadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

async function createUpload(length: number, fields: Record<string, string | number>, token = staff.token) {
  const response = await fetch(`${t.baseUrl}/api/studio/uploads`, {
    method: 'POST',
    headers: { ...TUS, authorization: `Bearer ${token}`, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), body: text ? (JSON.parse(text) as JsonBody) : null };
}

async function patch(location: string, offset: number, chunk: Buffer) {
  const response = await fetch(new URL(location, t.baseUrl), {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${staff.token}`, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(chunk),
  });
  const text = await response.text();
  return { status: response.status, offset: Number(response.headers.get('upload-offset')), body: text ? (JSON.parse(text) as JsonBody) : null };
}

async function offsetOf(location: string): Promise<number> {
  const response = await fetch(new URL(location, t.baseUrl), { method: 'HEAD', headers: { ...TUS, authorization: `Bearer ${staff.token}` } });
  expect(response.status).toBe(200);
  return Number(response.headers.get('upload-offset'));
}

/** One whole file in one PATCH. */
async function uploadFile(shootId: number, filename: string, bytes: Buffer, kind = 'photo') {
  const created = await createUpload(bytes.length, { shootId, filename, kind });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return patch(created.location!, 0, bytes);
}

async function createShoot(body: Record<string, unknown>) {
  return t.request('POST', '/api/studio/shoots', { token: staff.token, body });
}

async function waitForImport(id: number): Promise<JsonBody> {
  for (let i = 0; i < 200; i++) {
    const shoot = await t.request('GET', `/api/studio/shoots/${id}`, { token: staff.token });
    if (shoot.body.status === 'done' || shoot.body.status === 'failed') return shoot.body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`shoot ${id} did not finish importing`);
}

describe('shoot uploads', () => {
  let shootId: number;
  /** What the upload spool keeps: DATA_DIR/uploads's files, or with STORAGE=s3 the objects under `tus/`. */
  const spooled = async (): Promise<string[]> => {
    if (t.config.storage.kind !== 's3') return fs.readdir(path.join(t.config.dataDir, 'uploads'));
    const keys: string[] = [];
    for await (const entry of t.storage.list('tus/')) keys.push(entry.key);
    return keys;
  };

  it('opens an upload for a customer, with clear refusals of bad input', async () => {
    const bad = await createShoot({ email: 'not-an-email', sessionName: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/valid email|session a name/);

    const created = await createShoot({ email: 'New.Hire@Example.com', firstName: 'Nia', lastName: 'Hire', sessionName: 'Acme headshot day', sessionDate: '2026-12-01' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ status: 'uploading', customerEmail: 'new.hire@example.com', sessionName: 'Acme headshot day', uploadedFiles: 0, invite: true });
    shootId = created.body.id;
  });

  it('takes files over tus and resumes one after a dropped connection from the offset the server has', async () => {
    const photo = await testPhoto(7001, { width: 800, height: 1200 });
    const created = await createUpload(photo.length, { shootId, filename: 'Nia-01.jpg' });
    expect(created.status).toBe(201);
    expect(created.location).toMatch(/^\/api\/studio\/uploads\/[A-Za-z0-9_-]+$/);

    // The first half arrives, then the connection drops: the server keeps what it got.
    const half = Math.floor(photo.length / 2);
    const first = await patch(created.location!, 0, photo.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.offset).toBe(half);
    expect(await offsetOf(created.location!)).toBe(half);
    // A resend from a wrong offset is refused; from the server's offset it completes.
    expect((await patch(created.location!, 0, photo)).status).toBe(409);
    const rest = await patch(created.location!, half, photo.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.offset).toBe(photo.length);

    expect((await uploadFile(shootId, 'Nia-02.png', await testPhoto(7002))).status).toBe(204);
    expect((await uploadFile(shootId, 'Nia-03.jpg', await testPhoto(7003))).status).toBe(204);
    expect((await uploadFile(shootId, 'nia-02.jpg', await testPhoto(7004), 'retouched')).status).toBe(204);
    const shoot = await t.request('GET', `/api/studio/shoots/${shootId}`, { token: staff.token });
    expect(shoot.body).toMatchObject({ status: 'uploading', uploadedFiles: 4 });
  });

  it('refuses a 2 GB claim before a byte is sent, a non-image when it completes, and uploads for unknown shoots', async () => {
    const huge = await createUpload(2 * 1024 ** 3, { shootId, filename: 'huge.jpg' });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toMatch(/size/i);

    const before = await spooled();
    const text = await uploadFile(shootId, 'notes.jpg', Buffer.from('these are my notes, not a photo'));
    expect(text.status).toBe(400);
    expect(text.body.message).toBe('“notes.jpg” is not a JPEG, PNG, WebP or TIFF image.');
    // Nothing of it is kept, and it is not counted.
    expect((await spooled()).length).toBe(before.length);
    expect((await t.request('GET', `/api/studio/shoots/${shootId}`, { token: staff.token })).body.uploadedFiles).toBe(4);

    const unknown = await createUpload(10, { shootId: 999_999, filename: 'a.jpg' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('This shoot upload does not exist.');
    const nameless = await createUpload(10, { shootId });
    expect(nameless.status).toBe(400);
    const folder = await createUpload(10, { shootId, filename: '../../etc/passwd' });
    expect(folder.status).toBe(400);
  });

  it('imports as a background job: photos in the customer\'s session, the retouch matched by name, the invitation mailed, the spool emptied', async () => {
    const started = await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(['queued', 'importing', 'done']).toContain(started.body.status);
    expect((await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token })).status).toBe(409);

    const done = await waitForImport(shootId);
    expect(done).toMatchObject({ status: 'done', totalFiles: 3, processed: 3, imported: 3, duplicates: 0, unreadable: 0, failed: 0, problems: [] });
    expect(done.sessionId).toBeTruthy();
    expect(done.finishedAt).toBeTruthy();

    const invitation = await t.lastMailTo('new.hire@example.com');
    expect(invitation.subject).toMatch(/photos/i);
    const photos = await t.db.kysely.selectFrom('photos').select(['name', 'is_retouched']).where('session_id', '=', done.sessionId).orderBy('name').execute();
    expect(photos.map((p) => [p.name, Number(p.is_retouched)])).toEqual([
      ['Nia-01', 0],
      ['Nia-02', 1],
      ['Nia-03', 0],
    ]);
    expect(await spooled()).toEqual([]);

    // A done shoot takes no more files.
    const late = await createUpload(10, { shootId, filename: 'late.jpg' });
    expect(late.status).toBe(409);

    const list = await t.request('GET', '/api/studio/shoots?page=1&pageSize=10', { token: staff.token });
    expect(list.body.items[0]).toMatchObject({ id: shootId, status: 'done', imported: 3 });
    const activity = await t.request('GET', '/api/studio/activity?pageSize=20', { token: staff.token });
    expect(activity.body.items.map((entry: JsonBody) => entry.action)).toEqual(expect.arrayContaining(['shoot.create', 'shoot.import']));
  }, 60_000);

  it('refuses to import a shoot without photos', async () => {
    const empty = await createShoot({ email: 'empty@example.com', sessionName: 'Nothing yet' });
    const started = await t.request('POST', `/api/studio/shoots/${empty.body.id}/import`, { token: staff.token });
    expect(started.status).toBe(400);
    expect(started.body.message).toBe('Upload at least one photo before importing.');
  });

  it('is for the studio only: customers get 403 on the calls and on tus itself', async () => {
    expect((await t.request('POST', '/api/studio/shoots', { token: customer.token, body: { email: 'x@example.com', sessionName: 'X' } })).status).toBe(403);
    expect((await createUpload(10, { shootId, filename: 'a.jpg' }, customer.token)).status).toBe(403);
    const anonymous = await fetch(`${t.baseUrl}/api/studio/uploads`, { method: 'POST', headers: { ...TUS, 'upload-length': '10' } });
    expect(anonymous.status).toBe(401);
  });
});
