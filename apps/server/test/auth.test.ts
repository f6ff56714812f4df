import { messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, decodeJwt, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

function activationCodeOf(link: string): string {
  const match = /\/active-account\/([^/?#]+)$/.exec(link);
  if (!match?.[1]) throw new Error(`not an activation link: ${link}`);
  return decodeURIComponent(match[1]);
}

describe('POST /api/authenticate', () => {
  it('answers a token object whose JWT carries unique_name, email and id_token', async () => {
    const user = await t.createUser({ email: 'Claims@Example.com' });
    const response = await t.request('POST', '/api/authenticate', {
      body: { username: 'claims@example.com', password: user.password },
    });
    expect(response.status).toBe(200);
    expect(response.body.token).toBe(response.body.id_token);
    const claims = decodeJwt(response.body.id_token);
    expect(claims).toMatchObject({ unique_name: String(user.id), email: 'claims@example.com' });
    expect(typeof claims.id_token).toBe('string');
    const lifetime = (claims.exp as number) - (claims.iat as number);
    expect(lifetime).toBe(7 * 24 * 3600);
    expect(new Date(response.body.expiresAt).getTime()).toBe((claims.exp as number) * 1000);
  });

  it('accepts the email in any case and keeps 30 days with rememberMe', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/authenticate', {
      body: { username: user.email.toUpperCase(), password: user.password, rememberMe: true },
    });
    expect(response.status).toBe(200);
    const claims = decodeJwt(response.body.id_token);
    expect((claims.exp as number) - (claims.iat as number)).toBe(30 * 24 * 3600);
  });

  it('refuses a wrong password and an unknown email alike', async () => {
    const user = await t.createUser();
    for (const body of [
      { username: user.email, password: 'WrongPass1' },
      { username: 'nobody@example.com', password: 'Whatever1' },
    ]) {
      const response = await t.request('POST', '/api/authenticate', { body });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: messages.invalidCredentials });
    }
  });

  it('refuses an account that is not activated yet, with a clear message', async () => {
    const user = await t.createUser({ activated: false });
    const response = await t.request('POST', '/api/authenticate', { body: { username: user.email, password: user.password } });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: messages.accountNotActivated });
  });

  it('answers 400 with a message for missing or unknown fields', async () => {
    const missing = await t.request('POST', '/api/authenticate', { body: { username: 'a@b.co' } });
    expect(missing.status).toBe(400);
    expect(typeof missing.body.message).toBe('string');

    const unknown = await t.request('POST', '/api/authenticate', {
      body: { username: 'a@b.co', password: 'x', isAdmin: true },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/isAdmin/);
  });
});

describe('POST /api/register-galleryuser and POST /api/active-galley-user', () => {
  const newAccount = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.com', password: 'Engine1' };

  it('creates an inactive account, mails the activation link, and the link activates and signs in', async () => {
    const created = await t.request('POST', '/api/register-galleryuser', { body: newAccount });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ success: true, massage: messages.accountCreated, message: messages.accountCreated });

    const blocked = await t.request('POST', '/api/authenticate', { body: { username: newAccount.email, password: newAccount.password } });
    expect(blocked.status).toBe(403);

    const mail = await t.lastMailTo('ada@example.com');
    expect(mail.subject).toContain('Studio Gallery');
    expect(mail.html).toContain('Studio Gallery');
    const link = mail.links.find((l) => l.includes('/active-account/'));
    expect(link).toMatch(/^http:\/\/gallery\.test\/active-account\/[A-Za-z0-9_-]{43}$/);
    const activationCode = activationCodeOf(link as string);

    const activated = await t.request('POST', '/api/active-galley-user', { body: { activationCode } });
    expect(activated.status).toBe(200);
    expect(activated.body).toMatchObject({
      success: true,
      massage: messages.activationSucceeded,
      message: messages.activationSucceeded,
      user: { email: 'ada@example.com', login: 'ada@example.com' },
    });
    const account = await t.request('GET', '/api/account', { token: activated.body.jwt });
    expect(account.status).toBe(200);
    expect(account.body).toMatchObject({ id: activated.body.user.id, email: 'ada@example.com', firstName: 'Ada', activated: true });

    const token = await t.signIn(newAccount.email, newAccount.password);
    expect(decodeJwt(token).unique_name).toBe(String(activated.body.user.id));

    const again = await t.request('POST', '/api/active-galley-user', { body: { activationCode } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ success: false, massage: messages.activationFailed, message: messages.activationFailed });
  });

  it('refuses a second account for an activated email (any case), keeping just one', async () => {
    const existing = await t.createUser({ email: 'twice@example.com' });
    const duplicate = await t.request('POST', '/api/register-galleryuser', { body: { ...newAccount, email: 'TWICE@example.com' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ success: false, message: messages.emailAlreadyRegistered });

    const rows = await t.db.kysely.selectFrom('users').select('id').where('email', '=', 'twice@example.com').execute();
    expect(rows).toHaveLength(1);
    expect((await t.outbox()).filter((m) => m.to.includes('twice@example.com'))).toHaveLength(0);
    expect(await t.signIn(existing.email, existing.password)).toBeTruthy();
  });

  it("answers the spec's validation messages", async () => {
    const cases: [Record<string, string>, string][] = [
      [{ firstName: '' }, messages.firstNameRequired],
      [{ firstName: 'R2D2' }, messages.firstNameLetters],
      [{ lastName: 'O-Brien' }, messages.lastNameLetters],
      [{ email: 'not-an-email' }, messages.emailInvalid],
      [{ password: 'abc' }, messages.passwordMin6],
    ];
    for (const [change, message] of cases) {
      const response = await t.request('POST', '/api/register-galleryuser', {
        body: { ...newAccount, email: 'valid@example.com', ...change },
      });
      expect(response.status, message).toBe(400);
      expect(response.body).toEqual({ success: false, massage: message, message });
    }
  });

  it('refuses an unknown activation code', async () => {
    const response = await t.request('POST', '/api/active-galley-user', { body: { activationCode: 'made-up-code' } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.activationFailed);
  });
});

describe('GET /api/auth/config', () => {
  it('says Google sign-in is off when GOOGLE_CLIENT_ID is unset', async () => {
    const response = await t.request('GET', '/api/auth/config');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ googleClientId: null });
  });

  it('refuses external-authenticate with 400 when Google sign-in is not configured', async () => {
    const response = await t.request('POST', '/api/external-authenticate', { body: { token: 'x'.repeat(40) } });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ message: messages.googleSignInNotConfigured });
  });
});
