// Issue 11 §1–3: accounts that cannot be claimed before their owner arrives, sessions that end, and
// reset links that are voided. Each test reproduces an attack that worked before the fix.
import { messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createDb } from '../src/db/create-db';
import { SESSION_TRUST_MS } from '../src/modules/accounts/auth-sessions.repository';
import { importServicesFor, sourcesOf, testPhoto } from './support/gallery';
import { type FakeGoogle, startTestAppWithGoogle } from './support/google-keys';
import type { ReceivedMail } from './support/mail';
import { type TestApp, type TestUser, decodeJwt } from './support/test-app';

let google: FakeGoogle;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => ({ t, google, close } = await startTestAppWithGoogle()));
afterAll(() => close?.());

const CLAIMER_PASSWORD = 'Claimer123';

async function signUp(email: string, password: string) {
  return t.request('POST', '/api/register-galleryuser', { body: { firstName: 'Mallory', lastName: 'Claimer', email, password } });
}

async function mailsTo(email: string): Promise<ReceivedMail[]> {
  return (await t.outbox()).filter((m) => m.to.includes(email));
}

function activationCodeOf(mail: ReceivedMail): string {
  const link = mail.links.find((l) => l.includes('/active-account/'));
  if (!link) throw new Error(`no activation link in "${mail.subject}"`);
  return decodeURIComponent(link.split('/').pop() as string);
}

async function activate(code: string) {
  return t.request('POST', '/api/active-galley-user', { body: { activationCode: code } });
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await t.request('POST', '/api/authenticate', { body: { username: email, password } })).status;
}

async function accountStatus(token: string): Promise<number> {
  return (await t.request('GET', '/api/account', { token })).status;
}

async function finishReset(key: string, newPassword: string) {
  return t.request('POST', '/api/account/reset-password/finish', { body: { key, newPassword } });
}

async function requestResetKey(email: string): Promise<string> {
  const response = await t.request('POST', '/api/account/reset-password', { body: email });
  expect(response.status).toBe(200);
  const link = (await t.lastMailTo(email)).links.find((l) => l.includes('/reset/finish?key='));
  return new URL(link as string).searchParams.get('key') as string;
}

