import { describe, expect, it } from 'vitest';
import { fakeJwt } from '../test/render';
import { decodeJwtPayload, isExpired } from './jwt';

const claims = { unique_name: '42', email: 'ana@example.com', id_token: 'abc', iat: 1, exp: 4_000_000_000 };

describe('decodeJwtPayload', () => {
  it('reads unique_name and email from the payload', () => {
    expect(decodeJwtPayload(fakeJwt(claims))).toMatchObject({ unique_name: '42', email: 'ana@example.com' });
  });

  it('handles base64url characters and UTF-8', () => {
    const token = fakeJwt({ ...claims, email: 'zoë+tag@exämple.com' });
    expect(decodeJwtPayload(token)?.email).toBe('zoë+tag@exämple.com');
  });

  it('rejects tokens that are not three parts, not JSON, or lack the claims', () => {
    expect(decodeJwtPayload('nope')).toBeNull();
    expect(decodeJwtPayload('a.b.c')).toBeNull();
    expect(decodeJwtPayload(fakeJwt({ email: 'x@y.z' }))).toBeNull();
  });

  it('knows an expired token', () => {
    expect(isExpired({ exp: 10 }, 11_000)).toBe(true);
    expect(isExpired({ exp: 10 }, 9_000)).toBe(false);
  });
});
