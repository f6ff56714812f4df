import { JSON_PATCH_CONTENT_TYPE, messages } from '@studio-gallery/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Asks for a reset mail the way the web app does, and returns the key from the mailed link. */
async function requestResetKey(email: string, url = '/api/account/reset-password'): Promise<string> {
  const response = await t.request('POST', url, { rawBody: JSON.stringify(email), contentType: JSON_PATCH_CONTENT_TYPE });
  expect(response.status).toBe(200);
  expect(response.body).toEqual({ success: true, massage: messages.resetMailSent, message: messages.resetMailSent });
  const mail = await t.lastMailTo(email);
  const link = mail.links.find((l) => l.includes('/reset/finish?key='));
  expect(link).toMatch(/^http:\/\/gallery\.test\/reset\/finish\?key=[A-Za-z0-9_-]{43}$/);
  return new URL(link as string).searchParams.get('key') as string;
}

async function finishReset(key: string, newPassword: string, url = '/api/account/reset-password/finish') {
  return t.request('POST', url, { body: { key, newPassword } });
}

async function signInStatus(email: string, password: string): Promise<number> {
  return (await t.request('POST', '/api/authenticate', { body: { username: email, password } })).status;
}

describe('forgotten password', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.createUser();
  });

  it('mails a link whose key sets a new password once: the new one works, the old one not', async () => {
    const key = await requestResetKey(user.email);
    const finished = await finishReset(key, 'Fresh12');
    expect(finished.status).toBe(200);
    expect(finished.body).toEqual({ success: true, massage: messages.passwordSet, message: messages.passwordSet });
    expect(await signInStatus(user.email, 'Fresh12')).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);

    const reused = await finishReset(key, 'Other123');
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ success: false, massage: messages.resetKeyInvalid, message: messages.resetKeyInvalid });
    expect(await signInStatus(user.email, 'Fresh12')).toBe(200);
    user.password = 'Fresh12';
  });

  it('also accepts /init, /update-password and a plain application/json body', async () => {
    const viaInit = await requestResetKey(user.email, '/api/account/reset-password/init');
    expect((await finishReset(viaInit, 'ViaInit1', '/api/account/update-password')).status).toBe(200);
    expect(await signInStatus(user.email, 'ViaInit1')).toBe(200);

    const plainJson = await t.request('POST', '/api/account/reset-password', { body: user.email });
    expect(plainJson.status).toBe(200);
    user.password = 'ViaInit1';
  });

  it('voids every other outstanding link once one of them is used', async () => {
    const first = await requestResetKey(user.email);
    const second = await requestResetKey(user.email);
    expect((await finishReset(second, 'Second1')).status).toBe(200);
    const other = await finishReset(first, 'First12');
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(messages.resetKeyInvalid);
    expect(await signInStatus(user.email, 'First12')).toBe(401);
    expect(await signInStatus(user.email, 'Second1')).toBe(200);
    user.password = 'Second1';
  });

  it('refuses a key after 24 hours', async () => {
    const key = await requestResetKey(user.email);
    t.clock.advanceHours(24.1);
    const expired = await finishReset(key, 'TooLate1');
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(messages.resetKeyInvalid);
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('refuses an unregistered email with the spec message', async () => {
    const response = await t.request('POST', '/api/account/reset-password', {
      rawBody: JSON.stringify('stranger@example.com'),
      contentType: JSON_PATCH_CONTENT_TYPE,
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ success: false, massage: messages.emailNotRegistered, message: messages.emailNotRegistered });
  });

  it('refuses a made-up key and a new password outside 6-15 characters', async () => {
    const madeUp = await finishReset('no-such-key', 'Valid123');
    expect(madeUp.status).toBe(400);
    expect(madeUp.body.message).toBe(messages.resetKeyInvalid);

    for (const newPassword of ['short', 'much-too-long-password']) {
      const response = await finishReset('any-key', newPassword);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(messages.setPasswordLength);
    }
  });

  it('activates an account that was never activated, since the mail proves the address', async () => {
    const inactive = await t.createUser({ activated: false });
    const key = await requestResetKey(inactive.email);
    expect((await finishReset(key, 'Activate1')).status).toBe(200);
    expect(await signInStatus(inactive.email, 'Activate1')).toBe(200);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.request('POST', '/api/account/reset-password', {
      rawBody: 'someone@example.com',
      contentType: JSON_PATCH_CONTENT_TYPE,
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(messages.invalidRequestBody);
  });
});

describe('POST /api/account/change-password', () => {
  it('changes the password of the signed-in user', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/account/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'Changed123' },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, massage: messages.passwordUpdated, message: messages.passwordUpdated });
    expect(await signInStatus(user.email, 'Changed123')).toBe(200);
    expect(await signInStatus(user.email, user.password)).toBe(401);
  });

  it('says "Current password is incorrect" for a wrong current password', async () => {
    const user = await t.createUser();
    const response = await t.request('POST', '/api/account/change-password', {
      token: user.token,
      body: { currentPassword: 'NotMine123', newPassword: 'Changed123' },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      massage: messages.currentPasswordIncorrect,
      message: messages.currentPasswordIncorrect,
    });
    expect(await signInStatus(user.email, user.password)).toBe(200);
  });

  it('needs a new password of at least 8 characters, and a signed-in caller', async () => {
    const user = await t.createUser();
    const short = await t.request('POST', '/api/account/change-password', {
      token: user.token,
      body: { currentPassword: user.password, newPassword: 'Short1' },
    });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(messages.newPasswordMin8);

    const anonymous = await t.request('POST', '/api/account/change-password', {
      body: { currentPassword: user.password, newPassword: 'Changed123' },
    });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.message).toBe(messages.unauthorized);
  });
});
