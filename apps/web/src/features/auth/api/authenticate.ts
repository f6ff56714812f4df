import { useMutation } from '@tanstack/react-query';
import { tokenResponse, type LoginForm, type TokenResponse } from '@studio-gallery/contract';
import { api } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /authenticate {username: email, password} → token object; stored as the session. */
export async function authenticate(values: LoginForm): Promise<TokenResponse> {
  const data = await api.post<unknown>(
    '/authenticate',
    { username: values.email, password: values.password },
    { redirectOnUnauthorized: false },
  );
  const token = tokenResponse.parse(data);
  startSession(token.id_token);
  return token;
}

export function useAuthenticate() {
  return useMutation({ mutationFn: authenticate });
}
