import { useMutation } from '@tanstack/react-query';
import { type tokenResponse, type LoginForm, type TokenResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /authenticate {username: email, password} → token object; stored as the session. */
export async function authenticate(values: LoginForm): Promise<TokenResponse> {
  const data = await api.post<unknown>(
    '/authenticate',
    { username: values.email, password: values.password },
    { redirectOnUnauthorized: false },
  );
  const token = data as Answer<typeof tokenResponse>;
  startSession(token.id_token);
  return token;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
