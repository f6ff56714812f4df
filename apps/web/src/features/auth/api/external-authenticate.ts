import { useMutation } from '@tanstack/react-query';
import { type tokenResponse, type TokenResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /external-authenticate {token: Google ID token} → token object; stored as the session. */
export async function externalAuthenticate(googleIdToken: string): Promise<TokenResponse> {
  const token = await api.post<Answer<typeof tokenResponse>>(
    '/external-authenticate',
    { token: googleIdToken },
    { redirectOnUnauthorized: false },
  );
  startSession(token.id_token);
  return token;
}

export function useExternalAuthenticate() {
  return useMutation({ mutationFn: externalAuthenticate });
}
