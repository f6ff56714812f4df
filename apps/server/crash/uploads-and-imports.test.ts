import { afterEach, describe, expect, it } from 'vitest';
import { CrashRun, type ServerProcess, TusClient, importFinished, newShoot, report, testJpeg } from './harness';

/**
 * Windows 1-3 of issue 25, each reproduced by a kill -9 at a named point (CRASH_AT) of the real
 * server, then a restart on the same data:
 *   1. upload-finished-before-row   an upload's bytes are complete, its row is not written
 *   2. shoot-import-after-photo:3   an import dies after its third photo
 *   3. start-import-after-status    startImport dies between the shoot's `queued` and its job
 */

let run: CrashRun | undefined;
afterEach(async () => {
  await run?.close();
  run = undefined;
});

/** Photos of one shoot, different content each. */
async function photos(count: number, seed: number): Promise<{ name: string; bytes: Buffer }[]> {
  const made = [];
  for (let i = 1; i <= count; i++) made.push({ name: `IMG_${String(i).padStart(4, '0')}.jpg`, bytes: await testJpeg(seed + i) });
  return made;
}

async function sessionPhotoNames(crash: CrashRun, sessionId: number): Promise<string[]> {
  const rows = await crash.database().kysely.selectFrom('photos').select('name').where('session_id', '=', sessionId).orderBy('name').execute();
  return rows.map((row) => row.name);
}

describe('the crash campaign: uploads and imports (issue 25)', () => {
  it('window 1: an upload killed after its bytes and before its row is recorded, and is in the import', async () => {
    run = await CrashRun.create();
    let server: ServerProcess = await run.start({ CRASH_AT: 'upload-finished-before-row:3' });
    const token = await run.staff(server);
    const tus = new TusClient(() => server.baseUrl, token);
    const shootId = await newShoot(server, token, 'Window one');
    const files = await photos(5, 100);

    // The browser sends the files one after another; the server dies while finishing the third.
    const locations: string[] = [];
    let killedAt = -1;
    for (const [i, file] of files.entries()) {
      const created = await tus.create(file.bytes.length, { shootId, filename: file.name, kind: 'photo' });
      expect(created.status, created.text).toBe(201);
      locations.push(created.location!);
      try {
        const sent = await tus.patch(created.location!, 0, file.bytes);
        expect(sent.status, sent.text).toBe(204);
      } catch {
        killedAt = i;
        break;
      }
    }
    expect(killedAt).toBe(2);
    expect((await server.died()).signal).toBe('SIGKILL');

    server = await run.start();
    // tus-js-client resumes with HEAD and, hearing the upload complete, takes it as done: it must be recorded by then.
    const killed = files[2]!.bytes.length;
    expect(await tus.head(locations[2]!)).toEqual({ status: 200, offset: killed, length: killed });
    for (const file of files.slice(3)) expect((await tus.upload(shootId, file.name, file.bytes)).status).toBe(204);
    expect((await server.request('GET', `/api/studio/shoots/${shootId}`, { token })).body.uploadedFiles).toBe(5);

    expect((await server.request('POST', `/api/studio/shoots/${shootId}/import`, { token })).status).toBe(202);
    const done = await importFinished(() => server, token, shootId, 60_000);
    expect(done).toMatchObject({ status: 'done', imported: 5, failed: 0 });
    expect(await sessionPhotoNames(run, done.sessionId)).toEqual(['IMG_0001', 'IMG_0002', 'IMG_0003', 'IMG_0004', 'IMG_0005']);
    report('window 1: kill -9 after an upload\'s last byte, before its row (upload-finished-before-row)', 'upload 5 photos, the 3rd killed; restart; HEAD; upload the rest; import', [
      'HEAD after the restart answered the upload complete, and it was recorded by then',
      'the import has 5 of 5 photos',
    ]);
  }, 180_000);

  it('window 2: an import killed after its third photo finishes within two minutes of the restart, each photo once', async () => {
    // A short lease keeps the test fast; production's is a minute (JOB_LEASE_SECONDS).
    run = await CrashRun.create({ JOB_LEASE_SECONDS: '5' });
    let server: ServerProcess = await run.start({ CRASH_AT: 'shoot-import-after-photo:3' });
    const token = await run.staff(server);
    const tus = new TusClient(() => server.baseUrl, token);
    const shootId = await newShoot(server, token, 'Window two');
    const files = await photos(8, 200);
    for (const file of files) expect((await tus.upload(shootId, file.name, file.bytes)).status).toBe(204);

    expect((await server.request('POST', `/api/studio/shoots/${shootId}/import`, { token })).status).toBe(202);
    expect((await server.died()).signal).toBe('SIGKILL');
    const cut = await run.database().kysely.selectFrom('shoot_uploads').select(['status', 'processed']).where('id', '=', shootId).executeTakeFirstOrThrow();
    expect(cut.status).toBe('importing');

    const restarted = Date.now();
    server = await run.start();
    const done = await importFinished(() => server, token, shootId, 120_000);
    const seconds = (Date.now() - restarted) / 1000;
    expect(done).toMatchObject({ status: 'done', failed: 0, unreadable: 0 });
    expect(seconds).toBeLessThan(120);
    const names = await sessionPhotoNames(run, done.sessionId);
    expect(names).toEqual(files.map((file) => file.name.replace(/\.jpg$/, '')));
    report('window 2: kill -9 of an import after its 3rd photo (shoot-import-after-photo:3)', 'upload 8 photos, import, killed mid-way; restart', [
      `the import was at ${cut.processed} of 8 when killed; it finished ${seconds.toFixed(1)} s after the restart (limit 120 s; lease ${run.env.JOB_LEASE_SECONDS} s)`,
      `the session has each of the 8 photos once (${done.imported} imported on the rerun, ${done.duplicates} already there)`,
    ]);
  }, 240_000);

  it('window 3: startImport killed between the shoot\'s status and its job leaves no shoot queued without a job', async () => {
    run = await CrashRun.create();
    let server: ServerProcess = await run.start({ CRASH_AT: 'start-import-after-status' });
    const token = await run.staff(server);
    const tus = new TusClient(() => server.baseUrl, token);
    const shootId = await newShoot(server, token, 'Window three');
    const [file] = await photos(1, 300);
    expect((await tus.upload(shootId, file!.name, file!.bytes)).status).toBe(204);

    await expect(server.request('POST', `/api/studio/shoots/${shootId}/import`, { token })).rejects.toThrow();
    expect((await server.died()).signal).toBe('SIGKILL');

    server = await run.start();
    const stuck = await run.database().kysely.selectFrom('shoot_uploads').select(['id', 'status']).where('status', 'in', ['queued', 'importing']).execute();
    expect(stuck).toEqual([]);
    expect((await server.request('GET', `/api/studio/shoots/${shootId}`, { token })).body.status).toBe('uploading');
    // Not 409 for ever: the import starts and finishes.
    expect((await server.request('POST', `/api/studio/shoots/${shootId}/import`, { token })).status).toBe(202);
    expect(await importFinished(() => server, token, shootId, 60_000)).toMatchObject({ status: 'done', imported: 1 });
    report('window 3: kill -9 between the shoot\'s status and its job (start-import-after-status)', 'upload 1 photo, start the import, killed; restart; start again', [
      'no shoot was left queued or importing without a job: the status and the job are one transaction',
      'the import started again (202) and finished',
    ]);
  }, 180_000);
});
