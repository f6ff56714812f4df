import { messages } from '@studio-gallery/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, type TestUser, startTestApp } from './support/test-app';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  alice = await t.createUser({ firstName: 'Alice', lastName: 'Able' });
  bob = await t.createUser({ firstName: 'Bob', lastName: 'Baker' });
});
afterAll(async () => {
  await t?.close();
});

const forbidden = { message: messages.forbidden };

function detailsBody(user: TestUser, changes: Record<string, unknown> = {}) {
  return { userId: user.id, firstName: 'Alice', lastName: 'Able', email: user.email, contactNumber: '+1 555 0100', ...changes };
}

describe('user details', () => {
  it("GET /api/users/{id} and /api/users/GetUseById answer the caller's own details", async () => {
    const expected = {
      id: alice.id,
      userId: alice.id,
      login: alice.email,
      email: alice.email,
      firstName: 'Alice',
      lastName: 'Able',
      contactNumber: null,
      imageUrl: null,
      activated: true,
      role: 'customer',
    };
    const byPath = await t.request('GET', `/api/users/${alice.id}`, { token: alice.token });
    expect(byPath.status).toBe(200);
    expect(byPath.body).toEqual(expected);
    const byQuery = await t.request('GET', `/api/users/GetUseById?UserId=${alice.id}`, { token: alice.token });
    expect(byQuery.status).toBe(200);
    expect(byQuery.body).toEqual(expected);
  });

  it("refuses another user's id with 403, and ids that exist or not look the same", async () => {
    for (const url of [`/api/users/${bob.id}`, `/api/users/GetUseById?UserId=${bob.id}`, '/api/users/999999']) {
      const response = await t.request('GET', url, { token: alice.token });
      expect(response.status, url).toBe(403);
      expect(response.body).toEqual(forbidden);
    }
  });

  it('answers 401 without a token, with a forged one and with an expired one', async () => {
    const forged = `${alice.token.slice(0, -4)}AAAA`;
    for (const token of [undefined, forged, 'not.a.jwt']) {
      const response = await t.request('GET', `/api/users/${alice.id}`, { token });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ message: messages.unauthorized });
    }
    const shortLived = await t.createUser();
    t.clock.advanceHours(7 * 24 + 1);
    try {
      const expired = await t.request('GET', `/api/users/${shortLived.id}`, { token: shortLived.token });
      expect(expired.status).toBe(401);
    } finally {
      t.clock.advanceHours(-(7 * 24 + 1));
    }
  });

  it('answers 400 for an id that is not a number', async () => {
    const response = await t.request('GET', '/api/users/abc', { token: alice.token });
    expect(response.status).toBe(400);
    expect(typeof response.body.message).toBe('string');
  });
});

