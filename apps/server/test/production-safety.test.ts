// Issue 21 §5 (safe in production, and the scan's findings) and issue 24 §10 (the staff invitation
// mail). Each test reproduces what went wrong before the fix. SQLite, and PostgreSQL with TEST_DATABASE_URL.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_COUPONS } from '../src/seed/commerce';
import { DEMO_CUSTOMER } from '../src/seed/demo-customer';
import { DEMO_STUDIO_ADMIN } from '../src/seed/demo-studio-admin';
import type { ReceivedMail } from './support/mail';
import { type JsonBody, type TestApp, type TestUser, startTestApp } from './support/test-app';

const cli = fileURLToPath(new URL('../src/cli/studio.ts', import.meta.url));
const ATTACKER_PASSWORD = 'Attacker123';

let t: TestApp;
let admin: TestUser;
let staff: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  admin = await t.createUser({ firstName: 'Ada', role: 'admin' });
  staff = await t.createUser({ firstName: 'Sam', role: 'staff' });
});
afterAll(async () => {
  await t?.close();
});

/** The newest mail to `email` that `matches`, waiting up to 10 s for it (mails may go out after the answer). */
async function mailTo(email: string, matches: (mail: ReceivedMail) => boolean): Promise<ReceivedMail> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = (await t.outbox()).filter((m) => m.to.includes(email) && matches(m)).at(-1);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such mail to ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function activationCodeOf(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.includes('/active-account/'));
  if (!link) throw new Error(`no activation link in "${mail.subject}"`);
  return decodeURIComponent(link.split('/').pop() as string);
}

const isStaffInvitation = (mail: ReceivedMail) => /studio dashboard/.test(mail.subject);

function signUp(email: string) {
  return t.request('POST', '/api/register-galleryuser', { body: { firstName: 'Mallory', lastName: 'Claimer', email, password: ATTACKER_PASSWORD } });
}

function activate(code: string) {
  return t.request('POST', '/api/active-galley-user', { body: { activationCode: code } });
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await t.request('POST', '/api/authenticate', { body: { username: email, password } })).status;
}

function studioCli(...args: string[]) {
  const env: Record<string, string> = { ...process.env, DATA_DIR: t.config.dataDir, PUBLIC_URL: t.config.publicUrl, LOG_LEVEL: 'silent', DEMO_DATA: 'off' } as Record<string, string>;
  if (t.config.database.dialect === 'postgres') {
    env.DATABASE_URL = t.config.database.url;
    env.DATABASE_SCHEMA = t.config.database.schema ?? '';
  }
  return promisify(execFile)(process.execPath, ['--import', 'tsx', cli, ...args], { env, cwd: path.dirname(cli) }).then(
    (out) => ({ code: 0, ...out }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

/**
 * The attack after the grant: the sign-up's password and activation link (which reached the new hire's
 * inbox) no longer work; the staff invitation's link activates, leads to set-password, and the new
 * password signs in with the role.
 */
async function expectOnlyTheInvitationOpensTheAccount(email: string, signUpMail: ReceivedMail, role: 'staff' | 'admin') {
  const invitation = await mailTo(email, isStaffInvitation);
  // Issue 24 §10: a staff invitation, not the customer's "Your photos … are ready".
  expect(invitation.subject).not.toMatch(/photos|ready/i);
  expect(invitation.text).toContain(role === 'admin' ? 'as an admin' : 'as a member of staff');
  expect(invitation.text).toContain(`${t.config.publicUrl}/studio `);
  expect(invitation.text).toMatch(/set (your|my) password|choose your password/i);

  expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
  expect((await activate(activationCodeOf(signUpMail))).status).toBe(400);
  expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);

  const activated = await activate(activationCodeOf(invitation));
  expect(activated.status).toBe(200);
  expect(activated.body.setPasswordKey).toEqual(expect.any(String));
  const set = await t.request('POST', '/api/account/reset-password/finish', { body: { key: activated.body.setPasswordKey, newPassword: 'NewHire123' } });
  expect(set.status).toBe(200);

  const token = await t.signIn(email, 'NewHire123');
  const me = await t.request('GET', '/api/studio/me', { token });
  expect(me.status).toBe(200);
  expect(me.body.role).toBe(role);
  expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
}

describe('a studio role for an account that was signed up but never activated (Medium)', () => {
  it('API: an admin adds newhire@… as staff; the sign-up password and activation link are refused, the mailed staff invitation sets a new password', async () => {
    const email = 'newhire@hires.example.com';
    expect((await signUp(email)).status).toBe(201);
    const signUpMail = await mailTo(email, (m) => /^Activate/.test(m.subject));

    const made = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email, role: 'staff' } });
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ user: { email, role: 'staff', activated: false }, invited: true });
    await expectOnlyTheInvitationOpensTheAccount(email, signUpMail, 'staff');
  });

  it('CLI: `staff add newhire@… --role admin` does the same', async () => {
    const email = 'newhire.cli@hires.example.com';
    expect((await signUp(email)).status).toBe(201);
    const signUpMail = await mailTo(email, (m) => /^Activate/.test(m.subject));

    const added = await studioCli('staff', 'add', email, '--role', 'admin');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stderr).toContain('invited');
    await expectOnlyTheInvitationOpensTheAccount(email, signUpMail, 'admin');
  });

  it('adding an invited member again re-sends the invitation and voids the earlier link; an activated account only gets the role', async () => {
    const email = 'twice@hires.example.com';
    const first = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email, role: 'staff' } });
    expect(first.body.invited).toBe(true);
    const firstMail = await mailTo(email, isStaffInvitation);
    const again = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email, role: 'staff' } });
    expect(again.body.invited).toBe(true);
    const secondMail = await mailTo(email, (m) => isStaffInvitation(m) && activationCodeOf(m) !== activationCodeOf(firstMail));
    expect((await activate(activationCodeOf(firstMail))).status).toBe(400);
    expect((await activate(activationCodeOf(secondMail))).status).toBe(200);

    const active = await t.createUser({ email: 'active.customer@hires.example.com' });
    const before = (await t.outbox()).length;
    const promoted = await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: active.email, role: 'staff' } });
    expect(promoted.body).toMatchObject({ user: { role: 'staff', activated: true }, invited: false });
    expect(await signInStatus(active.email, active.password)).toBe(200);
    expect((await t.outbox()).length).toBe(before);
  });
});

