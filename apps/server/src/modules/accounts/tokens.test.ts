import { describe, expect, it } from 'vitest';
import { TokenService } from './tokens';

const SECRET = 'a-test-secret-that-is-long-enough-0123456789';

describe('TokenService', () => {
  it('issues a token that verifies to its user id until it expires', async () => {
    let now = new Date('2026-01-01T00:00:00Z');
    const tokens = new TokenService(SECRET, () => now);
    const issued = await tokens.issue({ id: 42, email: 'a@example.com' });
    expect(issued.expiresAt).toBe('2026-01-08T00:00:00.000Z');
    expect(await tokens.verify(issued.token)).toBe(42);

    now = new Date('2026-01-08T00:00:01Z');
    expect(await tokens.verify(issued.token)).toBeNull();
  });

  it('gives each token its own id', async () => {
    const tokens = new TokenService(SECRET, () => new Date());
    const [a, b] = await Promise.all([tokens.issue({ id: 1, email: 'a@b.co' }), tokens.issue({ id: 1, email: 'a@b.co' })]);
    const idOf = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()).id_token;
    expect(idOf(a.token)).not.toBe(idOf(b.token));
  });

  it('refuses tokens signed with another secret, or not tokens at all', async () => {
    const clock = () => new Date();
    const theirs = await new TokenService(`${SECRET}-other`, clock).issue({ id: 7, email: 'x@y.co' });
    const ours = new TokenService(SECRET, clock);
    expect(await ours.verify(theirs.token)).toBeNull();
    expect(await ours.verify('garbage')).toBeNull();
  });

  it('refuses tampered claims, other algorithms and unsigned tokens', async () => {
    const tokens = new TokenService(SECRET, () => new Date());
    const { token } = await tokens.issue({ id: 5, email: 'a@b.co' });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;

    const otherUser = encode({ ...claims, unique_name: '6' });
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeNull();
    const unsigned = encode({ alg: 'none', typ: 'JWT' });
    expect(await tokens.verify(`${unsigned}.${payload}.`)).toBeNull();
    expect(await tokens.verify(`${encode({ alg: 'HS512', typ: 'JWT' })}.${payload}.${signature}`)).toBeNull();
    expect(await tokens.verify(`${header}.${payload}`)).toBeNull();
    expect(await tokens.verify(token)).toBe(5);
  });

  describe('remembering verified tokens', () => {
    it('does not serve a remembered token after it expires', async () => {
      let now = new Date('2026-01-01T00:00:00Z');
      const tokens = new TokenService(SECRET, () => now);
      const { token } = await tokens.issue({ id: 42, email: 'a@example.com' });
      expect(await tokens.verify(token)).toBe(42);
      expect(await tokens.verify(token)).toBe(42); // from the cache

      now = new Date('2026-01-07T23:59:59Z');
      expect(await tokens.verify(token)).toBe(42);
      now = new Date('2026-01-08T00:00:00Z'); // exp itself is already too late
      expect(await tokens.verify(token)).toBeNull();
      expect(await tokens.verify(token)).toBeNull();
    });

    it('keeps each token string to its own user, and a changed string is checked afresh', async () => {
      const tokens = new TokenService(SECRET, () => new Date());
      const first = await tokens.issue({ id: 1, email: 'a@b.co' });
      const second = await tokens.issue({ id: 2, email: 'c@d.co' });
      expect(await tokens.verify(first.token)).toBe(1);
      expect(await tokens.verify(second.token)).toBe(2);
      expect(await tokens.verify(first.token)).toBe(1);
      expect(await tokens.verify(second.token)).toBe(2);

      const [header, , signature] = first.token.split('.') as [string, string, string];
      const [, otherPayload] = second.token.split('.') as [string, string, string];
      expect(await tokens.verify(`${header}.${otherPayload}.${signature}`)).toBeNull();
      expect(await tokens.verify(`${first.token}x`)).toBeNull();
      expect(await tokens.verify(`${first.token}.`)).toBeNull();
    });

    it('does not remember a refusal', async () => {
      let now = new Date('2026-01-09T00:00:00Z');
      const tokens = new TokenService(SECRET, () => now);
      now = new Date('2026-01-01T00:00:00Z');
      const { token } = await tokens.issue({ id: 9, email: 'a@b.co' });
      now = new Date('2026-01-09T00:00:00Z');
      expect(await tokens.verify(token)).toBeNull();
      now = new Date('2026-01-02T00:00:00Z');
      expect(await tokens.verify(token)).toBe(9);
    });

    it('does not share what it remembers with a service holding another secret', async () => {
      const clock = () => new Date();
      const ours = new TokenService(SECRET, clock);
      const theirs = new TokenService(`${SECRET}-other`, clock);
      const { token } = await ours.issue({ id: 3, email: 'a@b.co' });
      expect(await ours.verify(token)).toBe(3);
      expect(await theirs.verify(token)).toBeNull();
    });
  });
});
