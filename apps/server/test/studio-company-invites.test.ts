import { bulkInvite, studioOrdersResponse } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForJobs } from '../src/jobs';
import { AppointmentsRepository } from '../src/modules/appointments/appointments.repository';
import { AppointmentsStudio } from '../src/modules/appointments/appointments-studio';
import { mediaFileKey } from '../src/modules/gallery/photo-media';
import { createStorage } from '../src/storage/create-storage';
import { cartItem, payWithTestCard, setStudioPrices } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type ReceivedMail } from './support/mail';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';
import { readZip } from './support/zip';

/**
 * A company's bulk invites, photo export and order list (issue 15 §2) over HTTP against a real
 * database (SQLite, or PostgreSQL with TEST_DATABASE_URL): invites go out from one background job,
 * each employee once however often the job runs; the export ZIP holds one photo per employee who
 * chose one and a CSV of everyone.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;
let typeId: number;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Stan', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Cora', lastName: 'Customer' });
  const studio = new AppointmentsStudio(new AppointmentsRepository(t.db.kysely), { findOrCreate: () => Promise.reject(new Error('unused')) }, null, null, '', t.clock.now);
  await studio.addCalendar({ name: 'Booth A', location: 'Floor 3' });
  typeId = (await studio.addType({ name: 'Headshot', durationMinutes: 15, capacity: 2 })).id;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function createCompany(name: string): Promise<number> {
  const response = await t.request('POST', '/api/studio/companies', { token: admin.token, body: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

async function addEmployee(companyId: number, firstName: string, lastName: string, email: string): Promise<number> {
  const response = await t.request('POST', `/api/studio/companies/${companyId}/employees`, { token: staff.token, body: { firstName, lastName, email } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.employee.id;
}

async function waitForBulk(companyId: number, bulkId: number): Promise<JsonBody> {
  for (let i = 0; i < 200; i++) {
    const progress = await t.request('GET', `/api/studio/companies/${companyId}/invites/${bulkId}`, { token: staff.token });
    expect(progress.status, JSON.stringify(progress.body)).toBe(200);
    if (progress.body.status === 'done' || progress.body.status === 'failed') return bulkInvite.parse(progress.body);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`bulk invite ${bulkId} did not finish`);
}

const mailsTo = (mails: ReceivedMail[], email: string) => mails.filter((m) => m.to.includes(email));

async function activity(action: string): Promise<JsonBody[]> {
  const response = await t.request('GET', '/api/studio/activity?pageSize=100', { token: staff.token });
  return response.body.items.filter((item: JsonBody) => item.action === action);
}

async function download(url: string, token?: string): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const response = await fetch(`${t.baseUrl}${url}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

describe('bulk invites', () => {
  let companyId: number;
  const emails = ['ann.lee@globex.test', 'bo.chen@globex.test', 'cy.diaz@globex.test'];

  beforeAll(async () => {
    companyId = await createCompany('Globex');
    await addEmployee(companyId, 'Ann', 'Lee', emails[0]!);
    await addEmployee(companyId, 'Bo', 'Chen', emails[1]!);
    await addEmployee(companyId, 'Cy', 'Diaz', emails[2]!);
  });

  it('invites every employee to book, from one job: one mail each, progress to done', async () => {
    const created = await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: staff.token, body: { kind: 'booking', appointmentTypeId: typeId, expiresInDays: 14 } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({ kind: 'booking', total: 3, companyId });
    expect(['queued', 'running', 'done']).toContain(created.body.status);

    const done = await waitForBulk(companyId, created.body.id);
    expect(done).toMatchObject({ status: 'done', total: 3, sent: 3, failed: 0, failures: [] });
    expect(done.finishedAt).not.toBeNull();

    const mails = await t.outbox();
    for (const email of emails) {
      const theirs = mailsTo(mails, email);
      expect(theirs).toHaveLength(1);
      expect(theirs[0]!.subject).toMatch(/^Book your Headshot with /);
      expect(theirs[0]!.links.some((link) => link.startsWith('http://gallery.test/appointment?id='))).toBe(true);
    }
    const invites = await t.db.kysely.selectFrom('appointment_invites').selectAll().where('appointment_type_id', '=', typeId).execute();
    expect(invites).toHaveLength(3);
    expect(invites.every((i) => i.expires_at !== null)).toBe(true);

    // The job again (a retry, or run twice): nobody is mailed twice, the counts stay.
    const before = (await t.outbox()).length;
    const again = await t.app.jobs.send('company-invites', { bulkInviteId: created.body.id });
    expect(await waitForJobs(t.app.jobs, [again as string])).toEqual(['completed']);
    expect((await t.outbox()).length).toBe(before);
    expect(await waitForBulk(companyId, created.body.id)).toMatchObject({ status: 'done', sent: 3, failed: 0 });
    expect(await t.db.kysely.selectFrom('appointment_invites').select('id').where('appointment_type_id', '=', typeId).execute()).toHaveLength(3);

    // A run that stopped half-way (one row still pending): the next run sends that one only.
    await t.db.kysely
      .updateTable('bulk_invite_recipients')
      .set({ status: 'pending', invite_id: null })
      .where('bulk_invite_id', '=', created.body.id)
      .where('user_id', '=', (await t.db.kysely.selectFrom('users').select('id').where('email', '=', emails[1]!).executeTakeFirstOrThrow()).id)
      .execute();
    await t.db.kysely.updateTable('bulk_invites').set({ status: 'running', sent: 2 }).where('id', '=', created.body.id).execute();
    const resumed = await t.app.jobs.send('company-invites', { bulkInviteId: created.body.id });
    expect(await waitForJobs(t.app.jobs, [resumed as string])).toEqual(['completed']);
    const after = await t.outbox();
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)!.to).toEqual([emails[1]]);
    expect(await waitForBulk(companyId, created.body.id)).toMatchObject({ status: 'done', sent: 3, failed: 0 });

    const logged = await activity('company.invite');
    expect(logged[0]).toMatchObject({ actor: { id: staff.id }, subject: `company:${companyId}`, details: { kind: 'booking', employees: 3, appointmentType: 'Headshot' } });
  });

  it('invites only the employees named, and refuses bad requests', async () => {
    const [first] = (await t.request('GET', `/api/studio/companies/${companyId}/employees`, { token: staff.token })).body.items;
    const one = await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: staff.token, body: { kind: 'booking', appointmentTypeId: typeId, employeeIds: [first.id] } });
    expect(one.status).toBe(201);
    expect((await waitForBulk(companyId, one.body.id)).sent).toBe(1);

    const noType = await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: staff.token, body: { kind: 'booking' } });
    expect(noType.status).toBe(400);
    expect(noType.body.message).toMatch(/appointment type/);
    const unknownType = await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: staff.token, body: { kind: 'booking', appointmentTypeId: 99999 } });
    expect(unknownType.status).toBe(400);
    const stranger = await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: staff.token, body: { kind: 'gallery', employeeIds: [customer.id] } });
    expect(stranger.status).toBe(400);
    expect(stranger.body.message).toMatch(/not an employee of Globex/);
    const empty = await t.request('POST', `/api/studio/companies/${await createCompany('Empty Inc')}/invites`, { token: staff.token, body: { kind: 'gallery' } });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/no employees/);
    expect((await t.request('GET', `/api/studio/companies/${companyId}/invites/999999`, { token: staff.token })).status).toBe(404);
    // Another company's bulk invite is not found through this one.
    const other = await createCompany('Other Co');
    expect((await t.request('GET', `/api/studio/companies/${other}/invites/${one.body.id}`, { token: staff.token })).status).toBe(404);
  });

  it('lists the appointment types and calendars booking invites can be for', async () => {
    const options = await t.request('GET', '/api/studio/appointment-types', { token: staff.token });
    expect(options.status).toBe(200);
    expect(options.body.types).toEqual([expect.objectContaining({ id: typeId, name: 'Headshot', durationMinutes: 15 })]);
    expect(options.body.calendars).toEqual([expect.objectContaining({ name: 'Booth A', location: 'Floor 3' })]);
  });

  it('invites to the gallery: activation for new accounts, a sign-in link for active ones, "No photos yet" without a session', async () => {
    const initech = await createCompany('Initech');
    const fresh = 'pat.new@initech.test';
    await addEmployee(initech, 'Pat', 'New', fresh);
    const active = await t.createUser({ firstName: 'Kim', lastName: 'Active' });
    await addEmployee(initech, 'Kim', 'Active', active.email);
    const none = 'no.photos@initech.test';
    await addEmployee(initech, 'Noa', 'Photos', none);
    await importTestShoot(t, fresh, { count: 1, name: 'Initech headshots' });
    await importTestShoot(t, active.email, { count: 1, name: 'Initech day 2' });

    const created = await t.request('POST', `/api/studio/companies/${initech}/invites`, { token: staff.token, body: { kind: 'gallery' } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const done = await waitForBulk(initech, created.body.id);
    expect(done).toMatchObject({ status: 'done', total: 3, sent: 2, failed: 1 });
    expect(done.failures).toEqual([expect.objectContaining({ email: none, firstName: 'Noa', lastName: 'Photos', error: 'No photos yet' })]);

    const mails = await t.outbox();
    const [activation] = mailsTo(mails, fresh);
    expect(activation!.text).toContain('"Initech headshots"');
    expect(activation!.links.some((link) => link.startsWith('http://gallery.test/active-account/'))).toBe(true);
    const [ready] = mailsTo(mails, active.email);
    expect(ready!.text).toContain('"Initech day 2"');
    expect(ready!.links).toContain('http://gallery.test/login');
    expect(mailsTo(mails, none)).toHaveLength(0);
  });
});

describe('the company export', () => {
  let companyId: number;
  const storage = () => createStorage(t.config);

  beforeAll(async () => {
    companyId = await createCompany('Hooli & Co');
  });

  it('holds one photo per employee with a chosen photo, and the CSV of everyone', async () => {
    // Ann: a retouched favourite (its retouched version); Bo: a plain favourite (the original JPEG);
    // Cy: no favourite but retouched photos (the latest retouched); Di: photos, none chosen.
    const ids: Record<string, number> = {};
    for (const [first, last] of [['Ann', 'Lee'], ['Bo', 'Chen'], ['Cy', 'Diaz'], ['Di', 'Evans'], ['Ann', 'Lee']] as const) {
      const email = `${first}.${last}.${Object.keys(ids).length}@hooli.test`.toLowerCase();
      ids[`${first}${Object.keys(ids).length}`] = await addEmployee(companyId, first, last, email);
    }
    const emailOf = async (id: number) => (await t.db.kysely.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
    const ann = await importTestShoot(t, await emailOf(ids.Ann0!), { count: 2, retouchedEvery: 2, name: 'Hooli day' });
    const bo = await importTestShoot(t, await emailOf(ids.Bo1!), { count: 2, name: 'Hooli day' });
    const cy = await importTestShoot(t, await emailOf(ids.Cy2!), { count: 3, retouchedEvery: 1, name: 'Hooli day' });
    await importTestShoot(t, await emailOf(ids.Di3!), { count: 1, name: 'Hooli day' });
    // The second Ann Lee favourites a plain photo: her file gets a unique name.
    const ann2 = await importTestShoot(t, await emailOf(ids.Ann4!), { count: 1, name: 'Hooli day' });
    await t.db.kysely.updateTable('photos').set({ is_favourite: 1 }).where('id', 'in', [ann.photoIds[1]!, bo.photoIds[0]!, ann2.photoIds[0]!]).execute();

    const response = await download(`/api/studio/companies/${companyId}/export.zip`, staff.token);
    expect(response.status, response.body.toString()).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain('Hooli & Co headshots.zip');
    expect(Number(response.headers.get('content-length'))).toBe(response.body.length);

    const entries = readZip(response.body);
    expect(entries.map((e) => e.name).sort()).toEqual(['Chen_Bo.jpg', 'Diaz_Cy.jpg', 'Lee_Ann.jpg', 'Lee_Ann_2.jpg', 'employees.csv']);
    const photo = (name: string) => entries.find((e) => e.name === name)!.data;
    const photoRow = (id: number) => t.db.kysely.selectFrom('photos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const stored = async (key: string) => {
      const file = await storage().getStream(key);
      const chunks: Buffer[] = [];
      for await (const chunk of file!.stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    };
    // Bo: the original JPEG as stored; Ann: her favourite's retouched version.
    const boRow = await photoRow(bo.photoIds[0]!);
    expect(photo('Chen_Bo.jpg').equals(await stored(mediaFileKey(boRow.media_key, 'original', 'jpg')))).toBe(true);
    const annRow = await photoRow(ann.photoIds[1]!);
    // (A JPEG version goes in as stored; any other kind of original as its High Resolution JPEG.)
    const annFile = annRow.retouched_ext === 'jpg' ? 'original' : 'hr';
    expect(photo('Lee_Ann.jpg').equals(await stored(mediaFileKey(annRow.retouched_media_key!, annFile, annRow.retouched_ext!)))).toBe(true);
    expect(photo('Lee_Ann.jpg').equals(await stored(mediaFileKey(annRow.media_key, 'original', 'jpg')))).toBe(false);
    for (const name of ['Chen_Bo.jpg', 'Diaz_Cy.jpg', 'Lee_Ann.jpg', 'Lee_Ann_2.jpg']) expect(photo(name).subarray(0, 2).toString('hex')).toBe('ffd8');

    const csv = photo('employees.csv').toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(csv[0]).toBe('First name,Last name,Email,File name,Photo name,Session,Chosen because');
    const cyFirst = cy.photoIds[0]!;
    expect(csv.slice(1)).toEqual([
      `Bo,Chen,${await emailOf(ids.Bo1!)},Chen_Bo.jpg,IMG_0001,Hooli day,favourite`,
      `Cy,Diaz,${await emailOf(ids.Cy2!)},Diaz_Cy.jpg,${(await photoRow(cyFirst)).name},Hooli day,retouched`,
      `Di,Evans,${await emailOf(ids.Di3!)},no photo chosen,,,none`,
      `Ann,Lee,${await emailOf(ids.Ann0!)},Lee_Ann.jpg,IMG_0002,Hooli day,favourite`,
      `Ann,Lee,${await emailOf(ids.Ann4!)},Lee_Ann_2.jpg,IMG_0001,Hooli day,favourite`,
    ]);

    const logged = await activity('company.export');
    expect(logged[0]).toMatchObject({ actor: { id: staff.id }, subject: `company:${companyId}`, details: { company: 'Hooli & Co', employees: 5, photos: 4 } });
  });

  it('answers at a link signed for 5 minutes, for the browser to navigate to', async () => {
    const link = await t.request('POST', `/api/studio/companies/${companyId}/export`, { token: staff.token });
    expect(link.status).toBe(200);
    expect(link.body.url).toMatch(/^\/api\/company-exports\/[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const zip = await download(link.body.url);
    expect(zip.status).toBe(200);
    expect(readZip(zip.body).map((e) => e.name)).toContain('employees.csv');

    const forged = link.body.url.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    expect((await download(forged)).status).toBe(404);
    // Whoever asked for it left the staff: the link no longer opens.
    const former = await t.createUser({ firstName: 'Former', role: 'staff' });
    const theirs = await t.request('POST', `/api/studio/companies/${companyId}/export`, { token: former.token });
    await t.db.kysely.updateTable('users').set({ role: 'customer' }).where('id', '=', former.id).execute();
    expect((await download(theirs.body.url)).status).toBe(403);

    t.clock.advanceHours(1);
    expect((await download(link.body.url)).status).toBe(404);
  });

  it('is for studio users only', async () => {
    expect((await download(`/api/studio/companies/${companyId}/export.zip`)).status).toBe(401);
    expect((await download(`/api/studio/companies/${companyId}/export.zip`, customer.token)).status).toBe(403);
    expect((await t.request('POST', `/api/studio/companies/${companyId}/export`, { token: customer.token })).status).toBe(403);
    expect((await t.request('POST', `/api/studio/companies/${companyId}/invites`, { token: customer.token, body: { kind: 'gallery' } })).status).toBe(403);
    expect((await t.request('POST', `/api/studio/companies/${companyId}/invites`, { body: { kind: 'gallery' } })).status).toBe(401);
    expect((await t.request('GET', `/api/studio/companies/${companyId}/orders`, { token: customer.token })).status).toBe(403);
    expect((await download('/api/studio/companies/999999/export.zip', staff.token)).status).toBe(404);
  });
});

describe('the corporate order list', () => {
  it("lists the retouch orders of the company's employees only", async () => {
    const companyId = await createCompany('Umbrella');
    const employee = await t.createUser({ firstName: 'Eve', lastName: 'Umbrella' });
    await addEmployee(companyId, 'Eve', 'Umbrella', employee.email);
    const shoot = await importTestShoot(t, employee.email, { count: 1, name: 'Umbrella day' });
    const outsider = await t.createUser({ firstName: 'Out', lastName: 'Sider' });
    const theirs = await importTestShoot(t, outsider.email, { count: 1, name: 'Own shoot' });

    await setStudioPrices(t);
    for (const [user, photoId, sessionId] of [
      [employee, shoot.photoIds[0]!, shoot.session.id],
      [outsider, theirs.photoIds[0]!, theirs.session.id],
    ] as const) {
      const items = [cartItem(photoId, sessionId, 'TOUCHUPSERVICE', 10)];
      const paid = await payWithTestCard(t, user, { grossTotal: 1000, userEmail: user.email, items });
      const order = await t.request('POST', '/api/SpecialRequest', { token: user.token, body: { transactionId: paid.transaction.id, totalPrice: 10, orderDetails: items } });
      expect(order.status, JSON.stringify(order.body)).toBe(200);
    }

    const list = await t.request('GET', `/api/studio/companies/${companyId}/orders?status=all`, { token: staff.token });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    const page = studioOrdersResponse.parse(list.body);
    expect(page.total).toBe(1);
    expect(page.items[0]).toMatchObject({ status: 'PENDING', customer: { id: employee.id, email: employee.email }, photos: 1 });
    expect((await t.request('GET', '/api/studio/companies/999999/orders', { token: staff.token })).status).toBe(404);
  });
});
