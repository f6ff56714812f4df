import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Db, createDb } from '../src/db/create-db';
import { GalleryRepository } from '../src/modules/gallery/gallery.repository';
import { importTestShoot } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

// Gallery pages are served from a cache of built answers (modules/gallery/page-answers.ts) that is
// checked against the photos' revisions (database triggers) on every request. These tests change
// photos in every way there is, through the API and behind the server's back (a second database
// connection, as the studio CLI in another process would), and expect the very next page to show it.

let t: TestApp;
/** A second connection to the same database: writes the server does not see coming. */
let elsewhere: Db;
let alice: TestUser;
let bob: TestUser;
let aliceShoot: Awaited<ReturnType<typeof importTestShoot>>;
let bobShoot: Awaited<ReturnType<typeof importTestShoot>>;

beforeAll(async () => {
  t = await startTestApp();
  elsewhere = createDb(t.config.database);
  alice = await t.createUser({ firstName: 'Alice' });
  bob = await t.createUser({ firstName: 'Bob' });
  aliceShoot = await importTestShoot(t, alice.email, { count: 6, retouchedEvery: 3, name: 'Alice one', seed: 7000 });
  bobShoot = await importTestShoot(t, bob.email, { count: 2, name: 'Bob one', seed: 8000 });
}, 120_000);
afterAll(async () => {
  await elsewhere?.kysely.destroy();
  await t?.close();
});

const pageUrl = (user: TestUser, query = '') => `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=12${query}`;

