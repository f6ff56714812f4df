import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { GALLERY_EXPIRY_REMINDER_DAYS, addMonthsUtc, commerceMessages, galleryLifecycleMessages } from '@studio-gallery/contract';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../src/db/create-db';
import { migratorFor } from '../src/db/migrate';
import { mediaFileKey } from '../src/modules/gallery/photo-media';
import { createStorage } from '../src/storage/create-storage';
import { cartItem, checkout, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The gallery lifecycle (issue 15 §3; spec §9: hosted 1 year plus 12 months archive) over HTTP against
 * a real database: an expiry on creation, staff moving it, the daily sweep mailing the reminder once
 * and archiving what expired, an archived gallery's photos refused to the customer and visitors with
 * the message (files kept), and restore.
 */

const DAY_MS = 86_400_000;
const ARCHIVED = { message: galleryLifecycleMessages.archived };

let t: TestApp;
let staff: TestUser;
let emma: TestUser;
let acme: { id: number; code: string; photoIds: number[] };
let party: { id: number; code: string; photoIds: number[] };

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff', role: 'staff' });
  emma = await t.createUser({ firstName: 'Emma', lastName: 'Expiry', email: 'emma.expiry@example.com' });
  const first = await importTestShoot(t, emma.email, { count: 3, name: 'Acme day', seed: 7100 });
  const second = await importTestShoot(t, emma.email, { count: 2, name: 'Office party', seed: 7200 });
  acme = { id: first.session.id, code: first.session.code, photoIds: first.photoIds };
  party = { id: second.session.id, code: second.session.code, photoIds: second.photoIds };
});
afterAll(async () => {
  await t?.close();
});

const asStaff = (method: string, url: string, body?: unknown) => t.request(method, `/api${url}`, { token: staff.token, ...(body !== undefined ? { body } : {}) });

async function sessionsOnCustomerPage(): Promise<Record<number, JsonBody>> {
  const response = await asStaff('GET', `/studio/customers/${emma.id}`);
  expect(response.status).toBe(200);
  return Object.fromEntries(response.body.sessions.map((s: JsonBody) => [s.id, s]));
}

