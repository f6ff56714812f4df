import { useMutation } from '@tanstack/react-query';
import { JSON_PATCH_CONTENT_TYPE, type successResponse } from '@studio-gallery/contract';
import { ApiError, api, type Answer } from '../../../lib/api-client';

/**
 * POST /account/reset-password: the body is the email as a plain JSON string, sent as
 * application/json-patch+json (spec §7). Mails a /reset/finish?key=… link.
 */
export async function requestPasswordReset(email: string) {
  const result = await api.post<Answer<typeof successResponse>>('/account/reset-password', email, { contentType: JSON_PATCH_CONTENT_TYPE });
  if (!result.success) throw new ApiError(400, result.massage);
  return result;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
