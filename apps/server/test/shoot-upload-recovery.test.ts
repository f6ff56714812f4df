import fs from 'node:fs/promises';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_BUSY_MESSAGE, STORAGE_FULL_MESSAGE } from '../src/resource-errors';
import { testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Browser shoot uploads that finish or say so, and imports that are never left without their job
 * (issue 25 windows 1 and 3; issue 21 §1 and §5), over HTTP against a real database:
 * - an upload whose row cannot be written (SQLite busy) answers 503 with a clean message, and stays
 *   complete-able: HEAD records it; one complete with no row (a crash in that window) is recorded on
 *   HEAD and by the sweep; a finished upload's bytes live in Storage, not on the instance;
 * - startImport writes `queued` and its job together: when the job cannot be written, the shoot stays
 *   as it was, and the import starts once it can;
 * - bytes in flight count against the shoot's and the global budget, and unfinished uploads expire.
 */

const postgres = Boolean(process.env.TEST_DATABASE_URL);
const TUS = { 'tus-resumable': '1.0.0' };
const MB = 1024 * 1024;

let t: TestApp;
let staff: TestUser;
/** While on, every write of a photo rendition fails as on a full disk (ENOSPC). */
let photosDiskFull = false;

beforeAll(async () => {
  t = await startTestApp({
    UPLOAD_SHOOT_BUDGET_BYTES: String(3 * MB),
    UPLOAD_BUDGET_BYTES: String(4 * MB),
    UPLOAD_EXPIRY_HOURS: '2',
    JOBS_POLL_INTERVAL_MS: '200',
  }, {
    wrapStorage: (storage) =>
      new Proxy(storage, {
        get(target, property, receiver) {
          if (property === 'put') {
            return async (key: string, data: Parameters<typeof storage.put>[1]) => {
              if (photosDiskFull && key.startsWith('photos/')) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
              return target.put(key, data);
            };
          }
          const value: unknown = Reflect.get(target, property, receiver);
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }),
  });
  staff = await t.createUser({ firstName: 'Sid', lastName: 'Staff', role: 'staff' });
});
afterAll(async () => {
  await t?.close();
});

const metadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

async function createUpload(length: number, fields: Record<string, string | number>) {
  const response = await fetch(`${t.baseUrl}/api/studio/uploads`, {
    method: 'POST',
    headers: { ...TUS, authorization: `Bearer ${staff.token}`, 'upload-length': String(length), 'upload-metadata': metadata(fields) },
  });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), text, body: text.startsWith('{') ? (JSON.parse(text) as JsonBody) : null };
}

async function patch(location: string, offset: number, chunk: Buffer) {
  const response = await fetch(new URL(location, t.baseUrl), {
    method: 'PATCH',
    headers: { ...TUS, authorization: `Bearer ${staff.token}`, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
    body: new Uint8Array(chunk),
  });
  const text = await response.text();
  return { status: response.status, offset: Number(response.headers.get('upload-offset')), text, body: text.startsWith('{') ? (JSON.parse(text) as JsonBody) : null };
}

async function head(location: string) {
  const response = await fetch(new URL(location, t.baseUrl), { method: 'HEAD', headers: { ...TUS, authorization: `Bearer ${staff.token}` } });
  return { status: response.status, offset: Number(response.headers.get('upload-offset')), length: Number(response.headers.get('upload-length')) };
}

async function deleteUpload(location: string) {
  return (await fetch(new URL(location, t.baseUrl), { method: 'DELETE', headers: { ...TUS, authorization: `Bearer ${staff.token}` } })).status;
}

async function newShoot(sessionName: string): Promise<number> {
  const created = await t.request('POST', '/api/studio/shoots', { token: staff.token, body: { email: `${sessionName.toLowerCase().replace(/\W+/g, '.')}@example.com`, sessionName } });
  expect(created.status).toBe(201);
  return created.body.id as number;
}

const shoot = async (id: number) => (await t.request('GET', `/api/studio/shoots/${id}`, { token: staff.token })).body;
/** What the spool keeps: the files of DATA_DIR/uploads; with STORAGE=s3 the objects under `tus/` (`<id>/info`, `<id>/<offset>`). */
async function spool(): Promise<string[]> {
  if (t.config.storage.kind !== 's3') return fs.readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [] as string[]);
  const names: string[] = [];
  for await (const entry of t.storage.list('tus/')) names.push(entry.key.slice('tus/'.length));
  return names;
}
const uploadIdOf = (location: string) => location.split('/').at(-1)!;

