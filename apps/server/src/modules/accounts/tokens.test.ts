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
});