describe('an account claimed before its owner arrives (pre-hijacking)', () => {
  it('sign-up then studio import: the invitation drops the claimer password and leads the customer to set their own', async () => {
    const email = 'preclaimed.import@example.com';
    expect((await signUp(email, CLAIMER_PASSWORD)).status).toBe(201);
    const [claimersActivationMail] = await mailsTo(email);

    const { shoots } = importServicesFor(t);
    const imported = await shoots.importShoot({
      email,
      sessionName: 'Team day',
      sessionDate: '2026-11-20',
      photos: sourcesOf({ 'A.jpg': await testPhoto(71) }),
    });
    expect(imported.invited).toBe(true);

    const invitation = await t.lastMailTo(email);
    expect(invitation.subject).toMatch(/are ready/);
    // The sign-up's own activation link (which reached the customer's inbox) no longer activates anything.
    expect((await activate(activationCodeOf(claimersActivationMail as ReceivedMail))).status).toBe(400);

    const activated = await activate(activationCodeOf(invitation));
    expect(activated.status).toBe(200);
    expect(activated.body.setPasswordKey).toEqual(expect.any(String));
    expect(await signInStatus(email, CLAIMER_PASSWORD)).toBe(401);

    expect((await finishReset(activated.body.setPasswordKey, 'Owner123')).status).toBe(200);
    expect(await signInStatus(email, 'Owner123')).toBe(200);
    expect(await signInStatus(email, CLAIMER_PASSWORD)).toBe(401);
  });

  it('sign-up then Google sign-in: the claimer password and sessions go, the Google account holds it', async () => {
    const email = 'preclaimed.google@gmail.com';
    expect((await signUp(email, CLAIMER_PASSWORD)).status).toBe(201);
    const [claimersActivationMail] = await mailsTo(email);

    const response = await t.request('POST', '/api/external-authenticate', {
      body: { token: await google.idToken({ sub: 'sub-preclaimed', email }) },
    });
    expect(response.status).toBe(200);
    const owner = await t.db.kysely.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(owner).toMatchObject({ activated: 1, password_hash: null, google_sub: 'sub-preclaimed' });

    expect(await signInStatus(email, CLAIMER_PASSWORD)).toBe(401);
    expect((await activate(activationCodeOf(claimersActivationMail as ReceivedMail))).status).toBe(400);
    expect(await signInStatus(email, CLAIMER_PASSWORD)).toBe(401);
    expect(await accountStatus(response.body.token)).toBe(200);
  });

  it('signing up again for an inactive address re-sends the activation mail and trusts neither password', async () => {
    const email = 'signed.up.twice@example.com';
    expect((await signUp(email, CLAIMER_PASSWORD)).status).toBe(201);
    const again = await signUp(email.toUpperCase(), 'Owner1234');
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({ success: true, massage: messages.accountCreated });

    const [first, second] = await mailsTo(email);
    expect(second).toBeDefined();
    expect((await activate(activationCodeOf(first as ReceivedMail))).status).toBe(400);
    const activated = await activate(activationCodeOf(second as ReceivedMail));
    expect(activated.status).toBe(200);
    expect(activated.body.setPasswordKey).toEqual(expect.any(String));
    expect(await signInStatus(email, CLAIMER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, 'Owner1234')).toBe(401);

    const rows = await t.db.kysely.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
  });

  it('a plain sign-up still activates with its own password and no set-password step', async () => {
    const email = 'plain.signup@example.com';
    expect((await signUp(email, 'Plain1234')).status).toBe(201);
    const activated = await activate(activationCodeOf((await mailsTo(email))[0] as ReceivedMail));
    expect(activated.status).toBe(200);
    expect(activated.body.setPasswordKey).toBeUndefined();
    expect(await signInStatus(email, 'Plain1234')).toBe(200);
  });
});

