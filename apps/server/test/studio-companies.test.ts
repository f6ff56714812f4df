import { EMPLOYEES_CSV_LIMITS, company, companyEmployeesResponse, employeesImportPreview } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * Companies (issue 15 §2) over HTTP against a real database (SQLite, or PostgreSQL with
 * TEST_DATABASE_URL): branding by admins (hosts, images judged by content), branding by host,
 * employees by staff, and the CSV import that writes every row or none.
 */

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Stan', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Cora', lastName: 'Customer' });
}, 60_000);
afterAll(async () => {
  await t?.close();
});

async function createCompany(body: JsonBody): Promise<JsonBody> {
  const response = await t.request('POST', '/api/studio/companies', { token: admin.token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return company.parse(response.body);
}

async function upload(id: number, kind: string, data: Buffer, options: { token?: string; contentType?: string; multipartName?: string } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${options.token ?? admin.token}` };
  let body: FormData | Uint8Array;
  if (options.multipartName) {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), options.multipartName);
    body = form;
  } else {
    headers['content-type'] = options.contentType ?? 'image/png';
    body = new Uint8Array(data);
  }
  const response = await fetch(`${t.baseUrl}/api/studio/companies/${id}/images/${kind}`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as JsonBody };
}

async function activity(action: string): Promise<JsonBody[]> {
  const response = await t.request('GET', '/api/studio/activity?pageSize=100', { token: staff.token });
  return response.body.items.filter((item: JsonBody) => item.action === action);
}

describe('companies', () => {
  it('lists the studio first as the default company', async () => {
    const response = await t.request('GET', '/api/studio/companies', { token: staff.token });
    expect(response.status).toBe(200);
    expect(response.body.items[0]).toMatchObject({ name: 'Studio Gallery', isDefault: true, hosts: [] });
  });

  it('creates, reads and updates a company; hosts are normalised and recorded', async () => {
    const acme = await createCompany({ name: 'Acme Corp', hosts: ['https://Photos.Acme.test:8443/login', 'acme-gallery.test'], accentColor: '#ff0000' });
    expect(acme).toMatchObject({ name: 'Acme Corp', isDefault: false, hosts: ['photos.acme.test', 'acme-gallery.test'], accentColor: '#FF0000', employeeCount: 0, faqs: [] });
    expect(acme.copyright).toMatch(/Acme Corp/);

    const updated = await t.request('PUT', `/api/studio/companies/${acme.id}`, {
      token: admin.token,
      body: {
        name: 'Acme Corporation',
        hosts: ['photos.acme.test'],
        socialLinks: { instagram: 'https://instagram.com/acme', tiktok: '' },
        faqs: [{ question: 'Where?', answer: 'Floor 3' }],
        supportEmail: 'Help@Acme.test',
      },
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Acme Corporation',
      hosts: ['photos.acme.test'],
      accentColor: '#FF0000',
      socialLinks: { instagram: 'https://instagram.com/acme', tiktok: null },
      faqs: [{ question: 'Where?', answer: 'Floor 3' }],
      supportEmail: 'help@acme.test',
    });
    const read = await t.request('GET', `/api/studio/companies/${acme.id}`, { token: staff.token });
    expect(read.body).toEqual(updated.body);
    expect((await activity('company.create')).some((a) => a.subject === `company:${acme.id}`)).toBe(true);
    expect((await activity('company.update'))[0]).toMatchObject({ actor: { id: admin.id }, subject: `company:${acme.id}` });
  });

  it('refuses bad fields (400), a host of another company (409), and unknown companies (404)', async () => {
    const first = await createCompany({ name: 'Globex', hosts: ['globex.test'] });
    for (const body of [{ accentColor: 'red' }, { accentColor: '#12345' }, { hosts: ['not a host'] }, { socialLinks: { youtube: 'javascript:alert(1)' } }, { supportEmail: 'nope' }, { name: '' }]) {
      const response = await t.request('PUT', `/api/studio/companies/${first.id}`, { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    const taken = await t.request('POST', '/api/studio/companies', { token: admin.token, body: { name: 'Copycat', hosts: ['GLOBEX.test'] } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('globex.test');
    const other = await createCompany({ name: 'Initech' });
    expect((await t.request('PUT', `/api/studio/companies/${other.id}`, { token: admin.token, body: { hosts: ['globex.test'] } })).status).toBe(409);
    // Its own host again is fine.
    expect((await t.request('PUT', `/api/studio/companies/${first.id}`, { token: admin.token, body: { hosts: ['globex.test', 'www.globex.test'] } })).status).toBe(200);
    expect((await t.request('GET', '/api/studio/companies/999999', { token: staff.token })).status).toBe(404);
  });

  it('brands a request by any of the company’s host names, with or without a port', async () => {
    const hooli = await createCompany({ name: 'Hooli', hosts: ['hooli.test', 'photos.hooli.test'], accentColor: '#00AA00' });
    for (const host of ['hooli.test', 'photos.hooli.test:8080', 'https://PHOTOS.hooli.test/login']) {
      const response = await t.request('GET', `/api/corporate-clients?baseUrl.equals=${encodeURIComponent(host)}`);
      expect(response.status).toBe(200);
      expect(response.body, host).toHaveLength(1);
      expect(response.body[0]).toMatchObject({ id: hooli.id, name: 'Hooli', accentColor: '#00AA00', baseUrl: 'hooli.test' });
    }
    const unknown = await t.request('GET', '/api/corporate-clients?baseUrl.equals=elsewhere.test');
    expect(unknown.body[0].name).toBe('Studio Gallery');
    // A removed host falls back to the studio.
    await t.request('PUT', `/api/studio/companies/${hooli.id}`, { token: admin.token, body: { hosts: ['hooli.test'] } });
    expect((await t.request('GET', '/api/corporate-clients?baseUrl.equals=photos.hooli.test')).body[0].name).toBe('Studio Gallery');
  });

  it('stores branding images judged by content, replaces and removes them', async () => {
    const umbrella = await createCompany({ name: 'Umbrella', hosts: ['umbrella.test'] });
    const png = await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 200, g: 0, b: 0, alpha: 0.5 } } }).png().toBuffer();
    const logo = await upload(umbrella.id, 'logoDark', png, { contentType: 'application/octet-stream' });
    expect(logo.status, JSON.stringify(logo.body)).toBe(200);
    expect(logo.body.logoDarkUrl).toMatch(/^\/api\/media\/branding\/.+\.png$/);
    const served = await fetch(`${t.baseUrl}${logo.body.logoDarkUrl}`);
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('png');

    const jpeg = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#123456' } }).jpeg().toBuffer();
    const banner = await upload(umbrella.id, 'banner', jpeg, { multipartName: 'banner.jpg' });
    expect(banner.status, JSON.stringify(banner.body)).toBe(200);
    const bannerFile = Buffer.from(await (await fetch(`${t.baseUrl}${banner.body.bannerUrl}`)).arrayBuffer());
    expect(await sharp(bannerFile).metadata()).toMatchObject({ format: 'jpeg', width: 2560, height: 853 });
    const branding = await t.request('GET', '/api/corporate-clients?baseUrl.equals=umbrella.test');
    expect(branding.body[0]).toMatchObject({ logoDB: logo.body.logoDarkUrl, imageBG: banner.body.bannerUrl, logoWB: null });

    // A text file named .png, and an empty body: 400, nothing changed.
    const text = await upload(umbrella.id, 'logoWhite', Buffer.from('just some text, not a picture'), { multipartName: 'logo.png' });
    expect(text.status).toBe(400);
    expect((await upload(umbrella.id, 'logoWhite', Buffer.from('<html>hi</html>'), { contentType: 'image/png' })).status).toBe(400);
    expect((await upload(umbrella.id, 'logo', png)).status).toBe(400);
    // Staff may not change branding.
    expect((await upload(umbrella.id, 'logoWhite', png, { token: staff.token })).status).toBe(403);

    const replaced = await upload(umbrella.id, 'logoDark', png);
    expect(replaced.body.logoDarkUrl).not.toBe(logo.body.logoDarkUrl);
    expect((await fetch(`${t.baseUrl}${logo.body.logoDarkUrl}`)).status).toBe(404);
    const removed = await t.request('DELETE', `/api/studio/companies/${umbrella.id}/images/banner`, { token: admin.token });
    expect(removed.status).toBe(200);
    expect(removed.body.bannerUrl).toBeNull();
    expect((await activity('company.image')).length).toBeGreaterThanOrEqual(3);
  });

  it('lets staff see companies but not change branding; customers and visitors get 403, nobody signed in 401', async () => {
    const wayne = await createCompany({ name: 'Wayne' });
    expect((await t.request('POST', '/api/studio/companies', { token: staff.token, body: { name: 'Nope' } })).status).toBe(403);
    expect((await t.request('PUT', `/api/studio/companies/${wayne.id}`, { token: staff.token, body: { name: 'Nope' } })).status).toBe(403);
    expect((await t.request('DELETE', `/api/studio/companies/${wayne.id}/images/banner`, { token: staff.token })).status).toBe(403);
    expect((await t.request('GET', `/api/studio/companies/${wayne.id}`, { token: staff.token })).status).toBe(200);
    for (const [method, url] of [
      ['GET', '/api/studio/companies'],
      ['GET', `/api/studio/companies/${wayne.id}/employees`],
    ] as const) {
      expect((await t.request(method, url, { token: customer.token })).status).toBe(403);
      expect((await t.request(method, url)).status).toBe(401);
    }
    expect((await t.request('POST', `/api/studio/companies/${wayne.id}/employees`, { token: customer.token, body: { firstName: 'A', lastName: 'B', email: 'x@example.com' } })).status).toBe(403);
  });
});

describe('employees', () => {
  it('adds one: a new account, an existing customer attached, 409 from another company; removes keeping the account', async () => {
    const stark = await createCompany({ name: 'Stark' });
    const oscorp = await createCompany({ name: 'Oscorp' });
    const created = await t.request('POST', `/api/studio/companies/${stark.id}/employees`, {
      token: staff.token,
      body: { firstName: 'Pepper', lastName: 'Potts', email: 'Pepper@Stark.test', phone: '+1 555 010 0000' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({ created: true, employee: { email: 'pepper@stark.test', firstName: 'Pepper', phone: '+1 555 010 0000', activated: false } });

    const attached = await t.request('POST', `/api/studio/companies/${stark.id}/employees`, {
      token: staff.token,
      body: { firstName: 'X', lastName: 'Y', email: customer.email },
    });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({ created: false, employee: { id: customer.id, firstName: 'Cora' } });
    // Again: already theirs.
    expect((await t.request('POST', `/api/studio/companies/${stark.id}/employees`, { token: staff.token, body: { firstName: 'X', lastName: 'Y', email: customer.email } })).status).toBe(200);

    const elsewhere = await t.request('POST', `/api/studio/companies/${oscorp.id}/employees`, { token: staff.token, body: { firstName: 'X', lastName: 'Y', email: customer.email } });
    expect(elsewhere.status).toBe(409);
    const bad = await t.request('POST', `/api/studio/companies/${stark.id}/employees`, { token: staff.token, body: { firstName: 'X', lastName: 'Y', email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/email is not a valid email address/i);

    const page = companyEmployeesResponse.parse((await t.request('GET', `/api/studio/companies/${stark.id}/employees?search=potts`, { token: staff.token })).body);
    expect(page).toMatchObject({ total: 1, items: [{ email: 'pepper@stark.test' }] });
    const all = await t.request('GET', `/api/studio/companies/${stark.id}/employees`, { token: staff.token });
    expect(all.body.items.map((e: JsonBody) => e.email)).toEqual([customer.email, 'pepper@stark.test']);
    expect((await t.request('GET', `/api/studio/companies/${stark.id}`, { token: staff.token })).body.employeeCount).toBe(2);

    const removed = await t.request('DELETE', `/api/studio/companies/${stark.id}/employees/${customer.id}`, { token: staff.token });
    expect(removed.status).toBe(204);
    expect((await t.request('DELETE', `/api/studio/companies/${stark.id}/employees/${customer.id}`, { token: staff.token })).status).toBe(404);
    const account = await t.db.kysely.selectFrom('users').select(['id', 'corporate_client_id']).where('id', '=', customer.id).executeTakeFirstOrThrow();
    expect(account.corporate_client_id).toBeNull();
    // The customer still signs in as before.
    expect(await t.signIn(customer.email, customer.password)).toBeTruthy();
    expect((await activity('company.employee.add')).length).toBeGreaterThanOrEqual(2);
    expect(await activity('company.employee.remove')).toHaveLength(1);
  });

  it('refuses employees of the studio itself', async () => {
    const studio = (await t.request('GET', '/api/studio/companies', { token: staff.token })).body.items[0];
    const response = await t.request('POST', `/api/studio/companies/${studio.id}/employees`, { token: staff.token, body: { firstName: 'A', lastName: 'B', email: 'ab@example.com' } });
    expect(response.status).toBe(400);
  });
});

describe('the employees CSV import', () => {
  const header = 'First name,Last name,Email,Phone';

  async function preview(companyId: number, csv: string) {
    return t.request('POST', `/api/studio/companies/${companyId}/employees/import/preview`, { token: staff.token, body: { csv } });
  }
  async function importCsv(companyId: number, csv: string, skipLines?: number[]) {
    return t.request('POST', `/api/studio/companies/${companyId}/employees/import`, { token: staff.token, body: { csv, ...(skipLines ? { skipLines } : {}) } });
  }
  async function employeeCount(companyId: number): Promise<number> {
    return (await t.request('GET', `/api/studio/companies/${companyId}`, { token: staff.token })).body.employeeCount;
  }

  it('refuses wrong or missing columns, naming them (400)', async () => {
    const acme = await createCompany({ name: 'CSV columns' });
    for (const [csv, message] of [
      ['Name,Email\nAnn Lee,ann@example.com', /missing columns first name, last name; unknown column "Name"/],
      ['first_name,last_name,email,department\nAnn,Lee,ann@example.com,HR', /unknown column "department"/],
      ['', /empty/],
    ] as const) {
      for (const call of [preview, importCsv]) {
        const response = await call(acme.id, csv);
        expect(response.status).toBe(400);
        expect(response.body.message).toMatch(message);
      }
    }
  });

  it('refuses too many rows and too large a file', async () => {
    const acme = await createCompany({ name: 'CSV limits' });
    const rows = Array.from({ length: EMPLOYEES_CSV_LIMITS.maxRows + 1 }, (_, i) => `A,B,many${i}@example.com,`);
    const many = await importCsv(acme.id, [header, ...rows].join('\n'));
    expect(many.status).toBe(400);
    expect(many.body.message).toMatch(/at most 5000/);
    const large = await preview(acme.id, `${header}\nA,${'x'.repeat(EMPLOYEES_CSV_LIMITS.maxBytes)},big@example.com,`);
    expect(large.status).toBe(400);
    expect(large.body.message).toMatch(/2 MB/);
    expect(await employeeCount(acme.id)).toBe(0);
  });

  it('previews row by row, imports nothing while one row is bad, then everything once fixed', async () => {
    const acme = await createCompany({ name: 'CSV rows' });
    const rival = await createCompany({ name: 'CSV rival' });
    const taken = await t.createUser({ email: 'taken@rival.test' });
    await t.request('POST', `/api/studio/companies/${rival.id}/employees`, { token: staff.token, body: { firstName: 'T', lastName: 'K', email: taken.email } });
    const existing = await t.createUser({ email: 'existing@acme.test', firstName: 'Ex' });

    const lines = [
      header,
      'Ann,Lee,ann@acme.test,+1 555 123 4567',
      'Bo,Ray,not-an-email,',
      '"Cy, Jr.","O""Neil",cy@acme.test,',
      'Dee,Doe,ANN@acme.test,',
      'Eve,Ent,existing@acme.test,',
      'Tia,Kay,taken@rival.test,',
    ];
    const bad = lines.join('\r\n');
    const checked = await preview(acme.id, `\uFEFF${bad}`);
    expect(checked.status, JSON.stringify(checked.body)).toBe(200);
    const result = employeesImportPreview.parse(checked.body);
    expect(result.totals).toEqual({ rows: 6, valid: 3, invalid: 3, new: 2, existing: 1, member: 0 });
    expect(result.rows.map((r) => [r.line, r.status, r.errors])).toEqual([
      [2, 'new', []],
      [3, null, ['Line 3: email is not a valid email address']],
      [4, 'new', []],
      [5, null, ['Line 5: email ann@acme.test is also on line 2']],
      [6, 'existing', []],
      [7, null, ['Line 7: taken@rival.test is an employee of another company']],
    ]);
    expect(result.rows[2]).toMatchObject({ firstName: 'Cy, Jr.', lastName: 'O"Neil' });

    const refused = await importCsv(acme.id, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/3 rows have errors, so nothing was imported\. Line 3: email is not a valid email address/);
    expect(refused.body.rows).toHaveLength(6);
    expect(await employeeCount(acme.id)).toBe(0);
    expect(await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'ann@acme.test').executeTakeFirst()).toBeUndefined();

    const fixed = [lines[0], lines[1], 'Bo,Ray,bo@acme.test,', lines[3], 'Dee,Doe,dee@acme.test,', lines[5]].join('\r\n');
    const imported = await importCsv(acme.id, fixed);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ imported: 5, created: 4, attached: 1, alreadyMembers: 0, skippedLines: [] });
    expect(await employeeCount(acme.id)).toBe(5);
    const ann = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', 'ann@acme.test').executeTakeFirstOrThrow();
    expect(ann).toMatchObject({ first_name: 'Ann', contact_number: '+1 555 123 4567', activated: 0, password_hash: null, corporate_client_id: acme.id, role: 'customer' });
    const ex = await t.db.kysely.selectFrom('users').selectAll().where('id', '=', existing.id).executeTakeFirstOrThrow();
    expect(ex).toMatchObject({ first_name: 'Ex', corporate_client_id: acme.id });

    // Importing the same file again changes nothing.
    const again = await importCsv(acme.id, fixed);
    expect(again.body).toEqual({ imported: 5, created: 0, attached: 0, alreadyMembers: 5, skippedLines: [] });
    expect((await preview(acme.id, fixed)).body.totals).toMatchObject({ member: 5, new: 0 });
    const log = await activity('company.employee.import');
    expect(log[0]).toMatchObject({ subject: `company:${acme.id}`, details: { rows: 5 } });
  });

  it('imports the valid rows only when the studio chose to skip every bad line (issue 24 §8)', async () => {
    const acme = await createCompany({ name: 'CSV skip' });
    const csv = [header, 'Ann,Lee,ann@skip.test,', 'Bo,Ray,bo@skip.test,', 'Cy,Dee,cy@skip.test,', 'Di,Bad,not-an-email,', 'Ed,Bad,also bad,'].join('\n');
    // Skipping only one of the two bad lines still refuses the file, and writes nothing.
    const partly = await importCsv(acme.id, csv, [5]);
    expect(partly.status).toBe(400);
    expect(partly.body.message).toMatch(/^1 row has errors, so nothing was imported\. Line 6: email is not a valid email address/);
    expect(await employeeCount(acme.id)).toBe(0);
    for (const lines of [[0], [-1], ['5']]) {
      expect((await importCsv(acme.id, csv, lines as number[])).status).toBe(400);
    }
    expect(await employeeCount(acme.id)).toBe(0);

    const imported = await importCsv(acme.id, csv, [5, 6]);
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect(imported.body).toEqual({ imported: 3, created: 3, attached: 0, alreadyMembers: 0, skippedLines: [5, 6] });
    expect(await employeeCount(acme.id)).toBe(3);
    const log = await activity('company.employee.import');
    expect(log[0]).toMatchObject({ subject: `company:${acme.id}`, details: { rows: 3, skippedLines: [5, 6] } });
  });

  it('imports 5,000 rows in one go', async () => {
    const acme = await createCompany({ name: 'CSV big' });
    const rows = Array.from({ length: EMPLOYEES_CSV_LIMITS.maxRows }, (_, i) => `First${i},Last${i},bulk${i}@big.test,`);
    const response = await importCsv(acme.id, [header, ...rows].join('\r\n'));
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
    expect(response.body.created).toBe(EMPLOYEES_CSV_LIMITS.maxRows);
    expect(await employeeCount(acme.id)).toBe(EMPLOYEES_CSV_LIMITS.maxRows);
  }, 60_000);
});