async function customerPhotos(): Promise<JsonBody> {
  return t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${emma.id}&pageSize=50&flag=All`, { token: emma.token });
}

const visitorPage = (code: string) => t.request('GET', `/api/sessions/getSessionImages?couponcode=${code}&pageSize=50&flag=All`);

/** YYYY-MM-DD, `days` from the app's now. */
const dayFromNow = (days: number) => new Date(t.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

async function activity(action: string): Promise<JsonBody[]> {
  const page = await asStaff('GET', '/studio/activity?pageSize=100');
  return page.body.items.filter((item: JsonBody) => item.action === action);
}

describe('expiry', () => {
  it('is set 12 months after a session is created, and shown on the customer page', async () => {
    const sessions = await sessionsOnCustomerPage();
    for (const session of [sessions[acme.id], sessions[party.id]]) {
      expect(session.expiresAt).toBe(addMonthsUtc(new Date(session.createdAt), 12).toISOString());
      expect(session).toMatchObject({ archivedAt: null, reminderSentAt: null });
    }
  });

  it('is moved by staff to the end of the day they pick, in the activity log', async () => {
    const day = dayFromNow(40);
    const response = await asStaff('PUT', `/studio/sessions/${acme.id}/expiry`, { expiresOn: day });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ id: acme.id, expiresAt: `${day}T23:59:59.999Z`, archivedAt: null });
    expect((await sessionsOnCustomerPage())[acme.id].expiresAt).toBe(`${day}T23:59:59.999Z`);
    expect((await activity('session.expiry')).at(0)).toMatchObject({ subject: 'Acme day', details: { sessionId: acme.id } });
  });

  it('refuses a date in the past, a malformed date and an unknown session with a message', async () => {
    const cases: [unknown, number, string][] = [
      [{ expiresOn: dayFromNow(-1) }, 400, galleryLifecycleMessages.expiryInPast],
      [{ expiresOn: 'next tuesday' }, 400, galleryLifecycleMessages.invalidDate],
      [{ expiresOn: '2031-02-30' }, 400, galleryLifecycleMessages.invalidDate],
      [{}, 400, galleryLifecycleMessages.invalidDate],
    ];
    for (const [body, status, message] of cases) {
      const response = await asStaff('PUT', `/studio/sessions/${acme.id}/expiry`, body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect(response.body).toEqual({ message });
    }
    const unknown = await asStaff('PUT', '/studio/sessions/987654/expiry', { expiresOn: dayFromNow(30) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: galleryLifecycleMessages.noSuchSession });
    expect((await asStaff('POST', '/studio/sessions/987654/archive')).status).toBe(404);
    expect((await asStaff('POST', '/studio/sessions/987654/restore', {})).status).toBe(404);
  });

  it('cannot be changed by the customer or a visitor', async () => {
    expect((await t.request('PUT', `/api/studio/sessions/${acme.id}/expiry`, { token: emma.token, body: { expiresOn: dayFromNow(30) } })).status).toBe(403);
    expect((await t.request('POST', `/api/studio/sessions/${acme.id}/archive`, { headers: { 'x-session-code': acme.code } })).status).toBe(403);
  });
});

describe('the daily sweep', () => {
  it('mails the customer once when their gallery expires within the reminder window', async () => {
    const expiresOn = dayFromNow(GALLERY_EXPIRY_REMINDER_DAYS - 4);
    expect((await asStaff('PUT', `/studio/sessions/${acme.id}/expiry`, { expiresOn })).status).toBe(200);
    const before = (await t.outbox()).length;

    // Outside the window: nothing yet.
    expect(await t.app.galleryLifecycleSweep.runOnce(new Date(t.clock.now().getTime() - 10 * DAY_MS))).toEqual({ reminded: 0, archived: 0 });
    // Two sweeps at once (two instances): one mail.
    const [a, b] = await Promise.all([t.app.galleryLifecycleSweep.runOnce(), t.app.galleryLifecycleSweep.runOnce()]);
    expect(a.reminded + b.reminded).toBe(1);
    const mails = (await t.outbox()).slice(before);
    expect(mails).toHaveLength(1);
    const mail = await t.lastMailTo(emma.email);
    expect(mail.subject).toMatch(/gallery expires on \d{1,2} \w+ \d{4}$/);
    expect(mail.text).toContain('"Acme day"');
    expect(mail.text).toContain('download');
    expect(mail.links).toContain('http://gallery.test/login');

    // Again: nothing more.
    expect(await t.app.galleryLifecycleSweep.runOnce()).toEqual({ reminded: 0, archived: 0 });
    expect((await t.outbox()).length).toBe(before + 1);
    expect((await sessionsOnCustomerPage())[acme.id].reminderSentAt).not.toBeNull();
    expect((await sessionsOnCustomerPage())[party.id].reminderSentAt).toBeNull();
  });

  it("mails a company's employee in the company's branding, linking to its host", async () => {
    const now = t.clock.now().toISOString();
    const company = await t.db.kysely
      .insertInto('corporate_clients')
      .values({
        name: 'Acme Corp', base_url: null, accent_color: '#0B7285', logo_dark_key: null, logo_white_key: null, background_key: null,
        copyright: '© Acme', tiktok_url: null, instagram_url: null, twitter_url: null, youtube_url: null, faqs_json: '[]',
        support_email: 'photos@acme.test', is_default: 0, created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely.insertInto('corporate_client_hosts').values({ corporate_client_id: company.id, host: 'photos.acme.test', created_at: now }).execute();
    const ken = await t.createUser({ firstName: 'Ken', lastName: 'Employee', email: 'ken.employee@example.com' });
    await t.db.kysely.updateTable('users').set({ corporate_client_id: company.id }).where('id', '=', ken.id).execute();
    const shoot = await importTestShoot(t, ken.email, { count: 1, name: 'Acme headshot day', seed: 7300 });
    expect((await asStaff('PUT', `/studio/sessions/${shoot.session.id}/expiry`, { expiresOn: dayFromNow(3) })).status).toBe(200);

    expect(await t.app.galleryLifecycleSweep.runOnce()).toEqual({ reminded: 1, archived: 0 });
    const mail = await t.lastMailTo(ken.email);
    expect(mail.subject).toMatch(/^Your Acme Corp gallery expires on /);
    expect(mail.html).toContain('#0B7285');
    expect(mail.text).toContain('photos@acme.test');
    expect(mail.links).toContain('http://photos.acme.test/login');
    await t.db.kysely.deleteFrom('photo_sessions').where('id', '=', shoot.session.id).execute();
  });

  it("lists the galleries expiring soon on the studio's home screen", async () => {
    const today = await asStaff('GET', '/studio/today');
    expect(today.status).toBe(200);
    expect(today.body.expiringGalleries).toEqual([
      {
        sessionId: acme.id,
        sessionName: 'Acme day',
        customerId: emma.id,
        customerName: 'Emma Expiry',
        expiresAt: `${dayFromNow(GALLERY_EXPIRY_REMINDER_DAYS - 4)}T23:59:59.999Z`,
        reminderSentAt: expect.any(String),
      },
    ]);
  });

  it('archives sessions past their expiry (once), leaving the others live', async () => {
    const afterExpiry = new Date(t.clock.now().getTime() + GALLERY_EXPIRY_REMINDER_DAYS * DAY_MS);
    expect(await t.app.galleryLifecycleSweep.runOnce(afterExpiry)).toEqual({ reminded: 0, archived: 1 });
    expect(await t.app.galleryLifecycleSweep.runOnce(afterExpiry)).toEqual({ reminded: 0, archived: 0 });
    const sessions = await sessionsOnCustomerPage();
    expect(sessions[acme.id].archivedAt).toBe(afterExpiry.toISOString());
    expect(sessions[party.id].archivedAt).toBeNull();
  });

  it('runs on demand for staff, in the activity log', async () => {
    const response = await asStaff('POST', '/studio/gallery-lifecycle/sweep');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ reminded: 0, archived: 0 });
    expect(await activity('gallery.sweep')).toHaveLength(1);
  });
});

describe('an archived gallery', () => {
  let acmeUrl: string;
  let partyUrl: string;
  let tokenBeforeArchive: string;

  beforeAll(async () => {
    // The URLs the customer's page gave before the archive (restored for a moment to read them).
    const row = await t.db.kysely.selectFrom('photo_sessions').select('archived_at').where('id', '=', acme.id).executeTakeFirstOrThrow();
    await t.db.kysely.updateTable('photo_sessions').set({ archived_at: null }).where('id', '=', acme.id).execute();
    const page = await customerPhotos();
    acmeUrl = page.body.items.find((p: JsonBody) => p.id === acme.photoIds[0]).url;
    partyUrl = page.body.items.find((p: JsonBody) => p.id === party.photoIds[0]).url;
    const token = await t.request('POST', '/api/ex/images/download-single-image', { token: emma.token, body: { OriginalImageURL: acmeUrl } });
    expect(token.status).toBe(200);
    tokenBeforeArchive = token.body.hash;
    await t.db.kysely.updateTable('photo_sessions').set((eb) => ({ archived_at: row.archived_at, revision: eb('revision', '+', 1) })).where('id', '=', acme.id).execute();
  });

  it("is left out of the customer's photos, the other session still shown", async () => {
    const page = await customerPhotos();
    expect(page.status).toBe(200);
    expect(page.body.items.map((p: JsonBody) => p.id).sort()).toEqual([...party.photoIds].sort());
    expect(page.body.overallAllCount).toBe(2);
    const list = await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${emma.id}`, { token: emma.token });
    expect(list.body.sessionDetailsDtos.find((s: JsonBody) => s.id === acme.id).archivedAt).not.toBeNull();
    expect(list.body.sessionDetailsDtos.find((s: JsonBody) => s.id === party.id).archivedAt).toBeNull();
  });

  it('answers the message to visitors with its code', async () => {
    for (const response of [await visitorPage(acme.code), await t.request('GET', `/api/sessions/GetSessionDetailByCode/${acme.code}`)]) {
      expect(response.status).toBe(410);
      expect(response.body).toEqual(ARCHIVED);
      // Never kept by the browser: the gallery comes back when restored.
      expect(response.headers.get('cache-control')).toBe('no-store');
    }
    expect((await visitorPage(party.code)).status).toBe(200);
  });

  it('refuses its photos: files, single downloads, ZIPs, shares and changes', async () => {
    const visitor = { headers: { 'x-session-code': acme.code } };
    const asEmma = { token: emma.token };
    const refused = [
      await t.request('GET', acmeUrl),
      await t.request('POST', '/api/ex/images/download-single-image', { ...asEmma, body: { OriginalImageURL: acmeUrl } }),
      await t.request('POST', '/api/ex/images/download-single-image', { ...visitor, body: { OriginalImageURL: acmeUrl } }),
      await t.request('POST', '/api/ex/images/download-selected-images-zip', { ...asEmma, body: [partyUrl, acmeUrl] }),
      await t.request('POST', '/api/ex/images/download-selected-images-zip', { ...visitor, body: [acmeUrl] }),
      await t.request('POST', '/api/Social', { ...asEmma, body: { photoId: acme.photoIds[0], socialType: 'link' } }),
      await t.request('PUT', '/api/Photos/MarkUserFavourite', { ...asEmma, body: { id: acme.photoIds[0], isUserFavourite: true } }),
      await t.request('POST', '/api/ex/images/skip-image', { ...asEmma, body: { photoId: acme.photoIds[1], value: true } }),
      await t.request('PUT', '/api/sessions/UpdateSessionName', { ...asEmma, body: { id: acme.id, name: 'Renamed' } }),
      await t.request('GET', `/api/ex/images/getImageBinary?url=${encodeURIComponent(acmeUrl)}`, asEmma),
      await t.request('POST', '/api/ex/images/Resize', { ...asEmma, body: { sharedUrl: acmeUrl, width: 100, height: 100 } }),
      await t.request('GET', `/api/ex/images/download/${tokenBeforeArchive}`),
    ];
    for (const [index, response] of refused.entries()) {
      expect(response.status, `call ${index}: ${JSON.stringify(response.body)}`).toBe(410);
      expect(response.body, `call ${index}`).toEqual(ARCHIVED);
    }
    // The other session's photo still downloads.
    expect((await t.request('POST', '/api/ex/images/download-single-image', { ...asEmma, body: { OriginalImageURL: partyUrl } })).status).toBe(200);
  });

  it('cannot be ordered: a touch-up of its photo is refused at checkout, the live session\'s is priced', async () => {
    await setStudioPrices(t);
    const archivedItem = await checkout(t, emma, { grossTotal: 1000, userEmail: emma.email, items: [cartItem(acme.photoIds[0] as number, acme.id, 'TOUCHUPSERVICE', 10)] });
    expect(archivedItem.status).toBe(400);
    expect(archivedItem.body).toEqual({ message: commerceMessages.photoNotOrderable });
    const liveItem = await checkout(t, emma, { grossTotal: 1000, userEmail: emma.email, items: [cartItem(party.photoIds[0] as number, party.id, 'TOUCHUPSERVICE', 10)] });
    expect(liveItem.status, JSON.stringify(liveItem.body)).toBe(200);
  });

  it('keeps its files', async () => {
    const storage = createStorage(t.config);
    const photos = await t.db.kysely.selectFrom('photos').selectAll().where('session_id', '=', acme.id).execute();
    expect(photos).toHaveLength(3);
    for (const photo of photos) {
      expect(await storage.size(mediaFileKey(photo.media_key, 'original', photo.original_ext))).toBeGreaterThan(0);
      expect(await storage.size(mediaFileKey(photo.media_key, 'hr', photo.original_ext))).toBeGreaterThan(0);
    }
  });

  it("stays on the studio's photo page: its links are signed for the studio, the customer's are refused", async () => {
    const page = await asStaff('GET', `/studio/sessions/${acme.id}/photos`);
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    expect(page.body.photos).toHaveLength(3);
    const studioUrl: string = page.body.photos[0].thumbUrl;
    expect(studioUrl).toContain('&for=studio&');
    const thumb = await fetch(`${t.baseUrl}${studioUrl}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    // The mark is signed: taking it off (a customer's link) or putting it on another link breaks the URL.
    expect((await t.request('GET', studioUrl.replace('&for=studio', ''))).status).toBe(404);
    expect((await t.request('GET', acmeUrl.replace('&sig=', '&for=studio&sig='))).status).toBe(404);
    expect((await t.request('GET', acmeUrl)).status).toBe(410);
  });

  it('tells the customer when all their galleries are archived', async () => {
    const archived = await asStaff('POST', `/studio/sessions/${party.id}/archive`);
    expect(archived.status).toBe(200);
    expect(archived.body.archivedAt).not.toBeNull();
    expect((await activity('session.archive')).at(0)).toMatchObject({ subject: 'Office party' });
    const page = await customerPhotos();
    expect(page.status).toBe(410);
    expect(page.body).toEqual(ARCHIVED);

    const again = await asStaff('POST', `/studio/sessions/${party.id}/archive`);
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: galleryLifecycleMessages.alreadyArchived });
    expect((await asStaff('PUT', `/studio/sessions/${party.id}/expiry`, { expiresOn: dayFromNow(30) })).status).toBe(409);
  });
});

describe('restore', () => {
  it('shows the gallery again with a new expiry, 12 months from now by default', async () => {
    expect((await asStaff('POST', `/studio/sessions/${acme.id}/restore`, { expiresOn: dayFromNow(-2) })).status).toBe(400);
    const response = await asStaff('POST', `/studio/sessions/${acme.id}/restore`, {});
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toMatchObject({ archivedAt: null, reminderSentAt: null });
    const expected = addMonthsUtc(t.clock.now(), 12).getTime();
    expect(Math.abs(new Date(response.body.expiresAt).getTime() - expected)).toBeLessThan(60_000);
    expect((await activity('session.restore')).at(0)).toMatchObject({ subject: 'Acme day' });

    const page = await customerPhotos();
    expect(page.status).toBe(200);
    expect(page.body.items.map((p: JsonBody) => p.id).sort()).toEqual([...acme.photoIds].sort());
    expect((await visitorPage(acme.code)).status).toBe(200);
    expect((await t.request('POST', '/api/ex/images/download-single-image', { token: emma.token, body: { OriginalImageURL: page.body.items[0].url } })).status).toBe(200);

    const notArchived = await asStaff('POST', `/studio/sessions/${acme.id}/restore`, {});
    expect(notArchived.status).toBe(409);
    expect(notArchived.body).toEqual({ message: galleryLifecycleMessages.notArchived });
  });

  it('takes the date staff pick', async () => {
    const day = dayFromNow(90);
    const response = await asStaff('POST', `/studio/sessions/${party.id}/restore`, { expiresOn: day });
    expect(response.status).toBe(200);
    expect(response.body.expiresAt).toBe(`${day}T23:59:59.999Z`);
    expect((await customerPhotos()).body.overallAllCount).toBe(5);
  });
});

describe('the migration', () => {
  it('gives existing sessions an expiry 12 months after their creation (at least 30 days after the upgrade), live and not reminded', async () => {
    const url = process.env.TEST_DATABASE_URL;
    const schema = url ? `test_${randomBytes(6).toString('hex')}` : null;
    const db = createDb(url ? { dialect: 'postgres', url, schema } : { dialect: 'sqlite', file: path.join(t.config.dataDir, 'backfill.sqlite') });
    try {
      const migrator = await migratorFor(db);
      expect((await migrator.migrateTo('2026-11-27-05-bulk-invites')).error).toBeUndefined();
      const old = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const user = await old
        .insertInto('users')
        .values({ email: 'old@example.com', first_name: 'Old', last_name: 'Timer', activated: 1, created_at: '2025-01-31T10:20:30.456Z', updated_at: '2025-01-31T10:20:30.456Z' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const recent = new Date(Date.now() - 24 * 3600_000).toISOString();
      await old
        .insertInto('photo_sessions')
        .values([
          { user_id: user.id, name: 'Old shoot', session_date: '2025-01-31', code: 'OldSessionCode-0123456789', created_at: '2025-01-31T10:20:30.456Z' },
          { user_id: user.id, name: 'Recent shoot', session_date: recent.slice(0, 10), code: 'RecentSessionCode-012345', created_at: recent },
        ])
        .execute();
      const migratedAt = Date.now();
      expect((await migrator.migrateTo('2026-11-28-01-gallery-lifecycle')).error).toBeUndefined();
      const rows = await db.kysely.selectFrom('photo_sessions').selectAll().orderBy('id').execute();
      // A recent gallery: created + 12 months (SQLite's "+12 months" and PostgreSQL's interval agree; both keep the ISO form the app compares).
      const inAYear = new Date(recent);
      inAYear.setUTCMonth(inAYear.getUTCMonth() + 12);
      expect(rows[1]).toMatchObject({ expires_at: inAYear.toISOString(), archived_at: null, expiry_reminder_sent_at: null });
      // One already past its year: 30 days from the upgrade, so the reminder goes out before the archive.
      expect(rows[0]).toMatchObject({ archived_at: null, expiry_reminder_sent_at: null });
      const graceDays = (Date.parse(rows[0]?.expires_at as string) - migratedAt) / (24 * 3600_000);
      expect(graceDays).toBeGreaterThan(29.9);
      expect(graceDays).toBeLessThan(30.1);
    } finally {
      if (schema) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db.kysely);
      await db.kysely.destroy();
    }
  });
});
