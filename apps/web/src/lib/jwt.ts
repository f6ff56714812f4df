import { tokenClaims, type TokenClaims } from '@studio-gallery/contract';

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of a JWT without verifying it (the server verifies; the browser only needs the
 * user id in `unique_name` and the `email`). Returns null for anything that is not a well-formed
 * token with those claims.
 */
export function decodeJwtPayload(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const parsed = tokenClaims.safeParse(JSON.parse(base64UrlDecode(parts[1])));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, nowMs = Date.now()): boolean {
  return claims.exp * 1000 <= nowMs;
}