async function storedUploads(shootId: number): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of t.storage.list(`uploads/${shootId}/`)) keys.push(entry.key);
  return keys;
}

/** The uploads of a shoot left in Storage, once the import's deletions (after it is marked done) have settled. */
async function storedUploadsSettled(shootId: number): Promise<string[]> {
  let keys = await storedUploads(shootId);
  for (let i = 0; i < 50 && keys.length > 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    keys = await storedUploads(shootId);
  }
  return keys;
}

async function waitForImport(id: number): Promise<JsonBody> {
  for (let i = 0; i < 300; i++) {
    const body = await shoot(id);
    if (body.status === 'done' || body.status === 'failed') return body;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`shoot ${id} did not finish importing`);
}

describe('uploads that finish or say so (issue 25, window 1)', () => {
  it('moves a finished upload into Storage (uploads/<shoot>/<upload>): nothing stays in the instance\'s spool', async () => {
    const shootId = await newShoot('Moved shoot');
    const photo = await testPhoto(8101);
    const created = await createUpload(photo.length, { shootId, filename: 'moved-01.jpg' });
    expect(created.status).toBe(201);
    expect((await patch(created.location!, 0, photo)).status).toBe(204);
    const uploadId = uploadIdOf(created.location!);
    expect(await storedUploads(shootId)).toEqual([`uploads/${shootId}/${uploadId}`]);
    expect((await spool()).filter((name) => name.startsWith(uploadId))).toEqual([]);
    // A resuming client still hears it is complete, from its row.
    expect(await head(created.location!)).toEqual({ status: 200, offset: photo.length, length: photo.length });
    expect((await patch(created.location!, photo.length, Buffer.alloc(0))).status).toBe(204);
    expect((await shoot(shootId)).uploadedFiles).toBe(1);
  });

  it.skipIf(postgres)('answers 503 with a clean message when the row cannot be written (SQLite busy), and HEAD then records the upload', async () => {
    const shootId = await newShoot('Busy shoot');
    const photo = await testPhoto(8102);
    const created = await createUpload(photo.length, { shootId, filename: 'busy-01.jpg' });
    expect(created.status).toBe(201);

    // Another process holds SQLite's write lock past busy_timeout (5 s).
    const other = new SqliteDatabase((t.config.database as { file: string }).file);
    other.exec('BEGIN IMMEDIATE');
    let finished;
    try {
      finished = await patch(created.location!, 0, photo);
    } finally {
      other.exec('ROLLBACK');
      other.close();
    }
    expect([finished.status, finished.text]).toEqual([503, JSON.stringify({ message: DATABASE_BUSY_MESSAGE })]);
    expect(finished.body).toEqual({ message: DATABASE_BUSY_MESSAGE });
    expect(finished.text).not.toMatch(/locked|SQLITE/i);
    expect((await shoot(shootId)).uploadedFiles).toBe(0);

    // tus-js-client resumes with HEAD: the upload is recorded before it hears "complete".
    expect(await head(created.location!)).toEqual({ status: 200, offset: photo.length, length: photo.length });
    expect((await shoot(shootId)).uploadedFiles).toBe(1);
    expect(await storedUploads(shootId)).toHaveLength(1);
  }, 30_000);

  it('records an upload whose bytes are complete but which has no row (a crash in that window): on HEAD, and by the sweep at start-up', async () => {
    const shootId = await newShoot('Crashed shoot');
    const photos = [await testPhoto(8103), await testPhoto(8104)];
    const uploads: string[] = [];
    for (const [i, photo] of photos.entries()) {
      const created = await createUpload(photo.length, { shootId, filename: `crashed-0${i + 1}.jpg` });
      expect(created.status).toBe(201);
      // The bytes reach the spool, and the server dies before its row: what a kill -9 there leaves.
      if (t.config.storage.kind === 's3') await t.storage.put(`tus/${uploadIdOf(created.location!)}/000000000000000`, photo);
      else await fs.writeFile(path.join(t.config.dataDir, 'uploads', uploadIdOf(created.location!)), photo);
      uploads.push(created.location!);
    }
    expect((await shoot(shootId)).uploadedFiles).toBe(0);

    expect(await head(uploads[0]!)).toEqual({ status: 200, offset: photos[0]!.length, length: photos[0]!.length });
    expect((await shoot(shootId)).uploadedFiles).toBe(1);
    const swept = await t.app.shootUploadsSweep.runOnce();
    expect(swept).toMatchObject({ recovered: 1, expired: 0 });
    expect((await shoot(shootId)).uploadedFiles).toBe(2);
    expect(await spool()).toEqual([]);

    // Both are in the import.
    expect((await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token })).status).toBe(202);
    expect(await waitForImport(shootId)).toMatchObject({ status: 'done', imported: 2 });
    // The import took the bytes: none left in Storage.
    expect(await storedUploadsSettled(shootId)).toEqual([]);
  }, 30_000);
});

