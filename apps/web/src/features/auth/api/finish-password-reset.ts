import { useMutation } from '@tanstack/react-query';
import { type successResponse, type ResetPasswordFinishRequest } from '@studio-gallery/contract';
import { ApiError, api, type Answer } from '../../../lib/api-client';

/** POST /account/reset-password/finish {key, newPassword}. */
export async function finishPasswordReset(values: ResetPasswordFinishRequest) {
  const result = await api.post<Answer<typeof successResponse>>('/account/reset-password/finish', values);
  if (!result.success) throw new ApiError(400, result.massage);
  return result;
}

export function useFinishPasswordReset() {
  return useMutation({ mutationFn: finishPasswordReset });
}
