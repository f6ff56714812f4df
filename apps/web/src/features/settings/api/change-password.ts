import { useMutation } from '@tanstack/react-query';
import { successResponse, type ChangePasswordRequest } from '@studio-gallery/contract';
import { ApiError, api } from '../../../lib/api-client';

/** POST /account/change-password {currentPassword, newPassword}. */
export async function changePassword(values: ChangePasswordRequest) {
  const result = successResponse.parse(await api.post<unknown>('/account/change-password', values));
  if (!result.success) throw new ApiError(400, result.massage);
  return result;
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
