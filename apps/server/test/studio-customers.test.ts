import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot, testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * A customer's page in the studio (issue 15 §3) over HTTP against a real database: what the customer
 * (or a visitor with their code) does in the gallery shows on the staff's timeline, newest first with
 * photo and session names ("viewed" at most once an hour); the customer with their sessions and codes;
 * renaming and deleting sessions and photos (the customer sees it at once, the activity log records
 * it); the favourites as Lightroom and Capture One lists; the invitation sent again.
 */

let t: TestApp;
let staff: TestUser;
let emma: TestUser;
let session: { id: number; code: string };
let photoIds: number[];

const minutes = (n: number) => t.clock.advanceHours(n / 60);

beforeAll(async () => {
  t = await startTestApp();
  staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff', role: 'staff' });
  emma = await t.createUser({ firstName: 'Emma', lastName: 'Employee', email: 'emma.employee@example.com' });
  const shoot = await importTestShoot(t, emma.email, { count: 5, name: 'Acme day', seed: 6100 });
  session = { id: shoot.session.id, code: shoot.session.code };
  photoIds = shoot.photoIds;
});
afterAll(async () => {
  await t?.close();
});

const photo = (index: number) => photoIds[index] as number;

async function galleryPage(user: TestUser = emma): Promise<JsonBody[]> {
  const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${user.id}&pageSize=50&flag=All`, { token: user.token });
  expect(page.status).toBe(200);
  return page.body.items;
}

async function timeline(userId = emma.id, query = 'page=1&pageSize=50'): Promise<JsonBody> {
  const response = await t.request('GET', `/api/studio/customers/${userId}/timeline?${query}`, { token: staff.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

async function ok(method: string, url: string, body?: unknown, token = emma.token) {
  const response = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
  expect(response.status, `${method} ${url}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response;
}