describe('sessions that can end', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser({ password: 'Start1234' });
  });

  it('logout ends that token (wherever it was copied) and no other', async () => {
    const other = await t.signIn(user.email, user.password);
    const mine = await t.signIn(user.email, user.password);
    expect(await accountStatus(mine)).toBe(200);

    const logout = await t.request('POST', '/api/account/logout', { token: mine });
    expect(logout.status).toBe(204);
    expect(logout.body).toBe('');
    const after = await t.request('GET', '/api/account', { token: mine });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: messages.unauthorized });
    expect((await t.request('POST', '/api/account/logout', { token: mine })).status).toBe(401);
    expect(await accountStatus(other)).toBe(200);
  });

  it('checks sessions in shared batches without mixing them up: concurrent calls each get their own verdict', async () => {
    const live = await t.signIn(user.email, user.password);
    const ended = await t.signIn(user.email, user.password);
    const stranger = await t.createUser();
    expect((await t.request('POST', '/api/account/logout', { token: ended })).status).toBe(204);
    const tokens = Array.from({ length: 30 }, (_, i) => [live, ended, stranger.token][i % 3] as string);
    const statuses = await Promise.all(tokens.map((token) => accountStatus(token)));
    expect(statuses).toEqual(tokens.map((token) => (token === ended ? 401 : 200)));
  });

  it('"Sign out of all devices" ends every session of the account, and only that account', async () => {
    const first = await t.signIn(user.email, user.password);
    const second = await t.signIn(user.email, user.password);
    const stranger = await t.createUser();
    expect((await t.request('POST', '/api/account/logout-everywhere', { token: first })).status).toBe(204);
    expect(await accountStatus(first)).toBe(401);
    expect(await accountStatus(second)).toBe(401);
    expect(await accountStatus(stranger.token)).toBe(200);
    // Signing in again works as before.
    expect(await accountStatus(await t.signIn(user.email, user.password))).toBe(200);
  });

  it('a password change ends every other session and keeps the one that made it', async () => {
    const elsewhere = await t.signIn(user.email, user.password);
    const here = await t.signIn(user.email, user.password);
    // Used first: on PostgreSQL the instance now trusts the session for a moment, and must forget it.
    expect(await accountStatus(elsewhere)).toBe(200);
    const change = await t.request('POST', '/api/account/change-password', {
      token: here,
      body: { currentPassword: user.password, newPassword: 'Changed1234' },
    });
    expect(change.status).toBe(200);
    user.password = 'Changed1234';
    expect(await accountStatus(elsewhere)).toBe(401);
    expect(await accountStatus(here)).toBe(200);
  });

  it('a reset ends every session', async () => {
    const before = await t.signIn(user.email, user.password);
    expect(await accountStatus(before)).toBe(200);
    const key = await requestResetKey(user.email);
    expect((await finishReset(key, 'Reset1234')).status).toBe(200);
    user.password = 'Reset1234';
    expect(await accountStatus(before)).toBe(401);
  });

  it(`two instances on one database: a session ended through one is refused by the other within ${SESSION_TRUST_MS} ms`, async () => {
    const other = await buildApp(t.config, { db: createDb(t.config.database), clock: t.clock.now });
    const address = await other.listen({ port: 0, host: '127.0.0.1' });
    const statusOnOther = async (token: string) => (await fetch(`${address}/api/account`, { headers: { authorization: `Bearer ${token}` } })).status;
    try {
      const loggedOut = await t.signIn(user.email, user.password);
      const changedAway = await t.signIn(user.email, user.password);
      const changer = await t.signIn(user.email, user.password);
      for (const token of [loggedOut, changedAway, changer]) expect(await statusOnOther(token)).toBe(200);

      expect((await t.request('POST', '/api/account/logout', { token: loggedOut })).status).toBe(204);
      const change = await t.request('POST', '/api/account/change-password', { token: changer, body: { currentPassword: user.password, newPassword: 'Twice1234' } });
      expect(change.status).toBe(200);
      user.password = 'Twice1234';
      // At once on the instance that ended them; on the other once its trust has run out (docs/operations.md).
      expect(await accountStatus(loggedOut)).toBe(401);
      expect(await accountStatus(changedAway)).toBe(401);
      await new Promise((resolve) => setTimeout(resolve, SESSION_TRUST_MS + 200));
      expect(await statusOnOther(loggedOut)).toBe(401);
      expect(await statusOnOther(changedAway)).toBe(401);
      expect(await statusOnOther(changer)).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses a token whose signature is spelt any other way than the canonical base64url', async () => {
    const token = await t.signIn(user.email, user.password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const last = alphabet.indexOf(signature.at(-1) as string);
    // 32 bytes in 43 characters: the last character's two low bits are unused, so these decode alike.
    const sameBytes = `${signature.slice(0, -1)}${alphabet[last ^ 1]}`;
    expect(Buffer.from(sameBytes, 'base64url')).toEqual(Buffer.from(signature, 'base64url'));
    for (const spelling of [sameBytes, `${signature}=`, `${signature.slice(0, 20)}*${signature.slice(20)}`]) {
      expect(await accountStatus(`${header}.${payload}.${spelling}`)).toBe(401);
    }
    expect(await accountStatus(token)).toBe(200);
  });

  it('keeps the session id in the token (id_token) so each sign-in is its own session', async () => {
    const a = decodeJwt(await t.signIn(user.email, user.password));
    const b = decodeJwt(await t.signIn(user.email, user.password));
    expect(a.id_token).not.toBe(b.id_token);
  });
});

describe('reset links', () => {
  it('a password change voids the outstanding reset links', async () => {
    const user = await t.createUser({ password: 'Before1234' });
    const key = await requestResetKey(user.email);
    const change = await t.request('POST', '/api/account/change-password', {
      token: user.token,
      body: { currentPassword: 'Before1234', newPassword: 'After12345' },
    });
    expect(change.status).toBe(200);
    const late = await finishReset(key, 'Sneaky1');
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(messages.resetKeyInvalid);
    expect(await signInStatus(user.email, 'After12345')).toBe(200);
  });
});
