import { useMutation } from '@tanstack/react-query';
import { type successResponse, type ChangePasswordRequest } from '@studio-gallery/contract';
import { ApiError, api, type Answer } from '../../../lib/api-client';

/** POST /account/change-password {currentPassword, newPassword}. */
export async function changePassword(values: ChangePasswordRequest) {
  const result = await api.post<Answer<typeof successResponse>>('/account/change-password', values);
  if (!result.success) throw new ApiError(400, result.massage);
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
