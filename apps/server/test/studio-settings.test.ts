import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { computeCartTotals, studioSettingsMessages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SurveysRepository } from '../src/modules/surveys/surveys.repository';
import { SurveysService } from '../src/modules/surveys/surveys.service';
import { cartItem, checkout, payWithTestCard } from './support/commerce';
import { importTestShoot } from './support/gallery';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

/**
 * The studio's settings (issue 15 §4) over HTTP against a real database: prices, turnaround and tax,
 * coupons (admins), survey answers and their CSV, the home screen's revenue per week (staff), and the
 * CLI's `prices` and `coupon` sharing their rules. "Now" is Wednesday 2026-12-09 12:00 UTC.
 */

const NOW = Date.parse('2026-12-09T12:00:00Z');
const cli = fileURLToPath(new URL('../src/cli/studio.ts', import.meta.url));

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await startTestApp();
  t.clock.advanceHours((NOW - t.clock.now().getTime()) / 3_600_000);
  admin = await t.createUser({ firstName: 'Ada', lastName: 'Admin', role: 'admin' });
  staff = await t.createUser({ firstName: 'Sam', lastName: 'Staff', role: 'staff' });
  customer = await t.createUser({ firstName: 'Carla', lastName: 'Customer' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

/** The newest activity entry of `action` (by the CLI only, when `byCli`). */
async function lastActivity(action: string, byCli = false) {
  const page = await t.request('GET', '/api/studio/activity?pageSize=100', { token: admin.token });
  return page.body.items.find((item: JsonBody) => item.action === action && (!byCli || item.actor === null));
}

function studioCli(...args: string[]) {
  const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', ...t.storageEnv } as Record<string, string>;
  if (t.config.database.dialect === 'postgres') {
    env.DATABASE_URL = t.config.database.url;
    env.DATABASE_SCHEMA = t.config.database.schema ?? '';
  }
  return promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: path.dirname(cli) }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

describe('who may call them', () => {
  it('keeps prices and coupons to admins, surveys and revenue to staff; 401 signed out, 403 to customers', async () => {
    const adminOnly = [
      ['GET', '/api/studio/prices'],
      ['PUT', '/api/studio/prices'],
      ['GET', '/api/studio/coupons'],
      ['POST', '/api/studio/coupons'],
      ['POST', '/api/studio/coupons/1/deactivate'],
      ['POST', '/api/studio/coupons/1/activate'],
    ] as const;
    const staffToo = [
      ['GET', '/api/studio/surveys'],
      ['GET', '/api/studio/surveys/1/responses'],
      ['GET', '/api/studio/surveys/1/responses.csv'],
      ['GET', '/api/studio/revenue'],
    ] as const;
    for (const [method, url] of [...adminOnly, ...staffToo]) {
      expect((await t.request(method, url)).status, url).toBe(401);
      expect((await t.request(method, url, { token: customer.token })).status, url).toBe(403);
    }
    for (const [method, url] of adminOnly) {
      const response = await t.request(method, url, { token: staff.token, body: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${url}`).toBe(403);
    }
    expect((await t.request('GET', '/api/studio/surveys', { token: staff.token })).status).toBe(200);
    expect((await t.request('GET', '/api/studio/revenue', { token: staff.token })).status).toBe(200);
  });
});

describe('prices, turnaround and sales tax', () => {
  it("answers the seeded prices, saves new ones that customers then see, and logs who changed what", async () => {
    const before = await t.request('GET', '/api/studio/prices', { token: admin.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 });

    const saved = await t.request('PUT', '/api/studio/prices', {
      token: admin.token,
      body: { touchUpPrice: 12.5, backgroundPrice: 9.99, turnaroundHours: 48, taxPercent: 8.25 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ touchUpPrice: 12.5, backgroundPrice: 9.99, turnaroundHours: 48, taxPercent: 8.25 });
    expect((await t.request('GET', '/api/studio/prices', { token: admin.token })).body).toEqual(saved.body);

    // What the customer's cart reads.
    const prices = await t.request('GET', '/api/ServicePrice/GetServicePrices');
    expect(prices.body).toMatchObject({ touchServicePrice: 12.5, backgroundServicePrice: 9.99, allowedTurnAround: 48 });
    expect((await t.request('GET', '/api/TaxDetail/GetTaxDetail/0')).body).toEqual({ id: 0, taxValue: 8.25 });

    const entry = await lastActivity('prices.update');
    expect(entry).toMatchObject({ actor: { id: admin.id, email: admin.email }, subject: 'prices' });
    expect(entry.details).toMatchObject({ touchUpPriceCents: 1250, backgroundPriceCents: 999, turnaroundHours: 48, taxBasisPoints: 825 });
    expect(entry.details.before).toEqual({ touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 });
  });

  it('refuses bad values with a message saying what is allowed', async () => {
    const valid = { touchUpPrice: 10, backgroundPrice: 9, turnaroundHours: 72, taxPercent: 0 };
    const cases: [Record<string, unknown>, string][] = [
      [{ touchUpPrice: -1 }, studioSettingsMessages.priceInvalid],
      [{ backgroundPrice: 9.999 }, studioSettingsMessages.priceInvalid],
      [{ touchUpPrice: 10_000.01 }, studioSettingsMessages.priceInvalid],
      [{ touchUpPrice: '10' }, studioSettingsMessages.priceRequired],
      [{ touchUpPrice: undefined }, studioSettingsMessages.priceRequired],
      [{ turnaroundHours: 0 }, studioSettingsMessages.turnaroundInvalid],
      [{ turnaroundHours: 721 }, studioSettingsMessages.turnaroundInvalid],
      [{ turnaroundHours: 1.5 }, studioSettingsMessages.turnaroundInvalid],
      [{ taxPercent: -0.5 }, studioSettingsMessages.taxInvalid],
      [{ taxPercent: 100.01 }, studioSettingsMessages.taxInvalid],
      [{ taxPercent: 8.125 }, studioSettingsMessages.taxInvalid],
    ];
    for (const [change, message] of cases) {
      const response = await t.request('PUT', '/api/studio/prices', { token: admin.token, body: { ...valid, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body, JSON.stringify(change)).toEqual({ message });
    }
    // Nothing was saved by the refused calls; the edges are fine.
    expect((await t.request('GET', '/api/studio/prices', { token: admin.token })).body.turnaroundHours).toBe(48);
    const edges = await t.request('PUT', '/api/studio/prices', { token: admin.token, body: { touchUpPrice: 0, backgroundPrice: 10_000, turnaroundHours: 720, taxPercent: 100 } });
    expect(edges.status).toBe(200);
    const one = await t.request('PUT', '/api/studio/prices', { token: admin.token, body: { ...valid, turnaroundHours: 1 } });
    expect(one.body).toEqual({ ...valid, turnaroundHours: 1 });
  });
});

describe('revenue per week', () => {
  /** A paid card payment and its transaction at `at`, straight in the database. */
  async function paidAt(at: string, cents: number) {
    const payment = await t.db.kysely
      .insertInto('payments')
      .values({
        user_id: customer.id, provider: 'test', provider_payment_id: `pi_${at}_${cents}`, client_secret: null, amount_cents: cents, currency: 'usd',
        status: 'succeeded', cart_json: '[]', coupon_id: null, coupon_code: null, item_price_cents: cents, tax_cents: 0, discount_hundredths: 0,
        discount_cents: 0, card_brand: 'visa', receipt_url: null, failure_message: null, cart_key: null, expires_at: null, created_at: at, updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.kysely
      .insertInto('transactions')
      .values({ user_id: customer.id, payment_id: payment.id, payment_type: 'Stripe', reference_id: `ref_${payment.id}`, card_brand: 'visa', receipt_url: null, gross_total_cents: cents, total_cents: cents, created_at: at })
      .execute();
  }

  it("counts paid orders and their revenue per ISO week of the studio's time zone, empty weeks as zero", async () => {
    await paidAt('2026-11-20T18:00:00.000Z', 700); // W47: before the window
    await paidAt('2026-12-07T03:00:00.000Z', 1000); // Sunday 9 PM in Chicago: W49
    await paidAt('2026-12-08T15:00:00.000Z', 2500); // W50
    await paidAt('2026-12-09T10:00:00.000Z', 500); // W50

    const response = await t.request('GET', '/api/studio/revenue?weeks=3', { token: staff.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      timeZone: 'America/Chicago',
      weeks: [
        { week: '2026-W48', start: '2026-11-23', orders: 0, revenueCents: 0 },
        { week: '2026-W49', start: '2026-11-30', orders: 1, revenueCents: 1000 },
        { week: '2026-W50', start: '2026-12-07', orders: 2, revenueCents: 3000 },
      ],
    });
    const twelve = await t.request('GET', '/api/studio/revenue', { token: admin.token });
    expect(twelve.body.weeks).toHaveLength(12);
    expect(twelve.body.weeks[0]).toEqual({ week: '2026-W39', start: '2026-09-21', orders: 0, revenueCents: 0 });
    expect(twelve.body.weeks.reduce((sum: number, w: JsonBody) => sum + w.orders, 0)).toBe(4);

    // The first active calendar's zone is the studio's: in Berlin that Sunday evening is Monday morning.
    await t.db.kysely.insertInto('calendars').values({ name: 'Berlin booth', location: 'Mitte', time_zone: 'Europe/Berlin', created_at: new Date(NOW).toISOString() }).execute();
    const berlin = await t.request('GET', '/api/studio/revenue?weeks=2', { token: staff.token });
    expect(berlin.body).toEqual({
      timeZone: 'Europe/Berlin',
      weeks: [
        { week: '2026-W49', start: '2026-11-30', orders: 0, revenueCents: 0 },
        { week: '2026-W50', start: '2026-12-07', orders: 3, revenueCents: 4000 },
      ],
    });
    await t.db.kysely.deleteFrom('calendars').execute();
  });

  it('takes 1 to 104 weeks', async () => {
    for (const weeks of ['0', '105', '2.5', 'x']) {
      expect((await t.request('GET', `/api/studio/revenue?weeks=${weeks}`, { token: staff.token })).status, weeks).toBe(400);
    }
  });
});

describe('coupons', () => {
  it('creates a coupon (code upper-cased, expiry through that day), lists it and logs it; a taken code is 409', async () => {
    const created = await t.request('POST', '/api/studio/coupons', {
      token: admin.token,
      body: { code: ' spring-26 ', percent: 12.5, expiresOn: '2026-12-31', maxUses: 3 },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      code: 'SPRING-26', percent: 12.5, active: true, state: 'active', expiresAt: '2026-12-31T23:59:59.999Z', maxUses: 3, uses: 0, held: 0,
    });

    const again = await t.request('POST', '/api/studio/coupons', { token: admin.token, body: { code: 'Spring-26', percent: 5 } });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'A coupon with this code already exists.' });

    const plain = await t.request('POST', '/api/studio/coupons', { token: admin.token, body: { code: 'OFF_100', percent: 100, active: false } });
    expect(plain.body).toMatchObject({ code: 'OFF_100', active: false, state: 'inactive', expiresAt: null, maxUses: null });

    const list = await t.request('GET', '/api/studio/coupons', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.items.map((c: JsonBody) => c.code)).toEqual(['OFF_100', 'SPRING-26']);
    expect(await lastActivity('coupon.create')).toMatchObject({ actor: { id: admin.id }, subject: 'OFF_100' });

    // The customer's cart takes it.
    const discount = await t.request('GET', '/api/discount/GetDiscountDetails/spring-26', { token: customer.token });
    expect(discount.body).toEqual({ code: 'SPRING-26', isActive: true, discountPercentage: 12.5 });
  });

  it('refuses bad coupons with a message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ code: 'no spaces', percent: 10 }, studioSettingsMessages.couponCodeInvalid],
      [{ code: 'X', percent: 10 }, studioSettingsMessages.couponCodeInvalid],
      [{ code: 'ÜBER', percent: 10 }, studioSettingsMessages.couponCodeInvalid],
      [{ code: 'OK1', percent: 0 }, studioSettingsMessages.couponPercentInvalid],
      [{ code: 'OK1', percent: 100.5 }, studioSettingsMessages.couponPercentInvalid],
      [{ code: 'OK1', percent: 10.125 }, studioSettingsMessages.couponPercentInvalid],
      [{ code: 'OK1' }, studioSettingsMessages.couponPercentInvalid],
      [{ code: 'OK1', percent: 10, expiresOn: '2026-02-30' }, studioSettingsMessages.couponExpiryInvalid],
      [{ code: 'OK1', percent: 10, expiresOn: '31/12/2026' }, studioSettingsMessages.couponExpiryInvalid],
      [{ code: 'OK1', percent: 10, maxUses: 0 }, studioSettingsMessages.couponMaxUsesInvalid],
      [{ code: 'OK1', percent: 10, maxUses: 2.5 }, studioSettingsMessages.couponMaxUsesInvalid],
    ];
    for (const [body, message] of cases) {
      const response = await t.request('POST', '/api/studio/coupons', { token: admin.token, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body, JSON.stringify(body)).toEqual({ message });
    }
    expect((await t.request('GET', '/api/studio/coupons', { token: admin.token })).body.items).toHaveLength(2);
  });

  it('counts uses (paid orders) and uses held by open payments', async () => {
    const shoot = await importTestShoot(t, customer.email, { count: 2, name: 'Coupon shoot', seed: 9100 });
    const [first, second] = shoot.photoIds as [number, number];
    // The prices the tests above left: touch-up $10, background $9, no tax.
    const paidTotal = computeCartTotals([{ priceCents: 1000, taxBasisPoints: 0 }], 12.5).totalCents;
    const openTotal = computeCartTotals([{ priceCents: 900, taxBasisPoints: 0 }], 12.5).totalCents;
    await payWithTestCard(t, customer, { grossTotal: paidTotal, userEmail: customer.email, couponCode: 'SPRING-26', items: [cartItem(first, shoot.session.id, 'TOUCHUPSERVICE', 10)] });
    const open = await checkout(t, customer, { grossTotal: openTotal, userEmail: customer.email, couponCode: 'SPRING-26', items: [cartItem(second, shoot.session.id, 'BACKGROUNDSERVICE', 9)] });
    expect(open.status, JSON.stringify(open.body)).toBe(200);

    const coupon = (await t.request('GET', '/api/studio/coupons', { token: admin.token })).body.items.find((c: JsonBody) => c.code === 'SPRING-26');
    expect(coupon).toMatchObject({ uses: 1, held: 1, maxUses: 3, state: 'active' });
  });

  it('switches a coupon off and on again (logged); customers cannot use it while off; unknown ids are 404', async () => {
    const list = (await t.request('GET', '/api/studio/coupons', { token: admin.token })).body.items as JsonBody[];
    const id = list.find((c) => c.code === 'SPRING-26').id as number;

    const off = await t.request('POST', `/api/studio/coupons/${id}/deactivate`, { token: admin.token });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id, active: false, state: 'inactive' });
    expect((await t.request('GET', '/api/discount/GetDiscountDetails/SPRING-26', { token: customer.token })).body).toMatchObject({ isActive: false });
    expect(await lastActivity('coupon.deactivate')).toMatchObject({ actor: { id: admin.id }, subject: 'SPRING-26', details: { couponId: id } });

    const on = await t.request('POST', `/api/studio/coupons/${id}/activate`, { token: admin.token });
    expect(on.body).toMatchObject({ id, active: true, state: 'active' });
    expect(await lastActivity('coupon.activate')).toMatchObject({ subject: 'SPRING-26' });

    const missing = await t.request('POST', '/api/studio/coupons/999999/activate', { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: studioSettingsMessages.couponNotFound });
    expect((await t.request('POST', '/api/studio/coupons/abc/activate', { token: admin.token })).status).toBe(400);
  });

  it('shows expired and used-up coupons as such', async () => {
    await t.request('POST', '/api/studio/coupons', { token: admin.token, body: { code: 'OLD', percent: 10, expiresOn: '2026-12-08' } });
    const list = (await t.request('GET', '/api/studio/coupons', { token: admin.token })).body.items as JsonBody[];
    expect(list.find((c) => c.code === 'OLD')).toMatchObject({ state: 'expired', active: true });
  });
});

describe('npm run studio -- prices | coupon', () => {
  it('uses the same rules and service as the dashboard, logged with the CLI as actor', async () => {
    const bad = await studioCli('prices', '--tax', '8.125');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(`--tax: ${studioSettingsMessages.taxInvalid}`);
    const turnaround = await studioCli('prices', '--turnaround', '0');
    expect(turnaround.code).toBe(2);
    expect(turnaround.stderr).toContain(`--turnaround: ${studioSettingsMessages.turnaroundInvalid}`);

    const set = await studioCli('prices', '--touch-up', '11', '--tax', '7.5');
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain('Touch-up $11.00, background $9.00, turnaround 1 hours, sales tax 7.5%');
    expect((await t.request('GET', '/api/studio/prices', { token: admin.token })).body).toEqual({ touchUpPrice: 11, backgroundPrice: 9, turnaroundHours: 1, taxPercent: 7.5 });
    // The CLI runs on the system clock, the app on the test's (ahead): find the CLI's entry by its actor.
    expect(await lastActivity('prices.update', true)).toMatchObject({ actor: null, details: { touchUpPriceCents: 1100, taxBasisPoints: 750 } });

    const coupon = await studioCli('coupon', 'cli-5', '--percent', '5', '--max-uses', '2', '--expires', '2027-01-31');
    expect(coupon.code, coupon.stderr).toBe(0);
    const taken = await studioCli('coupon', 'CLI-5', '--percent', '5');
    expect(taken.code).toBe(2);
    expect(taken.stderr).toContain(studioSettingsMessages.couponCodeTaken);
    const badCode = await studioCli('coupon', 'x', '--percent', '5');
    expect(badCode.code).toBe(2);
    expect(badCode.stderr).toContain(studioSettingsMessages.couponCodeInvalid);
    const listed = (await t.request('GET', '/api/studio/coupons', { token: admin.token })).body.items.find((c: JsonBody) => c.code === 'CLI-5');
    expect(listed).toMatchObject({ percent: 5, maxUses: 2, expiresAt: '2027-01-31T23:59:59.999Z', active: true });
    expect(await lastActivity('coupon.create', true)).toMatchObject({ actor: null, subject: 'CLI-5' });
  }, 120_000);
});

describe('survey answers', () => {
  let surveyId: number;
  let questionIds: string[];

  beforeAll(async () => {
    const repository = new SurveysRepository(t.db.kysely);
    const survey = await new SurveysService(repository, t.clock.now).create('onboarding', 'Before your photos', [
      { kind: 'text', label: 'Your job title', required: false },
      { kind: 'choice', label: 'How did you hear, "exactly"?', required: true, options: ['Friend', 'Search'] },
      { kind: 'yesno', label: 'May we use your photo?', required: true },
    ]);
    surveyId = survey.id;
    questionIds = survey.questions.map((q) => q.id);
    const [job, heard, photo] = questionIds as [string, string, string];
    const answers = [
      { id: 'resp-1', email: 'ann@example.com', code: 'CODE-A', answers: { [job]: 'Chief, "Photo" Officer', [heard]: 'Friend', [photo]: 'yes' } },
      { id: 'resp-2', email: 'bob@example.com', code: '', answers: { [job]: '=HYPERLINK("x")\nline two', [heard]: 'Search', [photo]: 'no' } },
      { id: 'resp-3', email: 'cy@example.com', code: 'CODE-C', answers: { [heard]: 'Search', [photo]: 'yes' } },
    ];
    for (const [i, a] of answers.entries()) {
      await repository.insertResponse({ id: a.id, surveyId, email: a.email, couponCode: a.code, answers: a.answers }, new Date(NOW - (3 - i) * 3_600_000));
    }
    await new SurveysService(repository, t.clock.now).create('empty-one', 'Nobody answered', [{ kind: 'yesno', label: 'Happy?', required: true }]);
  });

  it('lists the surveys with their questions and answer counts (staff)', async () => {
    const response = await t.request('GET', '/api/studio/surveys', { token: staff.token });
    expect(response.status).toBe(200);
    expect(response.body.items.map((s: JsonBody) => [s.formKey, s.title, s.active, s.responseCount, s.questions.length])).toEqual([
      ['onboarding', 'Before your photos', true, 3, 3],
      ['empty-one', 'Nobody answered', true, 0, 1],
    ]);
    expect(response.body.items[0].questions[1]).toEqual({ id: questionIds[1], kind: 'choice', label: 'How did you hear, "exactly"?', required: true, options: ['Friend', 'Search'] });
  });

  it('pages the answers, newest first; 404 for an unknown survey', async () => {
    const first = await t.request('GET', `/api/studio/surveys/${surveyId}/responses?page=1&pageSize=2`, { token: staff.token });
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(3);
    expect(first.body.items.map((r: JsonBody) => r.email)).toEqual(['cy@example.com', 'bob@example.com']);
    expect(first.body.items[0]).toEqual({
      id: 'resp-3', submittedAt: new Date(NOW - 1 * 3_600_000).toISOString(), email: 'cy@example.com', sessionCode: 'CODE-C',
      answers: { [questionIds[1]!]: 'Search', [questionIds[2]!]: 'yes' },
    });
    const second = await t.request('GET', `/api/studio/surveys/${surveyId}/responses?page=2&pageSize=2`, { token: staff.token });
    expect(second.body.items.map((r: JsonBody) => r.id)).toEqual(['resp-1']);
    expect((await t.request('GET', `/api/studio/surveys/${surveyId}/responses?pageSize=101`, { token: staff.token })).status).toBe(400);
    const missing = await t.request('GET', '/api/studio/surveys/999999/responses', { token: staff.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: studioSettingsMessages.surveyNotFound });
  });

  it('exports the answers as RFC 4180 CSV with a column per question', async () => {
    const response = await t.request('GET', `/api/studio/surveys/${surveyId}/responses.csv`, { token: staff.token });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="survey-onboarding-responses.csv"');
    const at = (hoursBefore: number) => new Date(NOW - hoursBefore * 3_600_000).toISOString();
    expect(response.body).toBe(
      [
        'submitted_at,email,session_code,form_response_id,Your job title,"How did you hear, ""exactly""?",May we use your photo?',
        `${at(3)},ann@example.com,CODE-A,resp-1,"Chief, ""Photo"" Officer",Friend,yes`,
        `${at(2)},bob@example.com,,resp-2,"'=HYPERLINK(""x"")\nline two",Search,no`,
        `${at(1)},cy@example.com,CODE-C,resp-3,,Search,yes`,
        '',
      ].join('\r\n'),
    );
    expect((await t.request('GET', '/api/studio/surveys/999999/responses.csv', { token: admin.token })).status).toBe(404);
  });
});
