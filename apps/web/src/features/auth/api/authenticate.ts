import { useMutation } from '@tanstack/react-query';
import { type tokenResponse, type LoginForm, type TokenResponse } from '@studio-gallery/contract';
import { api, type Answer } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /authenticate {username: email, password} → token object; stored as the session. */
export async function authenticate(values: LoginForm): Promise<TokenResponse> {
  const token = await api.post<Answer<typeof tokenResponse>>(
    '/authenticate',
    { username: values.email, password: values.password },
    { redirectOnUnauthorized: false },
  );
  startSession(token.id_token);
  return token;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
