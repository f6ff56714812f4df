import { useMutation } from '@tanstack/react-query';
import { type activateResponse, messages } from '@studio-gallery/contract';
import { ApiError, api, type Answer } from '../../../lib/api-client';
import { startSession } from '../../../lib/session';

/** POST /active-galley-user {activationCode}; the answer's jwt signs the user in. */
export async function activateAccount(activationCode: string) {
  const result = await api.post<Answer<typeof activateResponse>>('/active-galley-user', { activationCode });
  if (!result.success) throw new ApiError(400, result.massage || messages.activationFailed);
  if (result.jwt) startSession(result.jwt);
  return result;
}

export function useActivateAccount() {
  return useMutation({ mutationFn: activateAccount });
}