async function page(user: TestUser, query = ''): Promise<JsonBody> {
  const response = await t.request('GET', pageUrl(user, query), { token: user.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const photoIn = (body: JsonBody, id: number) => body.items.find((p: JsonBody) => p.id === id);

/** Runs one write statement from another process (as `npm run studio` would), straight in the SQLite file. */
function writeFromAnotherProcess(file: string, statement: string, ...values: Array<string | number>): void {
  const betterSqlite3 = createRequire(import.meta.url).resolve('better-sqlite3');
  const script =
    `const D = require(${JSON.stringify(betterSqlite3)}); const db = new D(process.argv[1]); db.pragma('busy_timeout = 5000'); ` +
    `db.prepare(process.argv[2]).run(...JSON.parse(process.argv[3])); db.close();`;
  execFileSync(process.execPath, ['-e', script, file, statement, JSON.stringify(values)]);
}

function renameFromAnotherProcess(file: string, photoId: number, name: string): void {
  writeFromAnotherProcess(file, 'update photos set name = ? where id = ?', name, photoId);
}

/** A GET whose body is read as sent (fetch would undo the compression). */
function rawGet(path: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(new URL(path, t.baseUrl), { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

describe('cached gallery pages', () => {
  it('show every change at once, whether made through the API or by another connection', async () => {
    const [first, second, third] = aliceShoot.photoIds as [number, number, number];
    const before = await page(alice);
    expect(before).toMatchObject({ totalCount: 6, totalLikedCount: 0, totalSkipCount: 0, totalRetouchedCount: 2 });
    expect(await page(alice)).toEqual(before); // served again: identical

    // Through the API.
    await t.request('PUT', '/api/Photos/MarkUserFavourite', { token: alice.token, body: { id: first, isUserFavourite: true } });
    const favoured = await page(alice);
    expect(favoured.totalLikedCount).toBe(1);
    expect(photoIn(favoured, first).favourite).toBe(true);

    // Behind the server's back: a rename (no counter moves), a skip with its counters, a new retouch
    // folder (what `studio -- deliver` does to an already retouched photo).
    const repository = new GalleryRepository(elsewhere.kysely);
    await elsewhere.kysely.updateTable('photos').set({ name: 'Renamed elsewhere' }).where('id', '=', second).execute();
    expect(photoIn(await page(alice), second).name).toBe('Renamed elsewhere');

    await repository.setSkipped(second, true);
    const skipped = await page(alice);
    expect(skipped).toMatchObject({ totalCount: 5, totalSkipCount: 1 });
    expect(photoIn(skipped, second)).toBeUndefined();
    expect((await page(alice, '&flag=Skip')).items.map((p: JsonBody) => p.id)).toEqual([second]);

    const retouchedBefore = photoIn(skipped, third).processedUrl as string;
    await elsewhere.kysely.updateTable('photos').set({ retouched_media_key: 'photos/redelivered' }).where('id', '=', third).execute();
    expect(photoIn(await page(alice), third).processedUrl).not.toBe(retouchedBefore);

    await repository.softDelete(first, new Date());
    const deleted = await page(alice);
    expect(deleted).toMatchObject({ totalCount: 4, totalLikedCount: 0 });
    expect(photoIn(deleted, first)).toBeUndefined();

    // A new session of the customer's (the importer writes through the server's own connection).
    await importTestShoot(t, alice.email, { count: 2, name: 'Alice two', seed: 7100 });
    expect((await page(alice)).totalCount).toBe(6);
  });

  it('show visitors with a session code every change to their session', async () => {
    const url = `/api/sessions/getSessionImages?couponcode=${bobShoot.session.code}&page=1&pageSize=12&flag=All`;
    const before = await t.request('GET', url);
    expect(before.body.totalCount).toBe(2);
    await elsewhere.kysely.updateTable('photos').set({ name: 'Seen by the visitor' }).where('id', '=', bobShoot.photoIds[0] as number).execute();
    const after = await t.request('GET', url);
    expect(after.body.items.map((p: JsonBody) => p.name)).toContain('Seen by the visitor');
  });

  it('answer 304 to the ETag of an unchanged page, and a new page once it changed', async () => {
    const auth = { authorization: `Bearer ${alice.token}` };
    const first = await rawGet(pageUrl(alice), auth);
    expect(first.status).toBe(200);
    expect(first.headers).toMatchObject({ 'cache-control': 'private, no-cache', vary: 'accept-encoding, authorization' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await rawGet(pageUrl(alice), { ...auth, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    // Another customer holding the ETag gets nothing: the ownership check comes first.
    const foreign = await rawGet(pageUrl(alice), { authorization: `Bearer ${bob.token}`, 'if-none-match': etag });
    expect(foreign.status).toBe(403);

    await elsewhere.kysely.updateTable('photos').set({ name: 'Changed again' }).where('id', '=', aliceShoot.photoIds[3] as number).execute();
    const changed = await rawGet(pageUrl(alice), { ...auth, 'if-none-match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(JSON.parse(changed.body.toString()).items.map((p: JsonBody) => p.name)).toContain('Changed again');
  });

  it('refuse a token at once once its session ended, though the page and the session were just served', async () => {
    const token = await t.signIn(alice.email, alice.password);
    const other = await t.signIn(alice.email, alice.password);
    expect((await t.request('GET', pageUrl(alice), { token })).status).toBe(200);
    expect((await t.request('GET', pageUrl(alice), { token })).status).toBe(200); // cached page, session read lately
    expect((await t.request('POST', '/api/account/logout', { token })).status).toBe(204);
    expect((await t.request('GET', pageUrl(alice), { token })).status).toBe(401);
    expect((await t.request('GET', pageUrl(alice), { token: other })).status).toBe(200);
  });

  it('on SQLite, read the revision straight from the connection, but never inside an open transaction (its writes are not committed)', async () => {
    if (elsewhere.sqlite === null) return; // PostgreSQL: always through the batched query
    const repository = new GalleryRepository(elsewhere.kysely, elsewhere.sqlite);
    const [before] = (await repository.userRevisions([alice.id])).values();
    expect(repository.readUserRevision(alice.id)).toEqual(before);
    await elsewhere.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('photos').set({ name: 'Not committed yet' }).where('id', '=', aliceShoot.photoIds[4] as number).execute();
      expect(repository.readUserRevision(alice.id)).toBeUndefined();
    });
    const after = repository.readUserRevision(alice.id);
    expect(after?.revision).not.toBe(before?.revision);
    expect(after).toEqual((await repository.userRevisions([alice.id])).get(alice.id));
  });

  it('on SQLite, show a change made by another process at once, though the page and its revision were just answered from memory', async () => {
    if (t.config.database.dialect !== 'sqlite') return; // PostgreSQL reads the revision on every request
    const photoId = aliceShoot.photoIds[5] as number;
    await page(alice);
    await page(alice); // the page held, the revision remembered since the last commit
    renameFromAnotherProcess(t.config.database.file, photoId, 'Renamed by another process');
    expect(photoIn(await page(alice), photoId).name).toBe('Renamed by another process');
    renameFromAnotherProcess(t.config.database.file, photoId, 'Renamed again');
    expect(photoIn(await page(alice), photoId).name).toBe('Renamed again');
  });

  it('on SQLite, show a visitor a change made by another process at once, and refuse an archived session at once, though its code was just read from memory', async () => {
    if (t.config.database.dialect !== 'sqlite') return; // PostgreSQL reads the session on every request
    const visitor = await importTestShoot(t, bob.email, { count: 2, name: 'Bob visited', seed: 8100 });
    const url = `/api/sessions/getSessionImages?couponcode=${visitor.session.code}&page=1&pageSize=12&flag=All`;
    expect((await t.request('GET', url)).status).toBe(200);
    expect((await t.request('GET', url)).status).toBe(200); // the session, its budget and its page held since the last commit
    writeFromAnotherProcess(t.config.database.file, 'update photos set name = ? where id = ?', 'Renamed for the visitor', visitor.photoIds[1] as number);
    const renamed = await t.request('GET', url);
    expect(renamed.body.items.map((p: JsonBody) => p.name)).toContain('Renamed for the visitor');
    writeFromAnotherProcess(t.config.database.file, 'update photo_sessions set archived_at = ? where id = ?', new Date().toISOString(), visitor.session.id);
    expect((await t.request('GET', url)).status).toBe(410);
  });

  it('on SQLite, read a customer\'s revision once between commits, and again after any commit, by any connection or process', async () => {
    if (elsewhere.sqlite === null || t.config.database.dialect !== 'sqlite') return;
    const prepare = vi.spyOn(elsewhere.sqlite, 'prepare');
    const repository = new GalleryRepository(elsewhere.kysely, elsewhere.sqlite);
    const first = repository.readUserRevision(alice.id);
    const statement = prepare.mock.results[0]?.value as { get: (...args: unknown[]) => unknown };
    prepare.mockRestore();
    const reads = vi.spyOn(statement, 'get');
    expect(repository.readUserRevision(alice.id)).toEqual(first);
    expect(reads).toHaveBeenCalledTimes(1); // read, and remembered
    expect(repository.readUserRevision(alice.id)).toEqual(first);
    expect(repository.readUserRevision(alice.id)).toEqual(first);
    expect(reads).toHaveBeenCalledTimes(1); // nothing committed since: not read again

    // The server's connection commits (a favourite through the API).
    const marked = await t.request('PUT', '/api/Photos/MarkUserFavourite', { token: alice.token, body: { id: aliceShoot.photoIds[3] as number, isUserFavourite: true } });
    expect(marked.status).toBe(200);
    const favoured = repository.readUserRevision(alice.id);
    expect(reads).toHaveBeenCalledTimes(2);
    expect(favoured?.revision).not.toBe(first?.revision);
    expect(repository.readUserRevision(alice.id)).toEqual(favoured);
    expect(reads).toHaveBeenCalledTimes(2);

    // This connection commits.
    await elsewhere.kysely.updateTable('photos').set({ name: 'Renamed here' }).where('id', '=', aliceShoot.photoIds[1] as number).execute();
    const renamed = repository.readUserRevision(alice.id);
    expect(reads).toHaveBeenCalledTimes(3);
    expect(renamed?.revision).not.toBe(favoured?.revision);

    // Another process commits; a commit that does not touch the customer's photos is read again too.
    renameFromAnotherProcess(t.config.database.file, aliceShoot.photoIds[1] as number, 'Renamed elsewhere again');
    const again = repository.readUserRevision(alice.id);
    expect(reads).toHaveBeenCalledTimes(4);
    expect(again?.revision).not.toBe(renamed?.revision);
    await elsewhere.kysely.updateTable('photos').set({ name: 'Bob renamed' }).where('id', '=', bobShoot.photoIds[0] as number).execute();
    expect(repository.readUserRevision(alice.id)).toEqual(again);
    expect(reads).toHaveBeenCalledTimes(5);
    expect(repository.readUserRevision(alice.id)).toEqual(again);
    expect(reads).toHaveBeenCalledTimes(5);
    reads.mockRestore();
  });

  it('are compressed for browsers that accept it, and plain for clients that do not', async () => {
    const auth = { authorization: `Bearer ${alice.token}` };
    const plain = await rawGet(pageUrl(alice), auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

    const brotli = await rawGet(pageUrl(alice), { ...auth, 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.body).equals(plain.body)).toBe(true);
    expect(brotli.body.length).toBeLessThan(plain.body.length / 3);

    const gzip = await rawGet(pageUrl(alice), { ...auth, 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);

    const refused = await rawGet(pageUrl(alice), { ...auth, 'accept-encoding': 'identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body.equals(plain.body)).toBe(true);
  });
});
