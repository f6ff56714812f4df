import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OrphanSweep } from '../src/modules/storage-maintenance/orphan-sweep';
import { StorageMaintenanceRepository } from '../src/modules/storage-maintenance/storage-maintenance.repository';
import { importTestShoot } from './support/gallery';
import { type TestApp, startTestApp } from './support/test-app';

/**
 * The orphan sweep (issue 25): files under photos/ and uploads/ that no row names, and temporary
 * files of writes cut short, older than a day, are removed and counted; a file a row names never is.
 */

const DAY = 24 * 3_600_000;
let t: TestApp;
let sweep: OrphanSweep;

beforeAll(async () => {
  t = await startTestApp();
  sweep = new OrphanSweep(new StorageMaintenanceRepository(t.db.kysely), t.storage, t.clock.now, t.app.log);
});
afterAll(async () => {
  await t?.close();
});

async function keys(prefix: string): Promise<string[]> {
  const listed: string[] = [];
  for await (const entry of t.storage.list(prefix)) listed.push(entry.key);
  return listed;
}

describe('the orphan sweep', () => {
  it('removes what no row names once a day old, reports it, and never touches a named file', async () => {
    const { photoIds } = await importTestShoot(t, 'orphans@example.com', { count: 2, retouchedEvery: 2 });
    expect(photoIds).toHaveLength(2);
    const named = [...(await keys('photos/')), ...(await keys('uploads/'))];
    expect(named.length).toBeGreaterThanOrEqual(14);

    // A shoot upload waiting for its import: named by its row.
    const shoot = await t.db.kysely
      .insertInto('shoot_uploads')
      .values({ customer_email: 'orphans@example.com', session_name: 'Waiting', session_date: null, error: null, session_id: null, customer_user_id: null, created_by: null, created_at: new Date().toISOString(), updated_at: new Date().toISOString(), finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    const waiting = `uploads/${shoot.id}/still-needed`;
    await t.storage.put(waiting, Buffer.from('bytes of an upload'));
    await t.db.kysely
      .insertInto('shoot_upload_files')
      .values({ shoot_upload_id: shoot.id, upload_id: 'still-needed', file_name: 'a.jpg', kind: 'photo', size: 18, outcome: null, reason: null, created_at: new Date().toISOString(), storage_key: waiting })
      .execute();

    // What crashes leave: a photo folder written before its row, an upload moved but never recorded.
    const orphans = ['photos/0123456789abcdef0123456789abcdef/hr.jpg', 'photos/0123456789abcdef0123456789abcdef/original.jpg', 'uploads/999999/lost-upload'];
    for (const key of orphans) await t.storage.put(key, Buffer.from(`orphan ${key}`));

    // Today, everything is younger than a day: nothing goes.
    const young = await sweep.run();
    expect(young).toMatchObject({ removedFiles: 0, keptYoung: orphans.length, temporaryFiles: 0 });

    // A write cut short between its data and its rename, two days ago (local disk only).
    const temporary = path.join(t.config.dataDir, 'media', 'photos', 'fedcba9876543210fedcba9876543210', 'hr.jpg.0123456789ab.tmp');
    if (t.storage.kind === 'disk') {
      await fs.mkdir(path.dirname(temporary), { recursive: true });
      await fs.writeFile(temporary, 'half');
      const old = new Date(Date.now() - 2 * DAY);
      await fs.utimes(temporary, old, old);
    }

    // Two days on, a dry run says what would go and removes nothing.
    const later = new Date(Date.now() + 2 * DAY);
    const dry = await sweep.run({ now: later, dryRun: true });
    expect(dry).toMatchObject({ dryRun: true, removedFiles: 3, removedFolders: 2, keptYoung: 0, temporaryFiles: 0 });
    expect(dry.sample.sort()).toEqual([...orphans].sort());
    for (const key of orphans) expect(await t.storage.exists(key)).toBe(true);

    const swept = await sweep.run({ now: later });
    expect(swept).toMatchObject({ dryRun: false, removedFiles: 3, removedFolders: 2, removedBytes: orphans.reduce((n, key) => n + `orphan ${key}`.length, 0) });
    if (t.storage.kind === 'disk') {
      expect(swept.temporaryFiles).toBe(1);
      await expect(fs.stat(temporary)).rejects.toThrow(/ENOENT/);
    }
    for (const key of orphans) expect(await t.storage.exists(key)).toBe(false);
    // Every file a row names is still there, byte for byte listed.
    expect([...(await keys('photos/')), ...(await keys('uploads/'))].sort()).toEqual([...named, waiting].sort());

    // Once the shoot is imported (a day ago), its leftover upload is no longer needed.
    await t.db.kysely.updateTable('shoot_uploads').set({ status: 'done', finished_at: new Date().toISOString() }).where('id', '=', shoot.id).execute();
    expect((await sweep.run({ now: later })).sample).toEqual([waiting]);
  }, 60_000);
});
