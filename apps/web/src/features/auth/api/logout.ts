import { api } from '../../../lib/api-client';

/**
 * POST /account/logout: the server ends this token's session, so a copy of it (another tab, a stolen
 * one) stops working too. The request carries the token read now, so the caller may clear the stored
 * session straight after starting it.
 */
export function endServerSession(): Promise<void> {
  return api.post<void>('/account/logout', undefined, { redirectOnUnauthorized: false }).catch(() => {
    // Signed out here either way; an already-ended session answers 401.
  });
}

/** POST /account/logout-everywhere: every session of the account ends, this one included. */
export function endAllSessions(): Promise<void> {
  return api.post<void>('/account/logout-everywhere', undefined, { redirectOnUnauthorized: false });
}