describe("the customer's timeline", () => {
  it('lists what the customer did, newest first, with photo and session names', async () => {
    const items = await galleryPage();
    minutes(1);
    await ok('PUT', '/api/Photos/MarkUserFavourite', { id: photo(0), isUserFavourite: true });
    minutes(1);
    await ok('PUT', '/api/Photos/MarkUserFavourite', { id: photo(1), isUserFavourite: true });
    minutes(1);
    await ok('POST', '/api/ex/images/skip-image', { photoId: photo(2), value: true });
    minutes(1);
    const url = items.find((p) => p.id === photo(3)).url;
    await ok('POST', '/api/ex/images/download-single-image', { OriginalImageURL: url });
    minutes(1);
    await ok('POST', '/api/Social', { photoId: photo(0), socialType: 'link' });

    const page = await timeline();
    expect(page.total).toBe(6);
    expect(page.items.map((e: JsonBody) => [e.kind, e.photoName])).toEqual([
      ['shared', 'IMG_0001'],
      ['downloaded', 'IMG_0004'],
      ['skipped', 'IMG_0003'],
      ['favourited', 'IMG_0002'],
      ['favourited', 'IMG_0001'],
      ['viewed', null],
    ]);
    expect(page.items[0]).toMatchObject({ sessionName: 'Acme day', sessionId: session.id, by: 'customer', photoDeleted: false });
    expect(page.items[1]).toMatchObject({ resolution: 'hr' });
    // Paged: the second page of two.
    const second = await timeline(emma.id, 'page=2&pageSize=2');
    expect(second.items.map((e: JsonBody) => e.kind)).toEqual(['skipped', 'favourited']);
    expect(second.total).toBe(6);
  });

  it('records a view at most once an hour per session, and the views of visitors with the code', async () => {
    const viewed = async () => (await timeline()).items.filter((e: JsonBody) => e.kind === 'viewed');
    await galleryPage();
    minutes(30);
    await galleryPage();
    expect(await viewed()).toHaveLength(1);
    minutes(31);
    await galleryPage();
    expect(await viewed()).toHaveLength(2);

    const visitor = () => t.request('GET', `/api/sessions/getSessionImages?couponcode=${session.code}&page=1&pageSize=12&flag=All`);
    expect((await visitor()).status).toBe(200);
    expect((await visitor()).status).toBe(200);
    const views = await viewed();
    expect(views).toHaveLength(3);
    expect(views[0]).toMatchObject({ by: 'visitor', sessionId: session.id, sessionName: 'Acme day' });
  });

  it('records unfavourites, unskips and orders', async () => {
    await ok('PUT', '/api/Photos/MarkUserFavourite', { id: photo(4), isUserFavourite: true });
    minutes(1);
    await ok('PUT', '/api/Photos/MarkUserFavourite', { id: photo(4), isUserFavourite: false });
    minutes(1);
    await ok('POST', '/api/ex/images/skip-image', { photoId: photo(2), value: false });
    minutes(1);
    await setStudioPrices(t);
    const items = [cartItem(photo(1), session.id, 'TOUCHUPSERVICE', 10)];
    const paid = await payWithTestCard(t, emma, { grossTotal: 1000, userEmail: emma.email, items });
    const order = await ok('POST', '/api/SpecialRequest', { transactionId: paid.transaction.id, totalPrice: 10, orderDetails: items });

    const page = await timeline();
    expect(page.items.slice(0, 4).map((e: JsonBody) => [e.kind, e.photoName])).toEqual([
      ['ordered', 'IMG_0002'],
      ['unskipped', 'IMG_0003'],
      ['unfavourited', 'IMG_0005'],
      ['favourited', 'IMG_0005'],
    ]);
    expect(page.items[0]).toMatchObject({ orderNumber: order.body.order.orderId, count: 1 });
  });

  it('records edits, and a ZIP of several photos as one download with their count', async () => {
    minutes(1);
    const image = (await testPhoto(6150)).toString('base64');
    await ok('POST', '/api/ex/images/save-edited-image', { photoId: photo(3), imageBase64: image });
    minutes(1);
    const items = await galleryPage();
    const urls = [photo(0), photo(1)].map((id) => items.find((p) => p.id === id).url);
    const zip = await fetch(`${t.baseUrl}/api/ex/images/download-selected-images-zip`, {
      method: 'POST',
      headers: { authorization: `Bearer ${emma.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ urls, resolution: 'sm' }),
    });
    expect(zip.status).toBe(200);
    await zip.arrayBuffer();

    const page = await timeline();
    expect(page.items[0]).toMatchObject({ kind: 'downloaded', photoId: null, photoName: null, count: 2, resolution: 'sm', sessionName: 'Acme day' });
    expect(page.items[1]).toMatchObject({ kind: 'edited', photoName: 'IMG_0004' });
  });

  it('is for staff only; an unknown customer is 404', async () => {
    expect((await t.request('GET', `/api/studio/customers/${emma.id}/timeline`, { token: emma.token })).status).toBe(403);
    expect((await t.request('GET', `/api/studio/customers/${emma.id}`, { headers: { 'x-session-code': session.code } })).status).toBe(403);
    expect((await t.request('GET', `/api/studio/customers/${emma.id}`)).status).toBe(401);
    expect((await t.request('GET', '/api/studio/customers/987654/timeline', { token: staff.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/studio/photos/${photo(0)}`, { token: emma.token })).status).toBe(403);
  });
});

