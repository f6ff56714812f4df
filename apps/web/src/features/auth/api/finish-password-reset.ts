import { useMutation } from '@tanstack/react-query';
import { successResponse, type ResetPasswordFinishRequest } from '@studio-gallery/contract';
import { ApiError, api } from '../../../lib/api-client';

/** POST /account/reset-password/finish {key, newPassword}. */
export async function finishPasswordReset(values: ResetPasswordFinishRequest) {
  const result = successResponse.parse(await api.post<unknown>('/account/reset-password/finish', values));
  if (!result.success) throw new ApiError(400, result.massage);
  return result;
}

export function useFinishPasswordReset() {
  return useMutation({ mutationFn: finishPasswordReset });
}
