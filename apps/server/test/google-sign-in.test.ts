import { messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, TEST_GOOGLE_CLIENT_ID, startTestAppWithGoogle } from './support/google-keys';
import { type TestApp, decodeJwt } from './support/test-app';

let google: FakeGoogle;
let t: TestApp;
let close: () => Promise<void>;
beforeAll(async () => ({ t, google, close } = await startTestAppWithGoogle()));
afterAll(() => close?.());

async function externalAuthenticate(token: string) {
  return t.request('POST', '/api/external-authenticate', { body: { token } });
}

describe('POST /api/external-authenticate', () => {
  it('offers Google sign-in through /api/auth/config', async () => {
    expect((await t.request('GET', '/api/auth/config')).body).toEqual({ googleClientId: TEST_GOOGLE_CLIENT_ID });
  });

  it('creates an active account on first use and signs the same account in afterwards', async () => {
    const first = await externalAuthenticate(await google.idToken({ sub: 'sub-new', email: 'New.Person@gmail.com' }));
    expect(first.status).toBe(200);
    const userId = decodeJwt(first.body.id_token).unique_name;
    const details = await t.request('GET', '/api/account', { token: first.body.token });
    expect(details.body).toMatchObject({ email: 'new.person@gmail.com', firstName: 'Grace', lastName: 'Hopper', activated: true });

    const second = await externalAuthenticate(await google.idToken({ sub: 'sub-new', email: 'new.person@gmail.com' }));
    expect(second.status).toBe(200);
    expect(decodeJwt(second.body.id_token).unique_name).toBe(userId);
  });

  it('links an existing active account with the same email, keeping its password', async () => {
    const existing = await t.createUser({ email: 'linked@gmail.com' });
    const response = await externalAuthenticate(await google.idToken({ sub: 'sub-linked', email: 'linked@gmail.com' }));
    expect(response.status).toBe(200);
    expect(decodeJwt(response.body.id_token).unique_name).toBe(String(existing.id));
    expect(await t.signIn(existing.email, existing.password)).toBeTruthy();
    expect((await t.request('GET', '/api/account', { token: existing.token })).status).toBe(200);
  });

  it('refuses tokens for another audience, from another issuer, expired, unverified or forged', async () => {
    const bad = [
      await google.idToken({ aud: 'someone-else.apps.googleusercontent.com' }),
      await google.idToken({ iss: 'https://evil.example' }),
      await google.idToken({}, { expiresIn: '-10 minutes' }),
      await google.idToken({ email_verified: false }),
      await google.idToken({}, { key: google.strangerKey }),
      'not-a-token-at-all',
    ];
    for (const token of bad) {
      const response = await externalAuthenticate(token);
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: messages.socialLoginFailed });
    }
  });

  it('accepts the bare accounts.google.com issuer too', async () => {
    const response = await externalAuthenticate(await google.idToken({ iss: 'accounts.google.com', sub: 'sub-bare', email: 'bare@gmail.com' }));
    expect(response.status).toBe(200);
  });
});
