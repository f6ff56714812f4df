import { tokenClaims, type TokenClaims } from '@studio-gallery/contract';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** A JWT's payload as JSON, unchecked; undefined when the token is not three parts or not JSON. */
export function readJwtPayload(token: string): unknown {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return undefined;
  try {
    return JSON.parse(base64UrlDecode(parts[1])) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Reads the claims of a JWT without verifying it (the server verifies; the browser only needs the
 * user id in `unique_name` and the `email`). Returns null for anything that is not a well-formed
 * token with those claims.
 */
export function decodeJwtPayload(token: string): TokenClaims | null {
  const parsed = tokenClaims.safeParse(readJwtPayload(token));
  return parsed.success ? parsed.data : null;
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
