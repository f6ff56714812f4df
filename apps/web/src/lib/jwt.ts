import type { TokenClaims } from '@studio-gallery/contract';

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
  const claims = readJwtPayload(token);
  if (typeof claims !== 'object' || claims === null) return null;
  const { unique_name, email, id_token, exp, iat } = claims as Record<keyof TokenClaims, unknown>;
  // The contract's tokenClaims, checked by hand: this runs at start-up, before any screen needs zod.
  if (typeof unique_name !== 'string' || typeof email !== 'string' || typeof id_token !== 'string') return null;
  if (typeof exp !== 'number' || typeof iat !== 'number') return null;
  return { unique_name, email, id_token, exp, iat };
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