describe("the customer's sessions", () => {
  it('shows the customer with each session, its code and counts', async () => {
    const detail = await t.request('GET', `/api/studio/customers/${emma.id}`, { token: staff.token });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ id: emma.id, email: 'emma.employee@example.com', firstName: 'Emma', lastName: 'Employee', activated: true, favourites: 2 });
    expect(detail.body.sessions).toEqual([
      expect.objectContaining({ id: session.id, name: 'Acme day', code: session.code, sessionDate: '2026-11-20', photos: 5, favourites: 2, skipped: 0 }),
    ]);
  });

  it('exports the favourites for Lightroom (one line, commas) and Capture One (one per line)', async () => {
    const lightroom = await fetch(`${t.baseUrl}/api/studio/sessions/${session.id}/favourites.txt?format=lightroom`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(lightroom.status).toBe(200);
    expect(lightroom.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(lightroom.headers.get('content-disposition')).toContain('attachment; filename="Acme day favourites (Lightroom).txt"');
    expect(await lightroom.text()).toBe('IMG_0001.jpg,IMG_0002.jpg\n');
    const captureOne = await fetch(`${t.baseUrl}/api/studio/sessions/${session.id}/favourites.txt?format=captureone`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(await captureOne.text()).toBe('IMG_0001.jpg\nIMG_0002.jpg\n');
    expect(captureOne.headers.get('content-disposition')).toContain('Capture One');
  });

  it("lists a session's photos for the studio with what the customer marked, and thumbnails that load", async () => {
    const listed = await t.request('GET', `/api/studio/sessions/${session.id}/photos`, { token: staff.token });
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.session).toEqual({ id: session.id, name: 'Acme day', sessionDate: '2026-11-20', customerId: emma.id, customerName: 'Emma Employee' });
    expect(listed.body.photos.map((p: JsonBody) => [p.name, p.favourite, p.skipped])).toEqual([
      ['IMG_0001', true, false],
      ['IMG_0002', true, false],
      ['IMG_0003', false, false],
      ['IMG_0004', false, false],
      ['IMG_0005', false, false],
    ]);
    const thumb = await fetch(`${t.baseUrl}${listed.body.photos[0].thumbUrl}`);
    expect(thumb.status).toBe(200);
    expect(thumb.headers.get('content-type')).toMatch(/^image\//);
    expect((await t.request('GET', `/api/studio/sessions/999999/photos`, { token: staff.token })).status).toBe(404);
    expect((await t.request('GET', `/api/studio/sessions/${session.id}/photos`, { token: emma.token })).status).toBe(403);
  });

  it('renames and deletes a photo: the customer sees it at once, the timeline keeps its name, the log records it', async () => {
    const renamed = await t.request('PUT', `/api/studio/photos/${photo(0)}`, { token: staff.token, body: { name: 'Emma best' } });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body).toEqual({ id: photo(0), name: 'Emma best', sessionId: session.id });
    expect((await galleryPage()).find((p) => p.id === photo(0)).name).toBe('Emma best');
    expect((await timeline()).items.find((e: JsonBody) => e.kind === 'shared').photoName).toBe('Emma best');

    expect((await t.request('DELETE', `/api/studio/photos/${photo(0)}`, { token: staff.token })).status).toBe(204);
    expect((await galleryPage()).map((p) => p.id)).not.toContain(photo(0));
    const shared = (await timeline()).items.find((e: JsonBody) => e.kind === 'shared');
    expect(shared).toMatchObject({ photoName: 'Emma best', photoDeleted: true });
    expect((await t.request('DELETE', `/api/studio/photos/${photo(0)}`, { token: staff.token })).status).toBe(404);
    const favourites = await fetch(`${t.baseUrl}/api/studio/sessions/${session.id}/favourites.txt?format=captureone`, { headers: { authorization: `Bearer ${staff.token}` } });
    expect(await favourites.text()).toBe('IMG_0002.jpg\n');

    const log = await t.request('GET', '/api/studio/activity?page=1&pageSize=10', { token: staff.token });
    const actions = log.body.items.map((a: JsonBody) => `${a.action} ${a.subject}`);
    expect(actions).toContain('photo.rename IMG_0001');
    expect(actions).toContain('photo.delete Emma best');
  });

  it('renames a session; a session with ordered photos is kept (409), one without is deleted with its photos', async () => {
    const renamed = await t.request('PUT', `/api/studio/sessions/${session.id}`, { token: staff.token, body: { name: 'Acme headshots' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: session.id, name: 'Acme headshots', code: session.code });
    const list = await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${emma.id}`, { token: emma.token });
    expect(list.body.sessionDetailsDtos.map((s: JsonBody) => s.name)).toEqual(['Acme headshots']);
    expect((await t.request('PUT', `/api/studio/sessions/${session.id}`, { token: staff.token, body: { name: '  ' } })).status).toBe(400);

    // IMG_0002 is in a retouch order.
    const refused = await t.request('DELETE', `/api/studio/sessions/${session.id}`, { token: staff.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('retouch order');

    const second = await importTestShoot(t, emma.email, { count: 2, name: 'Second day', seed: 6200 });
    await ok('PUT', '/api/Photos/MarkUserFavourite', { id: second.photoIds[0], isUserFavourite: true });
    expect((await t.request('DELETE', `/api/studio/sessions/${second.session.id}`, { token: staff.token })).status).toBe(204);
    const after = await t.request('GET', `/api/sessions/GetUserSessionsCorporateOrders/${emma.id}`, { token: emma.token });
    expect(after.body.sessionDetailsDtos.map((s: JsonBody) => s.id)).toEqual([session.id]);
    expect((await galleryPage()).map((p) => p.id)).not.toContain(second.photoIds[0]);
    expect((await t.request('GET', `/api/sessions/getSessionImages?couponcode=${second.session.code}&page=1&pageSize=12&flag=All`)).status).toBe(404);
    // The timeline still names what was deleted.
    const favourited = (await timeline()).items.find((e: JsonBody) => e.kind === 'favourited');
    expect(favourited).toMatchObject({ photoName: 'IMG_0001', sessionName: 'Second day', sessionId: null, photoId: null, photoDeleted: true });
    expect((await t.request('DELETE', `/api/studio/sessions/${second.session.id}`, { token: staff.token })).status).toBe(404);

    const log = await t.request('GET', '/api/studio/activity?page=1&pageSize=10', { token: staff.token });
    const actions = log.body.items.map((a: JsonBody) => `${a.action} ${a.subject}`);
    expect(actions).toContain('session.rename Acme day');
    expect(actions).toContain('session.delete Second day');
  });
});

describe('the invitation', () => {
  it('sends a customer who never activated a fresh invitation, again on request', async () => {
    const invited = await t.createUser({ firstName: 'Ivy', email: 'ivy.invited@example.com', activated: false });
    const shoot = await importTestShoot(t, invited.email, { count: 1, name: 'Ivy portraits', seed: 6300 });
    const before = (await t.request('GET', `/api/studio/customers/${invited.id}`, { token: staff.token })).body;
    expect(before).toMatchObject({ activated: false });

    const sent = await t.request('POST', `/api/studio/customers/${invited.id}/invite`, { token: staff.token, body: { sessionId: shoot.session.id } });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toEqual({ mail: 'invitation', email: 'ivy.invited@example.com' });
    const mail = await t.lastMailTo(invited.email);
    expect(mail.subject).toContain('are ready');
    expect(mail.text).toContain('Ivy portraits');
    expect(mail.text).toContain('/active-account/');
    const after = (await t.request('GET', `/api/studio/customers/${invited.id}`, { token: staff.token })).body;
    expect(after.invitedAt).not.toBeNull();

    const again = await t.request('POST', `/api/studio/customers/${invited.id}/invite`, { token: staff.token, body: { sessionId: shoot.session.id } });
    expect(again.status).toBe(200);
    expect((await t.outbox()).filter((m) => m.to.includes(invited.email))).toHaveLength(2);
  });

  it('tells an activated customer their photos are ready; another customer’s session is 404', async () => {
    const sent = await t.request('POST', `/api/studio/customers/${emma.id}/invite`, { token: staff.token, body: { sessionId: session.id } });
    expect(sent.status).toBe(200);
    expect(sent.body.mail).toBe('photos-ready');
    const mail = await t.lastMailTo(emma.email);
    expect(mail.subject).toContain('are ready');
    expect(mail.text).toContain('Acme headshots');
    expect(mail.text).not.toContain('/active-account/');

    const other = await t.createUser({ firstName: 'Otto' });
    const wrong = await t.request('POST', `/api/studio/customers/${other.id}/invite`, { token: staff.token, body: { sessionId: session.id } });
    expect(wrong.status).toBe(404);
    const log = await t.request('GET', '/api/studio/activity?page=1&pageSize=5', { token: staff.token });
    expect(log.body.items[0]).toMatchObject({ action: 'customer.invite', subject: emma.email });
  });
});