describe('a state change and its job in one transaction (issue 25, window 3)', () => {
  it('leaves the shoot as it was when its import job cannot be written (a full disk), and imports once it can', async () => {
    const shootId = await newShoot('Jobless shoot');
    const photo = await testPhoto(8105);
    const created = await createUpload(photo.length, { shootId, filename: 'jobless-01.jpg' });
    expect((await patch(created.location!, 0, photo)).status).toBe(204);

    // The job write fails as it does on a full disk.
    if (postgres) {
      const boss = t.config.jobs.pgBossSchema;
      await sql`create or replace function ${sql.id(boss, 'fail_insert')}() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device' using errcode = '53100'; end $$`.execute(t.db.kysely);
      await sql`create trigger fail_insert before insert on ${sql.id(boss, 'job')} for each row execute function ${sql.id(boss, 'fail_insert')}()`.execute(t.db.kysely);
    } else {
      await sql`create trigger fail_insert before insert on jobs begin select raise(abort, 'database or disk is full'); end`.execute(t.db.kysely);
    }
    let refused;
    try {
      refused = await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token });
    } finally {
      if (postgres) await sql`drop trigger fail_insert on ${sql.id(t.config.jobs.pgBossSchema, 'job')}`.execute(t.db.kysely);
      else await sql`drop trigger fail_insert`.execute(t.db.kysely);
    }
    expect([refused.status, refused.body]).toEqual([507, { message: STORAGE_FULL_MESSAGE }]);
    // Not queued without a job: still taking files, and the import can be started.
    expect((await shoot(shootId)).status).toBe('uploading');
    expect((await t.app.shootUploadsSweep.runOnce()).requeued).toBe(0);

    expect((await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token })).status).toBe(202);
    expect(await waitForImport(shootId)).toMatchObject({ status: 'done', imported: 1 });
  }, 30_000);

  it('queues again a shoot left queued without its job (rows from before the fix), and fails one importing whose job gave up', async () => {
    const queued = await newShoot('Orphan queued');
    const importing = await newShoot('Orphan importing');
    const photo = await testPhoto(8106);
    const created = await createUpload(photo.length, { shootId: queued, filename: 'orphan-01.jpg' });
    expect((await patch(created.location!, 0, photo)).status).toBe(204);
    const old = new Date(Date.now() - 10 * 60_000).toISOString();
    await t.db.kysely.updateTable('shoot_uploads').set({ status: 'queued', updated_at: old }).where('id', '=', queued).execute();
    await t.db.kysely.updateTable('shoot_uploads').set({ status: 'importing', updated_at: old }).where('id', '=', importing).execute();

    const swept = await t.app.shootUploadsSweep.runOnce();
    expect(swept).toMatchObject({ requeued: 1, stalled: 1 });
    expect(await waitForImport(queued)).toMatchObject({ status: 'done', imported: 1 });
    const failed = await shoot(importing);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/start it again/i);
  }, 30_000);
});