describe('the activity log as staff read it (Low)', () => {
  it('shows staff that coupons and roles changed, without codes, percentages, limits or who got which role; admins see everything', async () => {
    const created = await t.request('POST', '/api/studio/coupons', { token: admin.token, body: { code: 'STAFFNOSEE42', percent: 42, maxUses: 7, expiresOn: '2030-01-31' } });
    expect(created.status).toBe(200);
    expect((await t.request('POST', `/api/studio/coupons/${created.body.id}/deactivate`, { token: admin.token })).status).toBe(200);
    expect((await t.request('POST', '/api/studio/staff', { token: admin.token, body: { email: 'secret.hire@hires.example.com', role: 'admin' } })).status).toBe(200);

    const asStaff = await t.request('GET', '/api/studio/activity?page=1&pageSize=100', { token: staff.token });
    expect(asStaff.status).toBe(200);
    const seen = JSON.stringify(asStaff.body);
    for (const secret of ['STAFFNOSEE42', '"percent"', '"maxUses"', '2030-01-31', 'secret.hire@', 'newhire@']) expect(seen).not.toContain(secret);
    const items = asStaff.body.items as JsonBody[];
    expect(items.find((e) => e.action === 'coupon.create')).toMatchObject({ subject: 'a coupon', details: { redacted: true } });
    expect(items.find((e) => e.action === 'coupon.deactivate')).toMatchObject({ subject: 'a coupon', details: { redacted: true } });
    expect(items.filter((e) => e.action === 'staff.role').every((e) => e.subject === 'a studio member' && e.details.redacted === true)).toBe(true);
    expect(asStaff.body.total).toBe(items.length);

    const asAdmin = await t.request('GET', '/api/studio/activity?page=1&pageSize=100', { token: admin.token });
    const adminItems = asAdmin.body.items as JsonBody[];
    expect(adminItems.find((e) => e.action === 'coupon.create')).toMatchObject({ subject: 'STAFFNOSEE42', details: { percent: 42, maxUses: 7, expires: '2030-01-31' } });
    expect(adminItems.find((e) => e.subject === 'secret.hire@hires.example.com')).toMatchObject({ action: 'staff.role', details: { to: 'admin', invited: true } });
    expect(adminItems.map((e) => e.id)).toEqual(items.map((e) => e.id));
  });
});

describe('HSTS', () => {
  it('is never sent when PUBLIC_URL is http', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('a deployment on its own https host, DEMO_DATA unset', () => {
  let hosted: TestApp;
  beforeAll(async () => {
    hosted = await startTestApp({ PUBLIC_URL: 'https://gallery.example.com', DEMO_DATA: '' });
  });
  afterAll(async () => {
    await hosted?.close();
  });

  it('seeds no demo accounts and no demo coupons, and says why', async () => {
    expect(hosted.config.demoData).toBe(false);
    expect(hosted.config.demoDataReason).toMatch(/^Demo data is off: PUBLIC_URL https:\/\/gallery\.example\.com is not a loopback address/);
    expect(await hosted.db.kysely.selectFrom('users').select('email').execute()).toEqual([]);
    const codes = (await hosted.db.kysely.selectFrom('coupons').select('code').execute()).map((c) => c.code);
    for (const coupon of DEMO_COUPONS) expect(codes).not.toContain(coupon.code);
    expect(codes).toEqual([]);
    expect(await statusOfSignIn(hosted, DEMO_STUDIO_ADMIN.email, DEMO_STUDIO_ADMIN.password)).toBe(401);
    expect(await statusOfSignIn(hosted, DEMO_CUSTOMER.email, DEMO_CUSTOMER.password)).toBe(401);
  });

  it('sends Strict-Transport-Security for a year, for this host only, on every answer', async () => {
    for (const url of ['/api/health', '/api/docs/json', '/api/no-such-route']) {
      const hsts = (await hosted.request('GET', url)).headers.get('strict-transport-security');
      expect(hsts, url).toBe('max-age=31536000');
    }
  });
});

async function statusOfSignIn(app: TestApp, email: string, password: string): Promise<number> {
  return (await app.request('POST', '/api/authenticate', { body: { username: email, password } })).status;
}
