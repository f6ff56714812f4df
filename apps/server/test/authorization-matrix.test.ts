import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type MatrixCaller, type MatrixRequest, type MatrixResources, MATRIX_CALLERS, expectedStatus } from '../src/routes/api/operation';
import { cartItem, checkout, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot, testPhoto } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The authorization matrix (issue 11 §6), generated from the route table: every /api operation is
 * called as each caller, with its declared sample request pointing at a first customer's resources,
 * and must answer the status its route declares next to itself (routes/api/operation.ts), never a
 * 5xx, and a status its OpenAPI operation lists. A route added without a declaration does not start
 * (test/openapi.test.ts), so it cannot be left out of here.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
/** A studio staff member and a studio admin (issue 15): other signed-in users on customer routes. */
let staff: TestUser;
let admin: TestUser;
let resources: MatrixResources;
let document: JsonBody;

beforeAll(async () => {
  t = await startTestApp();
  owner = await t.createUser({ firstName: 'Owner' });
  other = await t.createUser({ firstName: 'Other' });
  staff = await t.createUser({ firstName: 'Staff', role: 'staff' });
  admin = await t.createUser({ firstName: 'Admin', role: 'admin' });
  const shoot = await importTestShoot(t, owner.email, { count: 2, name: 'Owner shoot', seed: 4200 });
  const [photoId, privatePhotoId] = shoot.photoIds as [number, number];

  const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${owner.id}&pageSize=12`, { token: owner.token });
  expect(page.status).toBe(200);
  const urlOf = (id: number): string => page.body.items.find((p: JsonBody) => p.id === id).url;

  const token = await t.request('POST', '/api/ex/images/download-single-image', { token: owner.token, body: { OriginalImageURL: urlOf(photoId) } });
  expect(token.status).toBe(200);

  const avatar = (await testPhoto(7, { width: 64, height: 64 })).toString('base64');
  const profile = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
    token: owner.token,
    body: { userId: owner.id, firstName: 'Owner', lastName: 'User', profileImageBase64: avatar },
  });
  expect(profile.status, JSON.stringify(profile.body)).toBe(200);

  await setStudioPrices(t);
  const items = [cartItem(photoId, shoot.session.id, 'TOUCHUPSERVICE', 10)];
  const paid = await payWithTestCard(t, owner, { grossTotal: 1000, userEmail: owner.email, items });
  const order = await t.request('POST', '/api/SpecialRequest', { token: owner.token, body: { transactionId: paid.transaction.id, totalPrice: 10, orderDetails: items } });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const unpaid = await checkout(t, owner, { grossTotal: 900, userEmail: owner.email, items: [cartItem(privatePhotoId, shoot.session.id, 'BACKGROUNDSERVICE', 9)] });
  expect(unpaid.status, JSON.stringify(unpaid.body)).toBe(200);

  const company = await t.request('POST', '/api/studio/companies', { token: admin.token, body: { name: 'Matrix client', hosts: ['matrix-client.gallery.test'] } });
  expect(company.status, JSON.stringify(company.body)).toBe(201);

  resources = {
    userId: owner.id,
    email: owner.email,
    sessionId: shoot.session.id,
    sessionCode: shoot.session.code,
    photoId,
    photoUrl: urlOf(photoId),
    privatePhotoUrl: urlOf(privatePhotoId),
    downloadHash: token.body.hash,
    orderId: order.body.order.id,
    transactionId: paid.transaction.id,
    paymentId: unpaid.body.paymentId,
    clientSecret: unpaid.body.clientSecret,
    profileImageKey: String(profile.body.user.imageUrl).replace(/^.*\/api\/media\//, ''),
    companyId: company.body.id,
  };
  document = (await t.request('GET', '/api/docs/json')).body;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The URL of a route with the sample's path parameters and query filled in. */
function urlOf(routeUrl: string, request: MatrixRequest): string {
  if (request.path) return request.path;
  const params = request.params ?? {};
  const path = routeUrl.replace(/:(\w+)|\*$/g, (_match, name: string | undefined) => {
    const value = params[name ?? '*'];
    if (value === undefined) throw new Error(`${routeUrl}: its sample names no ${name ?? '*'}`);
    return name ? encodeURIComponent(String(value)) : String(value);
  });
  const query = new URLSearchParams(Object.entries(request.query ?? {}).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return query ? `${path}?${query}` : path;
}

/** `/api/Photos/:id` → `/api/Photos/{id}` (the document's spelling). */
const documentPath = (routeUrl: string) => routeUrl.replace(/:(\w+)/g, '{$1}');

describe('the authorization matrix', () => {
  it('answers every operation, for every caller, as its route declares', async () => {
    const table = t.app.apiRouteTable.operations;
    expect(table.length).toBeGreaterThanOrEqual(50);
    // The studio's calls are in the table, each declaring its level (issue 15): the callers above cover them.
    expect(table.filter((r) => r.url.startsWith('/api/studio/')).every((r) => r.operation.access === 'staff' || r.operation.access === 'admin')).toBe(true);
    expect(table.filter((r) => r.url.startsWith('/api/studio/')).length).toBeGreaterThanOrEqual(7);
    const signedIn: Partial<Record<MatrixCaller, TestUser>> = { otherCustomer: other, staff, admin };
    const tokens: Partial<Record<MatrixCaller, string>> = { otherCustomer: other.token, staff: staff.token, admin: admin.token };
    const rows: string[] = [];
    const failures: string[] = [];

    for (const route of table) {
      const request = route.operation.sample?.(resources) ?? {};
      const url = urlOf(route.url, request);
      const declared = route.operation.hidden ? null : document.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
      if (!route.operation.hidden && !declared) failures.push(`${route.method} ${route.url}: not in the OpenAPI document`);

      for (const caller of MATRIX_CALLERS) {
        const headers: Record<string, string> = caller === 'visitor' ? { 'x-session-code': resources.sessionCode } : {};
        const response = await t.request(route.method, url, {
          ...(request.body !== undefined ? { body: request.body } : {}),
          ...(tokens[caller] !== undefined ? { token: tokens[caller] } : {}),
          headers,
        });
        const expected = expectedStatus(route.operation, caller);
        const where = `${route.method} ${route.url} (${route.operation.operationId}) as ${caller}`;
        rows.push(`${where}: ${response.status}`);
        if (response.status >= 500) failures.push(`${where}: ${response.status} ${JSON.stringify(response.body)}`);
        else if (response.status !== expected) failures.push(`${where}: expected ${expected}, got ${response.status} ${JSON.stringify(response.body)}`);
        if (declared && !(String(response.status) in declared.responses)) failures.push(`${where}: ${response.status} is not among its documented answers`);
        // A write that succeeded for a signed-in caller may have ended their own session (logout): sign in again.
        const user = signedIn[caller];
        if (user && route.method !== 'GET' && response.status < 300) tokens[caller] = await t.signIn(user.email, user.password);
      }
    }

    expect(failures, rows.join('\n')).toEqual([]);
  }, 120_000);

  it('states an expectation for every caller of every operation', () => {
    for (const route of t.app.apiRouteTable.operations) {
      for (const caller of MATRIX_CALLERS as MatrixCaller[]) expect(() => expectedStatus(route.operation, caller)).not.toThrow();
    }
  });

  it("kept the first customer's resources: nobody else changed or deleted them", async () => {
    const page = await t.request('GET', `/api/sessions/GetUserSessionsPage?userId=${owner.id}&pageSize=12&flag=All`, { token: owner.token });
    expect(page.status).toBe(200);
    expect(page.body.totalCount).toBe(2);
    for (const photo of page.body.items) {
      expect(photo.name).toMatch(/^IMG_000\d$/);
      expect(photo.isSkipped).toBe(false);
      expect(photo.isUserFavourite).toBe(false);
    }
    const account = await t.request('GET', '/api/account', { token: owner.token });
    expect(account.body.firstName).toBe('Owner');
    const order = await t.request('GET', `/api/SpecialRequest/${resources.orderId}`, { token: owner.token });
    expect(order.status).toBe(200);
  });
});
