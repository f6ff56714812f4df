import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { isStudioRole, type userDetails } from '@studio-gallery/contract';
import { api, type Answer } from './api-client';

/** GET /account: the signed-in user's account, with the role that decides studio access. */
export type Account = Answer<typeof userDetails>;
export type AccountRole = Account['role'];

export { isStudioRole };

/** GET /account's path: the preload script may send it early on /studio (src/app/preload-gallery.ts). */
export const ACCOUNT_PATH = '/account';

export async function getAccount(signal?: AbortSignal, redirectOnUnauthorized = true): Promise<Account> {
  return api.get<Account>(ACCOUNT_PATH, { signal, redirectOnUnauthorized, adoptEarlyResponse: 'account' });
}

/** Keyed by the user id, so another account signing in on this browser never reads the last one's role. */
export const accountQueryKey = (userId: string) => ['account', userId] as const;

/** A role changes rarely (an admin sets it); the server checks it on every studio call anyway. */
const ACCOUNT_STALE_MS = 5 * 60_000;

export const accountQueryOptions = (userId: string) =>
  queryOptions({ queryKey: accountQueryKey(userId), queryFn: ({ signal }) => getAccount(signal), staleTime: ACCOUNT_STALE_MS });

/**
 * Where a user lands after signing in: /studio for staff and admins, the gallery for customers (and
 * for anyone whose account can't be read just now: the gallery is what the spec promises).
 */
export async function landingAfterSignIn(
  queryClient: QueryClient,
  userId: string | undefined,
  places: { customer: string; staff: string },
): Promise<string> {
  if (!userId) return places.customer;
  try {
    const account = await queryClient.fetchQuery({
      queryKey: accountQueryKey(userId),
      queryFn: ({ signal }) => getAccount(signal, false),
    });
    return isStudioRole(account.role) ? places.staff : places.customer;
  } catch {
    return places.customer;
  }
}