describe('an import on a full disk (issue 25)', () => {
  it('fails with the storage-full message and keeps every upload, then imports them all once there is space', async () => {
    const shootId = await newShoot('Full disk shoot');
    for (const seed of [8201, 8202]) {
      const photo = await testPhoto(seed);
      const created = await createUpload(photo.length, { shootId, filename: `full-${seed}.jpg` });
      expect((await patch(created.location!, 0, photo)).status).toBe(204);
    }
    photosDiskFull = true;
    let failed;
    try {
      expect((await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token })).status).toBe(202);
      failed = await waitForImport(shootId);
    } finally {
      photosDiskFull = false;
    }
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/^The studio's storage is full: 2 of 2 photos could not be imported/);
    // Nothing was lost: the uploads wait for the next import.
    expect(await storedUploads(shootId)).toHaveLength(2);

    // The job's own retry, or the studio starting it again, imports them.
    const again = await t.request('POST', `/api/studio/shoots/${shootId}/import`, { token: staff.token });
    expect([202, 409]).toContain(again.status);
    const done = await waitForImport(shootId).then(async (body) => (body.status === 'done' ? body : waitForImport(shootId)));
    expect(done).toMatchObject({ status: 'done', imported: 2 });
    expect(await storedUploadsSettled(shootId)).toEqual([]);
  }, 60_000);
});

describe('abandoned uploads and bytes in flight (issue 21 §5)', () => {
  it('counts declared bytes of unfinished uploads against the shoot\'s and the global budget, and refuses creation over them', async () => {
    const first = await newShoot('Budget one');
    const second = await newShoot('Budget two');
    // Nothing is sent: the declared lengths alone count.
    const a = await createUpload(2 * MB, { shootId: first, filename: 'a.jpg' });
    expect(a.status).toBe(201);
    const overShoot = await createUpload(2 * MB, { shootId: first, filename: 'b.jpg' });
    expect(overShoot.status).toBe(413);
    expect(overShoot.body.message).toMatch(/uploads in progress/);

    const c = await createUpload(1.5 * MB, { shootId: second, filename: 'c.jpg' });
    expect(c.status).toBe(201);
    // Within the second shoot's 3 MB, beyond the studio's 4 MB in flight.
    const overAll = await createUpload(1 * MB, { shootId: second, filename: 'd.jpg' });
    expect(overAll.status).toBe(507);
    expect(overAll.body.message).toMatch(/Too many uploads are in progress/);

    // Giving one up frees its bytes.
    expect(await deleteUpload(a.location!)).toBe(204);
    expect((await createUpload(1 * MB, { shootId: second, filename: 'd.jpg' })).status).toBe(201);
  });

  it('deletes unfinished uploads after UPLOAD_EXPIRY_HOURS (bytes, tus record and reservation), in the periodic sweep', async () => {
    const shootId = await newShoot('Abandoned shoot');
    const photo = await testPhoto(8107);
    const created = await createUpload(photo.length, { shootId, filename: 'abandoned.jpg' });
    expect(created.status).toBe(201);
    expect((await patch(created.location!, 0, photo.subarray(0, 1000))).status).toBe(204);
    const uploadId = uploadIdOf(created.location!);
    expect((await spool()).filter((name) => name.startsWith(uploadId)).sort()).toEqual(
      t.config.storage.kind === 's3' ? [`${uploadId}/000000000000000`, `${uploadId}/info`] : [uploadId, `${uploadId}.json`],
    );

    // Another instance's upload, whose spool this one never sees: only its reservation is here.
    await t.db.kysely.insertInto('shoot_upload_reservations').values({ upload_id: 'elsewhere', shoot_upload_id: shootId, size: 1000, created_at: new Date().toISOString() }).execute();

    expect((await t.app.shootUploadsSweep.runOnce()).expired).toBe(0);
    const later = new Date(Date.now() + 3 * 3_600_000);
    const swept = await t.app.shootUploadsSweep.runOnce(later);
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect(swept.reservationsExpired).toBe(1);
    expect((await spool()).filter((name) => name.startsWith(uploadId))).toEqual([]);
    expect((await head(created.location!)).status).toBe(404);
    const left = await t.db.kysely.selectFrom('shoot_upload_reservations').select('upload_id').execute();
    expect(left).toEqual([]);
  });
});