describe('PUT /api/users/UpdateUserDetailsWithImage', () => {
  it('updates names and contact number, ignoring a changed email', async () => {
    const response = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: alice.token,
      body: detailsBody(alice, { firstName: 'Alicia', email: 'hijack@example.com' }),
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      massage: messages.userDetailsUpdated,
      message: messages.userDetailsUpdated,
      user: { id: alice.id, firstName: 'Alicia', email: alice.email, contactNumber: '+1 555 0100' },
    });
    const details = await t.request('GET', `/api/users/${alice.id}`, { token: alice.token });
    expect(details.body.firstName).toBe('Alicia');
    expect(details.body.email).toBe(alice.email);
  });

  it('stores a real image upright as a 512 px WebP served at imageUrl, and drops the replaced one', async () => {
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#3366ff' } }).png().toBuffer();
    const first = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: alice.token,
      body: detailsBody(alice, { profileImageBase64: png.toString('base64') }),
    });
    expect(first.status).toBe(200);
    const imageUrl: string = first.body.user.imageUrl;
    expect(imageUrl).toMatch(/^\/api\/media\/avatars\/[0-9a-f]{32}\.webp$/);

    const image = await fetch(`${t.baseUrl}${imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const jpeg = await sharp({ create: { width: 400, height: 700, channels: 3, background: '#ff9900' } }).jpeg().toBuffer();
    const second = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: alice.token,
      body: detailsBody(alice, { profileImageBase64: `data:image/jpeg;base64,${jpeg.toString('base64')}` }),
    });
    expect(second.status).toBe(200);
    expect(second.body.user.imageUrl).not.toBe(imageUrl);
    expect((await fetch(`${t.baseUrl}${imageUrl}`)).status).toBe(404);
    expect((await fetch(`${t.baseUrl}${second.body.user.imageUrl}`)).status).toBe(200);
  });

  it('rejects content that is not an image, whatever it claims to be', async () => {
    const before = await t.request('GET', `/api/users/${alice.id}`, { token: alice.token });
    const text = Buffer.from('I am a text file named photo.png, honest.\n'.repeat(20));
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    for (const fake of [text, svg]) {
      const response = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
        token: alice.token,
        body: detailsBody(alice, { profileImageBase64: fake.toString('base64') }),
      });
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ success: false, massage: messages.profileImageInvalid, message: messages.profileImageInvalid });
    }
    const after = await t.request('GET', `/api/users/${alice.id}`, { token: alice.token });
    expect(after.body.imageUrl).toBe(before.body.imageUrl);
  });

  it("refuses to update another user's details", async () => {
    const response = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: alice.token,
      body: detailsBody(bob, { firstName: 'Mallory' }),
    });
    expect(response.status).toBe(403);
    expect(response.body.message).toBe(messages.forbidden);
    const bobDetails = await t.request('GET', `/api/users/${bob.id}`, { token: bob.token });
    expect(bobDetails.body.firstName).toBe('Bob');
  });

  it('answers 400 for an empty first name', async () => {
    const response = await t.request('PUT', '/api/users/UpdateUserDetailsWithImage', {
      token: alice.token,
      body: detailsBody(alice, { firstName: '' }),
    });
    expect(response.status).toBe(400);
    expect(response.body.success).toBe(false);
  });
});

describe('notification settings', () => {
  it('are both on until changed, then answer what was saved', async () => {
    const initial = await t.request('GET', `/api/NotificationSettings/${bob.id}`, { token: bob.token });
    expect(initial.status).toBe(200);
    expect(initial.body).toEqual({ userId: bob.id, isEmail: true, isSms: true });

    const saved = await t.request('POST', '/api/NotificationSettings', {
      token: bob.token,
      body: { userId: bob.id, isEmail: false, isSms: true },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ userId: bob.id, isEmail: false, isSms: true });

    const savedAgain = await t.request('POST', '/api/NotificationSettings', {
      token: bob.token,
      body: { userId: bob.id, isEmail: false, isSms: false },
    });
    expect(savedAgain.status).toBe(200);
    const reread = await t.request('GET', `/api/NotificationSettings/${bob.id}`, { token: bob.token });
    expect(reread.body).toEqual({ userId: bob.id, isEmail: false, isSms: false });
  });

  it("refuses another user's settings, reading or writing", async () => {
    const read = await t.request('GET', `/api/NotificationSettings/${bob.id}`, { token: alice.token });
    expect(read.status).toBe(403);
    expect(read.body).toEqual(forbidden);
    const write = await t.request('POST', '/api/NotificationSettings', {
      token: alice.token,
      body: { userId: bob.id, isEmail: true, isSms: true },
    });
    expect(write.status).toBe(403);
    const unchanged = await t.request('GET', `/api/NotificationSettings/${bob.id}`, { token: bob.token });
    expect(unchanged.body).toEqual({ userId: bob.id, isEmail: false, isSms: false });
  });

  it('answers 400 for a value that is not a boolean', async () => {
    const response = await t.request('POST', '/api/NotificationSettings', {
      token: bob.token,
      body: { userId: bob.id, isEmail: 'yes', isSms: true },
    });
    expect(response.status).toBe(400);
  });
});

describe('GET /api/users/user-orders/details/{userId}', () => {
  it('answers an empty list for the caller and 403 for anyone else', async () => {
    const own = await t.request('GET', `/api/users/user-orders/details/${alice.id}`, { token: alice.token });
    expect(own.status).toBe(200);
    expect(own.body).toEqual([]);
    const other = await t.request('GET', `/api/users/user-orders/details/${bob.id}`, { token: alice.token });
    expect(other.status).toBe(403);
    expect(other.body).toEqual(forbidden);
    const anonymous = await t.request('GET', `/api/users/user-orders/details/${alice.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('GET /api/account', () => {
  it("answers the caller's details, or 401", async () => {
    const own = await t.request('GET', '/api/account', { token: bob.token });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ id: bob.id, email: bob.email, firstName: 'Bob' });
    expect((await t.request('GET', '/api/account')).status).toBe(401);
  });
});
